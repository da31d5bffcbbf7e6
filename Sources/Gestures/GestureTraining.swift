import Foundation

/// Training pose and action classifiers like Create ML: examples in `DIR/<label>/`, a seeded,
/// stratified validation split, a small network on the gesture stage's normalised features, a
/// report, and a model file the recognizer loads next to the built-ins.
public enum GestureTraining {
  public struct Options: Sendable, Equatable {
    /// Fixes the validation split, the initial weights and the order of the examples: the same
    /// seed and data give the same model bytes.
    public var seed: UInt64 = 1
    /// Fraction of each label's examples held out for validation (0 ..< 1).
    public var validationSplit = 0.2
    public var epochs = 60
    /// Hidden ReLU units (0: softmax regression).
    public var hiddenUnits = 32
    public var learningRate = 0.003
    public var batchSize = 32
    /// Actions: samples per window (Create ML: 45).
    public var window = 45
    /// Actions: frames between samples (Create ML: every 2nd frame).
    public var stride = 2

    public init() {}
  }

  /// What long work reports as it goes.
  public enum Progress: Sendable {
    case reading(done: Int, total: Int)
    case training(epoch: Int, epochs: Int, loss: Double, accuracy: Double)
  }

  /// A trained model, its report, and warnings about the data (skipped files and the like).
  public struct Result: Sendable {
    public var model: GestureModel
    public var report: TrainingReport
    public var warnings: [String]
  }

  /// A problem with the training data or options, said so the user can fix it.
  public struct Failure: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  /// Labelled feature vectors ready for training. Examples of one group (the windows of one
  /// sequence) are held out together, so validation never sees a piece of a training sequence.
  struct Examples {
    var labels: [String] = []
    var dimension: Int
    var vectors: [Double] = []
    var classes: [Int] = []
    var groups: [Int] = []
    /// What the unit of the split is called in messages ("example", "sequence").
    var unit = "example"
    var count: Int { classes.count }

    init(dimension: Int) { self.dimension = dimension }

    mutating func append(_ vector: [Double], label: String, group: Int? = nil) {
      var index = labels.firstIndex(of: label)
      if index == nil {
        labels.append(label)
        index = labels.count - 1
      }
      vectors += vector.prefix(dimension)
      classes.append(index!)
      groups.append(group ?? groups.count)
    }
  }

  /// The label folders of a training directory, each checked to be a gesture name.
  static func labelFolders(_ directory: URL) throws -> [(label: String, url: URL)] {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw Failure(message: "\(directory.path): not a directory; give a folder holding one folder per label")
    }
    let names = try manager.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") }.sorted()
    var folders: [(String, URL)] = []
    for name in names {
      let url = directory.appendingPathComponent(name)
      guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
      guard GestureName.isValid(name) else {
        throw Failure(message: "\(url.path): \"\(name)\" is not a gesture name; name label folders in lower_snake_case (a-z, 0-9, single underscores), e.g. \(suggestion(name))")
      }
      folders.append((name, url))
    }
    guard !folders.isEmpty else { throw Failure(message: "\(directory.path): no label folders; put examples in \(directory.path)/<label>/") }
    return folders
  }

  /// The visible entries of a label folder, sorted, as (url, is a directory).
  static func entries(_ folder: URL) throws -> [(url: URL, isDirectory: Bool)] {
    let manager = FileManager.default
    return try manager.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted().map { name in
      var isDirectory: ObjCBool = false
      let url = folder.appendingPathComponent(name)
      _ = manager.fileExists(atPath: url.path, isDirectory: &isDirectory)
      return (url, isDirectory.boolValue)
    }
  }

  static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "ppm", "bmp"]

  /// Splits, standardises, trains and evaluates; the shared back half of both trainings.
  static func fit(_ examples: Examples, kind: GestureModel.Kind, window: Int, stride: Int, options: Options,
                  warnings: [String], progress: (Progress) -> Void) throws -> Result {
    guard options.validationSplit >= 0, options.validationSplit < 1 else {
      throw Failure(message: "the validation split must be from 0 to below 1, not \(options.validationSplit)")
    }
    guard examples.labels.count >= 2 else {
      throw Failure(message: "need at least two labels to tell apart, found \(examples.labels)")
    }
    // Stratified split: each label's groups shuffled with the seed, the first share held out.
    var random = SeededRandom(seed: options.seed)
    var training: [Int] = [], validation: [Int] = []
    for label in examples.labels.indices {
      let members = examples.classes.indices.filter { examples.classes[$0] == label }
      var groups: [Int] = [], seen: Set<Int> = []
      for member in members where seen.insert(examples.groups[member]).inserted { groups.append(examples.groups[member]) }
      guard groups.count >= 2 || options.validationSplit == 0 else {
        throw Failure(message: "label \"\(examples.labels[label])\" has \(groups.count) \(examples.unit); each label needs at least 2 (one to train on, one to check)")
      }
      random.shuffle(&groups)
      let held = options.validationSplit > 0 ? min(groups.count - 1, max(1, Int((Double(groups.count) * options.validationSplit).rounded()))) : 0
      let heldGroups = Set(groups.prefix(held))
      for member in members {
        if heldGroups.contains(examples.groups[member]) { validation.append(member) } else { training.append(member) }
      }
    }
    training.sort()
    validation.sort()
    let d = examples.dimension
    // Standardisation from the training examples only.
    var mean = Array(repeating: 0.0, count: d), scale = Array(repeating: 0.0, count: d)
    for example in training { for k in 0..<d { mean[k] += examples.vectors[example * d + k] } }
    for k in 0..<d { mean[k] /= Double(training.count) }
    for example in training { for k in 0..<d { scale[k] += pow(examples.vectors[example * d + k] - mean[k], 2) } }
    for k in 0..<d { scale[k] = 1 / max((scale[k] / Double(training.count)).squareRoot(), 1e-6) }
    func standardised(_ rows: [Int]) -> [Double] {
      var values: [Double] = []
      values.reserveCapacity(rows.count * d)
      for example in rows { for k in 0..<d { values.append((examples.vectors[example * d + k] - mean[k]) * scale[k]) } }
      return values
    }
    let trainer = NetworkTraining(hiddenUnits: options.hiddenUnits, epochs: options.epochs, batchSize: options.batchSize,
                                  learningRate: options.learningRate, seed: options.seed)
    var network = trainer.train(inputs: standardised(training), dimension: d, labels: training.map { examples.classes[$0] },
                                classes: examples.labels.count) { epoch, loss, accuracy in
      progress(.training(epoch: epoch, epochs: max(options.epochs, 1), loss: loss, accuracy: accuracy))
    }
    // Evaluate with the final network.
    let k = examples.labels.count
    var output = Array(repeating: 0.0, count: k)
    func predicted(_ example: Int) -> Int {
      let input = (0..<d).map { (examples.vectors[example * d + $0] - mean[$0]) * scale[$0] }
      network.predict(input, into: &output)
      return output.indices.max { output[$0] < output[$1] }!
    }
    var confusion = Array(repeating: Array(repeating: 0, count: k), count: k)
    for example in validation { confusion[examples.classes[example]][predicted(example)] += 1 }
    let trainingRight = training.filter { predicted($0) == examples.classes[$0] }.count
    var trainingCounts = Array(repeating: 0, count: k), validationCounts = Array(repeating: 0, count: k)
    for example in training { trainingCounts[examples.classes[example]] += 1 }
    for example in validation { validationCounts[examples.classes[example]] += 1 }
    let report = TrainingReport(labels: examples.labels, trainingCounts: trainingCounts, validationCounts: validationCounts,
                                confusion: confusion, trainingAccuracy: Double(trainingRight) / Double(training.count))
    let summary = GestureModel.TrainingSummary(seed: options.seed, examples: training.count, validationExamples: validation.count,
                                               validationAccuracy: report.validationAccuracy, epochs: max(options.epochs, 1),
                                               hiddenUnits: options.hiddenUnits)
    let model = GestureModel(kind: kind, labels: examples.labels, window: window, stride: stride, mean: mean, scale: scale,
                             network: network, training: summary)
    return Result(model: model, report: report, warnings: warnings)
  }

  /// A lower_snake_case version of a folder name, for the error message.
  static func suggestion(_ name: String) -> String {
    var result = ""
    for character in name.unicodeScalars {
      if CharacterSet.uppercaseLetters.contains(character), !result.isEmpty, result.last != "_" { result += "_" }
      if CharacterSet.alphanumerics.contains(character) && character.isASCII {
        result += String(character).lowercased()
      } else if !result.isEmpty && result.last != "_" {
        result += "_"
      }
    }
    while result.hasSuffix("_") { result.removeLast() }
    if let first = result.first, !first.isLetter { result = "g_" + result }
    return result.isEmpty ? "my_gesture" : result
  }
}

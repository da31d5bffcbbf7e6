import Foundation

/// A trained pose or action classifier, as `gestured train` writes it and the recognizer loads it
/// next to the built-ins. Its labels become gesture names; `none` is its background class (always
/// there in a pose model; an action model trained without background examples lacks it).
///
/// The file is JSON (docs/training.md): format, version, kind, labels, feature set and count,
/// window and stride (actions), the standardisation (`mean`, `scale`: input = (x - mean) * scale),
/// the network's layers and a summary of the training.
public struct GestureModel: Sendable {
  /// What the model classifies: one hand's pose, or one hand's action window.
  public enum Kind: String, Codable, Sendable {
    case pose, action
  }

  /// How the model was trained, for the record (not used for prediction).
  public struct TrainingSummary: Codable, Sendable, Equatable {
    public var seed: UInt64
    public var examples: Int
    public var validationExamples: Int
    public var validationAccuracy: Double?
    public var epochs: Int
    public var hiddenUnits: Int
  }

  public let kind: Kind
  /// Class labels in output order: lower_snake_case gesture names and `none`.
  public let labels: [String]
  /// Samples per action window (1 for poses).
  public let window: Int
  /// Frames between two samples of an action window (1 for poses).
  public let stride: Int
  public let training: TrainingSummary?
  let features: String
  let mean: [Double]
  let scale: [Double]
  private(set) var network: DenseNetwork
  /// Reused input buffer: prediction does not allocate.
  private var input: [Double]

  init(kind: Kind, labels: [String], window: Int, stride: Int, mean: [Double], scale: [Double],
       network: DenseNetwork, training: TrainingSummary?) {
    self.kind = kind
    self.labels = labels
    self.window = window
    self.stride = stride
    self.features = kind == .pose ? ModelFeatures.poseName : ModelFeatures.actionName
    self.mean = mean
    self.scale = scale
    self.network = network
    self.training = training
    input = Array(repeating: 0, count: mean.count)
  }

  /// Number of values in the feature vector the model reads.
  var featureCount: Int { mean.count }

  /// The label index of `none`.
  var noneIndex: Int? { labels.firstIndex(of: GestureName.none) }

  /// Class probabilities for a raw (not yet standardised) feature vector, written into
  /// `probabilities` (`labels.count` values).
  mutating func predict(_ features: [Double], into probabilities: inout [Double]) {
    for index in 0..<input.count { input[index] = (features[index] - mean[index]) * scale[index] }
    network.predict(input, into: &probabilities)
  }

  // MARK: The file

  private struct File: Codable {
    var format: String
    var version: Int
    var kind: Kind
    var labels: [String]
    var features: String
    var featureCount: Int
    var window: Int
    var stride: Int
    var mean: [Double]
    var scale: [Double]
    var layers: [DenseNetwork.Layer]
    var training: TrainingSummary?
  }

  static let formatName = "gestured-model"
  static let formatVersion = 1

  /// The model as the bytes of its file: JSON with sorted keys, so the same model always gives
  /// the same bytes.
  public func encoded() throws -> Data {
    let file = File(format: Self.formatName, version: Self.formatVersion, kind: kind, labels: labels,
                    features: features, featureCount: featureCount, window: window, stride: stride,
                    mean: mean, scale: scale, layers: network.layers, training: training)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(file)
  }

  /// Writes the model file.
  public func write(to url: URL) throws {
    do {
      try encoded().write(to: url, options: .atomic)
    } catch {
      throw GestureModelError(path: url.path, message: "cannot write the model: \(error.localizedDescription)")
    }
  }

  /// Reads and checks a model file.
  /// - Throws: `GestureModelError` naming the file and what is wrong with it.
  public static func load(contentsOf url: URL) throws -> GestureModel {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw GestureModelError(path: url.path, message: "cannot read the model file: \(error.localizedDescription)")
    }
    return try decode(data, path: url.path)
  }

  /// Decodes and checks model bytes; `path` names the source in errors.
  public static func decode(_ data: Data, path: String) throws -> GestureModel {
    let file: File
    do {
      file = try JSONDecoder().decode(File.self, from: data)
    } catch {
      throw GestureModelError(path: path, message: "not a gestured model file (JSON with format \"\(formatName)\"): \(describe(error))")
    }
    func fail(_ message: String) -> GestureModelError { GestureModelError(path: path, message: message) }
    guard file.format == formatName else { throw fail("format is \"\(file.format)\", expected \"\(formatName)\"") }
    guard file.version == formatVersion else {
      throw fail("model format version \(file.version) is not supported (this gestured reads version \(formatVersion))")
    }
    let expected = file.kind == .pose ? ModelFeatures.poseName : ModelFeatures.actionName
    guard file.features == expected else { throw fail("a \(file.kind.rawValue) model needs features \"\(expected)\", not \"\(file.features)\"") }
    let count = file.kind == .pose ? ModelFeatures.poseCount : ModelFeatures.actionCount(window: file.window)
    guard file.window >= 1, file.stride >= 1, file.kind == .action || file.window == 1 else {
      throw fail("window \(file.window) and stride \(file.stride) do not fit a \(file.kind.rawValue) model")
    }
    guard file.featureCount == count, file.mean.count == count, file.scale.count == count else {
      throw fail("\(file.features) has \(count) features; the file says \(file.featureCount) with \(file.mean.count) means and \(file.scale.count) scales")
    }
    for label in file.labels where !GestureName.isValid(label) {
      throw fail("label \"\(label)\" is not a gesture name (lower_snake_case: a-z, 0-9, single underscores)")
    }
    guard Set(file.labels).count == file.labels.count, file.labels.count >= 2 else {
      throw fail("labels must be at least two and all different: \(file.labels)")
    }
    // Actions may be trained without background examples (the trainer warns); poses may not.
    guard file.kind == .action || file.labels.contains(GestureName.none) else {
      throw fail("labels lack the background class \"none\", which a pose model needs")
    }
    let network = DenseNetwork(layers: file.layers)
    if let problem = network.validate() { throw fail(problem) }
    guard network.inputCount == count, network.outputCount == file.labels.count else {
      throw fail("the network maps \(network.inputCount) inputs to \(network.outputCount) classes; expected \(count) to \(file.labels.count)")
    }
    guard (file.mean + file.scale).allSatisfy(\.isFinite) else { throw fail("mean or scale holds a number that is not finite") }
    return GestureModel(kind: file.kind, labels: file.labels, window: file.window, stride: file.stride,
                        mean: file.mean, scale: file.scale, network: network, training: file.training)
  }
}

/// A model file that cannot be read, written or used.
public struct GestureModelError: Error, CustomStringConvertible {
  public var path: String
  public var message: String
  public var description: String { "\(path): \(message)" }
}

/// A decoding error in a sentence: what was wrong and where in the JSON.
func describe(_ error: Error) -> String {
  guard let error = error as? DecodingError else { return error.localizedDescription }
  func at(_ context: DecodingError.Context) -> String {
    let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    return path.isEmpty ? "" : " at \(path)"
  }
  switch error {
  case .keyNotFound(let key, let context): return "missing \"\(key.stringValue)\"\(at(context))"
  case .typeMismatch(_, let context), .valueNotFound(_, let context): return "\(context.debugDescription)\(at(context))"
  case .dataCorrupted(let context): return "\(context.debugDescription)\(at(context))"
  @unknown default: return "\(error)"
  }
}

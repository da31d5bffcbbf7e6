import Foundation
import HandPose

extension GestureTraining {
  /// Trains a pose classifier from `directory/<label>/`, where each label folder holds landmark
  /// files (gestured's format or OpenPose hand files; every hand in a file is one example) or
  /// images. A `none` folder (background: hands that show none of the labels) is required.
  ///
  /// Images are an error naming what to do instead; the overload with `imageLandmarks` reads them.
  /// - Throws: `GestureTraining.Failure` or `LandmarkFileError`, naming the file and the fix.
  public static func poses(from directory: URL, options: Options = Options(),
                           progress: (Progress) -> Void = { _ in }) throws -> Result {
    try poses(from: directory, options: options, images: nil, progress: progress)
  }

  /// Trains a pose classifier from `directory/<label>/` as above; `imageLandmarks` finds the
  /// hands on each image file (the hand pose engine).
  public static func poses(from directory: URL, options: Options = Options(),
                           imageLandmarks: (URL) throws -> [HandShape],
                           progress: (Progress) -> Void = { _ in }) throws -> Result {
    try withoutActuallyEscaping(imageLandmarks) { try poses(from: directory, options: options, images: $0, progress: progress) }
  }

  private static func poses(from directory: URL, options: Options, images imageLandmarks: ((URL) throws -> [HandShape])?,
                            progress: (Progress) -> Void) throws -> Result {
    let folders = try labelFolders(directory)
    guard folders.contains(where: { $0.label == GestureName.none }) else {
      throw Failure(message: "\(directory.path): no \"none\" folder; add \(directory.path)/none/ with hands that show none of your poses (the background class)")
    }
    var warnings: [String] = []
    var files: [(label: String, url: URL)] = []
    for folder in folders {
      for entry in try entries(folder.url) {
        if entry.isDirectory {
          warnings.append("\(entry.url.path): a folder inside a pose label folder is skipped")
        } else {
          files.append((folder.label, entry.url))
        }
      }
    }
    var examples: [(label: String, shape: HandShape)] = []
    for (index, file) in files.enumerated() {
      let fileExtension = file.url.pathExtension.lowercased()
      if fileExtension == "json" {
        examples += try LandmarkFile.hands(contentsOf: file.url).map { (file.label, $0) }
      } else if imageExtensions.contains(fileExtension) {
        guard let imageLandmarks else {
          throw Failure(message: "\(file.url.path): images need the hand pose engine, which this build of the trainer lacks; give landmark files (.json, docs/training.md)")
        }
        let hands = try imageLandmarks(file.url)
        if hands.isEmpty { warnings.append("\(file.url.path): no hand found, skipped") }
        examples += hands.map { (file.label, $0) }
      } else {
        warnings.append("\(file.url.path): neither a landmark file (.json) nor an image, skipped")
      }
      progress(.reading(done: index + 1, total: files.count))
    }
    for folder in folders where !examples.contains(where: { $0.label == folder.label }) {
      throw Failure(message: "\(folder.url.path): no examples for label \"\(folder.label)\"")
    }
    return try poses(examples: examples, options: options, warnings: warnings, progress: progress)
  }

  /// Trains a pose classifier from hand shapes already in memory (labels must be gesture names,
  /// `none` among them).
  public static func poses(examples: [(label: String, shape: HandShape)], options: Options = Options(),
                           warnings: [String] = [], progress: (Progress) -> Void = { _ in }) throws -> Result {
    guard examples.contains(where: { $0.label == GestureName.none }) else {
      throw Failure(message: "no \"none\" examples: a pose model needs the background class")
    }
    var data = Examples(dimension: ModelFeatures.poseCount)
    var vector = Array(repeating: 0.0, count: ModelFeatures.poseCount)
    for example in examples {
      guard GestureName.isValid(example.label) else {
        throw Failure(message: "\"\(example.label)\" is not a gesture name (lower_snake_case)")
      }
      ModelFeatures.pose(example.shape, into: &vector)
      data.append(vector, label: example.label)
    }
    return try fit(data, kind: .pose, window: 1, stride: 1, options: options, warnings: warnings, progress: progress)
  }
}

extension GestureModel {
  /// Pose probabilities for `labels` of one observed hand on a frame of the given aspect ratio
  /// (width / height), for checking single photos. Only for pose models.
  public mutating func classify(_ hand: HandObservation, aspectRatio: Double) -> [Double] {
    classify(HandShape(hand, aspectRatio: aspectRatio))
  }

  /// Pose probabilities for `labels` of one hand shape. Only for pose models.
  public mutating func classify(_ shape: HandShape) -> [Double] {
    precondition(kind == .pose, "classify(_:) takes a pose model")
    var vector = Array(repeating: 0.0, count: ModelFeatures.poseCount)
    ModelFeatures.pose(shape, into: &vector)
    var probabilities = Array(repeating: 0.0, count: labels.count)
    predict(vector, into: &probabilities)
    return probabilities
  }
}

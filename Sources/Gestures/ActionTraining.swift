import Foundation
import HandPose

extension GestureTraining {
  /// Trains an action classifier from `directory/<label>/`, where each label folder holds
  /// landmark sequence files (.json, docs/training.md) or clips: folders of frames, or videos
  /// (`videoExtensions`). Each
  /// sequence follows its most often seen hand, sampled every `stride` frames like the recognizer
  /// samples it; a sequence longer than the window gives several overlapping windows (a quarter
  /// window apart, the last one ending with the sequence), a shorter one is padded at the front
  /// with its first sample (the hand waiting). The validation split holds out whole sequences. A
  /// `none` folder is recommended, not required.
  ///
  /// Clips are an error naming what to do instead; the overload with `clipLandmarks` reads them.
  public static func actions(from directory: URL, options: Options = Options(),
                             progress: (Progress) -> Void = { _ in }) throws -> Result {
    try actions(from: directory, options: options, clips: nil, progress: progress)
  }

  /// Trains an action classifier from `directory/<label>/` as above; `clipLandmarks` finds the
  /// hands on every frame of a clip, a frame folder or a video (the hand pose engine).
  public static func actions(from directory: URL, options: Options = Options(),
                             clipLandmarks: (URL) throws -> LandmarkSequence,
                             progress: (Progress) -> Void = { _ in }) throws -> Result {
    try withoutActuallyEscaping(clipLandmarks) { try actions(from: directory, options: options, clips: $0, progress: progress) }
  }

  /// File extensions of the videos an action label folder may hold as clips.
  public static let videoExtensions: Set<String> = ["y4m", "mp4", "mkv", "webm", "avi", "mov"]

  private static func actions(from directory: URL, options: Options, clips clipLandmarks: ((URL) throws -> LandmarkSequence)?,
                              progress: (Progress) -> Void) throws -> Result {
    let folders = try labelFolders(directory)
    var warnings: [String] = []
    var items: [(label: String, url: URL, isClip: Bool)] = []
    for folder in folders {
      for entry in try entries(folder.url) {
        let fileExtension = entry.url.pathExtension.lowercased()
        if entry.isDirectory || fileExtension == "json" || videoExtensions.contains(fileExtension) {
          items.append((folder.label, entry.url, entry.isDirectory || fileExtension != "json"))
        } else {
          warnings.append("\(entry.url.path): neither a sequence file (.json), a video nor a folder of frames, skipped")
        }
      }
    }
    var examples: [(label: String, sequence: LandmarkSequence)] = []
    for (index, item) in items.enumerated() {
      if item.isClip {
        guard let clipLandmarks else {
          throw Failure(message: "\(item.url.path): clips need the hand pose engine, which this build of the trainer lacks; give landmark sequence files (.json, docs/training.md)")
        }
        examples.append((item.label, try clipLandmarks(item.url)))
      } else {
        examples.append((item.label, try LandmarkFile.sequence(contentsOf: item.url)))
      }
      progress(.reading(done: index + 1, total: items.count))
    }
    return try actions(examples: examples, options: options, warnings: warnings, progress: progress)
  }

  /// Trains an action classifier from sequences already in memory.
  public static func actions(examples: [(label: String, sequence: LandmarkSequence)], options: Options = Options(),
                             warnings: [String] = [], progress: (Progress) -> Void = { _ in }) throws -> Result {
    guard options.window >= 4, options.stride >= 1 else {
      throw Failure(message: "the window needs at least 4 samples and the stride at least 1 frame")
    }
    var warnings = warnings
    if !examples.contains(where: { $0.label == GestureName.none }) {
      warnings.append("no \"none\" examples: every full window will be called one of the actions; add background sequences in none/")
    }
    let window = options.window
    var data = Examples(dimension: ModelFeatures.actionCount(window: window))
    data.unit = "sequence"
    var vector = Array(repeating: 0.0, count: data.dimension)
    for (index, example) in examples.enumerated() {
      guard GestureName.isValid(example.label) else { throw Failure(message: "\"\(example.label)\" is not a gesture name (lower_snake_case)") }
      let samples = ActionSampler(stride: options.stride).samples(of: example.sequence)
      guard !samples.isEmpty else {
        warnings.append("sequence \(index + 1) of \"\(example.label)\" shows no hand, skipped")
        continue
      }
      var ends = Array(Swift.stride(from: window - 1, to: samples.count, by: max(1, window / 4)))
      if ends.last != max(samples.count - 1, window - 1) { ends.append(max(samples.count - 1, window - 1)) }
      for end in ends {
        var queue = ActionQueue(capacity: window)
        for position in (end - window + 1)...end {
          let sample = samples[max(0, position - max(0, window - samples.count))]
          queue.append(time: sample.time, palm: sample.palm, roll: sample.roll, size: sample.size,
                       openness: sample.openness, fingerOut: sample.fingerOut, pose: sample.pose)
        }
        ModelFeatures.action(&queue, window: window, into: &vector)
        data.append(vector, label: example.label, group: index)
      }
    }
    return try fit(data, kind: .action, window: window, stride: options.stride, options: options, warnings: warnings,
                   progress: progress)
  }
}

/// Samples one hand of a sequence the way the recognizer samples it for its action queue.
struct ActionSampler {
  struct Sample {
    var time: Double
    var palm: SIMD2<Double>
    var roll: Double
    var size: Double
    var openness: Double
    var fingerOut: Double
    var pose: PoseFeatures
  }

  var stride: Int
  var classifier = BuiltInPoseClassifier()

  /// The samples of the hand seen on most frames (its most confident observation per frame).
  func samples(of sequence: LandmarkSequence) -> [Sample] {
    let counts = Chirality.allCases.map { hand in sequence.frames.filter { $0.hands.contains { $0.chirality == hand } }.count }
    let hand: Chirality = counts[0] >= counts[1] ? .left : .right
    var samples: [Sample] = []
    var lastFrame: Int? = nil
    for (index, frame) in sequence.frames.enumerated() {
      guard let observation = frame.hands.filter({ $0.chirality == hand }).max(by: { $0.confidence < $1.confidence }) else { continue }
      if let lastFrame, index - lastFrame < stride { continue }
      lastFrame = index
      let shape = HandShape(observation, aspectRatio: sequence.aspectRatio)
      let pose = PoseFeatures(shape)
      let (palm, roll) = ActionQueue.userView(palm: observation.palmCentre(aspectRatio: sequence.aspectRatio), roll: shape.roll,
                                              aspectRatio: sequence.aspectRatio, mirrored: sequence.mirrored)
      samples.append(Sample(time: frame.time, palm: palm, roll: roll, size: shape.size, openness: classifier.openness(pose),
                             fingerOut: classifier.fingerOut(pose), pose: pose))
    }
    return samples
  }
}

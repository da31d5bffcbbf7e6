import Foundation
import HandPose

/// A recorded sequence of frames with the hands observed on each: what `train actions` learns
/// from, read from a landmark sequence file (docs/training.md).
public struct LandmarkSequence: Sendable {
  public struct Frame: Sendable {
    /// Capture time, seconds.
    public var time: Double
    public var hands: [HandObservation]

    public init(time: Double, hands: [HandObservation]) {
      self.time = time
      self.hands = hands
    }
  }

  /// Frame width / height in pixels.
  public var aspectRatio: Double
  /// Whether the frames were mirrored (selfie view) when recorded.
  public var mirrored: Bool
  public var frames: [Frame]

  /// A sequence of frames of the given aspect ratio (width / height); `mirrored` says whether
  /// they were mirrored (selfie view), so actions are learned from the user's view.
  public init(aspectRatio: Double, mirrored: Bool, frames: [Frame]) {
    self.aspectRatio = aspectRatio
    self.mirrored = mirrored
    self.frames = frames
  }
}

/// Readers of the landmark files `gestured train` accepts (formats in docs/training.md).
public enum LandmarkFile {
  /// The hands of one pose landmark file, each a training example. Reads gestured's landmark
  /// format (one hand, or `"hands": [...]`) and OpenPose hand files as pose-classification-kit
  /// writes them (`{"info": {"focus": "left_hand", ...}, "data": [{"x": [...], "y": [...]}]}`,
  /// y up; every entry is one example of the hand named by `focus`).
  /// - Throws: `LandmarkFileError` naming the file and the problem.
  public static func hands(contentsOf url: URL) throws -> [HandShape] {
    let data = try read(url)
    if let openPose = try? JSONDecoder().decode(OpenPoseHandFile.self, from: data) {
      return try openPose.shapes(path: url.path)
    }
    let file = try decode(PoseFile.self, from: data, path: url.path)
    let aspect = try file.aspectRatio(path: url.path)
    let hands = file.hands ?? file.single.map { [$0] } ?? []
    guard !hands.isEmpty else {
      throw LandmarkFileError(path: url.path, message: "no hands: give \"landmarks\" and \"chirality\", or \"hands\": [...]")
    }
    return try hands.enumerated().map { index, hand in
      HandShape(try hand.observation(path: url.path, where: "hand \(index + 1)"), aspectRatio: aspect)
    }
  }

  /// One landmark sequence file.
  /// - Throws: `LandmarkFileError` naming the file and the problem.
  public static func sequence(contentsOf url: URL) throws -> LandmarkSequence {
    let file = try decode(SequenceFile.self, from: try read(url), path: url.path)
    let aspect = try file.aspectRatio(path: url.path)
    guard !file.frames.isEmpty else { throw LandmarkFileError(path: url.path, message: "the sequence has no frames") }
    var frames: [LandmarkSequence.Frame] = []
    for (index, frame) in file.frames.enumerated() {
      guard let time = frame.time ?? file.fps.map({ Double(index) / $0 }), time.isFinite else {
        throw LandmarkFileError(path: url.path, message: "frame \(index + 1) has no \"time\" and the file no \"fps\"")
      }
      let hands = try (frame.hands ?? []).enumerated().map { hand in
        try hand.element.observation(path: url.path, where: "frame \(index + 1), hand \(hand.offset + 1)")
      }
      frames.append(LandmarkSequence.Frame(time: time, hands: hands))
    }
    return LandmarkSequence(aspectRatio: aspect, mirrored: file.mirrored ?? false, frames: frames)
  }

  private static func read(_ url: URL) throws -> Data {
    do {
      return try Data(contentsOf: url)
    } catch {
      throw LandmarkFileError(path: url.path, message: "cannot read: \(error.localizedDescription)")
    }
  }

  private static func decode<T: Decodable>(_ type: T.Type, from data: Data, path: String) throws -> T {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch {
      throw LandmarkFileError(path: path, message: "not a landmark file: \(describe(error))")
    }
  }
}

/// A landmark file that cannot be read or does not hold what it should.
public struct LandmarkFileError: Error, CustomStringConvertible {
  public var path: String
  public var message: String
  public var description: String { "\(path): \(message)" }
}

// MARK: The formats

/// One hand: 21 [x, y] or [x, y, z] normalised to the frame (x right, y down) and the person's real
/// hand. `apparent` is accepted for `chirality` (the MediaPipe reference files name it so).
private struct HandRecord: Decodable {
  var chirality: String?
  var apparent: String?
  var landmarks: [[Double]]

  func observation(path: String, where place: String) throws -> HandObservation {
    func fail(_ message: String) -> LandmarkFileError { LandmarkFileError(path: path, message: "\(place): \(message)") }
    guard let name = chirality ?? apparent else { throw fail("missing \"chirality\" (\"left\" or \"right\")") }
    guard let hand = Chirality(rawValue: name) else { throw fail("chirality \"\(name)\" is neither \"left\" nor \"right\"") }
    guard landmarks.count == JointName.allCases.count else { throw fail("\(landmarks.count) landmarks, a hand has 21") }
    let joints = try landmarks.enumerated().map { index, point -> Joint in
      guard point.count == 2 || point.count == 3, point.allSatisfy(\.isFinite) else {
        throw fail("landmark \(index + 1) must be [x, y] or [x, y, z] of finite numbers")
      }
      return Joint(x: point[0], y: point[1], z: point.count == 3 ? point[2] : 0)
    }
    return HandObservation(chirality: hand, chiralityConfidence: 1, confidence: 1, joints: joints,
                           worldJoints: Array(repeating: .zero, count: joints.count))
  }
}

private protocol FrameSized {
  var width: Double? { get }
  var height: Double? { get }
}

extension FrameSized {
  /// Width / height; 1 (a square frame) when the file gives no size.
  func aspectRatio(path: String) throws -> Double {
    guard let width, let height else { return 1 }
    guard width > 0, height > 0, width.isFinite, height.isFinite else {
      throw LandmarkFileError(path: path, message: "width and height must be positive numbers of pixels")
    }
    return width / height
  }
}

private struct PoseFile: Decodable, FrameSized {
  var width: Double?
  var height: Double?
  var hands: [HandRecord]?
  var single: HandRecord?

  enum CodingKeys: String, CodingKey { case width, height, hands, landmarks }

  init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    width = try container.decodeIfPresent(Double.self, forKey: .width)
    height = try container.decodeIfPresent(Double.self, forKey: .height)
    hands = try container.decodeIfPresent([HandRecord].self, forKey: .hands)
    single = container.contains(.landmarks) ? try HandRecord(from: decoder) : nil
  }
}

private struct SequenceFile: Decodable, FrameSized {
  struct FrameRecord: Decodable {
    var time: Double?
    var hands: [HandRecord]?
  }
  var width: Double?
  var height: Double?
  var fps: Double?
  var mirrored: Bool?
  var frames: [FrameRecord]
}

/// pose-classification-kit's OpenPose hand files: centred, scaled points with y up.
private struct OpenPoseHandFile: Decodable {
  struct Info: Decodable { var focus: String }
  struct Entry: Decodable {
    var x: [Double]
    var y: [Double]
  }
  var info: Info
  var data: [Entry]

  func shapes(path: String) throws -> [HandShape] {
    let hand: Chirality
    switch info.focus {
    case "left_hand": hand = .left
    case "right_hand": hand = .right
    default: throw LandmarkFileError(path: path, message: "OpenPose file: focus \"\(info.focus)\" is not left_hand or right_hand")
    }
    return try data.enumerated().map { index, entry in
      guard entry.x.count == 21, entry.y.count == 21 else {
        throw LandmarkFileError(path: path, message: "OpenPose file: entry \(index + 1) does not have 21 x and 21 y")
      }
      return HandShape(points: (0..<21).map { SIMD2(entry.x[$0], -entry.y[$0]) }, chirality: hand)
    }
  }
}

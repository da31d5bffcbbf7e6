/// The settings of the gesture stage, with their defaults in one place. A rule file changes them
/// with `set NAME VALUE` lines; `set(_:to:)` takes those names.
public struct GestureSettings: Sendable, Equatable {
  /// `pose_confirm_frames`: consecutive frames a hand must show a new pose before it is confirmed.
  /// 4 frames (0.16 s at 25 fps): one or two noisy frames never make a pose.
  public var poseConfirmFrames = 4
  /// `pose_release_frames`: consecutive frames of other evidence (another pose, no pose, or the
  /// hand missing) before a confirmed pose ends. 5 frames: motion blur during a swipe (up to 4
  /// odd frames on the real clips) does not end an open palm.
  public var poseReleaseFrames = 5
  /// `min_pose_confidence`: a frame counts as evidence for a pose only when the pose's probability
  /// is at least this; otherwise it counts as `none`.
  public var minPoseConfidence = 0.5
  /// `action_stride`: a hand's action queue takes one sample every this many frames (Create ML's
  /// hand action classifier samples every 2nd frame).
  public var actionStride = 2
  /// `action_window`: samples an action queue holds (Create ML: 45 poses).
  public var actionWindow = 45
  /// `action_interval`: new samples between two classifications of a hand's queue. The built-in
  /// detector runs from the first samples on; trained action models run once the queue holds
  /// their window.
  public var actionInterval = 2
  /// `min_action_confidence`: a trained action model fires only when its best action's
  /// probability is at least this.
  public var minActionConfidence = 0.7

  public init() {}

  /// The names `set(_:to:)` accepts, as rule files write them.
  public static let names = [
    "pose_confirm_frames", "pose_release_frames", "min_pose_confidence", "action_stride",
    "action_window", "action_interval", "min_action_confidence",
  ]

  /// Sets one setting by its rule-file name. Counts take whole numbers in their range,
  /// confidences a number from 0 to 1.
  /// - Throws: `GestureSettingsError` naming the setting and the allowed values.
  public mutating func set(_ name: String, to value: Double) throws {
    func count(_ range: ClosedRange<Int>) throws -> Int {
      guard value.rounded() == value, value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
        throw GestureSettingsError(message: "\(name) needs a whole number from \(range.lowerBound) to \(range.upperBound), not \(formatted(value))")
      }
      return Int(value)
    }
    func fraction() throws -> Double {
      guard value >= 0, value <= 1 else {
        throw GestureSettingsError(message: "\(name) needs a number from 0 to 1, not \(formatted(value))")
      }
      return value
    }
    switch name {
    // Ranges as docs/rules.md gives them.
    case "pose_confirm_frames": poseConfirmFrames = try count(1...60)
    case "pose_release_frames": poseReleaseFrames = try count(1...60)
    case "min_pose_confidence": minPoseConfidence = try fraction()
    case "action_stride": actionStride = try count(1...10)
    case "action_window": actionWindow = try count(10...120)
    case "action_interval": actionInterval = try count(1...30)
    case "min_action_confidence": minActionConfidence = try fraction()
    default:
      throw GestureSettingsError(message: "unknown setting \"\(name)\"; known: \(Self.names.joined(separator: ", "))")
    }
  }
}

/// A `set` line named an unknown setting or gave a value out of range.
public struct GestureSettingsError: Error, Equatable, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}

private func formatted(_ value: Double) -> String {
  value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

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
  /// `swipe_min_distance`: a swipe moves the palm at least this many hand sizes (palm lengths)
  /// along its axis. The swipes found on the real swipe clips move 2.1-11; a hand near the camera
  /// (a quarter to a third of the picture high) has little room to cross 2 of its sizes, and the
  /// swipes missed on real clips of such hands moved 0.8-1.8. Lower it for a camera at arm's
  /// length (1.5 found 2 more of 35 real swipes, and made 13 actions of 14 minutes of everyday
  /// footage instead of 8), raise it for fewer swipes from hands that move about.
  public var swipeMinDistance = 2.0
  /// `pose_max_speed`: a pose counts only while its hand moves at most this many hand sizes per
  /// second (palm centre, over the last 0.3 s), so it must be held, not passed by. Held poses on
  /// the real clips move 0.1-0.3 hand sizes per second; hands that talk, cook or reach move about
  /// 1 (median) to 4 (p90). 100 turns the check off.
  public var poseMaxSpeed = 0.8
  /// `palm_min_facing`: an open palm counts only while the palm faces the camera at least this
  /// squarely: the cosine of the angle between the palm's normal and the way to the camera, from
  /// the engine's 3-D joints (1: square on, 0.5: turned 60 degrees, 0: edge-on, -1: the check is
  /// off). The back of a hand (a guitar's fretting hand, a hand hanging by the side) is below 0.
  public var palmMinFacing = 0.5
  /// `palm_min_upright`: an open palm counts only while its fingers point up at least this much:
  /// the cosine of the angle between the hand's axis (wrist to middle knuckle, in the picture) and
  /// straight up (1: straight up, 0.3: tilted 72 degrees, 0: sideways, -1: the check is off). A
  /// palm shown to the camera stands up (0.4-1 on the real clips); a hand resting on a table, a
  /// guitar neck or a lap lies sideways (0-0.2) or hangs (below 0).
  public var palmMinUpright = 0.3
  /// `thumb_min_clearance`: a thumbs up (or down) counts only while the thumb's tip stands at
  /// least this many hand sizes above (below) every knuckle and middle joint of the four fingers
  /// (-1: the check is off). A thumb shown to the camera stands 0.58-0.92 clear on the real clips
  /// and photos, even tilted 30-40 degrees; a fist resting with the thumb along its top stands
  /// 0.2-0.35 clear, and a fist seen from above, or a thumb beside a fist, not at all.
  public var thumbMinClearance = 0.4

  public init() {}

  /// What a setting accepts.
  public enum Values: Sendable, Equatable, CustomStringConvertible {
    /// A whole number in the range.
    case count(ClosedRange<Int>)
    /// A number from 0 to 1.
    case fraction
    /// A number in the range.
    case number(ClosedRange<Double>)

    /// In words, for messages: `a whole number from 1 to 60`, `a number from 0 to 1`.
    public var description: String {
      switch self {
      case .count(let range): return "a whole number from \(range.lowerBound) to \(range.upperBound)"
      case .fraction: return "a number from 0 to 1"
      case .number(let range): return "a number from \(formatted(range.lowerBound)) to \(formatted(range.upperBound))"
      }
    }

    /// Whether `value` is one of these values.
    public func contains(_ value: Double) -> Bool {
      switch self {
      case .count(let range):
        return value.rounded() == value && value >= Double(range.lowerBound) && value <= Double(range.upperBound)
      case .fraction:
        return value >= 0 && value <= 1
      case .number(let range):
        return range.contains(value)
      }
    }
  }

  /// Every setting by its rule-file name, with the values it accepts, in the order the references
  /// (docs/rules.md, docs/gestures.md) list them. The one table of these names and ranges: the
  /// rule file's parser checks `set` lines against it.
  public static let table: [(name: String, values: Values)] = [
    ("pose_confirm_frames", .count(1...60)),
    ("pose_release_frames", .count(1...60)),
    ("min_pose_confidence", .fraction),
    ("action_stride", .count(1...10)),
    ("action_window", .count(10...120)),
    ("action_interval", .count(1...30)),
    ("min_action_confidence", .fraction),
    ("swipe_min_distance", .number(1...10)),
    ("pose_max_speed", .number(0.1...100)),
    ("palm_min_facing", .number(-1...1)),
    ("palm_min_upright", .number(-1...1)),
    ("thumb_min_clearance", .number(-1...2)),
  ]

  /// The names `set(_:to:)` accepts, as rule files write them.
  public static let names = table.map(\.name)

  /// What the setting `name` accepts; nil for an unknown name.
  public static func values(of name: String) -> Values? {
    table.first { $0.name == name }?.values
  }

  /// Sets one setting by its rule-file name. Counts take whole numbers in their range,
  /// confidences a number from 0 to 1.
  /// - Throws: `GestureSettingsError` naming the setting and the allowed values.
  public mutating func set(_ name: String, to value: Double) throws {
    guard let values = Self.values(of: name) else {
      throw GestureSettingsError(message: "unknown setting \"\(name)\"; known: \(Self.names.joined(separator: ", "))")
    }
    guard values.contains(value) else {
      throw GestureSettingsError(message: "\(name) needs \(values), not \(formatted(value))")
    }
    switch name {
    case "pose_confirm_frames": poseConfirmFrames = Int(value)
    case "pose_release_frames": poseReleaseFrames = Int(value)
    case "min_pose_confidence": minPoseConfidence = value
    case "action_stride": actionStride = Int(value)
    case "action_window": actionWindow = Int(value)
    case "action_interval": actionInterval = Int(value)
    case "min_action_confidence": minActionConfidence = value
    case "swipe_min_distance": swipeMinDistance = value
    case "pose_max_speed": poseMaxSpeed = value
    case "palm_min_facing": palmMinFacing = value
    case "palm_min_upright": palmMinUpright = value
    case "thumb_min_clearance": thumbMinClearance = value
    default: preconditionFailure("\(name) is in GestureSettings.table but not handled by set(_:to:)")
    }
  }

  /// The value of one setting by its rule-file name; nil for an unknown name.
  public func value(of name: String) -> Double? {
    switch name {
    case "pose_confirm_frames": return Double(poseConfirmFrames)
    case "pose_release_frames": return Double(poseReleaseFrames)
    case "min_pose_confidence": return minPoseConfidence
    case "action_stride": return Double(actionStride)
    case "action_window": return Double(actionWindow)
    case "action_interval": return Double(actionInterval)
    case "min_action_confidence": return minActionConfidence
    case "swipe_min_distance": return swipeMinDistance
    case "pose_max_speed": return poseMaxSpeed
    case "palm_min_facing": return palmMinFacing
    case "palm_min_upright": return palmMinUpright
    case "thumb_min_clearance": return thumbMinClearance
    default: return nil
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

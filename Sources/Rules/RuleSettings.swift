/// The agent's settings from `set NAME VALUE` lines. A nil field was not set: the agent uses its
/// own default.
public struct RuleSettings: Sendable, Equatable {
  /// Which camera to open.
  public enum Camera: Sendable, Equatable, CustomStringConvertible {
    /// A device path such as `/dev/video0`.
    case path(String)
    /// A V4L2 device index (`0` is `/dev/video0`).
    case index(Int)

    public var description: String {
      switch self {
      case .path(let path): return path
      case .index(let index): return String(index)
      }
    }
  }

  /// Which variant of the hand models to run.
  public enum ModelVariant: String, Sendable, Equatable, CaseIterable {
    case full, lite
  }

  /// `camera`: device path or index.
  public var camera: Camera?
  /// `mirrored`: whether the camera delivers mirrored (selfie) frames.
  public var mirrored: Bool?
  /// `max_hands`: hands followed at once, 1...4.
  public var maxHands: Int?
  /// `model`: `full` or `lite`.
  public var model: ModelVariant?
  /// `threads`: inference threads, 1...16.
  public var threads: Int?
  /// `classifier`: trained gesture model files, in order (the setting may repeat). `~` is
  /// expanded and relative paths are resolved against the rule file's folder.
  public var classifiers: [String] = []
  /// `pose_confirm_frames`: consecutive frames of evidence before a pose is confirmed, 1...60.
  public var poseConfirmFrames: Int?
  /// `pose_release_frames`: consecutive frames without the pose before it ends, 1...60.
  public var poseReleaseFrames: Int?
  /// `min_pose_confidence`: below this probability a frame is no evidence for a pose, 0...1.
  public var minPoseConfidence: Double?
  /// `action_stride`: frames between two samples of the action window, 1...10.
  public var actionStride: Int?
  /// `action_window`: poses in the action window, 10...120.
  public var actionWindow: Int?
  /// `action_interval`: samples between two classifications of a full window, 1...30.
  public var actionInterval: Int?
  /// `preview`: open the preview window.
  public var preview: Bool?

  public init() {}
}

/// What each setting accepts: the table `set` lines are checked against.
struct SettingSpec: Sendable {
  enum Kind: Sendable {
    case bool
    case integer(ClosedRange<Int>)
    case fraction
    case choice([String])
    case camera
    case path
  }

  let name: String
  let kind: Kind
  /// Whether the setting may appear several times (each adds a value).
  var repeats = false

  /// What the value must look like, for messages: `true or false`, `a whole number from 1 to 4`.
  var expectation: String {
    switch kind {
    case .bool: return "true or false"
    case .integer(let range): return "a whole number from \(range.lowerBound) to \(range.upperBound)"
    case .fraction: return "a number from 0 to 1"
    case .choice(let choices): return choices.dropLast().joined(separator: ", ") + " or " + choices.last!
    case .camera: return "a device path like /dev/video0 or an index like 0"
    case .path: return "a file path"
    }
  }

  /// Every setting, in the order the reference documents them.
  static let all: [SettingSpec] = [
    SettingSpec(name: "camera", kind: .camera),
    SettingSpec(name: "mirrored", kind: .bool),
    SettingSpec(name: "max_hands", kind: .integer(1...4)),
    SettingSpec(name: "model", kind: .choice(RuleSettings.ModelVariant.allCases.map(\.rawValue))),
    SettingSpec(name: "threads", kind: .integer(1...16)),
    SettingSpec(name: "classifier", kind: .path, repeats: true),
    SettingSpec(name: "pose_confirm_frames", kind: .integer(1...60)),
    SettingSpec(name: "pose_release_frames", kind: .integer(1...60)),
    SettingSpec(name: "min_pose_confidence", kind: .fraction),
    SettingSpec(name: "action_stride", kind: .integer(1...10)),
    SettingSpec(name: "action_window", kind: .integer(10...120)),
    SettingSpec(name: "action_interval", kind: .integer(1...30)),
    SettingSpec(name: "preview", kind: .bool),
  ]

  static func named(_ name: String) -> SettingSpec? { all.first { $0.name == name } }
}

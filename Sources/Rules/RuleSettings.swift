import Gestures

/// The agent's settings from `set NAME VALUE` lines. A nil field was not set: the agent uses its
/// own default. The gesture stage's settings are a `GestureSettings` value with the file's values
/// applied.
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
  /// The gesture stage's settings (`pose_confirm_frames`, `min_action_confidence`, ... : the names
  /// of `GestureSettings.table`): its defaults with the file's `set` lines applied.
  public var gestures = GestureSettings()
  /// The names of the gesture settings the file sets, in file order (each once).
  public var gestureNamesSet: [String] = []
  /// `preview`: open the preview window.
  public var preview: Bool?
  /// `notify_pause`: show a desktop notification when gestured pauses or resumes itself.
  public var notifyPause: Bool?

  public init() {}

  /// The value of a gesture setting when the file sets it, else nil.
  public func gestureValue(_ name: String) -> Double? {
    gestureNamesSet.contains(name) ? gestures.value(of: name) : nil
  }
}

/// What each setting accepts: the table `set` lines are checked against.
struct SettingSpec: Sendable {
  enum Kind: Sendable {
    case bool
    case integer(ClosedRange<Int>)
    /// One of the gesture stage's settings: `GestureSettings` checks the value.
    case gesture(GestureSettings.Values)
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
    case .gesture(let values): return values.description
    case .choice(let choices): return choices.dropLast().joined(separator: ", ") + " or " + choices.last!
    case .camera: return "a device path like /dev/video0 or an index like 0"
    case .path: return "a file path"
    }
  }

  /// Every setting, in the order the reference documents them. The gesture stage's settings come
  /// from `GestureSettings.table`, so a new one needs no change here.
  static let all: [SettingSpec] = [
    SettingSpec(name: "camera", kind: .camera),
    SettingSpec(name: "mirrored", kind: .bool),
    SettingSpec(name: "max_hands", kind: .integer(1...4)),
    SettingSpec(name: "model", kind: .choice(RuleSettings.ModelVariant.allCases.map(\.rawValue))),
    SettingSpec(name: "threads", kind: .integer(1...16)),
    SettingSpec(name: "classifier", kind: .path, repeats: true),
  ] + GestureSettings.table.map { SettingSpec(name: $0.name, kind: .gesture($0.values)) } + [
    SettingSpec(name: "preview", kind: .bool),
    SettingSpec(name: "notify_pause", kind: .bool),
  ]

  static func named(_ name: String) -> SettingSpec? { all.first { $0.name == name } }
}

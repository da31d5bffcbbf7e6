import Foundation

/// The hand (or hands) that made a rule fire.
public enum FiredHand: String, Sendable, Equatable {
  case left, right
  /// A `both` rule: both hands together.
  case both
}

/// One rule that fired: what the agent acts on and logs.
public struct RuleFiring: Sendable, Equatable {
  public var rule: Rule
  public var hand: FiredHand
  public var gesture: String
  /// The gesture event's confidence, 0...1 (for `both`, the lower of the two hands').
  public var confidence: Double
  /// Capture time of the frame at which the rule fired, in seconds (the events' clock).
  public var time: Double

  public init(rule: Rule, hand: FiredHand, gesture: String, confidence: Double, time: Double) {
    self.rule = rule
    self.hand = hand
    self.gesture = gesture
    self.confidence = confidence
    self.time = time
  }

  /// The variables an `exec` program gets in its environment: `GESTURED_HAND` (`left`, `right`
  /// or `both`), `GESTURED_GESTURE`, `GESTURED_CONFIDENCE` (0...1, two decimals).
  public var environment: [String: String] {
    ["GESTURED_HAND": hand.rawValue, "GESTURED_GESTURE": gesture,
     "GESTURED_CONFIDENCE": String(format: "%.2f", confidence)]
  }

  /// An `exec` argument with `$GESTURED_HAND`, `$GESTURED_GESTURE` and `$GESTURED_CONFIDENCE`
  /// (also written `${...}`) replaced by their values; no other text changes (there is no shell).
  public func expand(_ argument: String) -> String {
    guard argument.contains("$") else { return argument }
    var result = argument
    for (name, value) in environment.sorted(by: { $0.key > $1.key }) {
      result = result.replacingOccurrences(of: "${\(name)}", with: value)
      result = result.replacingOccurrences(of: "$\(name)", with: value)
    }
    return result
  }
}

/// The WM_CLASS of a window, its instance name and class name (`xprop WM_CLASS` prints both,
/// instance first, e.g. `"soffice", "libreoffice-impress"`), and its title.
public struct WindowClass: Sendable, Equatable {
  public var instance: String
  public var className: String
  /// The title the window shows (`_NET_WM_NAME`, else `WM_NAME`); empty when it has none.
  public var title: String

  public init(instance: String, className: String, title: String = "") {
    self.instance = instance
    self.className = className
    self.title = title
  }

  /// Whether `pattern` matches: a class glob (an `fnmatch` pattern: `*`, `?`, `[...]`) the
  /// instance or the class, a title glob the title; ignoring case.
  public func matches(_ pattern: WindowPattern) -> Bool {
    switch pattern {
    case .windowClass(let glob): return Self.glob(glob, matches: instance) || Self.glob(glob, matches: className)
    case .title(let glob): return Self.glob(glob, matches: title)
    }
  }

  private static func glob(_ glob: String, matches text: String) -> Bool {
    fnmatch(glob.lowercased(), text.lowercased(), 0) == 0
  }
}

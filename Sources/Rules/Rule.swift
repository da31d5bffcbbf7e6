import HandPose
import SessionBus

/// Which hand a rule listens to.
public enum HandSelector: String, Sendable, Equatable, CaseIterable {
  /// The person's real left hand.
  case left
  /// The person's real right hand.
  case right
  /// Either hand; each hand is followed on its own.
  case any
  /// Both hands show the gesture at once (poses: both held at the same time; actions: both hands
  /// perform it within `RuleMatcher.bothHandsWindow` seconds of each other).
  case both

  /// Whether a single-hand event from `hand` can trigger a rule with this selector (`.both` never
  /// can on its own).
  public func accepts(_ hand: Chirality) -> Bool {
    switch self {
    case .left: return hand == .left
    case .right: return hand == .right
    case .any: return true
    case .both: return false
    }
  }
}

/// One key combination: modifiers pressed in order, then the key; released in reverse.
public struct KeyCombo: Sendable, Equatable, CustomStringConvertible {
  /// X keysyms of the modifiers, in the order they are pressed (e.g. `Control_L`, `Alt_L`).
  public var modifiers: [UInt32]
  /// X keysym of the key itself (e.g. `t`, `XF86AudioPlay`).
  public var key: UInt32
  /// The combo as written in the rule file (e.g. `ctrl+alt+t`).
  public var text: String

  public init(modifiers: [UInt32], key: UInt32, text: String) {
    self.modifiers = modifiers
    self.key = key
    self.text = text
  }

  /// The combo with X's own keysym names, e.g. `Control_L+Alt_L+t`.
  public var resolved: String {
    (modifiers + [key]).map { Keysyms.name(of: $0) }.joined(separator: "+")
  }

  public var description: String { text }
}

/// What a rule does when it fires.
public enum RuleAction: Sendable, Equatable {
  /// Press and release these combos one after the other.
  case key([KeyCombo])
  /// Run this argv directly (no shell); `argv[0]` is the program, found through `PATH`.
  /// `RuleFiring.expand(_:)` replaces the `$GESTURED_...` variables in the arguments.
  case exec([String])
  /// Save the current camera frame as JPEG. `path` is as written (may hold `~` and strftime
  /// fields such as `%Y`); nil means the agent's default. `delay` is a self-timer in seconds.
  case snapshot(path: String?, delay: Double)
  /// Stop all rules except `resume` and `toggle` ones.
  case pause
  /// Undo `pause`.
  case resume
  /// Pause when running, resume when paused.
  case toggle
  /// A command to a media player over MPRIS (`media play-pause player=spotify`): `player` is a
  /// glob on the player's bus name (nil: the one playing, else the one last playing); `step` is
  /// the volume step (a fraction) or the seek step (seconds), nil for the default.
  case media(MediaCommand, player: String?, step: Double?)
  /// A desktop notification (org.freedesktop.Notifications) with this text; `$GESTURED_HAND`,
  /// `$GESTURED_GESTURE` and `$GESTURED_CONFIDENCE` in it are replaced as for `exec`. It replaces
  /// gestured's previous notification instead of piling up.
  case notify(String)
  /// Nothing: the rule wins over the global rule for its hand and gesture (in an `[app]`
  /// section, say) and does nothing, so that gesture does nothing in those windows.
  case ignore

  /// The action's keyword in the rule file.
  public var keyword: String {
    switch self {
    case .key: return "key"
    case .exec: return "exec"
    case .snapshot: return "snapshot"
    case .pause: return "pause"
    case .resume: return "resume"
    case .toggle: return "toggle"
    case .ignore: return "ignore"
    case .media: return "media"
    case .notify: return "notify"
    }
  }

  /// Whether the action may fire while the matcher is paused (`resume` and `toggle`).
  public var worksWhilePaused: Bool { self == .resume || self == .toggle }
}

/// Where a rule applies.
public enum RuleScope: Sendable, Equatable {
  /// In every window (rules under `[global]` or before any section).
  case global
  /// Only while the focused window matches one of these patterns, from `[app PATTERN...]`.
  case apps([WindowPattern])
}

/// What an `[app]` section asks of the focused window: a glob (`fnmatch`, compared without regard
/// to case) for its WM_CLASS instance or class (`evince`, `soffice*`), or for its title
/// (`title="* - Google Slides*"`): a presentation in a browser is known only by its title.
public enum WindowPattern: Sendable, Equatable {
  case windowClass(String)
  case title(String)
}

/// One rule: when `hand` shows `gesture` (with the options met), do `action`.
public struct Rule: Sendable, Equatable {
  /// 1-based line of the rule in its file.
  public var line: Int
  public var hand: HandSelector
  /// A gesture name (built-in or a custom classifier's label).
  public var gesture: String
  /// How long a pose must be held before the rule fires, in seconds (0: at once).
  public var hold: Double
  /// Minimum time between two firings of this rule, in seconds (0: none).
  public var cooldown: Double
  /// The gesture event's confidence must be at least this, 0...1 (0: any).
  public var confidence: Double
  /// While a pose stays held, fire again every this many seconds (nil: once per hold).
  public var `repeat`: Double?
  /// For a built-in action: the pose the hand must have shown as the action began (nil: any).
  public var shape: String?
  public var action: RuleAction
  public var scope: RuleScope
  /// Index of the section the rule belongs to (0 = rules before any header); rules in the same
  /// header share it.
  public var section: Int

  public init(line: Int, hand: HandSelector, gesture: String, hold: Double = 0, cooldown: Double = 0,
              confidence: Double = 0, repeat: Double? = nil, shape: String? = nil, action: RuleAction,
              scope: RuleScope = .global, section: Int = 0) {
    self.line = line
    self.hand = hand
    self.gesture = gesture
    self.hold = hold
    self.cooldown = cooldown
    self.confidence = confidence
    self.repeat = `repeat`
    self.shape = shape
    self.action = action
    self.scope = scope
    self.section = section
  }
}

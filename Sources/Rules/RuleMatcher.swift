import Gestures
import HandPose

/// Fires rules from gesture events.
///
/// Input: `GestureEvent`s in time order, `advance(to:)` once per frame (so holds and repeats fire
/// between events), and the focused window's class. Output: `RuleFiring`s. Time comes only from
/// the events and `advance(to:)` (seconds on the frames' capture clock), so the same calls give
/// the same firings live or from a recording.
///
/// Which rule answers a hand and gesture: among the rules for that gesture whose hand selector
/// accepts the hand, the first (in file order) of an `[app]` section matching the focused window;
/// when there is none, the first global rule. The chosen rule then fires only if its options
/// allow it:
/// - pose rules fire once when the pose has been held `hold` seconds, presented (the hand still;
///   an open palm standing up and toward the camera) the whole time, then again only after the
///   pose ended (or every `repeat` seconds while it stays held and presented);
/// - action rules fire when the action happens; `hold` and `repeat` do not apply;
/// - `confidence`: the event's confidence must be at least this;
/// - `shape`: the action began with the hand in this pose (for `both`, each hand's);
/// - `cooldown`: a rule never fires twice within this many seconds; a held pose that becomes due
///   inside the cooldown fires when the cooldown ends if it is still held, an action inside the
///   cooldown is dropped;
/// - `both` rules are separate from single-hand rules: a pose rule needs both hands in the pose
///   at once (the hold counts from the moment the second hand joined); an action rule needs both
///   hands to perform the action within `bothHandsWindow` seconds;
/// - while paused, only `resume` and `toggle` rules fire; a pose that comes due while paused is
///   used up (it does not fire later on resume).
/// At most one firing per rule and hand per call.
public struct RuleMatcher: Sendable {
  /// How close in time the two hands' actions must be for a `both` action rule, in seconds.
  public static let bothHandsWindow = 0.5

  /// The rules in force.
  public private(set) var rules: [Rule]
  /// Whether a `pause` rule (or `setPaused`) stopped the rules.
  public private(set) var isPaused = false
  /// The focused window, or nil when unknown (then only global rules apply).
  public private(set) var focusedWindow: WindowClass?
  /// The latest time seen, in seconds.
  public private(set) var time = -Double.infinity

  private var rulesByGesture: [String: [Int]] = [:]
  private var sectionMatchesFocus: [Bool] = []
  private var lastFired: [Double] = []
  private var hands = [HandState(), HandState()]  // left, right
  private var bothHands = Episode()

  /// The state of one hand: its confirmed pose and its last action.
  private struct HandState: Sendable {
    var pose: String? = nil
    var confidence = 0.0
    /// Whether the hand presents its pose; a hold counts only presented time.
    var presented = false
    var episode = Episode()
    var lastAction: String? = nil
    var lastActionTime = -Double.infinity
    var lastActionConfidence = 0.0
    var lastActionShape: String? = nil
  }

  /// One uninterrupted hold of a pose: when it started and which rules already fired during it.
  private struct Episode: Sendable {
    var start = -Double.infinity
    /// Set after a reload so a pose held across it does not fire again until it changes.
    var usedUp = false
    var fired: [(rule: Int, time: Double)] = []

    /// A new pose: nothing fired yet, and the hold counts from `time` (infinity: from when the
    /// hand presents it).
    mutating func restart(at time: Double) {
      start = time
      usedUp = false
      fired.removeAll(keepingCapacity: true)
    }

    func lastFiring(of rule: Int) -> Double? { fired.last { $0.rule == rule }?.time }
  }

  public init(rules: [Rule]) {
    self.rules = []
    replaceRules(rules)
  }

  /// Puts new rules in force (after a reload). Pause state and the hands' current poses are kept;
  /// a pose held across the reload does not fire until it ends and starts again.
  public mutating func replaceRules(_ rules: [Rule]) {
    self.rules = rules
    rulesByGesture = Dictionary(grouping: rules.indices, by: { rules[$0].gesture })
    lastFired = Array(repeating: -Double.infinity, count: rules.count)
    for index in hands.indices {
      hands[index].episode.fired.removeAll()
      hands[index].episode.usedUp = hands[index].pose != nil
    }
    bothHands.fired.removeAll()
    bothHands.usedUp = true
    matchSections(to: focusedWindow)
  }

  /// Sets the focused window; `[app]` sections match its instance, class or title by glob. Cheap when
  /// the window is the same as before (call it every frame if that is simplest).
  public mutating func focus(_ window: WindowClass?) {
    guard window != focusedWindow else { return }
    matchSections(to: window)
  }

  private mutating func matchSections(to window: WindowClass?) {
    focusedWindow = window
    let sections = (rules.map(\.section).max() ?? 0) + 1
    sectionMatchesFocus = Array(repeating: false, count: sections)
    guard let window else { return }
    for rule in rules {
      if case .apps(let patterns) = rule.scope, !sectionMatchesFocus[rule.section] {
        sectionMatchesFocus[rule.section] = patterns.contains { window.matches($0) }
      }
    }
  }

  /// Pauses or resumes all rules (e.g. on SIGUSR1), as the `pause` and `resume` actions do.
  public mutating func setPaused(_ paused: Bool) { isPaused = paused }

  /// Takes one gesture event: first fires what came due up to its time, then applies it.
  public mutating func handle(_ event: GestureEvent) -> [RuleFiring] {
    var firings = advance(to: event.time)
    let t = time
    let h = event.hand == .left ? 0 : 1
    switch event.kind {
    case .pose:
      let pose: String? = event.gesture == GestureName.none ? nil : event.gesture
      if pose == hands[h].pose {
        hands[h].confidence = event.confidence
      } else {
        hands[h].pose = pose
        hands[h].confidence = event.confidence
        hands[h].presented = event.presented
        hands[h].episode.restart(at: event.presented ? t : .infinity)
        bothHands.restart(at: hands[0].presented && hands[1].presented ? t : .infinity)
      }
      firePoses(at: t, into: &firings)
    case .presentation:
      // The hold of a pose counts only while it is presented: it starts again when the hand
      // presents the pose again. What fired in this hold stays fired.
      guard hands[h].pose == event.gesture, hands[h].presented != event.presented else { break }
      hands[h].presented = event.presented
      hands[h].episode.start = event.presented ? t : .infinity
      bothHands.start = hands[0].presented && hands[1].presented ? t : .infinity
      firePoses(at: t, into: &firings)
    case .action:
      guard event.gesture != GestureName.none else { break }
      if let index = winner(for: event.gesture, hand: event.hand) {
        let rule = rules[index]
        if event.confidence >= rule.confidence && t - lastFired[index] >= rule.cooldown && rule.accepts(shape: event.shape) {
          fire(index, hand: FiredHand(rawValue: event.hand.rawValue)!, gesture: event.gesture, confidence: event.confidence, at: t, into: &firings)
        }
      }
      let other = hands[1 - h]
      if other.lastAction == event.gesture, t - other.lastActionTime <= Self.bothHandsWindow,
         let index = winner(for: event.gesture, hand: nil) {
        let rule = rules[index]
        let confidence = min(event.confidence, other.lastActionConfidence)
        hands[1 - h].lastAction = nil  // one pair fires once
        hands[h].lastAction = nil
        if confidence >= rule.confidence && t - lastFired[index] >= rule.cooldown && rule.accepts(shape: event.shape)
          && rule.accepts(shape: other.lastActionShape) {
          fire(index, hand: .both, gesture: event.gesture, confidence: confidence, at: t, into: &firings)
        }
      } else {
        hands[h].lastAction = event.gesture
        hands[h].lastActionTime = t
        hands[h].lastActionConfidence = event.confidence
        hands[h].lastActionShape = event.shape
      }
    }
    return firings
  }

  /// Moves the clock to `time` (a frame's capture time, seconds) and fires the holds and repeats
  /// that came due. A time earlier than one already seen counts as that time.
  public mutating func advance(to time: Double) -> [RuleFiring] {
    self.time = max(self.time, time)
    var firings: [RuleFiring] = []
    firePoses(at: self.time, into: &firings)
    return firings
  }

  // MARK: firing

  private mutating func firePoses(at t: Double, into firings: inout [RuleFiring]) {
    for h in 0..<2 {
      guard let pose = hands[h].pose, !hands[h].episode.usedUp,
            let index = winner(for: pose, hand: h == 0 ? .left : .right) else { continue }
      if isDue(index, episode: hands[h].episode, confidence: hands[h].confidence, at: t) {
        fire(index, hand: h == 0 ? .left : .right, gesture: pose, confidence: hands[h].confidence, at: t, into: &firings)
        hands[h].episode.fired.append((index, t))
      }
    }
    guard let pose = hands[0].pose, pose == hands[1].pose, !bothHands.usedUp,
          let index = winner(for: pose, hand: nil) else { return }
    let confidence = min(hands[0].confidence, hands[1].confidence)
    if isDue(index, episode: bothHands, confidence: confidence, at: t) {
      fire(index, hand: .both, gesture: pose, confidence: confidence, at: t, into: &firings)
      bothHands.fired.append((index, t))
    }
  }

  /// Whether a pose rule is due in this episode: held long enough, not yet fired (or its repeat
  /// came round), confident enough, out of its cooldown.
  private func isDue(_ index: Int, episode: Episode, confidence: Double, at t: Double) -> Bool {
    let rule = rules[index]
    guard confidence >= rule.confidence, t - episode.start >= rule.hold else { return false }
    if let last = episode.lastFiring(of: index) {
      guard let interval = rule.repeat, t - last >= interval else { return false }
    }
    return t - lastFired[index] >= rule.cooldown
  }

  /// Emits a firing (or, while paused, uses it up without emitting) and applies pause actions.
  private mutating func fire(_ index: Int, hand: FiredHand, gesture: String, confidence: Double, at t: Double,
                             into firings: inout [RuleFiring]) {
    let rule = rules[index]
    guard !isPaused || rule.action.worksWhilePaused else { return }
    lastFired[index] = t
    switch rule.action {
    case .pause: isPaused = true
    case .resume: isPaused = false
    case .toggle: isPaused.toggle()
    case .ignore: return  // the gesture is used up here: nothing fires, nothing is logged
    default: break
    }
    firings.append(RuleFiring(rule: rule, hand: hand, gesture: gesture, confidence: confidence, time: t))
  }

  /// The rule that answers `gesture` from `hand` (nil hand: a `both` rule), app sections first.
  private func winner(for gesture: String, hand: Chirality?) -> Int? {
    guard let candidates = rulesByGesture[gesture] else { return nil }
    var global: Int? = nil
    for index in candidates {
      let rule = rules[index]
      guard hand.map(rule.hand.accepts) ?? (rule.hand == .both) else { continue }
      switch rule.scope {
      case .global: if global == nil { global = index }
      case .apps: if sectionMatchesFocus[rule.section] { return index }
      }
    }
    return global
  }
}

extension Rule {
  /// Whether an action that began with the hand in pose `shape` (nil: none recognised) meets the
  /// rule's `shape` option.
  func accepts(shape: String?) -> Bool { self.shape == nil || self.shape == shape }
}

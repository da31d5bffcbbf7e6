@testable import Gestures
import HandPose
import XCTest
@testable import Rules

/// A timed run of the matcher: events at their times, `advance(to:)` on every frame between.
struct Timeline {
  /// Frame period: 1/32 s, exact in binary, so frame times add up without rounding.
  static let step = 1.0 / 32

  var events: [GestureEvent] = []

  mutating func pose(_ time: Double, _ hand: Chirality, _ gesture: String, confidence: Double = 0.9) {
    events.append(GestureEvent(time: time, frame: Int(time / Self.step), hand: hand, kind: .pose, gesture: gesture, confidence: confidence))
  }

  /// A pose that the hand does not present yet (`presented: false`), or a change of presentation.
  mutating func pose(_ time: Double, _ hand: Chirality, _ gesture: String, presented: Bool) {
    events.append(GestureEvent(time: time, frame: Int(time / Self.step), hand: hand, kind: .pose, gesture: gesture,
                               confidence: 0.9, presented: presented))
  }

  mutating func presentation(_ time: Double, _ hand: Chirality, _ gesture: String, _ presented: Bool) {
    events.append(GestureEvent(time: time, frame: Int(time / Self.step), hand: hand, kind: .presentation, gesture: gesture,
                               confidence: 1, presented: presented))
  }

  mutating func action(_ time: Double, _ hand: Chirality, _ gesture: String, confidence: Double = 0.9, shape: String? = nil) {
    events.append(GestureEvent(time: time, frame: Int(time / Self.step), hand: hand, kind: .action, gesture: gesture, confidence: confidence,
                               shape: shape))
  }

  /// Runs the frames from 0 to `end` seconds; `before` is called with each frame time first
  /// (to change focus, pause, ...).
  func run(_ matcher: inout RuleMatcher, until end: Double, before: (Double, inout RuleMatcher) -> Void = { _, _ in }) -> [RuleFiring] {
    var firings: [RuleFiring] = []
    var next = 0
    var frame = 0
    while Double(frame) * Self.step <= end {
      let t = Double(frame) * Self.step
      before(t, &matcher)
      while next < events.count && events[next].time <= t {
        firings += matcher.handle(events[next])
        next += 1
      }
      firings += matcher.advance(to: t)
      frame += 1
    }
    return firings
  }
}

func matcher(_ text: String, extraGestures: Set<String> = []) throws -> RuleMatcher {
  RuleMatcher(rules: try RuleFile.parse(text, path: "m.rules", extraGestures: extraGestures).rules)
}

/// (time, rule line, hand) of each firing, for compact assertions.
func summary(_ firings: [RuleFiring]) -> [String] {
  firings.map { "\($0.time)@\($0.rule.line)/\($0.hand.rawValue)" }
}

final class RuleMatcherTests: XCTestCase {
  func testAHoldCountsOnlyWhileThePoseIsPresented() throws {
    var m = try matcher("any open_palm hold=1s -> key a\nright fist -> key b")
    var timeline = Timeline()
    // Recognised at 0 but moving: nothing; presented from 0.5 to 1.25: not long enough; presented
    // again from 2: fires at 3, once, though presentation breaks and comes back in the same pose.
    // A right fist without a hold fires when it is presented (1.5), not when recognised (1).
    timeline.pose(0, .left, "open_palm", presented: false)
    timeline.presentation(0.5, .left, "open_palm", true)
    timeline.pose(1, .right, "fist", presented: false)
    timeline.presentation(1.25, .left, "open_palm", false)
    timeline.presentation(1.5, .right, "fist", true)
    timeline.presentation(2, .left, "open_palm", true)
    timeline.presentation(3.5, .left, "open_palm", false)
    timeline.presentation(4, .left, "open_palm", true)
    XCTAssertEqual(summary(timeline.run(&m, until: 6)), ["1.5@2/right", "3.0@1/left"])
  }

  func testPoseFiresOnceWhenTheHoldIsMetAndAgainAfterRelease() throws {
    var m = try matcher("any fist hold=1s -> key a")
    var timeline = Timeline()
    timeline.pose(0, .right, "fist")
    timeline.pose(3, .right, "none")
    timeline.pose(4, .right, "fist")
    timeline.pose(4.5, .right, "open_palm")
    timeline.pose(6, .right, "fist")
    XCTAssertEqual(summary(timeline.run(&m, until: 8)), ["1.0@1/right", "7.0@1/right"])
  }

  func testPoseReleasedBeforeTheHoldDoesNotFire() throws {
    var m = try matcher("right fist hold=1s -> key a")
    var timeline = Timeline()
    timeline.pose(0, .right, "fist")
    timeline.pose(0.5, .right, "none")
    timeline.pose(1, .left, "fist")  // the other hand: the rule is for the right one
    XCTAssertEqual(timeline.run(&m, until: 3), [])
  }

  func testHoldFiresAtTheNextEventEvenWithoutAdvance() throws {
    var m = try matcher("right fist hold=1s -> key a")
    XCTAssertEqual(m.handle(GestureEvent(time: 10, frame: 0, hand: .right, kind: .pose, gesture: "fist", confidence: 0.9)), [])
    let firings = m.handle(GestureEvent(time: 11.5, frame: 45, hand: .right, kind: .pose, gesture: "none", confidence: 0.9))
    XCTAssertEqual(summary(firings), ["11.5@1/right"])
  }

  func testRepeatKeepsFiringWhileHeld() throws {
    var m = try matcher("right thumbs_up hold=0.5s repeat=0.25s -> key XF86AudioRaiseVolume")
    var timeline = Timeline()
    timeline.pose(0, .right, "thumbs_up")
    timeline.pose(1.5, .right, "none")
    XCTAssertEqual(timeline.run(&m, until: 3).map(\.time), [0.5, 0.75, 1.0, 1.25, 1.5])
  }

  func testActionCooldownDropsActionsInsideIt() throws {
    var m = try matcher("right swipe_left cooldown=2s -> key Right")
    var timeline = Timeline()
    for t in [0.0, 1.0, 2.5, 3.0, 4.5] { timeline.action(t, .right, "swipe_left") }
    XCTAssertEqual(timeline.run(&m, until: 5).map(\.time), [0, 2.5, 4.5])
  }

  func testPoseDueInsideTheCooldownFiresWhenItEndsIfStillHeld() throws {
    var m = try matcher("any open_palm hold=0.5s cooldown=2s -> key XF86AudioPlay")
    var timeline = Timeline()
    timeline.pose(0, .left, "open_palm")
    timeline.pose(1, .left, "none")
    timeline.pose(1.5, .left, "open_palm")  // due at 2.0, cooldown lasts until 2.5
    timeline.pose(4, .left, "none")
    timeline.pose(4.25, .left, "open_palm")  // due at 4.75, released before: never fires
    timeline.pose(4.5, .left, "none")
    XCTAssertEqual(timeline.run(&m, until: 6).map(\.time), [0.5, 2.5])
  }

  func testAnyFollowsEachHandAndSharesTheCooldown() throws {
    var m = try matcher("any fist hold=0.5s -> key a\nany ok cooldown=1s -> key b")
    var timeline = Timeline()
    timeline.pose(0, .left, "fist")
    timeline.pose(0.25, .right, "fist")
    timeline.pose(2, .left, "ok")
    timeline.pose(2.5, .right, "ok")
    XCTAssertEqual(summary(timeline.run(&m, until: 3)), ["0.5@1/left", "0.75@1/right", "2.0@2/left", "3.0@2/right"])  // right waits out the cooldown
  }

  func testBothPoseNeedsBothHandsAtOnce() throws {
    var m = try matcher("both fist hold=1s -> key a\nright fist hold=1s -> key b")
    var timeline = Timeline()
    timeline.pose(0, .right, "fist")
    timeline.pose(0.5, .left, "fist")      // both from 0.5: fires at 1.5
    timeline.pose(2, .left, "none")
    timeline.pose(3, .left, "fist")        // both again from 3: fires at 4
    timeline.pose(5, .right, "open_palm")
    timeline.pose(5, .left, "open_palm")
    XCTAssertEqual(summary(timeline.run(&m, until: 6)), ["1.0@2/right", "1.5@1/both", "4.0@1/both"])
  }

  func testBothActionNeedsBothHandsWithinTheWindow() throws {
    var m = try matcher("both swipe_up -> key super")
    var timeline = Timeline()
    timeline.action(1, .left, "swipe_up")
    timeline.action(1.25, .right, "swipe_up")   // within 0.5 s: fires once
    timeline.action(3, .left, "swipe_up")
    timeline.action(3.75, .right, "swipe_up")   // 0.75 s apart: no
    timeline.action(5, .right, "swipe_up")
    timeline.action(5, .right, "swipe_up")      // the same hand twice: no
    XCTAssertEqual(summary(timeline.run(&m, until: 6)), ["1.25@1/both"])
  }

  func testConfidenceThreshold() throws {
    var m = try matcher("any fist confidence=0.8 -> key a\nright swipe_left confidence=0.6 -> key b")
    var timeline = Timeline()
    timeline.pose(0, .right, "fist", confidence: 0.7)
    timeline.pose(1, .right, "none")
    timeline.pose(2, .right, "fist", confidence: 0.85)
    timeline.action(3, .right, "swipe_left", confidence: 0.5)
    timeline.action(4, .right, "swipe_left", confidence: 0.95)
    XCTAssertEqual(summary(timeline.run(&m, until: 5)), ["2.0@1/right", "4.0@2/right"])
    XCTAssertEqual(timeline.run(&m, until: 0).count, 0)
  }

  func testShapeAsksForThePoseTheActionBeganWith() throws {
    var m = try matcher("any swipe_left shape=open_palm -> key a\nboth swipe_up shape=victory -> key b")
    var timeline = Timeline()
    timeline.action(1, .right, "swipe_left", shape: "open_palm")
    timeline.action(2, .right, "swipe_left", shape: "victory")
    timeline.action(3, .left, "swipe_left")                        // no pose recognised as it began
    timeline.action(4, .left, "swipe_up", shape: "victory")
    timeline.action(4.25, .right, "swipe_up", shape: "victory")    // both hands with two fingers
    timeline.action(5, .left, "swipe_up", shape: "victory")
    timeline.action(5.25, .right, "swipe_up", shape: "open_palm")  // one of them open: no
    XCTAssertEqual(summary(timeline.run(&m, until: 6)), ["1.0@1/right", "4.25@2/both"])
  }

  func testAppSectionsWinOverGlobalRulesForTheFocusedWindow() throws {
    var m = try matcher("""
      right swipe_left -> key Right
      right swipe_right -> key Left
      [app soffice* evince]
      right swipe_left -> key Next
      """)
    func swipe(_ t: Double, _ gesture: String = "swipe_left") -> [Int] {
      m.handle(GestureEvent(time: t, frame: 0, hand: .right, kind: .action, gesture: gesture, confidence: 0.9)).map(\.rule.line)
    }
    XCTAssertEqual(swipe(0), [1])  // focus unknown: global
    m.focus(WindowClass(instance: "evince", className: "Evince"))
    XCTAssertEqual(swipe(1), [4])
    XCTAssertEqual(swipe(2, "swipe_right"), [2])  // the app section has no swipe_right: global
    m.focus(WindowClass(instance: "soffice", className: "libreoffice-impress"))
    XCTAssertEqual(swipe(3), [4])
    m.focus(WindowClass(instance: "Navigator", className: "firefox"))
    XCTAssertEqual(swipe(4), [1])
    m.focus(WindowClass(instance: "EVINCE", className: "x"))  // globs ignore case
    XCTAssertEqual(swipe(5), [4])
  }

  func testAppRuleWinsEvenWhenAGlobalRuleComesLater() throws {
    var m = try matcher("[app firefox]\nany fist -> key a\n[global]\nany fist -> key b")
    m.focus(WindowClass(instance: "Navigator", className: "firefox"))
    XCTAssertEqual(m.handle(GestureEvent(time: 0, frame: 0, hand: .left, kind: .pose, gesture: "fist", confidence: 1)).map(\.rule.line), [2])
  }

  func testFocusChangeWhileHoldingSwitchesTheRule() throws {
    var m = try matcher("any fist hold=1s -> key a\n[app gimp]\nany fist hold=1s -> key b")
    var timeline = Timeline()
    timeline.pose(0, .left, "fist")
    let firings = timeline.run(&m, until: 2) { t, m in
      if t == 0.5 { m.focus(WindowClass(instance: "gimp", className: "Gimp")) }
    }
    XCTAssertEqual(summary(firings), ["1.0@3/left"])
  }

  func testPauseStopsAllButResumeAndToggle() throws {
    var m = try matcher("""
      left swipe_left -> key Left
      right fist hold=0.5s -> pause
      right ok hold=0.5s -> resume
      left victory -> toggle
      left thumbs_up hold=0.5s -> key x
      """)
    var timeline = Timeline()
    timeline.action(0, .left, "swipe_left")      // fires
    timeline.pose(1, .right, "fist")             // 1.5: pause
    timeline.pose(2, .right, "none")
    timeline.action(2.5, .left, "swipe_left")    // paused: nothing
    timeline.pose(3, .left, "thumbs_up")         // due at 3.5 while paused: used up
    timeline.pose(4, .right, "ok")               // 4.5: resume
    timeline.pose(5, .right, "none")
    timeline.action(5.5, .left, "swipe_left")    // fires
    timeline.pose(6, .left, "victory")           // toggle: paused
    timeline.pose(6.5, .left, "none")
    timeline.action(7, .left, "swipe_left")      // paused: nothing
    timeline.pose(8, .left, "victory")           // toggle: running
    timeline.pose(8.5, .left, "none")
    timeline.action(9, .left, "swipe_left")      // fires
    var paused: [Double: Bool] = [:]
    let firings = timeline.run(&m, until: 10) { t, m in
      if t == 2 || t == 7.5 || t == 9.5 { paused[t] = m.isPaused }
    }
    XCTAssertEqual(summary(firings), ["0.0@1/left", "1.5@2/right", "4.5@3/right", "5.5@1/left", "6.0@4/left", "8.0@4/left", "9.0@1/left"])
    XCTAssertEqual(paused, [2: true, 7.5: true, 9.5: false])
  }

  func testSetPausedFromOutside() throws {
    var m = try matcher("right swipe_left -> key Right")
    m.setPaused(true)
    XCTAssertTrue(m.isPaused)
    XCTAssertEqual(m.handle(GestureEvent(time: 0, frame: 0, hand: .right, kind: .action, gesture: "swipe_left", confidence: 1)), [])
    m.setPaused(false)
    XCTAssertEqual(m.handle(GestureEvent(time: 1, frame: 1, hand: .right, kind: .action, gesture: "swipe_left", confidence: 1)).count, 1)
  }

  func testReplacingRulesKeepsAHeldPoseFromFiringAgain() throws {
    var m = try matcher("right fist hold=0.5s -> key a")
    XCTAssertEqual(m.handle(GestureEvent(time: 0, frame: 0, hand: .right, kind: .pose, gesture: "fist", confidence: 1)), [])
    XCTAssertEqual(m.advance(to: 1).count, 1)
    m.replaceRules(try RuleFile.parse("right fist hold=0.5s -> key b", path: "m").rules)
    XCTAssertEqual(m.advance(to: 3), [])
    _ = m.handle(GestureEvent(time: 4, frame: 0, hand: .right, kind: .pose, gesture: "none", confidence: 1))
    _ = m.handle(GestureEvent(time: 5, frame: 0, hand: .right, kind: .pose, gesture: "fist", confidence: 1))
    XCTAssertEqual(m.advance(to: 6).map(\.rule.action.description), ["key b"])
  }

  func testCustomGesturesMatchByName() throws {
    var m = try matcher("any rock_on -> key a", extraGestures: ["rock_on"])
    XCTAssertEqual(m.handle(GestureEvent(time: 0, frame: 0, hand: .left, kind: .action, gesture: "rock_on", confidence: 1)).count, 1)
  }

  func testSameEventsGiveTheSameFirings() throws {
    let text = """
      any fist hold=0.3s repeat=0.4s cooldown=0.2s -> key a
      both open_palm hold=0.5s -> toggle
      right swipe_left cooldown=0.5s -> key Right
      both swipe_up -> key b
      left victory confidence=0.6 -> key c
      """
    var generator = SeededRandom(seed: 42)
    var timeline = Timeline()
    let poses = ["fist", "open_palm", "victory", "none"]
    var t = 0.0
    for _ in 0..<400 {
      t += Double(Int.random(in: 1...12, using: &generator)) * Timeline.step
      let hand: Chirality = Bool.random(using: &generator) ? .left : .right
      let confidence = Double.random(in: 0.4...1, using: &generator)
      if Int.random(in: 0..<4, using: &generator) == 0 {
        timeline.action(t, hand, ["swipe_left", "swipe_up"].randomElement(using: &generator)!, confidence: confidence)
      } else {
        timeline.pose(t, hand, poses.randomElement(using: &generator)!, confidence: confidence)
      }
    }
    var first = try matcher(text), second = try matcher(text)
    let a = timeline.run(&first, until: t + 1), b = timeline.run(&second, until: t + 1)
    XCTAssertGreaterThan(a.count, 20)
    XCTAssertEqual(a, b)
  }

  func testFiringEnvironmentAndArgumentExpansion() throws {
    let rule = try RuleFile.parse("both fist -> exec notify-send \"$GESTURED_HAND ${GESTURED_GESTURE} $GESTURED_CONFIDENCE $HOME\"", path: "m").rules[0]
    let firing = RuleFiring(rule: rule, hand: .both, gesture: "fist", confidence: 0.876, time: 1)
    XCTAssertEqual(firing.environment, ["GESTURED_HAND": "both", "GESTURED_GESTURE": "fist", "GESTURED_CONFIDENCE": "0.88"])
    guard case .exec(let argv) = rule.action else { return XCTFail("not exec") }
    XCTAssertEqual(argv.map(firing.expand), ["notify-send", "both fist 0.88 $HOME"])
  }
}

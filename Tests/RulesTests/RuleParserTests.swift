import Gestures
import XCTest
@testable import Rules

/// The rule file as the issue writes it: every piece lands in the model.
final class RuleParserTests: XCTestCase {
  let example = """
    # settings for the agent (all optional)
    set camera /dev/video0
    set mirrored false

    [global]
    right swipe_left                          -> key Right
    any   open_palm  hold=0.5s cooldown=2s    -> key XF86AudioPlay
    left  victory    hold=1s cooldown=5s      -> snapshot ~/Pictures/gestured-%Y%m%d-%H%M%S.jpg delay=3s
    both  fist       hold=1s                  -> toggle
    right thumbs_up  hold=0.8s                -> exec notify-send "gestured" "thumbs up from $GESTURED_HAND"

    [app soffice* libreoffice* evince okular zathura]
    right swipe_left  -> key Next
    right swipe_right -> key Prior
    """

  func testIssueExampleParsesIntoSettingsAndRules() throws {
    let file = try RuleFile.parse(example, path: "example.rules")
    XCTAssertEqual(file.settings.camera, .path("/dev/video0"))
    XCTAssertEqual(file.settings.mirrored, false)
    XCTAssertEqual(file.warnings, [])
    XCTAssertEqual(file.rules.map(\.line), [6, 7, 8, 9, 10, 13, 14])
    XCTAssertEqual(file.rules.map(\.hand), [.right, .any, .left, .both, .right, .right, .right])
    XCTAssertEqual(file.rules.map(\.gesture), ["swipe_left", "open_palm", "victory", "fist", "thumbs_up", "swipe_left", "swipe_right"])

    let palm = file.rules[1]
    XCTAssertEqual(palm.hold, 0.5)
    XCTAssertEqual(palm.cooldown, 2)
    XCTAssertEqual(palm.action, .key([KeyCombo(modifiers: [], key: 0x1008_FF14, text: "XF86AudioPlay")]))
    XCTAssertEqual(file.rules[2].action, .snapshot(path: "~/Pictures/gestured-%Y%m%d-%H%M%S.jpg", delay: 3))
    XCTAssertEqual(file.rules[3].action, .toggle)
    XCTAssertEqual(file.rules[4].action, .exec(["notify-send", "gestured", "thumbs up from $GESTURED_HAND"]))
    XCTAssertEqual(file.rules[4].hold, 0.8, accuracy: 1e-12)
    XCTAssertEqual(file.rules[0].scope, .global)
    XCTAssertEqual(file.rules[5].scope, .apps(["soffice*", "libreoffice*", "evince", "okular", "zathura"].map(WindowPattern.windowClass)))
    XCTAssertEqual(file.rules[5].action, .key([KeyCombo(modifiers: [], key: 0xFF56, text: "Next")]))
    XCTAssertEqual(file.rules[6].action, .key([KeyCombo(modifiers: [], key: 0xFF55, text: "Prior")]))
    XCTAssertNotEqual(file.rules[0].section, file.rules[5].section)
  }

  func testAnAppSectionMayNameWindowsByTitle() throws {
    // A presentation in a browser is known by its title only: "Deck - Google Slides - Google Chrome".
    let file = try RuleFile.parse("""
      [app evince title="* - Google Slides*" 'title=*.pdf']
      any swipe_left -> key Next
      """, path: "r")
    XCTAssertEqual(file.rules[0].scope, .apps([.windowClass("evince"), .title("* - Google Slides*"), .title("*.pdf")]))
    XCTAssertEqual(file.rules[0].scope.description, #"[app evince title="* - Google Slides*" title="*.pdf"]"#)
    let again = try RuleFile.parse(file.rules[0].scope.description + "\nany swipe_left -> key Next", path: "again")
    XCTAssertEqual(again.rules[0].scope, file.rules[0].scope, "the header written back reads the same")
    let odd = RuleScope.apps([.title(#"[Draft] "Q3" \ notes*"#)])
    XCTAssertEqual(try RuleFile.parse(odd.description + "\nany swipe_left -> key Next", path: "odd").rules[0].scope, odd)
  }

  func testRuleDescriptionShowsResolvedKeysyms() throws {
    let file = try RuleFile.parse("any fist hold=500ms repeat=1000ms cooldown=2s confidence=0.7 -> key ctrl+alt+t Page_Down", path: "r")
    XCTAssertEqual(file.rules[0].description,
                   "any fist hold=0.5s repeat=1s cooldown=2s confidence=0.7 -> key ctrl+alt+t (Control_L+Alt_L+t) Page_Down (Next)")
  }

  func testDurationsInMillisecondsAndSeconds() throws {
    let file = try RuleFile.parse("""
      any fist hold=500ms -> pause
      any ok hold=0.5s -> pause
      any pinch hold=2s cooldown=0s -> pause
      """, path: "r")
    XCTAssertEqual(file.rules.map(\.hold), [0.5, 0.5, 2])
  }

  func testOptionsDefaults() throws {
    let rule = try RuleFile.parse("left wave -> resume", path: "r").rules[0]
    XCTAssertEqual(rule.hold, 0)
    XCTAssertEqual(rule.cooldown, 0)
    XCTAssertEqual(rule.confidence, 0)
    XCTAssertNil(rule.repeat)
    XCTAssertNil(rule.shape)
  }

  func testEverySettingIsTypedAndStored() throws {
    let file = try RuleFile.parse("""
      set camera 2
      set mirrored true
      set max_hands 4
      set model lite
      set threads 16
      set classifier models/mine.gesture
      set classifier /abs/other.gesture
      set pose_confirm_frames 3
      set pose_release_frames 60
      set min_pose_confidence 0.65
      set action_stride 1
      set action_window 120
      set action_interval 30
      set min_action_confidence 0.85
      set swipe_min_distance 1.5
      set pose_max_speed 2
      set palm_min_facing -1
      set palm_min_upright 0
      set thumb_min_clearance 0.6
      set preview false
      """, path: "/home/u/rules/my.rules")
    let s = file.settings
    XCTAssertEqual(s.camera, .index(2))
    XCTAssertEqual(s.mirrored, true)
    XCTAssertEqual(s.maxHands, 4)
    XCTAssertEqual(s.model, .lite)
    XCTAssertEqual(s.threads, 16)
    XCTAssertEqual(s.classifiers, ["/home/u/rules/models/mine.gesture", "/abs/other.gesture"])
    var gestures = GestureSettings()
    (gestures.poseConfirmFrames, gestures.poseReleaseFrames, gestures.minPoseConfidence) = (3, 60, 0.65)
    (gestures.actionStride, gestures.actionWindow, gestures.actionInterval) = (1, 120, 30)
    (gestures.minActionConfidence, gestures.swipeMinDistance) = (0.85, 1.5)
    (gestures.poseMaxSpeed, gestures.palmMinFacing, gestures.palmMinUpright) = (2, -1, 0)
    gestures.thumbMinClearance = 0.6
    XCTAssertEqual(s.gestures, gestures)
    XCTAssertEqual(s.gestureNamesSet, GestureSettings.names)
    XCTAssertEqual(["pose_confirm_frames", "pose_release_frames", "action_stride", "action_window", "action_interval"].map(s.gestureValue),
                   [3, 60, 1, 120, 30])
    XCTAssertEqual(s.gestureValue("min_pose_confidence"), 0.65)
    XCTAssertEqual(s.preview, false)
    XCTAssertEqual(s.lines.count, 20)
    XCTAssertTrue(s.lines.contains("set min_action_confidence 0.85"), "\(s.lines)")
    XCTAssertEqual(RuleFile.classifierPaths(in: "set classifier a.gesture\nbroken \"line\nset classifier ~/b", path: "/r/x.rules"),
                   ["/r/a.gesture", (ProcessInfo.processInfo.environment["HOME"] ?? "") + "/b"])
  }

  func testGestureSettingsNotSetKeepTheGestureStageDefaults() throws {
    let s = try RuleFile.parse("set action_window 30\nset action_window 20\nany fist -> pause", path: "r").settings
    var expected = GestureSettings()
    expected.actionWindow = 20
    XCTAssertEqual(s.gestures, expected)
    XCTAssertEqual(s.gestureNamesSet, ["action_window"])
    XCTAssertNil(s.gestureValue("pose_confirm_frames"))
    XCTAssertEqual(s.lines, ["set action_window 20"])
  }

  func testEveryGestureSettingIsCheckedByTheGestureStagesTable() throws {
    // The parser knows no gesture setting of its own: each name and range comes from
    // GestureSettings.table, at the edges of its range.
    for (name, values) in GestureSettings.table {
      let (lowest, highest, outside): (String, String, String)
      switch values {
      case .count(let range): (lowest, highest, outside) = ("\(range.lowerBound)", "\(range.upperBound)", "\(range.upperBound + 1)")
      case .fraction: (lowest, highest, outside) = ("0", "1", "1.01")
      case .number(let range):
        (lowest, highest, outside) = (Duration.trimmed(range.lowerBound), Duration.trimmed(range.upperBound),
                                      Duration.trimmed(range.upperBound + 1))
      }
      for good in [lowest, highest] {
        let file = try RuleFile.parse("set \(name) \(good)", path: "r")
        XCTAssertEqual(file.settings.gestures.value(of: name), Double(good), name)
      }
      for bad in [outside, "-1", "many", "nan", "0x10"] where !values.contains(Double(bad) ?? .nan) {
        XCTAssertThrowsError(try RuleFile.parse("set \(name) \(bad)", path: "r"), "\(name) \(bad)") { error in
          let diagnostic = (error as? RuleFileError)?.diagnostics.first
          XCTAssertEqual(diagnostic?.message, "\"\(name)\" needs \(values), not \"\(bad)\"")
          XCTAssertEqual(diagnostic.map { [$0.line, $0.column] }, [1, 6 + name.count])
        }
      }
    }
  }

  func testCustomGesturesFromTheCaller() throws {
    XCTAssertThrowsError(try RuleFile.parse("any rock_on -> pause", path: "r"))
    let file = try RuleFile.parse("any rock_on hold=1s -> pause", path: "r", extraGestures: ["rock_on"])
    XCTAssertEqual(file.rules[0].gesture, "rock_on")
  }

  func testCommentsBlankLinesQuotesAndCRLF() throws {
    let text = "# header\r\n\r\n  right fist -> exec echo 'single # not a comment' \"a \\\"b\\\"\" c#d # comment\r\n"
    let rule = try RuleFile.parse(text, path: "r").rules[0]
    XCTAssertEqual(rule.line, 3)
    XCTAssertEqual(rule.action, .exec(["echo", "single # not a comment", "a \"b\"", "c#d"]))
  }

  func testTabsSeparateWordsAndStayInsideQuotes() throws {
    let rule = try RuleFile.parse("any\tfist\t->\texec printf \"a\tb\"", path: "r").rules[0]
    XCTAssertEqual(rule.action, .exec(["printf", "a\tb"]))
  }

  func testArrowNeedsNoBlanksAndLaterArrowsAreArguments() throws {
    let rule = try RuleFile.parse("right fist->exec echo -> a->b", path: "r").rules[0]
    XCTAssertEqual(rule.action, .exec(["echo", "->", "a->b"]))
  }

  func testSnapshotForms() throws {
    let file = try RuleFile.parse("""
      any ok -> snapshot
      any fist -> snapshot delay=2s
      any pinch -> snapshot "~/My Pictures/x.jpg"
      """, path: "r")
    XCTAssertEqual(file.rules.map(\.action), [.snapshot(path: nil, delay: 0), .snapshot(path: nil, delay: 2),
                                              .snapshot(path: "~/My Pictures/x.jpg", delay: 0)])
  }

  func testBothWithAnActionIsFine() throws {
    let rule = try RuleFile.parse("both swipe_up cooldown=1s -> key super", path: "r").rules[0]
    XCTAssertEqual(rule.hand, .both)
    XCTAssertEqual(rule.action, .key([KeyCombo(modifiers: [], key: 0xFFEB, text: "super")]))
  }

  func testRulesBeforeAnySectionAreGlobal() throws {
    let rule = try RuleFile.parse("any fist -> pause\n[global]\nany ok -> resume", path: "r").rules
    XCTAssertEqual(rule.map(\.scope), [.global, .global])
  }
}

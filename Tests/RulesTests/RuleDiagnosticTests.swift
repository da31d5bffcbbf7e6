import XCTest
@testable import Rules
import SessionBus

/// Every error names the right line and column (marked in the source text) and hints where one
/// helps.
final class RuleDiagnosticTests: XCTestCase {
  func testUnknownGesture() {
    assertDiagnostic("[global]\nright 1️⃣swipe_lft -> key Right", message: "unknown gesture \"swipe_lft\"", note: "did you mean \"swipe_left\"?")
  }

  func testWithoutACloseNameTheNoteListsWhatIsAllowed() {
    assertDiagnostic("any 1️⃣zigzag -> pause", message: "unknown gesture", note: "built-in gestures: open_palm, fist")
    assertDiagnostic("any zigzag -> pause\nset classifier a.gesture\nany 1️⃣zagzig -> pause", message: "unknown gesture",
                     note: "custom gestures are the labels of the classifiers this file loads, and none were given")
    assertDiagnostic("any fist 1️⃣sideways=1 -> pause", message: "unknown option", note: "options are hold=DURATION")
    assertDiagnostic("set 1️⃣zoom 2", message: "unknown setting", note: "settings are camera, mirrored")
    assertDiagnostic("any fist -> 1️⃣dance", message: "unknown action", note: "actions are key, exec")
    assertDiagnostic("any fist -> key 1️⃣Zorglub", message: "unknown keysym", note: "xev")
  }

  func testShapeNamesAPoseOfABuiltInAction() throws {
    assertDiagnostic("any swipe_left shape=1️⃣opn_palm -> pause", message: "unknown pose \"opn_palm\" for shape", note: "did you mean \"open_palm\"?")
    assertDiagnostic("any swipe_left shape=1️⃣wave -> pause", message: "unknown pose \"wave\" for shape", note: "poses: fist")
    assertDiagnostic("any swipe_left 1️⃣shape= -> pause", message: "\"shape\" needs a pose like open_palm")
    assertDiagnostic("any open_palm 1️⃣shape=fist -> pause", message: "\"shape\" is for the built-in actions (swipes and wave)")
    let file = try RuleFile.parse("any swipe_left shape=victory cooldown=1s -> key Next\nany wave -> pause", path: "s.rules")
    XCTAssertEqual(file.rules.map(\.shape), ["victory", nil])
    XCTAssertEqual("\(file.rules[0])", "any swipe_left cooldown=1s shape=victory -> key Next")
  }

  func testMediaActionsAreChecked() {
    assertDiagnostic("any fist -> 1️⃣mdia play-pause", message: "unknown action \"mdia\"", note: "did you mean \"media\"?")
    assertDiagnostic("any fist -> media 1️⃣play_pause", message: "unknown media command \"play_pause\"", note: "did you mean \"play-pause\"?")
    assertDiagnostic("any fist -> media1️⃣", message: "media needs a command: play-pause, play, pause", note: "media play-pause")
    assertDiagnostic("any fist -> media pause 1️⃣step=0.1", message: "\"step\" applies to volume+, volume-, seek+ and seek-, not pause")
    assertDiagnostic("any fist -> media volume+ step=1️⃣150%", message: "a volume \"step\" is a fraction of full volume from 0 to 1")
    assertDiagnostic("any fist -> media seek- step=1️⃣ten", message: "a seek \"step\" is a duration like 10s, not \"ten\"")
    assertDiagnostic("any fist -> media next 1️⃣player=", message: "\"player\" needs a player name or glob")
    assertDiagnostic("any fist -> media next 1️⃣plyer=vlc", message: "unknown media option \"plyer\"", note: "did you mean \"player\"?")
    assertDiagnostic("any fist -> media next 1️⃣now", message: "media takes one command")
  }

  func testMediaActionsAreRead() throws {
    let text = "any fist -> media play-pause\nright thumbs_up -> media volume+ step=10% player=spotify\n"
      + "left thumbs_up -> media seek+ step=10s player=firefox*\n"
    let file = try RuleFile.parse(text, path: "m.rules")
    XCTAssertEqual(file.rules.map(\.action), [.media(.playPause, player: nil, step: nil), .media(.volumeUp, player: "spotify", step: 0.1),
                                             .media(.seekForward, player: "firefox*", step: 10)])
    XCTAssertEqual(file.rules.map { "\($0.action)" }, ["media play-pause", "media volume+ player=spotify step=0.1", "media seek+ player=firefox* step=10s"])
  }

  func testGestureNamesAreSnakeCase() {
    assertDiagnostic("any 1️⃣Open-Palm -> pause", message: "unknown gesture", note: "lower_snake_case")
  }

  func testNoneCannotTriggerARule() {
    assertDiagnostic("any 1️⃣none -> pause", message: "background class")
  }

  func testUnknownKeysymSuggestsPageDown() {
    assertDiagnostic("\n\nright swipe_left -> key 1️⃣Pgdown", message: "unknown keysym \"Pgdown\"", note: "\"Page_Down\"? (X also calls it \"Next\")")
  }

  func testUnknownKeysymInsideACombo() {
    assertDiagnostic("any fist -> key Right ctrl+1️⃣Retrun", message: "unknown keysym \"Retrun\"", note: "did you mean \"Return\"?")
  }

  func testPunctuationKeyNames() {
    assertDiagnostic("any fist -> key ctrl+1️⃣,", message: "unknown keysym \",\"", note: "\"comma\"")
  }

  func testPlainKeyUsedAsModifier() {
    assertDiagnostic("any fist -> key 1️⃣a+b", message: "\"a\" is not a modifier")
  }

  func testPlusKey() {
    assertDiagnostic("any fist -> key ctrl+1️⃣+", message: "the + key is called plus", note: "write ctrl+plus")
    assertDiagnostic("any fist -> key ctrl+1️⃣", message: "missing key after '+'")
  }

  func testBadDuration() {
    assertDiagnostic("any fist hold=1️⃣fast -> pause", message: "\"hold\" needs a duration like 0.5s")
    assertDiagnostic("any fist cooldown=1️⃣2 -> pause", message: "\"cooldown\" needs a duration like 0.5s", note: "add a unit: 2s or 2ms")
    assertDiagnostic("any fist hold=1️⃣1m -> pause", message: "needs a duration", note: "write 60s")
    assertDiagnostic("any fist 1️⃣hold= -> pause", message: "\"hold\" needs a duration like 0.5s")
    assertDiagnostic("any fist 1️⃣hold 0.5s -> pause", message: "\"hold\" needs a duration like 0.5s", note: "write hold=0.5s")
    assertDiagnostic("any fist repeat=1️⃣10ms -> pause", message: "at least 50ms")
  }

  func testBadConfidence() {
    assertDiagnostic("any fist confidence=1️⃣80% -> pause", message: "\"confidence\" needs a number from 0 to 1", note: "write 0.8 for 80%")
  }

  func testUnknownOption() {
    assertDiagnostic("any fist 1️⃣hodl=1s -> pause", message: "unknown option \"hodl\"", note: "did you mean \"hold\"?")
    assertDiagnostic("any fist 1️⃣quickly -> pause", message: "unknown option \"quickly\"")
    assertDiagnostic("any fist hold=1s 1️⃣hold=2s -> pause", message: "\"hold\" is given twice")
  }

  func testUnknownHand() {
    assertDiagnostic("1️⃣rigth fist -> pause", message: "unknown hand \"rigth\"", note: "did you mean \"right\"?")
    assertDiagnostic("1️⃣fist -> pause", message: "a rule starts with a hand")
  }

  func testMissingArrow() {
    assertDiagnostic("right fist 1️⃣key Right", message: "missing '->' before the action \"key\"")
    assertDiagnostic("right fist hold=1s1️⃣", message: "missing '->' and an action")
    assertDiagnostic("right fist 1️⃣=> key Right", message: "expected '->' here, not \"=>\"")
    assertDiagnostic("1️⃣-> key Right", message: "missing hand and gesture before '->'")
    assertDiagnostic("right 1️⃣-> key Right", message: "missing gesture after the hand")
  }

  func testMissingAction() {
    assertDiagnostic("right fist ->1️⃣", message: "missing action after '->'")
    assertDiagnostic("right fist -> key1️⃣", message: "key needs at least one key combo")
    assertDiagnostic("right fist -> exec1️⃣", message: "exec needs a program")
  }

  func testUnknownAction() {
    assertDiagnostic("right fist -> 1️⃣kye Right", message: "unknown action \"kye\"", note: "did you mean \"key\"?")
    assertDiagnostic("right fist -> 1️⃣Right", message: "unknown action \"Right\"", note: "to press a key write: key Right")
    assertDiagnostic("right fist -> toggle 1️⃣now", message: "\"toggle\" takes no arguments")
  }

  func testSnapshotMistakes() {
    assertDiagnostic("any ok -> snapshot 1️⃣dealy=3s", message: "unknown snapshot option \"dealy\"", note: "did you mean \"delay\"?")
    assertDiagnostic("any ok -> snapshot delay=1️⃣3", message: "\"delay\" needs a duration like 3s")
    assertDiagnostic("any ok -> snapshot a.jpg 1️⃣b.jpg", message: "snapshot takes one path")
  }

  func testUnknownSetting() {
    assertDiagnostic("set 1️⃣camra /dev/video0", message: "unknown setting \"camra\"", note: "did you mean \"camera\"?")
  }

  func testBadSettingValues() {
    assertDiagnostic("set mirrored 1️⃣yes", message: "\"mirrored\" needs true or false, not \"yes\"", note: "write true")
    assertDiagnostic("set max_hands 1️⃣5", message: "a whole number from 1 to 4")
    assertDiagnostic("set threads 1️⃣0", message: "a whole number from 1 to 16")
    assertDiagnostic("set model 1️⃣ful", message: "\"model\" needs full or lite", note: "did you mean \"full\"?")
    assertDiagnostic("set min_pose_confidence 1️⃣1.5", message: "a number from 0 to 1")
    assertDiagnostic("set action_window 1️⃣9", message: "a whole number from 10 to 120")
    assertDiagnostic("set camera 1️⃣video0", message: "\"camera\" needs a device path", note: "did you mean \"/dev/video0\"?")
    assertDiagnostic("set camera1️⃣", message: "\"camera\" needs a value")
    assertDiagnostic("set preview true 1️⃣false", message: "set takes one value")
  }

  func testUnterminatedQuote() {
    assertDiagnostic("any ok -> exec notify-send 1️⃣\"hello", message: "unterminated quote")
    assertDiagnostic("any ok -> exec sh -c 1️⃣'echo", message: "unterminated quote: this single quote")
  }

  func testControlCharacter() {
    assertDiagnostic("any ok -> exec a1️⃣\u{07}b", message: "unexpected control character U+0007")
  }

  func testHoldOnAnActionGesture() {
    assertDiagnostic("right swipe_left 1️⃣hold=1s -> key Right", message: "\"hold\" only makes sense for poses", note: "cooldown=1s")
    assertDiagnostic("both wave 1️⃣repeat=1s -> key Right", message: "\"repeat\" only makes sense for poses")
  }

  func testSectionHeaders() {
    assertDiagnostic("[1️⃣apps firefox]", message: "unknown section \"apps\"", note: "did you mean \"app\"?")
    assertDiagnostic("[app1️⃣]", message: "[app] needs at least one window class glob")
    assertDiagnostic("[app evince 1️⃣title=]", message: "empty title glob", note: "xprop _NET_WM_NAME")
    assertDiagnostic("[global firefox1️⃣", message: "missing ']'")
    assertDiagnostic("[global 1️⃣firefox]", message: "[global] takes no window classes", note: "[app firefox]")
    assertDiagnostic("[global] 1️⃣x", message: "unexpected \"x\" after ']'")
  }

  func testUnreachableRuleWarning() {
    assertDiagnostic("""
      right fist -> key a
      any ok -> pause
      1️⃣right fist hold=2s -> key b
      """, .warning, message: "this rule is never reached: test.rules:1 matches first")
    assertDiagnostic("any fist -> key a\n1️⃣left fist -> key b", .warning, message: "never reached: test.rules:1")
  }

  func testRulesInDifferentSectionsOrHandsAreReachable() throws {
    let file = try RuleFile.parse("""
      right fist -> key a
      any fist -> key b
      both fist -> key c
      [app firefox]
      right fist -> key d
      """, path: "r")
    XCTAssertEqual(file.warnings, [])
  }

  func testOtherWarnings() {
    assertDiagnostic("[app x]\n1️⃣set mirrored true\nany ok -> pause", .warning, message: "settings apply to the whole file")
    assertDiagnostic("set mirrored true\nset 1️⃣mirrored false", .warning, message: "replaces the one on line 1")
    assertDiagnostic("any ok -> exec ls 1️⃣| wc", .warning, message: "exec runs no shell", note: "sh -c")
  }

  func testEveryErrorIsCollectedInLineOrder() {
    let source = MarkedSource("""
      1️⃣rigth fist -> pause
      any 2️⃣fsit -> pause
      set 3️⃣camra 0
      any fist -> key 4️⃣Pgdown
      any fist -> exec 5️⃣"x
      any ok -> 6️⃣kye a
      """)
    let found = diagnostics(of: source)
    let errors = found.filter { $0.severity == .error }
    XCTAssertEqual(errors.map { [$0.line, $0.column] },
                   ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣"].map { [source.location($0).line, source.location($0).column] })
  }

  func testDiagnosticFormat() throws {
    let error = try XCTUnwrap(diagnostics(of: MarkedSource("\n\nright swipe_lft -> key Right"), path: "rules").first)
    XCTAssertEqual(error.description, """
      rules:3:7: error: unknown gesture "swipe_lft"
      rules:3:7: note: did you mean "swipe_left"?
      """)
    let warning = try XCTUnwrap(diagnostics(of: MarkedSource("any ok -> pause\nany ok -> resume"), path: "rules").first)
    XCTAssertEqual(warning.description.components(separatedBy: "\n")[0], "rules:2:1: warning: this rule is never reached: rules:1 matches first")
  }

  func testColumnsCountCharactersNotBytes() {
    assertDiagnostic("any ok -> exec \"héllo wörld\" 1️⃣'x", message: "unterminated quote")
  }
}

import Foundation
import TestSupport
import XCTest

/// `gestured check` run as the built binary: exit status and what the user reads.
final class CheckCommandTests: XCTestCase {
  func gestured(_ arguments: String...) throws -> CommandRun {
    try CommandRun.gestured(arguments)
  }

  func file(_ text: String, named name: String, mode: mode_t = 0o644) throws -> String {
    let url = try TestData.temporaryDirectory(for: self).appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    XCTAssertEqual(chmod(url.path, mode), 0)
    return url.path
  }

  func testGoodFilePrintsTheRulesAsUnderstood() throws {
    let path = try file("""
      set mirrored false
      [global]
      right swipe_left -> key Right
      any open_palm hold=0.5s cooldown=2s -> key XF86AudioPlay
      [app soffice* evince]
      right swipe_left -> key ctrl+alt+t Page_Down
      right swipe_left -> key Left
      """, named: "good.rules")
    let outcome = try gestured("check", path)
    XCTAssertEqual(outcome.status, 0, outcome.standardError)
    XCTAssertEqual(outcome.standardOutput, """
      set mirrored false
      [global]
        3: right swipe_left -> key Right
        4: any open_palm hold=0.5s cooldown=2s -> key XF86AudioPlay
      [app soffice* evince]
        6: right swipe_left -> key ctrl+alt+t (Control_L+Alt_L+t) Page_Down (Next)
        7: right swipe_left -> key Left
      \(path): 4 rules, 1 setting, no errors

      """)
    XCTAssertTrue(outcome.standardError.hasPrefix("\(path):7:1: warning: this rule is never reached: \(path):6 matches first\n"), outcome.standardError)
  }

  func testBadFilePrintsEveryErrorAndFails() throws {
    let path = try file("""
      [global]
      right swipe_lft -> key Right
      any open_palm hold=fast -> key Pgdown
      """, named: "bad.rules")
    let outcome = try gestured("check", path)
    XCTAssertEqual(outcome.status, 1)
    XCTAssertEqual(outcome.standardOutput, "")
    let lines = outcome.standardError.split(separator: "\n").map(String.init)
    XCTAssertTrue(lines.contains("\(path):2:7: error: unknown gesture \"swipe_lft\""), outcome.standardError)
    XCTAssertTrue(lines.contains("\(path):2:7: note: did you mean \"swipe_left\"?"), outcome.standardError)
    XCTAssertTrue(lines.contains("\(path):3:20: error: \"hold\" needs a duration like 0.5s, not \"fast\""), outcome.standardError)
    XCTAssertTrue(lines.contains("\(path):3:32: error: unknown keysym \"Pgdown\""), outcome.standardError)
    XCTAssertEqual(lines.last, "3 errors, 0 warnings")
  }

  func testUnsafeFileIsRefusedWithTheFix() throws {
    let path = try file("any fist -> pause\n", named: "open.rules", mode: 0o666)
    let outcome = try gestured("check", path)
    XCTAssertEqual(outcome.status, 1)
    XCTAssertTrue(outcome.standardError.contains("fix it with: chmod go-w \(path)"), outcome.standardError)
  }

  func testCustomGestureOption() throws {
    let path = try file("any rock_on -> pause\n", named: "custom.rules")
    XCTAssertEqual(try gestured("check", path).status, 1)
    XCTAssertEqual(try gestured("check", "--gesture", "rock_on", path).status, 0)
  }

  func testAClassifierThatCannotBeLoadedIsAnError() throws {
    let path = try file("set classifier missing-model.json\nany fist -> pause\n", named: "model.rules")
    let outcome = try gestured("check", path)
    XCTAssertEqual(outcome.status, 1)
    let model = (path as NSString).deletingLastPathComponent + "/missing-model.json"
    XCTAssertTrue(outcome.standardError.hasPrefix("error: \(path): set classifier \(model): cannot read the model file"), outcome.standardError)
  }

  func testGestureSettingsAreCheckedAndPrinted() throws {
    let path = try file("set min_action_confidence 0.9\nset action_interval 3\nany fist -> pause\n", named: "settings.rules")
    let outcome = try gestured("check", path)
    XCTAssertEqual(outcome.status, 0, outcome.standardError)
    XCTAssertTrue(outcome.standardOutput.hasPrefix("set action_interval 3\nset min_action_confidence 0.9\n"), outcome.standardOutput)
  }

  func testHelpAndUsageErrors() throws {
    let help = try gestured("check", "--help")
    XCTAssertEqual(help.status, 0)
    XCTAssertTrue(help.standardOutput.hasPrefix("OVERVIEW: Check a rule file"), help.standardOutput)
    XCTAssertTrue(help.standardOutput.contains("USAGE: gestured check [--gesture NAME ...] FILE"), help.standardOutput)
    XCTAssertEqual(try gestured("help", "check").standardOutput, help.standardOutput)
    let missing = try gestured("check")
    XCTAssertEqual(missing.status, 64)
    XCTAssertTrue(missing.standardError.hasPrefix("error: missing rule file\n"), missing.standardError)
    XCTAssertEqual(try gestured("check", "--frobnicate", "x").status, 64)
  }
}

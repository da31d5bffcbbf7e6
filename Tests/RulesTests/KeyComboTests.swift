import XCTest
@testable import Rules

/// Key combos resolve to X keysyms when the file loads (values from X11/keysymdef.h and
/// X11/XF86keysym.h).
final class KeyComboTests: XCTestCase {
  func combos(_ text: String) throws -> [KeyCombo] {
    let rule = try RuleFile.parse("any fist -> key \(text)", path: "r").rules[0]
    guard case .key(let combos) = rule.action else { throw XCTSkip("not a key action") }
    return combos
  }

  func testPlainKeysyms() throws {
    XCTAssertEqual(try combos("Right")[0].key, 0xFF53)
    XCTAssertEqual(try combos("XF86AudioPlay")[0].key, 0x1008_FF14)
    XCTAssertEqual(try combos("XF86AudioRaiseVolume")[0].key, 0x1008_FF13)
    XCTAssertEqual(try combos("Next")[0].key, 0xFF56)
    XCTAssertEqual(try combos("Page_Down")[0].key, 0xFF56)
    XCTAssertEqual(try combos("Prior")[0].key, 0xFF55)
    XCTAssertEqual(try combos("space")[0].key, 0x20)
    XCTAssertEqual(try combos("F5")[0].key, 0xFFC2)
  }

  func testModifierAliasesPressInOrder() throws {
    let combo = try combos("ctrl+alt+t")[0]
    XCTAssertEqual(combo.modifiers, [0xFFE3, 0xFFE9])  // Control_L, Alt_L
    XCTAssertEqual(combo.key, 0x74)
    XCTAssertEqual(combo.text, "ctrl+alt+t")
    XCTAssertEqual(combo.resolved, "Control_L+Alt_L+t")
    XCTAssertEqual(try combos("shift+Tab")[0].modifiers, [0xFFE1])
    XCTAssertEqual(try combos("shift+Tab")[0].key, 0xFF09)
    XCTAssertEqual(try combos("Control+Shift+Escape")[0].modifiers, [0xFFE3, 0xFFE1])
    for alias in ["super", "win", "meta"] {
      XCTAssertEqual(try combos("\(alias)+d")[0].modifiers, [0xFFEB], alias)  // Super_L
    }
    XCTAssertEqual(try combos("Control_R+c")[0].modifiers, [0xFFE4])
  }

  func testAModifierAloneIsTheKey() throws {
    let combo = try combos("super")[0]
    XCTAssertEqual(combo.modifiers, [])
    XCTAssertEqual(combo.key, 0xFFEB)
  }

  func testSeveralCombosInARow() throws {
    let all = try combos("ctrl+a ctrl+c Escape")
    XCTAssertEqual(all.map(\.key), [0x61, 0x63, 0xFF1B])
    XCTAssertEqual(all.map(\.modifiers), [[0xFFE3], [0xFFE3], []])
  }

  func testSuggestionsForMisspeltKeys() {
    XCTAssertEqual(Suggestion.nearest(to: "XF86AudioPaly", in: Keysyms.knownNames), ["XF86AudioPlay"])
    XCTAssertEqual(Suggestion.nearest(to: "escape", in: Keysyms.knownNames), ["Escape"])
    XCTAssertEqual(Suggestion.nearest(to: "zzzzzzzzzzzz", in: Keysyms.knownNames), [])
  }

  func testEditDistance() {
    func distance(_ a: String, _ b: String) -> Int { Suggestion.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars)) }
    XCTAssertEqual(distance("swipe_lft", "swipe_left"), 1)
    XCTAssertEqual(distance("hodl", "hold"), 1)
    XCTAssertEqual(distance("", "abc"), 3)
    XCTAssertEqual(distance("kitten", "sitting"), 3)
  }
}

/// Durations as the rule file writes them.
final class DurationTests: XCTestCase {
  func testParsing() {
    XCTAssertEqual(Duration.seconds("500ms"), 0.5)
    XCTAssertEqual(Duration.seconds("0.5s"), 0.5)
    XCTAssertEqual(Duration.seconds("2s"), 2)
    XCTAssertEqual(Duration.seconds("0s"), 0)
    for bad in ["", "s", "ms", "2", "1m", "-1s", ".5s", "5.s", "1e3s", "1..2s", "2 s", "99999999s", "nans", "infs"] {
      XCTAssertNil(Duration.seconds(bad), bad)
    }
  }

  func testFormatting() {
    XCTAssertEqual(Duration.format(2), "2s")
    XCTAssertEqual(Duration.format(0.5), "0.5s")
    XCTAssertEqual(Duration.format(1.5), "1.5s")
    XCTAssertEqual(Duration.format(0.25), "250ms")
    XCTAssertEqual(Duration.format(0.05), "50ms")
  }
}

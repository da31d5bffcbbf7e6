import Foundation
import XCTest
@testable import Gestures
@testable import Rules

/// Thousands of mutated rule files: the parser never crashes or hangs, and whatever it reports
/// points inside the file.
final class RuleFuzzTests: XCTestCase {
  static let seeds = [
    """
    # settings
    set camera /dev/video0
    set mirrored false
    set classifier "my models/a.gesture"
    [global]
    right swipe_left                          -> key Right
    any   open_palm  hold=0.5s cooldown=2s    -> key XF86AudioPlay
    left  victory    hold=1s cooldown=5s      -> snapshot ~/Pictures/g-%Y%m%d.jpg delay=3s
    both  fist       hold=1s                  -> toggle
    right thumbs_up  hold=0.8s repeat=250ms confidence=0.7 -> exec notify-send "gestured" 'it\\'s $GESTURED_HAND'
    [app soffice* libreoffice* [Ee]vince]
    right swipe_left  -> key Next ctrl+alt+t super shift+Tab
    any pinch->pause
    any ok -> resume
    """,
    """
    set camra 0
    [apps x
    rigth swipe_lft hodl=1 -> kye Pgdown "unterminated
    any fist hold=1m key ctrl++
    """,
  ]

  /// Characters the mutations insert: the format's punctuation, blanks, and some trouble.
  static let alphabet: [Unicode.Scalar] = Array("\"'#[]=->+ \t\n\r\\abcxyz019_.%~/".unicodeScalars)
    + ["\u{0}", "\u{7}", "\u{FEFF}", "é", "\u{301}", "→", "😀", "\u{7F}"]

  func testMutatedRuleFilesNeverCrashOrHang() throws {
    var generator = SeededRandom(seed: 0x5EED)
    let started = Date()
    var failures = 0, successes = 0
    for iteration in 0..<4000 {
      var scalars = Array(Self.seeds[iteration % Self.seeds.count].unicodeScalars)
      for _ in 0..<Int.random(in: 1...(iteration % 3 == 0 ? 8 : 2), using: &generator) {
        mutate(&scalars, using: &generator)
      }
      var text = String.UnicodeScalarView()
      text.append(contentsOf: scalars)
      let source = String(text)
      let lineCount = source.unicodeScalars.filter { $0 == "\n" }.count + 1
      do {
        let file = try RuleFile.parse(source, path: "fuzz.rules", extraGestures: ["custom_one"])
        successes += 1
        for rule in file.rules { XCTAssertFalse(rule.description.isEmpty) }
        check(file.warnings, lineCount: lineCount, source: source)
      } catch {
        failures += 1
        XCTAssertFalse(error.errors.isEmpty, source)
        check(error.diagnostics, lineCount: lineCount, source: source)
      }
      if Date().timeIntervalSince(started) > 8 {
        XCTFail("fuzzing took too long: \(iteration) files in 8 s")
        break
      }
    }
    print("fuzz: \(successes + failures) mutated files, \(successes) parsed, \(failures) refused, in \(Date().timeIntervalSince(started)) s")
    XCTAssertGreaterThan(failures, 100)
    XCTAssertGreaterThan(successes, 100)
  }

  func testPathologicalInputsStayFast() throws {
    let started = Date()
    let huge = [
      String(repeating: "\"", count: 50_000),
      String(repeating: "any fist -> key " + String(repeating: "a", count: 40) + "\n", count: 2000),
      String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000),
      "any fist -> key " + String(repeating: "ctrl+", count: 10_000) + "a",
      String(repeating: "right fist -> pause\n", count: 3000),
    ]
    for text in huge { _ = try? RuleFile.parse(text, path: "big") }
    XCTAssertLessThan(Date().timeIntervalSince(started), 5)
  }

  private func check(_ diagnostics: [Diagnostic], lineCount: Int, source: String, file: StaticString = #filePath, line: UInt = #line) {
    for diagnostic in diagnostics {
      XCTAssertTrue((1...lineCount).contains(diagnostic.line), "\(diagnostic) in\n\(source)", file: file, line: line)
      XCTAssertGreaterThanOrEqual(diagnostic.column, 1, "\(diagnostic)", file: file, line: line)
    }
  }

  private func mutate(_ scalars: inout [Unicode.Scalar], using generator: inout SeededRandom) {
    let position = scalars.isEmpty ? 0 : Int.random(in: 0..<scalars.count, using: &generator)
    switch Int.random(in: 0..<6, using: &generator) {
    case 0 where !scalars.isEmpty:
      scalars.remove(at: position)
    case 1:
      scalars.insert(Self.alphabet.randomElement(using: &generator)!, at: position)
    case 2 where !scalars.isEmpty:
      scalars[position] = Self.alphabet.randomElement(using: &generator)!
    case 3 where !scalars.isEmpty:  // copy a stretch elsewhere
      let length = Int.random(in: 1...min(40, scalars.count - position), using: &generator)
      let piece = scalars[position..<(position + length)]
      scalars.insert(contentsOf: piece, at: Int.random(in: 0...scalars.count, using: &generator))
    case 4 where !scalars.isEmpty:  // cut a stretch
      let length = Int.random(in: 1...min(20, scalars.count - position), using: &generator)
      scalars.removeSubrange(position..<(position + length))
    default:  // cut the file after a line
      if let newline = scalars[position...].firstIndex(of: "\n") { scalars.removeSubrange(newline...) }
    }
  }
}

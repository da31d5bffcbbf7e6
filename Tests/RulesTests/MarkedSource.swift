import XCTest
@testable import Rules

/// Rule-file text with location markers (`1️⃣`, `2️⃣`, ...) placed where a diagnostic is expected;
/// the markers are removed before parsing and remembered as 1-based line and column.
struct MarkedSource {
  let text: String
  private(set) var locations: [String: (line: Int, column: Int)] = [:]

  static let markers: [Character] = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

  init(_ marked: String) {
    var text = ""
    var line = 1, column = 1
    for character in marked {
      if Self.markers.contains(character) {
        locations[String(character)] = (line, column)
        continue
      }
      text.append(character)
      if character == "\n" {
        line += 1
        column = 1
      } else {
        column += character.unicodeScalars.count
      }
    }
    self.text = text
  }

  func location(_ marker: String) -> (line: Int, column: Int) {
    guard let location = locations[marker] else { fatalError("marker \(marker) not in the source") }
    return location
  }
}

/// Parses marked text that must fail and returns its diagnostics.
func diagnostics(of source: MarkedSource, path: String = "test.rules", extraGestures: Set<String> = [],
                 file: StaticString = #filePath, line: UInt = #line) -> [Diagnostic] {
  do {
    let ruleFile = try RuleFile.parse(source.text, path: path, extraGestures: extraGestures)
    return ruleFile.warnings
  } catch {
    return error.diagnostics
  }
}

/// Asserts that parsing `marked` gives a diagnostic of `severity` at `marker` whose message
/// contains `message` and, when given, one note containing `note`.
func assertDiagnostic(_ marked: String, at marker: String = "1️⃣", _ severity: Diagnostic.Severity = .error,
                      message: String, note: String? = nil, extraGestures: Set<String> = [],
                      file: StaticString = #filePath, line: UInt = #line) {
  let source = MarkedSource(marked)
  let expected = source.location(marker)
  let found = diagnostics(of: source, extraGestures: extraGestures)
  let atLocation = found.filter { $0.line == expected.line && $0.column == expected.column && $0.severity == severity }
  guard let match = atLocation.first(where: { $0.message.contains(message) }) else {
    XCTFail("no \(severity) containing \"\(message)\" at \(expected.line):\(expected.column); got:\n"
            + found.map(\.description).joined(separator: "\n"), file: file, line: line)
    return
  }
  if let note, !match.notes.contains(where: { $0.contains(note) }) {
    XCTFail("no note containing \"\(note)\" in:\n\(match)", file: file, line: line)
  }
}

/// One token of a rule file, with its 1-based position.
struct RuleToken: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    /// A bare or quoted word: a keyword, name, option, path or command argument.
    case word
    /// `->` between the trigger and the action (only the first one on a line).
    case arrow
    /// `[` opening a section header (first thing on its line).
    case sectionOpen
    /// `]` closing a section header.
    case sectionClose
  }

  var kind: Kind
  /// The text after quote removal (`"a b"` gives `a b`).
  var text: String
  var line: Int
  var column: Int
  /// The column just past the token's last character.
  var endColumn: Int
  /// Whether any part of the word was quoted: quoted words are never options (`"a=b"` is a word).
  var quoted: Bool

  /// Whether this is an unquoted `name=value` word; `name` must be a simple lowercase name.
  var option: (name: String, value: String, valueColumn: Int)? {
    guard kind == .word, !quoted, let equals = text.firstIndex(of: "=") else { return nil }
    let name = String(text[..<equals])
    guard !name.isEmpty, name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || $0 == "_" }) else { return nil }
    return (name, String(text[text.index(after: equals)...]), column + name.unicodeScalars.count + 1)
  }
}

/// The tokens of one line that holds something other than blanks and comments.
struct RuleLine: Sendable {
  /// 1-based line number.
  var number: Int
  var tokens: [RuleToken]
  /// The column just past the line's last token (where a missing piece would go).
  var endColumn: Int
}

/// Splits a rule file into lines of tokens.
///
/// Input: the file's text. Output: the non-empty lines, each with its tokens, and diagnostics for
/// what cannot be tokenised (an unterminated quote, a control character); such a line is left
/// out so the parser does not report it twice.
///
/// Rules: blanks (space, tab) separate words; `#` at the start of a word starts a comment that runs
/// to the end of the line; `"..."` and `'...'` group words (inside double quotes `\"` and `\\`
/// escape; single quotes take everything literally); a line whose first character is `[` is a
/// section header, where `]` closes the header; the first `->` on a line is an arrow even when not
/// surrounded by blanks.
struct RuleLexer {
  let path: String

  func tokenize(_ text: String) -> (lines: [RuleLine], diagnostics: [Diagnostic]) {
    var lines: [RuleLine] = []
    var diagnostics: [Diagnostic] = []
    var number = 0
    // Split on scalars: as Characters, "\r\n" is one grapheme and would not split on "\n".
    for rawLine in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      var scalars = Array(rawLine)
      if scalars.last == "\r" { scalars.removeLast() }
      if number == 1, scalars.first == "\u{FEFF}" { scalars[0] = " " }
      switch tokenizeLine(scalars, number: number) {
      case .line(let line):
        if !line.tokens.isEmpty { lines.append(line) }
      case .failed(let diagnostic):
        diagnostics.append(diagnostic)
      }
    }
    return (lines, diagnostics)
  }

  private enum LineOutcome {
    case line(RuleLine)
    case failed(Diagnostic)
  }

  private func tokenizeLine(_ s: [Unicode.Scalar], number: Int) -> LineOutcome {
    var tokens: [RuleToken] = []
    let isSection = s.first(where: { $0 != " " && $0 != "\t" }) == "["
    var arrowSeen = false
    var i = 0
    func fail(_ column: Int, _ message: String, _ notes: [String] = []) -> LineOutcome {
      .failed(Diagnostic(severity: .error, path: path, line: number, column: column, message: message, notes: notes))
    }
    func isArrow(at index: Int) -> Bool { !arrowSeen && !isSection && s[index] == "-" && index + 1 < s.count && s[index + 1] == ">" }

    while i < s.count {
      let c = s[i]
      if c == " " || c == "\t" { i += 1; continue }
      if c == "#" { break }
      if isSection && c == "[" && tokens.isEmpty {
        tokens.append(RuleToken(kind: .sectionOpen, text: "[", line: number, column: i + 1, endColumn: i + 2, quoted: false))
        i += 1
        continue
      }
      if isSection && c == "]" {
        tokens.append(RuleToken(kind: .sectionClose, text: "]", line: number, column: i + 1, endColumn: i + 2, quoted: false))
        i += 1
        continue
      }
      if isArrow(at: i) {
        tokens.append(RuleToken(kind: .arrow, text: "->", line: number, column: i + 1, endColumn: i + 3, quoted: false))
        arrowSeen = true
        i += 2
        continue
      }
      let start = i
      var text = String.UnicodeScalarView()
      var quoted = false
      var depth = 0
      word: while i < s.count {
        let c = s[i]
        switch c {
        case " ", "\t":
          break word
        case "\"", "'":
          quoted = true
          let open = i
          i += 1
          var closed = false
          while i < s.count {
            if s[i] == c { closed = true; i += 1; break }
            if c == "\"" && s[i] == "\\" && i + 1 < s.count && (s[i + 1] == "\"" || s[i + 1] == "\\") { i += 1 }
            if s[i] != "\t", let failure = controlCharacter(s[i], column: i + 1, fail: fail) { return failure }
            text.append(s[i])
            i += 1
          }
          if !closed {
            return fail(open + 1, "unterminated quote: this \(c == "\"" ? "double" : "single") quote has no closing \(c) on the same line",
                        ["quotes group words on one line; close it with \(c)"])
          }
        case "[" where isSection:
          depth += 1
          text.append(c)
          i += 1
        case "]" where isSection:
          if depth == 0 { break word }
          depth -= 1
          text.append(c)
          i += 1
        default:
          if isArrow(at: i) { break word }
          if let failure = controlCharacter(c, column: i + 1, fail: fail) { return failure }
          text.append(c)
          i += 1
        }
      }
      tokens.append(RuleToken(kind: .word, text: String(text), line: number, column: start + 1, endColumn: i + 1, quoted: quoted))
    }
    return .line(RuleLine(number: number, tokens: tokens, endColumn: tokens.last?.endColumn ?? 1))
  }

  private func controlCharacter(_ c: Unicode.Scalar, column: Int,
                                fail: (Int, String, [String]) -> LineOutcome) -> LineOutcome? {
    guard c.value < 0x20 || c.value == 0x7f else { return nil }
    let code = "U+" + String(c.value, radix: 16, uppercase: true).leftPadded(to: 4)
    return fail(column, "unexpected control character \(code)", ["a rule file is plain text; remove the character"])
  }
}

extension String {
  /// The string with zeros in front up to `width` characters.
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}

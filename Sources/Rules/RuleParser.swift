import Foundation
import Gestures

/// Turns the lexer's lines into settings and rules, collecting every diagnostic on the way.
///
/// Input: tokenised lines. Output: `RuleSettings`, `[Rule]` and diagnostics (errors and
/// warnings, in line order). A line with an error still gets checked to its end where that makes
/// sense, so one run reports as much as possible without repeating itself.
struct RuleParser {
  let path: String
  /// Every gesture name a rule may use: the built-ins plus the caller's custom labels.
  let gestures: Set<String>
  /// Custom labels given by the caller (loaded classifiers).
  let extraGestures: Set<String>

  private(set) var settings = RuleSettings()
  private(set) var rules: [Rule] = []
  private(set) var diagnostics: [Diagnostic] = []

  private var scope: RuleScope = .global
  private var section = 0
  private var settingLines: [String: Int] = [:]
  /// Whether the file sets a classifier (for the hint on unknown gestures).
  var declaresClassifier = false

  init(path: String, extraGestures: Set<String>) {
    self.path = path
    self.extraGestures = extraGestures
    self.gestures = Set(GestureName.builtInPoses + GestureName.builtInActions).union(extraGestures)
  }

  mutating func parse(_ lines: [RuleLine]) {
    declaresClassifier = lines.contains { $0.tokens.count > 1 && $0.tokens[0].text == "set" && $0.tokens[1].text == "classifier" }
    for line in lines {
      let first = line.tokens[0]
      switch first.kind {
      case .sectionOpen:
        parseSection(line)
      case .arrow:
        error(first, "missing hand and gesture before '->'", ["a rule reads: HAND GESTURE [OPTIONS] -> ACTION, like right swipe_left -> key Right"])
      case .word where first.text == "set" && !first.quoted:
        parseSetting(line)
      default:
        parseRule(line)
      }
    }
    reportUnreachableRules()
    diagnostics.sort { ($0.line, $0.column) < ($1.line, $1.column) }
  }

  // MARK: diagnostics

  mutating func error(_ token: RuleToken, _ message: String, _ notes: [String?] = []) {
    error(line: token.line, column: token.column, message, notes)
  }

  mutating func error(line: Int, column: Int, _ message: String, _ notes: [String?] = []) {
    diagnostics.append(Diagnostic(severity: .error, path: path, line: line, column: column, message: message, notes: notes.compactMap { $0 }))
  }

  mutating func warning(_ token: RuleToken, _ message: String, _ notes: [String?] = []) {
    diagnostics.append(Diagnostic(severity: .warning, path: path, line: token.line, column: token.column, message: message, notes: notes.compactMap { $0 }))
  }

  // MARK: sections

  private mutating func parseSection(_ line: RuleLine) {
    section += 1
    scope = .apps([])  // until the header proves good, rules below are checked but scoped nowhere
    let tokens = line.tokens
    guard let closing = tokens.firstIndex(where: { $0.kind == .sectionClose }) else {
      error(line: line.number, column: line.endColumn, "missing ']' at the end of the section header")
      return
    }
    if closing + 1 < tokens.count {
      error(tokens[closing + 1], "unexpected \(quoted(tokens[closing + 1].text)) after ']'", ["a section header stands alone on its line"])
    }
    let words = tokens[1..<closing]
    guard let keyword = words.first else {
      error(tokens[closing], "empty section header", ["sections are [global] and [app GLOB...]"])
      return
    }
    switch keyword.text {
    case "global":
      if words.count > 1 {
        error(words[words.startIndex + 1], "[global] takes no window classes", ["to limit rules to some windows write [app \(words.dropFirst().map(\.text).joined(separator: " "))]"])
      }
      scope = .global
    case "app":
      let globs = words.dropFirst()
      guard !globs.isEmpty else {
        error(tokens[closing], "[app] needs at least one window class glob, like [app firefox]", ["`xprop WM_CLASS` shows a window's class; click the window after running it"])
        return
      }
      var patterns: [WindowPattern] = []
      for glob in globs { patterns.append(windowPattern(glob)) }
      scope = .apps(patterns)
    default:
      error(keyword, "unknown section \(quoted(keyword.text))", hint(
        Suggestion.note(for: keyword.text, in: ["global", "app"]),
        else: "sections are [global] and [app GLOB...]; for the windows of \(quoted(keyword.text)) write [app \(keyword.text)]"))
    }
  }

  /// One word of an `[app]` header: `title=GLOB` (the glob may be quoted: titles hold blanks)
  /// or a WM_CLASS glob.
  private mutating func windowPattern(_ word: RuleToken) -> WindowPattern {
    let titlePrefix = "title="
    guard word.text.hasPrefix(titlePrefix) else {
      if word.text.isEmpty { error(word, "empty window class glob") }
      return .windowClass(word.text)
    }
    let glob = String(word.text.dropFirst(titlePrefix.count))
    if glob.isEmpty {
      error(word, "empty title glob", ["`xprop _NET_WM_NAME` shows a window's title; a glob such as title=\"* - Google Slides*\" matches part of it"])
    }
    return .title(glob)
  }

  // MARK: settings

  private mutating func parseSetting(_ line: RuleLine) {
    let tokens = line.tokens
    if case .apps = scope {
      warning(tokens[0], "settings apply to the whole file, not only to the [app] section above")
    }
    if let arrow = tokens.first(where: { $0.kind != .word }) {
      error(arrow, "unexpected \(quoted(arrow.text)) in a setting", ["a setting reads: set NAME VALUE"])
      return
    }
    guard tokens.count > 1 else {
      error(line: line.number, column: line.endColumn, "set needs a setting name and a value, like set camera /dev/video0")
      return
    }
    let nameToken = tokens[1]
    guard let spec = SettingSpec.named(nameToken.text) else {
      error(nameToken, "unknown setting \(quoted(nameToken.text))", hint(
        Suggestion.note(for: nameToken.text, in: SettingSpec.all.map(\.name)),
        else: "settings are " + SettingSpec.all.map(\.name).joined(separator: ", ")))
      return
    }
    guard tokens.count > 2 else {
      error(line: line.number, column: line.endColumn, "\(quoted(spec.name)) needs a value: \(spec.expectation)")
      return
    }
    if tokens.count > 3 {
      error(tokens[3], "set takes one value; quote a value that holds spaces")
    }
    if !spec.repeats {
      if let earlier = settingLines[spec.name] {
        warning(nameToken, "\(quoted(spec.name)) is set again; this value replaces the one on line \(earlier)")
      }
      settingLines[spec.name] = line.number
    }
    assign(spec, tokens[2])
  }

  private mutating func assign(_ spec: SettingSpec, _ token: RuleToken) {
    let text = token.text
    func bad(_ notes: [String?] = []) {
      error(token, "\(quoted(spec.name)) needs \(spec.expectation), not \(quoted(text))", notes)
    }
    switch spec.kind {
    case .bool:
      guard text == "true" || text == "false" else {
        return bad([["yes", "on", "1"].contains(text.lowercased()) ? "write true" : ["no", "off", "0"].contains(text.lowercased()) ? "write false" : nil])
      }
      switch spec.name {
      case "mirrored": settings.mirrored = text == "true"
      case "notify_pause": settings.notifyPause = text == "true"
      default: settings.preview = text == "true"
      }
    case .integer(let range):
      guard let number = Int(text), range.contains(number) else { return bad() }
      if spec.name == "max_hands" { settings.maxHands = number } else { settings.threads = number }
    case .gesture:
      // GestureSettings checks the value: its table holds the names and ranges.
      let plain = text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || $0 == "." || $0 == "-" || $0 == "+" }
      guard plain, let number = Double(text), (try? settings.gestures.set(spec.name, to: number)) != nil else { return bad() }
      if !settings.gestureNamesSet.contains(spec.name) { settings.gestureNamesSet.append(spec.name) }
    case .choice(let choices):
      guard let model = RuleSettings.ModelVariant(rawValue: text) else { return bad([Suggestion.note(for: text, in: choices)]) }
      settings.model = model
    case .camera:
      if text.hasPrefix("/") {
        settings.camera = .path(text)
      } else if let index = Int(text), index >= 0, text.allSatisfy(\.isASCII) {
        settings.camera = .index(index)
      } else {
        bad([text.hasPrefix("video") ? "did you mean \(quoted("/dev/" + text))?" : nil])
      }
    case .path:
      guard !text.isEmpty else { return bad() }
      settings.classifiers.append(RuleFile.resolve(text, relativeTo: path))
    }
  }

  // MARK: unreachable rules

  /// Warns about a rule that an earlier rule of the same section always takes over: same gesture
  /// and the same hand (or `any` before `left`/`right`). The matcher fires only the first.
  private mutating func reportUnreachableRules() {
    var earlier: [String: [HandSelector: Rule]] = [:]  // first rule per section+gesture and hand
    for (index, rule) in rules.enumerated() {
      let key = "\(rule.section) \(rule.gesture)"
      let shadow = earlier[key]?[rule.hand] ?? (rule.hand == .both ? nil : earlier[key]?[.any])
      if earlier[key]?[rule.hand] == nil { earlier[key, default: [:]][rule.hand] = rule }
      guard let shadow else { continue }
      diagnostics.append(Diagnostic(
        severity: .warning, path: path, line: rule.line, column: ruleColumns[index],
        message: "this rule is never reached: \(path):\(shadow.line) matches first",
        notes: ["in one section only the first rule for a hand and gesture fires; merge the two or delete one"]))
    }
  }

  /// Column of each rule's first token, parallel to `rules`.
  var ruleColumns: [Int] = []

  mutating func append(_ rule: Rule, column: Int) {
    var rule = rule
    rule.scope = scope
    rule.section = section
    rules.append(rule)
    ruleColumns.append(column)
  }

  func quoted(_ text: String) -> String { "\"\(text)\"" }

  /// The "did you mean" note when there is a close name, else the list of what is allowed.
  func hint(_ suggestion: String?, else fallback: String) -> [String?] { [suggestion ?? fallback] }
}

import Foundation

/// A parsed rule file: the agent's settings and the rules, in file order.
///
/// ```
/// set mirrored false
/// [global]
/// right swipe_left                     -> key Right
/// any   open_palm hold=0.5s cooldown=2s -> key XF86AudioPlay
/// [app soffice* evince]
/// right swipe_left                     -> key Next
/// ```
/// The format is described in docs/rules.md.
public struct RuleFile: Sendable, Equatable {
  /// The path the file was read from (or the name given to `parse`).
  public var path: String
  public var settings: RuleSettings
  /// The rules in file order.
  public var rules: [Rule]
  /// Findings that did not stop the file from loading (e.g. a rule that is never reached).
  public var warnings: [Diagnostic]

  public init(path: String, settings: RuleSettings = RuleSettings(), rules: [Rule] = [], warnings: [Diagnostic] = []) {
    self.path = path
    self.settings = settings
    self.rules = rules
    self.warnings = warnings
  }

  /// Parses rule-file text.
  ///
  /// - Parameters:
  ///   - text: the file's contents.
  ///   - path: the file's path, used in diagnostics and to resolve relative `classifier` paths.
  ///   - extraGestures: labels of the custom classifiers the caller has loaded; they join the
  ///     built-in gesture names.
  /// - Throws: `RuleFileError` with every diagnostic when there is at least one error.
  public static func parse(_ text: String, path: String, extraGestures: Set<String> = []) throws(RuleFileError) -> RuleFile {
    let (lines, lexerDiagnostics) = RuleLexer(path: path).tokenize(text)
    var parser = RuleParser(path: path, extraGestures: extraGestures)
    parser.parse(lines)
    let diagnostics = (lexerDiagnostics + parser.diagnostics).sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    guard !diagnostics.contains(where: { $0.severity == .error }) else {
      throw RuleFileError(path: path, diagnostics: diagnostics)
    }
    return RuleFile(path: path, settings: parser.settings, rules: parser.rules, warnings: diagnostics)
  }

  /// The classifier files a rule file loads (`set classifier FILE` lines, resolved like
  /// `RuleSettings.classifiers`), read without checking the rest of the file: the agent loads
  /// them first to learn the custom gesture names it then passes to `parse` as `extraGestures`.
  public static func classifierPaths(in text: String, path: String) -> [String] {
    RuleLexer(path: path).tokenize(text).lines.compactMap { line in
      let words = line.tokens
      guard words.count == 3, words.allSatisfy({ $0.kind == .word }), words[0].text == "set",
            words[1].text == "classifier", !words[2].text.isEmpty else { return nil }
      return resolve(words[2].text, relativeTo: path)
    }
  }

  /// A path from the rule file with `~/` expanded to the home folder and a relative path taken
  /// relative to the rule file's folder.
  static func resolve(_ text: String, relativeTo ruleFile: String) -> String {
    if text == "~" || text.hasPrefix("~/") {
      let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
      return home + text.dropFirst()
    }
    if text.hasPrefix("/") { return text }
    let folder = (ruleFile as NSString).deletingLastPathComponent
    return folder.isEmpty ? text : (folder as NSString).appendingPathComponent(text)
  }
}

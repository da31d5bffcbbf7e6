/// One finding about a rule file: an error (the file is refused) or a warning (the file loads,
/// but something in it is probably not what its author meant).
///
/// Prints like a compiler message, so editors can jump to it:
/// ```
/// rules:3:7: error: unknown gesture "swipe_lft"
/// rules:3:7: note: did you mean "swipe_left"?
/// ```
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
  /// How bad a finding is.
  public enum Severity: String, Sendable, Equatable {
    case error, warning
  }

  public var severity: Severity
  /// The rule file's path as given to the parser (used only for printing).
  public var path: String
  /// 1-based line of the offending text.
  public var line: Int
  /// 1-based column of the offending text, counted in characters (Unicode code points); a tab
  /// counts as one.
  public var column: Int
  /// What is wrong, quoting the input.
  public var message: String
  /// Hints printed after the message as `note:` lines at the same location (e.g. `did you mean
  /// "swipe_left"?`).
  public var notes: [String]

  public init(severity: Severity, path: String, line: Int, column: Int, message: String, notes: [String] = []) {
    self.severity = severity
    self.path = path
    self.line = line
    self.column = column
    self.message = message
    self.notes = notes
  }

  /// `FILE:LINE:COLUMN: error: message`, then one `FILE:LINE:COLUMN: note: hint` line per note.
  public var description: String {
    let location = "\(path):\(line):\(column)"
    var text = "\(location): \(severity.rawValue): \(message)"
    for note in notes { text += "\n\(location): note: \(note)" }
    return text
  }
}

/// A rule file that was refused: every diagnostic found (errors and warnings, in file order).
public struct RuleFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The rule file's path as given to the parser.
  public var path: String
  /// All findings in line order; at least one is an error.
  public var diagnostics: [Diagnostic]

  public init(path: String, diagnostics: [Diagnostic]) {
    self.path = path
    self.diagnostics = diagnostics
  }

  /// Only the errors.
  public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

  /// Every diagnostic, one per line (with its notes), then a count such as `2 errors, 1 warning`.
  public var description: String {
    let lines = diagnostics.map(\.description)
    return (lines + [Diagnostic.summary(of: diagnostics)]).joined(separator: "\n")
  }
}

extension Diagnostic {
  /// A count of errors and warnings for the last line of a report, e.g. `2 errors, 1 warning`.
  public static func summary(of diagnostics: [Diagnostic]) -> String {
    func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.count - errors
    return "\(count(errors, "error")), \(count(warnings, "warning"))"
  }
}

import Rules

/// `gestured check FILE`: validates a rule file and shows how gestured reads it.
struct CheckCommand: Subcommand {
  static let name = "check"
  static let abstract = "Check a rule file and print its rules as gestured understands them."
  static let usage = "[--gesture NAME ...] FILE"
  static let discussion = """
    Reads FILE the way the agent does: the same safety checks (a rule file that its group or other
    users can write, or that another user owns, is refused because it can run commands), the same
    parser, key names resolved to X keysyms.

    With errors, prints every one of them (not just the first) as FILE:LINE:COLUMN: error: ...,
    with note: lines for hints, on standard error, and exits 1. Otherwise prints the settings and
    one line per rule, grouped by section: its line number, hand, gesture, options and action with
    the keysyms it presses; warnings go to standard error; exits 0.

    Custom gestures are the labels of trained classifiers: the check loads the classifiers the
    file names with 'set classifier FILE', as the agent does, and accepts their labels (a model
    that cannot be loaded is an error); --gesture accepts a name without its classifier. The
    format is described in docs/rules.md.

    EXAMPLES:
      gestured check ~/.config/gestured/gestured.rules
      gestured check --gesture rock_on my.rules
    """
  static let options = [
    OptionSpec("--gesture", value: "NAME", help: "A custom gesture label to accept (repeatable)."),
  ]

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
      throw UsageError(arguments.positionals.isEmpty ? "missing rule file" : "check takes one rule file")
    }
    let ruleFile: RuleFile
    do {
      (ruleFile, _) = try RuleFile.loadWithClassifiers(path: path, extraGestures: Set(arguments.all("--gesture")))
    } catch let error as RuleFileError {
      printError(error.description)
      return 1
    } catch {
      printError("error: \(error)")
      return 1
    }
    for line in ruleFile.settings.lines { emit(line) }
    let width = String(ruleFile.rules.map(\.line).max() ?? 0).count
    var section = -1
    for rule in ruleFile.rules {
      if rule.section != section {
        emit(rule.scope.description)
        section = rule.section
      }
      emit("  " + String(rule.line).leftPadded(to: width) + ": " + rule.description)
    }
    if !ruleFile.warnings.isEmpty {
      printError((ruleFile.warnings.map(\.description) + [Diagnostic.summary(of: ruleFile.warnings)]).joined(separator: "\n"))
    }
    emit("\(path): \(ruleFile.rules.count) rule\(ruleFile.rules.count == 1 ? "" : "s"), \(ruleFile.settings.lines.count) setting\(ruleFile.settings.lines.count == 1 ? "" : "s"), no errors")
    return 0
  }
}

extension String {
  /// The string with blanks in front up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

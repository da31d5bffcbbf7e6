import Foundation

/// One option a subcommand accepts. `value` is the placeholder of its argument (`N`, `FILE`), or
/// nil for a flag.
struct OptionSpec {
  let names: [String]
  let value: String?
  let help: String

  init(_ names: String..., value: String? = nil, help: String) {
    self.names = names
    self.value = value
    self.help = help
  }
}

/// A subcommand of `gestured`: it owns its options, usage text and exit status.
protocol Subcommand {
  static var name: String { get }
  /// One line for the OVERVIEW and the list of subcommands.
  static var abstract: String { get }
  /// The USAGE line after `gestured NAME`, e.g. `[--mirrored] IMAGE...`.
  static var usage: String { get }
  /// Paragraphs after the overview: what it prints, conventions, examples.
  static var discussion: String { get }
  static var options: [OptionSpec] { get }
  /// Runs with parsed arguments and returns the exit status.
  static func run(_ arguments: ParsedArguments) throws -> Int32
}

extension Subcommand {
  static var discussion: String { "" }

  static var helpText: String {
    var text = "OVERVIEW: \(abstract)\n"
    if !discussion.isEmpty { text += "\n\(discussion)\n" }
    text += "\nUSAGE: gestured \(name) \(usage)\n\nOPTIONS:\n"
    let rows = options.map { spec -> (String, String) in
      let names = spec.names.joined(separator: ", ")
      return (spec.value.map { "\(names) <\($0)>" } ?? names, spec.help)
    } + [("-h, --help", "Show help information.")]
    let width = min(28, rows.map(\.0.count).max() ?? 0)
    for (left, right) in rows {
      if left.count > width {
        text += "  \(left)\n  \(String(repeating: " ", count: width))  \(right)\n"
      } else {
        text += "  \(left.padding(toLength: width, withPad: " ", startingAt: 0))  \(right)\n"
      }
    }
    return text
  }
}

/// A mistake in how the command was called: printed with the usage line, exit status 64.
struct UsageError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}

/// The arguments of one subcommand after parsing: flags seen, option values in order, and the
/// remaining positional arguments.
struct ParsedArguments {
  private(set) var flags: Set<String> = []
  private(set) var values: [String: [String]] = [:]
  private(set) var positionals: [String] = []
  private(set) var wantsHelp = false

  /// Parses `arguments` against `options`; `--name=value` and `--name value` both work, and `--`
  /// ends the options.
  init(_ arguments: [String], options: [OptionSpec]) throws {
    var index = 0
    func spec(for name: String) -> OptionSpec? { options.first { $0.names.contains(name) } }
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        positionals += arguments[index...]
        break
      }
      if argument == "-h" || argument == "--help" {
        wantsHelp = true
        continue
      }
      guard argument.hasPrefix("-"), argument.count > 1 else {
        positionals.append(argument)
        continue
      }
      var name = argument
      var inline: String? = nil
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      guard let spec = spec(for: name) else { throw UsageError("unknown option '\(name)'") }
      let key = spec.names.last!
      if spec.value == nil {
        if inline != nil { throw UsageError("option '\(name)' takes no value") }
        flags.insert(key)
      } else if let inline {
        values[key, default: []].append(inline)
      } else {
        guard index < arguments.count else { throw UsageError("option '\(name)' needs a value <\(spec.value!)>") }
        values[key, default: []].append(arguments[index])
        index += 1
      }
    }
  }

  /// Whether the flag (by its long name, e.g. `--mirrored`) was given.
  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// The last value of an option, if given.
  func value(_ option: String) -> String? { values[option]?.last }

  /// Every value of a repeatable option.
  func all(_ option: String) -> [String] { values[option] ?? [] }

  /// The value of an option as an integer in `range`, or `fallback` when absent.
  func integer(_ option: String, in range: ClosedRange<Int>, default fallback: Int) throws -> Int {
    guard let text = value(option) else { return fallback }
    guard let number = Int(text), range.contains(number) else {
      throw UsageError("option '\(option)' needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
    }
    return number
  }

  /// The value of an option that must be one of `choices`, or `fallback` when absent.
  func choice(_ option: String, of choices: [String], default fallback: String) throws -> String {
    guard let text = value(option) else { return fallback }
    guard choices.contains(text) else {
      throw UsageError("option '\(option)' must be one of \(choices.joined(separator: ", ")), not '\(text)'")
    }
    return text
  }
}

/// Writes a line to standard output at once (unbuffered), so streaming output reaches a pipe as
/// it happens.
func emit(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Writes a line to standard error.
func printError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}

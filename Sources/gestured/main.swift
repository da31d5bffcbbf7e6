import Foundation
import Rules

/// Entry point: `gestured SUBCOMMAND [options]`. Exit status 0 on success, 1 on a runtime
/// failure, 64 on a usage error.
let overview = """
  OVERVIEW: gestured watches a webcam for hand poses and hand actions and turns them into X11 key
  events or commands, following a rule file you edit.

  USAGE: gestured <subcommand> [options]

  SUBCOMMANDS:
  """

func rootHelp() -> String {
  let width = (subcommands.map { $0.name.count }.max() ?? 0) + 2
  var text = overview + "\n"
  for command in subcommands {
    text += "  \(command.name.padding(toLength: width, withPad: " ", startingAt: 0))\(command.abstract)\n"
  }
  text += "\n  See 'gestured help <subcommand>' for detailed help.\n"
  return text
}

func main() -> Int32 {
  var arguments = Array(CommandLine.arguments.dropFirst())
  guard let first = arguments.first else {
    printError(rootHelp())
    return 64
  }
  if first == "-h" || first == "--help" {
    print(rootHelp(), terminator: "")
    return 0
  }
  if first == "--version" { arguments[0] = VersionCommand.name }
  if first == "help" {
    guard arguments.count > 1 else {
      print(rootHelp(), terminator: "")
      return 0
    }
    guard let command = subcommands.first(where: { $0.name == arguments[1] }) else {
      printError("error: unknown subcommand '\(arguments[1])'\nSee 'gestured --help'.")
      return 64
    }
    print(command.helpText, terminator: "")
    return 0
  }
  guard let command = subcommands.first(where: { $0.name == arguments[0] }) else {
    printError("error: unknown subcommand '\(first)'\nSee 'gestured --help'.")
    return 64
  }
  arguments.removeFirst()
  do {
    let parsed = try ParsedArguments(arguments, options: command.options)
    if parsed.wantsHelp {
      print(command.helpText, terminator: "")
      return 0
    }
    return try command.run(parsed)
  } catch let error as UsageError {
    printError("error: \(error.message)\nUsage: gestured \(command.name) \(command.usage)\nSee 'gestured help \(command.name)'.")
    return 64
  } catch let error as RuleFileError {
    printError("\(error)")  // diagnostics carry their own file:line:column: error: prefixes
    return 1
  } catch {
    printError("gestured \(command.name): error: \(error)")
    return 1
  }
}

exit(main())

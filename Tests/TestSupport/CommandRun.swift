import Foundation

/// The outcome of running a program to its end.
public struct CommandRun {
  public let status: Int32
  public let standardOutput: String
  public let standardError: String

  public init(status: Int32, standardOutput: String, standardError: String) {
    self.status = status
    self.standardOutput = standardOutput
    self.standardError = standardError
  }

  /// Runs `executable` with `arguments`; `environment` entries are added to (or, with a nil
  /// value, removed from) the test's own environment.
  public static func run(_ executable: String, _ arguments: [String],
                         environment: [String: String?] = [:]) throws -> CommandRun {
    try RunningCommand(executable, arguments, environment: environment).wait()
  }

  /// Runs the built `gestured`.
  public static func gestured(_ arguments: [String], environment: [String: String?] = [:]) throws -> CommandRun {
    try run(BuiltProducts.gestured, arguments, environment: environment)
  }
}

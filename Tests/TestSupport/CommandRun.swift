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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes while the program runs, so a chatty program cannot fill one and stall.
    nonisolated(unsafe) var errData = Data()
    let finished = DispatchSemaphore(value: 0)
    Thread {
      errData = err.fileHandleForReading.readDataToEndOfFile()
      finished.signal()
    }.start()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    finished.wait()
    return CommandRun(status: process.terminationStatus,
                      standardOutput: String(decoding: outData, as: UTF8.self),
                      standardError: String(decoding: errData, as: UTF8.self))
  }

  /// Runs the built `gestured`.
  public static func gestured(_ arguments: [String], environment: [String: String?] = [:]) throws -> CommandRun {
    try run(BuiltProducts.gestured, arguments, environment: environment)
  }
}

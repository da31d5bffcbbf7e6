import Foundation

/// A program running in the background while a test talks to it: its output is collected as
/// it arrives, so the test can wait for a line, send a signal, then wait for the end.
public final class RunningCommand: @unchecked Sendable {
  private let process = Process()
  private let lock = NSLock()
  private var output = Data()
  private var errors = Data()
  private let finished = DispatchGroup()

  /// Starts `executable`; `environment` entries are added to (or, with a nil value, removed
  /// from) the test's own environment.
  public init(_ executable: String, _ arguments: [String], environment: [String: String?] = [:]) throws {
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
    collect(out.fileHandleForReading) { self.output.append($0) }
    collect(err.fileHandleForReading) { self.errors.append($0) }
  }

  /// Starts the built `gestured`.
  public static func gestured(_ arguments: [String]) throws -> RunningCommand {
    try RunningCommand(BuiltProducts.gestured, arguments)
  }

  private func collect(_ handle: FileHandle, into append: @escaping @Sendable (Data) -> Void) {
    finished.enter()
    Thread {
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        self.lock.lock()
        append(chunk)
        self.lock.unlock()
      }
      self.finished.leave()
    }.start()
  }

  /// Standard output and standard error so far.
  public var text: (output: String, errors: String) {
    lock.lock()
    defer { lock.unlock() }
    return (String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
  }

  /// Waits until standard output or standard error contains `needle`; false after `timeout` s.
  public func waitFor(_ needle: String, timeout: Double = 30) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let (out, err) = text
      if out.contains(needle) || err.contains(needle) { return true }
      if !process.isRunning && !out.contains(needle) && !err.contains(needle) {
        finished.wait()
        let (o, e) = text
        return o.contains(needle) || e.contains(needle)
      }
      usleep(20_000)
    }
    return false
  }

  public func signal(_ signal: Int32) { kill(process.processIdentifier, signal) }

  /// Waits for the program to end and returns all it printed.
  public func wait() -> CommandRun {
    process.waitUntilExit()
    finished.wait()
    let (out, err) = text
    return CommandRun(status: process.terminationStatus, standardOutput: out, standardError: err)
  }
}

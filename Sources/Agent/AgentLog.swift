import Foundation

/// Where the agent reports what it does: one line per fired rule, reload, warning or error, each
/// starting with the frame time (seconds) it concerns. Errors and warnings go to standard error,
/// the rest to standard output; both are unbuffered, so a journal sees them at once.
public struct AgentLog: Sendable {
  /// Also report gesture events and statistics every ten seconds.
  public var verbose: Bool

  public init(verbose: Bool = false) { self.verbose = verbose }

  public func info(_ message: String, at time: Double? = nil) {
    write(FileHandle.standardOutput, message, time)
  }

  public func detail(_ message: String, at time: Double? = nil) {
    if verbose { write(FileHandle.standardOutput, message, time) }
  }

  public func warning(_ message: String, at time: Double? = nil) {
    write(FileHandle.standardError, "warning: " + message, time)
  }

  public func error(_ message: String, at time: Double? = nil) {
    write(FileHandle.standardError, "error: " + message, time)
  }

  /// Text that carries its own `file:line:column: error:` prefixes (rule file diagnostics).
  public func diagnostics(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
  }

  private func write(_ handle: FileHandle, _ message: String, _ time: Double?) {
    let stamp = time.map { String(format: "[%9.3f] ", $0) } ?? ""
    handle.write(Data((stamp + message + "\n").utf8))
  }
}

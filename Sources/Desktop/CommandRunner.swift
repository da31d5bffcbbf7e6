import Foundation
import Glibc

/// One line about a command, for the agent's log: a line it printed, or what happened to it.
public struct CommandLogLine: Sendable, Equatable, CustomStringConvertible {
  /// Where the line comes from.
  public enum Source: Sendable, Equatable {
    /// The command's standard output or standard error.
    case stdout, stderr
    /// The runner: started, could not start, timed out, exited.
    case runner
  }

  /// The program as given (argv[0]).
  public var program: String
  /// The process id, 0 when it never started.
  public var pid: Int32
  public var source: Source
  public var text: String

  public var description: String {
    let who = pid == 0 ? program : "\(program)[\(pid)]"
    switch source {
    case .stdout: return "\(who): \(text)"
    case .stderr: return "\(who) (stderr): \(text)"
    case .runner: return "\(who) \(text)"
    }
  }
}

/// Runs the programs of `exec` actions without a shell and without ever blocking the frame loop.
///
/// `start` spawns and returns at once; `poll()`, which the agent calls once per frame, reads
/// whatever output is ready (non-blocking pipes, a bounded amount per call), reaps children that
/// ended, and stops those past their timeout: SIGTERM to the command's process group, then SIGKILL
/// `killGrace` seconds later. Everything lands in `log` as lines, on the thread calling `start` and
/// `poll`. Polling from the loop rather than a thread of its own keeps the log calls on the agent's
/// thread and costs nothing while no command runs.
///
/// A program that detaches itself (`setsid -f ...`) leaves the process group and is not stopped;
/// its output is still read until it closes it, so it never dies of a broken pipe.
public final class CommandRunner {
  /// The limits, with their defaults.
  public struct Limits: Sendable {
    /// Seconds a command may run before it is stopped.
    public var timeout: Double = 10
    /// Seconds between SIGTERM and SIGKILL.
    public var killGrace: Double = 2
    /// Lines logged per stream of one command; the rest is counted.
    public var maxLines = 100
    /// Bytes kept of one line; the rest of it is counted.
    public var maxLineBytes = 1000
    /// Bytes read per stream per `poll()` (a chatty command is drained over several frames).
    public var readPerPoll = 256 * 1024
    public init() {}
  }

  private struct Running {
    var program: String
    var pid: pid_t
    var reaped = false
    var timeout: Double
    var deadline: Double
    var killAt = Double.infinity
    /// The two streams: read end (-1 once closed) and its line splitter.
    var streams: [(fd: Int32, lines: OutputLines, source: CommandLogLine.Source)]
  }

  public var limits: Limits
  private let log: (CommandLogLine) -> Void
  private var running: [Running] = []
  private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

  /// A runner that reports every line to `log`.
  public init(limits: Limits = Limits(), log: @escaping (CommandLogLine) -> Void) {
    self.limits = limits
    self.log = log
  }

  deinit { stopAll(grace: 0.5) }

  /// Commands started and not yet finished (reaped, with both streams closed).
  public var activeCount: Int { running.count }

  /// Starts `argv` directly (argv[0] looked up on PATH), with the agent's environment plus
  /// `environment` (such as GESTURED_HAND). Returns the pid, or nil when it could not start, which
  /// is logged ("cannot run: No such file or directory"). `timeout` overrides `limits.timeout`.
  @discardableResult
  public func start(_ argv: [String], environment: [String: String] = [:], timeout: Double? = nil) -> Int32? {
    let program = argv.first ?? ""
    var merged = ProcessInfo.processInfo.environment
    for (name, value) in environment { merged[name] = value }
    let child: ChildProcess
    do {
      child = try ChildProcess.spawn(argv, environment: merged)
    } catch {
      let hint = error.code == ENOENT ? " (is it installed and on PATH?)" : ""
      log(CommandLogLine(program: program, pid: 0, source: .runner,
                         text: "cannot run: \(argv.isEmpty ? "empty command" : error.reason)\(hint)"))
      return nil
    }
    let lines = OutputLines(maxLineBytes: limits.maxLineBytes, maxLines: limits.maxLines)
    let timeout = timeout ?? limits.timeout
    running.append(Running(program: program, pid: child.pid, timeout: timeout,
                           deadline: MonotonicClock.now() + timeout,
                           streams: [(child.stdout, lines, .stdout), (child.stderr, lines, .stderr)]))
    log(CommandLogLine(program: program, pid: child.pid, source: .runner,
                       text: "started: \(argv.joined(separator: " "))"))
    return child.pid
  }

  /// Reads ready output, reaps, enforces timeouts. Never blocks; returns at once when idle.
  public func poll() {
    guard !running.isEmpty else { return }
    let now = MonotonicClock.now()
    for index in running.indices.reversed() {
      drain(&running[index])
      if !running[index].reaped { check(&running[index], now: now) }
      if running[index].reaped && running[index].streams.allSatisfy({ $0.fd < 0 }) {
        running.remove(at: index)
      }
    }
  }

  /// Stops every command (SIGTERM, up to `grace` seconds, then SIGKILL), reaps them and logs
  /// what is left. Blocks for at most about `grace` seconds: for the agent's shutdown.
  public func stopAll(grace: Double = 1) {
    for index in running.indices where !running[index].reaped {
      kill(-running[index].pid, SIGTERM)
    }
    let until = MonotonicClock.now() + grace
    while running.contains(where: { !$0.reaped }) && MonotonicClock.now() < until {
      poll()
      usleep(10_000)
    }
    for index in running.indices where !running[index].reaped {
      kill(-running[index].pid, SIGKILL)
      var status: Int32 = 0
      while waitpid(running[index].pid, &status, 0) < 0 && errno == EINTR {}
      finish(&running[index], status: status)
    }
    for index in running.indices { drain(&running[index], closing: true) }
    running.removeAll()
  }

  // MARK: One command

  /// Reads each open stream up to `readPerPoll` bytes; closes it at end of file.
  private func drain(_ command: inout Running, closing: Bool = false) {
    for s in command.streams.indices where command.streams[s].fd >= 0 {
      var budget = limits.readPerPoll
      var atEnd = false
      while budget > 0 {
        let count = buffer.withUnsafeMutableBytes { read(command.streams[s].fd, $0.baseAddress, min($0.count, budget)) }
        if count > 0 {
          budget -= count
          emit(&command, stream: s) { lines, emit in
            buffer.withUnsafeBufferPointer { lines.feed(UnsafeBufferPointer(rebasing: $0[..<count]), emit: emit) }
          }
        } else if count == 0 {
          atEnd = true
          break
        } else if errno != EINTR {
          atEnd = errno != EAGAIN  // EAGAIN: nothing more for now
          break
        }
      }
      if atEnd || closing {
        emit(&command, stream: s) { lines, emit in lines.finish(emit: emit) }
        close(command.streams[s].fd)
        command.streams[s].fd = -1
        let dropped = command.streams[s].lines.bytesDropped
        if dropped > 0 {
          log(CommandLogLine(program: command.program, pid: command.pid, source: command.streams[s].source,
                             text: "[\(dropped) more bytes not logged]"))
        }
      }
    }
  }

  /// Runs a splitter operation on one stream, logging the lines it produces.
  private func emit(_ command: inout Running, stream s: Int,
                    _ body: (inout OutputLines, (String) -> Void) -> Void) {
    let program = command.program, pid = command.pid, source = command.streams[s].source
    body(&command.streams[s].lines) { text in
      log(CommandLogLine(program: program, pid: pid, source: source, text: text))
    }
  }

  /// Reaps the command if it ended; signals it when past its deadline.
  private func check(_ command: inout Running, now: Double) {
    var status: Int32 = 0
    if waitpid(command.pid, &status, WNOHANG) == command.pid {
      finish(&command, status: status)
    } else if now >= command.killAt {
      kill(-command.pid, SIGKILL)
      command.killAt = .infinity
      log(CommandLogLine(program: command.program, pid: command.pid, source: .runner,
                         text: "still running \(limits.killGrace)s after SIGTERM: sending SIGKILL"))
    } else if now >= command.deadline {
      kill(-command.pid, SIGTERM)  // the pid is ours until reaped, so its group id is too
      log(CommandLogLine(program: command.program, pid: command.pid, source: .runner,
                         text: "timed out after \(command.timeout)s: sending SIGTERM"))
      command.deadline = .infinity
      command.killAt = now + limits.killGrace
    }
  }

  private func finish(_ command: inout Running, status: Int32) {
    command.reaped = true
    log(CommandLogLine(program: command.program, pid: command.pid, source: .runner,
                       text: ChildExit(waitStatus: status).description))
  }
}

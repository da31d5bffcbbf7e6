import Foundation
import SessionBus
import Synchronization

/// `media` and `notify` rules, sent to MPRIS players and the notification daemon on the session
/// bus from a thread of their own: a player that hangs, a bus that is slow or gone never holds up
/// the frame loop. Each call waits at most `timeout` seconds for each reply; its outcome becomes a
/// log line the run loop prints (`takeLogLines`).
///
/// The bus connection is made on the first command and made again after it broke.
final class SessionBusActions: Sendable {
  struct LogLine: Sendable {
    var text: String
    var isWarning: Bool
    var time: Double
  }

  private let queue = DispatchQueue(label: "gestured.media")
  private let state = Mutex<(lines: [LogLine], pending: Int)>(([], 0))
  /// Only used on `queue`.
  private nonisolated(unsafe) var players: MediaPlayers?
  private nonisolated(unsafe) var notifications: Notifications?
  private nonisolated(unsafe) var connection: BusConnection?
  let timeout: Double

  init(timeout: Double = 0.5) {
    self.timeout = timeout
  }

  /// Sends a command; returns at once. Commands go out one after another, in order; while one
  /// waits on a player that does not answer, at most a few more are queued and the rest dropped.
  func send(_ command: MediaCommand, player: String?, step: Double?, rule: Int, at time: Double) {
    enqueue("rule \(rule): media \(command.rawValue)", at: time) { [self] in
      let target = try connected().players.perform(command, player: player, volumeStep: step ?? 0.05, seekStep: step ?? 5)
      return "-> \(target.name)"
    }
  }

  /// Shows a desktop notification (replacing gestured's previous one); returns at once.
  /// `what` names it in the log (`rule 3: notify`, `pause`).
  func notify(_ text: String, what: String, at time: Double) {
    enqueue(what, at: time) { [self] in
      try connected().notifications.show(summary: "gestured", body: text)
      return nil
    }
  }

  /// Runs `work` on the bus thread; at most a few calls wait while one hangs, more are dropped.
  /// Its outcome is logged as `what` followed by what it returned, or by the error.
  private func enqueue(_ what: String, at time: Double, _ work: @escaping @Sendable () throws -> String?) {
    let accepted = state.withLock { state -> Bool in
      guard state.pending < 4 else { return false }
      state.pending += 1
      return true
    }
    guard accepted else {
      note("\(what) dropped: the session bus has not answered the calls before it", warning: true, at: time)
      return
    }
    queue.async { [self] in
      defer { state.withLock { $0.pending -= 1 } }
      do {
        if let outcome = try work() { note("\(what) \(outcome)", warning: false, at: time) }
      } catch {
        if let bus = connection, !bus.isConnected { (connection, players, notifications) = (nil, nil, nil) }
        note("\(what): \(error)", warning: true, at: time)
      }
    }
  }

  /// The outcomes since the last call, in order.
  func takeLogLines() -> [LogLine] {
    state.withLock { state in
      defer { state.lines.removeAll() }
      return state.lines
    }
  }

  /// Waits (at most `seconds`) for the commands sent so far to be done; for a clean stop.
  func finish(within seconds: Double) {
    let done = DispatchSemaphore(value: 0)
    queue.async { done.signal() }
    _ = done.wait(timeout: .now() + seconds)
  }

  private func connected() throws -> (players: MediaPlayers, notifications: Notifications) {
    if let players, let notifications { return (players, notifications) }
    let bus = try BusConnection()
    let made = (MediaPlayers(bus: bus, timeout: timeout), Notifications(bus: bus, timeout: timeout))
    (connection, players, notifications) = (bus, made.0, made.1)
    return made
  }

  private func note(_ text: String, warning: Bool, at time: Double) {
    state.withLock { $0.lines.append(LogLine(text: text, isWarning: warning, time: time)) }
  }
}

import Foundation
import SessionBus
import Synchronization

/// `media` rules, sent to MPRIS players on the session bus from a thread of their own: a player
/// that hangs, a bus that is slow or gone never holds up the frame loop. Each command waits at
/// most `timeout` seconds for each reply; its outcome becomes a log line the run loop prints
/// (`takeLogLines`).
///
/// The bus connection is made on the first command and made again after it broke.
final class MediaRemote: Sendable {
  struct LogLine: Sendable {
    var text: String
    var isWarning: Bool
    var time: Double
  }

  private let queue = DispatchQueue(label: "gestured.media")
  private let state = Mutex<(lines: [LogLine], pending: Int)>(([], 0))
  /// Only used on `queue`.
  private nonisolated(unsafe) var players: MediaPlayers?
  private nonisolated(unsafe) var connection: BusConnection?
  let timeout: Double

  init(timeout: Double = 0.5) {
    self.timeout = timeout
  }

  /// Sends a command; returns at once. Commands go out one after another, in order; while one
  /// waits on a player that does not answer, at most a few more are queued and the rest dropped.
  func send(_ command: MediaCommand, player: String?, step: Double?, rule: Int, at time: Double) {
    let accepted = state.withLock { state -> Bool in
      guard state.pending < 4 else { return false }
      state.pending += 1
      return true
    }
    guard accepted else {
      note("rule \(rule): media \(command.rawValue) dropped: the media player has not answered the commands before it", warning: true, at: time)
      return
    }
    queue.async { [self] in
      defer { state.withLock { $0.pending -= 1 } }
      do {
        let target = try connectedPlayers().perform(command, player: player, volumeStep: step ?? 0.05, seekStep: step ?? 5)
        note("rule \(rule): media \(command.rawValue) -> \(target.name)", warning: false, at: time)
      } catch {
        if let bus = connection, !bus.isConnected { (connection, players) = (nil, nil) }
        note("rule \(rule): media \(command.rawValue): \(error)", warning: true, at: time)
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

  private func connectedPlayers() throws -> MediaPlayers {
    if let players { return players }
    let bus = try BusConnection()
    let made = MediaPlayers(bus: bus, timeout: timeout)
    (connection, players) = (bus, made)
    return made
  }

  private func note(_ text: String, warning: Bool, at time: Double) {
    state.withLock { $0.lines.append(LogLine(text: text, isWarning: warning, time: time)) }
  }
}

import Foundation
import Synchronization

/// The signals the agent acts on. Their handlers only set a flag and wake the run loop through a
/// pipe (both async-signal-safe); the loop reads the flags and acts.
///
/// SIGHUP reloads the rules, SIGUSR1 toggles pause, SIGTERM and SIGINT stop cleanly.
enum SignalFlags {
  struct Pending: OptionSet {
    let rawValue: UInt32
    static let reload = Pending(rawValue: 1 << 0)
    static let togglePause = Pending(rawValue: 1 << 1)
    static let stop = Pending(rawValue: 1 << 2)
  }

  /// Installs the handlers once and returns the descriptor that becomes readable on a signal.
  static func install() -> Int32 {
    let fd = wake.load(ordering: .acquiring)
    if fd >= 0 { return readEnd.load(ordering: .acquiring) }
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return -1 }
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, O_NONBLOCK)
    }
    readEnd.store(fds[0], ordering: .releasing)
    wake.store(fds[1], ordering: .releasing)
    for signal in [SIGHUP, SIGUSR1, SIGTERM, SIGINT] {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = onSignal
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      sigaction(signal, &action, nil)
    }
    return fds[0]
  }

  /// Takes the signals that arrived since the last call (and drains the wake-up pipe).
  static func take() -> Pending {
    var buffer = [UInt8](repeating: 0, count: 64)
    while read(readEnd.load(ordering: .relaxed), &buffer, buffer.count) > 0 {}
    return Pending(rawValue: pending.exchange(0, ordering: .acquiringAndReleasing))
  }

  fileprivate static let pending = Atomic<UInt32>(0)
  fileprivate static let wake = Atomic<Int32>(-1)
  private static let readEnd = Atomic<Int32>(-1)
}

private func onSignal(_ signal: Int32) {
  let flag: SignalFlags.Pending
  switch signal {
  case SIGHUP: flag = .reload
  case SIGUSR1: flag = .togglePause
  default: flag = .stop
  }
  SignalFlags.pending.bitwiseOr(flag.rawValue, ordering: .acquiringAndReleasing)
  var byte: UInt8 = 1
  _ = write(SignalFlags.wake.load(ordering: .relaxed), &byte, 1)
}

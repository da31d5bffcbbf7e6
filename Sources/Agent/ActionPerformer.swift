import Desktop
import Foundation
import Imaging
import Rules

/// Input: rule firings. Output: what they ask for, done: key combos through XTest, programs run
/// without a shell, snapshots after their delay, pause and resume. With `dryRun`, each action is
/// printed instead (and needs no X server).
final class ActionPerformer {
  let dryRun: Bool
  private let log: AgentLog
  private let keyboard: XTestKeyboard?
  private let runner: CommandRunner
  private let snapshots = SnapshotWriter()
  private var timer = SnapshotTimer()
  private let bus = SessionBusActions()
  /// `set notify_pause true`: a desktop notification when gestured pauses or resumes itself.
  var notifyPause = false

  init(dryRun: Bool, display: XDisplay?, log: AgentLog) throws {
    self.dryRun = dryRun
    self.log = log
    keyboard = try dryRun ? nil : display.map { try XTestKeyboard(display: $0) }
    runner = CommandRunner { line in
      if line.source == .runner { log.warning("\(line)") } else { log.info("\(line)") }
    }
  }

  /// Does what `firing` asks. Pause, resume and toggle were applied by `matcher` as it fired.
  func perform(_ firing: RuleFiring, matcher: RuleMatcher, frameTime: Double) {
    let rule = firing.rule
    let what = "\(rule.action)"
    log.info("rule \(rule.line): \(firing.hand.rawValue) \(firing.gesture) (\(String(format: "%.2f", firing.confidence))) -> \(what)\(dryRun ? "  [dry run]" : "")", at: firing.time)
    switch rule.action {
    case .pause, .resume, .toggle:
      // The matcher has paused or resumed itself as it fired the rule (applying it here again
      // undid a toggle); what is left is to say so.
      announcePause(matcher.isPaused, cause: "\(firing.hand.rawValue) \(firing.gesture)", at: firing.time)
    case .ignore: return
    case .media(let command, let player, let step):
      guard !dryRun else { return }
      bus.send(command, player: player, step: step, rule: rule.line, at: firing.time)
    case .notify(let text):
      guard !dryRun else { return }
      bus.notify(firing.expand(text), what: "rule \(rule.line): notify", at: firing.time)
    case .key(let combos):
      guard !dryRun, let keyboard else { return }
      for combo in combos {
        do { try keyboard.send(modifiers: combo.modifiers, key: combo.key) } catch {
          log.error("rule \(rule.line): key \(combo.text): \(error)", at: firing.time)
        }
      }
    case .exec(let argv):
      guard !dryRun else { return }
      runner.start(argv.map(firing.expand), environment: firing.environment)
    case .snapshot(let path, let delay):
      guard !dryRun else { return }
      timer.schedule(path ?? SnapshotPath.defaultTemplate, at: frameTime + delay)
    }
  }

  /// Once per frame: snapshots that are due are taken of this frame.
  func takeDueSnapshots(of frame: Frame) {
    for template in timer.takeDue(at: frame.timestamp) {
      do {
        let path = try snapshots.write(frame, to: template)
        log.info("snapshot saved to \(path)", at: frame.timestamp)
      } catch {
        log.error("snapshot: \(error)", at: frame.timestamp)
      }
    }
  }

  /// gestured paused or resumed itself (a rule, or SIGUSR1): with `notify_pause`, a notification
  /// says so, naming the cause.
  func announcePause(_ paused: Bool, cause: String, at time: Double) {
    guard notifyPause, !dryRun else { return }
    bus.notify(paused ? "paused (\(cause)); the same again resumes" : "resumed (\(cause))",
               what: paused ? "pause notification" : "resume notification", at: time)
  }

  /// Each turn of the run loop, frame or not: finished programs are reaped and their output
  /// logged; a keycode bound for a rare keysym is given back when idle.
  func poll() {
    runner.poll()
    logBusOutcomes()
    do { try keyboard?.restoreKeymapIfIdle() } catch { log.warning("restoring the keymap: \(error)") }
  }

  /// On stop: keys up, keymap restored, running programs stopped, pending snapshots dropped.
  func stop() {
    keyboard?.releaseAll()
    if !timer.isEmpty { log.warning("pending snapshots not taken: the source ended") }
    timer.cancelAll()
    runner.stopAll()
    bus.finish(within: bus.timeout * 2)
    logBusOutcomes()
  }

  /// Logs what the `media` and `notify` calls did since the last look.
  private func logBusOutcomes() {
    for line in bus.takeLogLines() {
      if line.isWarning { log.warning(line.text, at: line.time) } else { log.info(line.text, at: line.time) }
    }
  }
}

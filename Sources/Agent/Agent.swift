import Capture
import Desktop
import Foundation
import Gestures
import HandPose
import Imaging
import Rules

/// The running agent: frames from a camera or a recording, through the hand pose engine, the
/// gesture stage and the rules, to keys, programs and snapshots.
///
/// One thread does the work; capture runs on its own and hands over the newest frame (a camera)
/// or every frame (a recording). The loop waits on the capture, the X connection and the signal
/// pipe, like sxhkd: signal handlers only set flags. Time is always the frame's capture time.
public final class Agent {
  private let options: AgentOptions
  private let log: AgentLog
  private var watcher: RuleFileWatcher
  private let settings: ResolvedSettings
  private let pipeline: GesturePipeline
  private let capture: CaptureThread
  private let display: XDisplay?
  private let performer: ActionPerformer
  private var preview: PreviewView?
  private var stats = AgentStats()
  /// Becomes readable when a signal arrives.
  private let signals: Int32

  /// Loads the rules, the models and the classifiers, opens the source and (unless this is a dry
  /// run without app sections) the X display. Throws with a message a user can act on.
  public init(options: AgentOptions, log: AgentLog) throws {
    self.options = options
    self.log = log
    // First of all, so that a signal sent while models load is acted on, not fatal.
    signals = SignalFlags.install()
    let rulesPath: String
    if let path = options.rulesPath {
      rulesPath = path
    } else {
      let (path, created) = try RuleFileLocation.userRulesCreatingDefault()
      if created { log.info("created \(path) from the default rules; edit it to choose what your gestures do") }
      rulesPath = path
    }
    let models = try RuleFile.classifiers(named: rulesPath)
    watcher = try RuleFileWatcher(path: rulesPath, extraGestures: RuleFile.gestureLabels(of: models))
    let ruleFile = watcher.ruleFile
    for warning in ruleFile.warnings { log.warning("\(warning)") }
    settings = ResolvedSettings(options, ruleFile.settings)
    pipeline = GesturePipeline(
      detector: try HandPoseDetector(options: settings.engine),
      recognizer: GestureRecognizer(settings: ruleFile.settings.gestures,
                                    mirrored: settings.engine.mirrored, models: models),
      rules: ruleFile.rules)

    let needsX = !options.dryRun || settings.preview || ruleFile.rules.contains { if case .apps = $0.scope { true } else { false } }
    var display: XDisplay? = nil
    do { display = try XDisplay() } catch {
      if needsX && !options.dryRun { throw AgentError("\(error); gestured sends keys to an X11 session") }
      if needsX { log.warning("\(error): [app] sections cannot match without an X display") }
    }
    self.display = display
    performer = try ActionPerformer(dryRun: options.dryRun, display: display, log: log)
    performer.notifyPause = ruleFile.settings.notifyPause ?? false

    let source: any FrameSource
    if let path = options.source {
      var fileOptions = FileSource.Options()
      fileOptions.pacing = options.unpaced ? .asFastAsPossible : .clipRate
      fileOptions.folderFrameRate = options.folderFrameRate
      source = try FileSource.open(path, options: fileOptions)
    } else {
      source = try CameraSource(device: settings.camera, report: { [log] event in log.warning("\(event)") })
    }
    capture = CaptureThread(source: source, policy: options.source == nil ? .newestOnly : .everyFrame)
    if settings.preview {
      preview = try PreviewView(framesAreMirrored: settings.engine.mirrored)
    }
    log.info("gestured: \(ruleFile.rules.count) rules from \(rulesPath); source \(source.name); model \(settings.engine.model.rawValue), \(settings.engine.threads) thread\(settings.engine.threads == 1 ? "" : "s"), up to \(settings.engine.maximumHandCount) hands\(settings.engine.mirrored ? ", mirrored" : "")\(options.dryRun ? "; dry run" : "")")
  }

  /// Runs until the source ends (a recording) or SIGTERM/SIGINT; returns the exit status.
  public func run() -> Int32 {
    capture.start()
    defer {
      performer.stop()
      capture.stop()
      log.info("gestured: stopped; \(stats.summary(capture.counts))")
    }
    var frame = Frame(width: 0, height: 0)
    var lastRulesCheck = -Double.infinity
    var descriptors = [pollfd(fd: capture.readyDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
    if let display { descriptors.append(pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
    while true {
      _ = poll(&descriptors, nfds_t(descriptors.count), 250)
      let pending = SignalFlags.take()
      if pending.contains(.stop) {
        log.info("gestured: stopping (signal)")
        return 0
      }
      if pending.contains(.reload) { apply(watcher.reload()) }
      if pending.contains(.togglePause) {
        pipeline.matcher.setPaused(!pipeline.matcher.isPaused)
        log.info(pipeline.matcher.isPaused ? "paused (SIGUSR1)" : "resumed (SIGUSR1)")
        performer.announcePause(pipeline.matcher.isPaused, cause: "SIGUSR1", at: pipeline.matcher.time.isFinite ? pipeline.matcher.time : 0)
      }
      performer.poll()
      display?.discardPendingEvents()
      if let preview, !preview.handleEvents() {
        log.info("gestured: preview window closed")
        return 0
      }
      let now = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
      if now - lastRulesCheck >= 0.5 {
        lastRulesCheck = now
        apply(watcher.poll())
      }
      do {
        switch try capture.take(into: &frame, timeout: 0) {
        case .frame: process(&frame)
        case .timedOut: continue
        case .ended:
          finish(frame)
          return 0
        }
      } catch {
        log.error("\(error)")
        return 1
      }
    }
  }

  /// One frame through every stage, then what the rules ask for.
  private func process(_ frame: inout Frame) {
    let start = DispatchTime.now().uptimeNanoseconds
    defer { stats.addLoopTime(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) }
    if stats.frames % 5 == 0, let display { focus(Self.windowClass(display.focusedWindowClass()), at: frame.timestamp) }
    let result: GesturePipeline.Result
    do { result = try pipeline.process(frame) } catch {
      log.error("hand pose engine: \(error)", at: frame.timestamp)
      return
    }
    for event in result.events {
      let note: String
      if event.kind == .action {
        note = event.shape.map { ", shape \($0)" } ?? ""
      } else {
        note = event.gesture == GestureName.none ? "" : event.presented ? ", presented" : ", not presented"
      }
      log.detail("\(event.hand.rawValue) \(event.kind.rawValue) \(event.gesture) (\(String(format: "%.2f", event.confidence))\(note))", at: event.time)
      preview?.note(event)
    }
    perform(result.firings, frameTime: frame.timestamp)
    performer.takeDueSnapshots(of: frame)
    stats.add(engine: result.engineSeconds, rest: result.gestureSeconds, palm: pipeline.detector.timings.ranPalmDetection)
    preview?.show(frame, hands: result.hands, framesPerSecond: stats.framesPerSecond(at: frame.timestamp))
    if log.verbose, let line = stats.periodicReport(at: frame.timestamp, capture.counts) { log.detail(line, at: frame.timestamp) }
  }

  /// Tells the rules which window has the focus. `-v` logs each change, quoted as `xprop` shows
  /// it, so a user can see what an `[app]` section's globs must match.
  private func focus(_ window: Rules.WindowClass?, at time: Double) {
    if log.verbose, window != pipeline.matcher.focusedWindow {
      let text = window.map { #""\#($0.instance)", "\#($0.className)""# + ($0.title.isEmpty ? "" : #", title "\#($0.title)""#) }
      log.detail("focused window: " + (text ?? "none"), at: time)
    }
    pipeline.matcher.focus(window)
  }

  private func perform(_ firings: [RuleFiring], frameTime: Double) {
    for firing in firings {
      performer.perform(firing, matcher: pipeline.matcher, frameTime: frameTime)
      preview?.note(firing)
    }
  }

  /// The source ended: actions still in the queues get their last chance.
  private func finish(_ frame: Frame) {
    perform(pipeline.finish(at: frame.timestamp).firings, frameTime: frame.timestamp)
    log.info("gestured: end of \(capture.source.name)", at: frame.timestamp)
  }

  private func apply(_ change: RuleFileWatcher.Change) {
    switch change {
    case .unchanged: break
    case .reloaded(let ruleFile):
      pipeline.matcher.replaceRules(ruleFile.rules)
      performer.notifyPause = ruleFile.settings.notifyPause ?? false
      for warning in ruleFile.warnings { log.warning("\(warning)") }
      pipeline.recognizer.settings = ruleFile.settings.gestures
      if ResolvedSettings(options, ruleFile.settings).engine.model != settings.engine.model
        || ResolvedSettings(options, ruleFile.settings).camera != settings.camera {
        log.warning("camera and model settings take effect when gestured restarts")
      }
      log.info("reloaded \(ruleFile.rules.count) rules from \(ruleFile.path)")
    case .failed(let error):
      if error is RuleFileError { log.diagnostics("\(error)") } else { log.error("\(error)") }
      log.warning("the rules loaded before stay in force")
    }
  }

  private static func windowClass(_ window: Desktop.WindowClass?) -> Rules.WindowClass? {
    window.map { Rules.WindowClass(instance: $0.instance, className: $0.className, title: $0.title) }
  }
}

import Agent
import Desktop
import Capture
import Foundation
import Gestures
import HandPose
import Imaging
import Rules

/// `gestured bench`: what each frame costs, stage by stage, on recorded clips, side by side with
/// MediaPipe Hands when it is installed (`make bench` sets it up).
enum BenchCommand: Subcommand {
  static let name = "bench"
  static let abstract = "Measure per-frame cost and latency on recorded clips, optionally against MediaPipe."
  static let usage = "--source DIR [--fps N] [--repeat N] [--pad-to WxH] [--mediapipe PYTHON --mediapipe-script FILE] [engine options]"
  static let discussion = """
    DIR is a folder of clips (frame folders, like the shared clips) or one clip. Frames are kept
    as JPEG bytes and decoded one at a time (decode is timed on its own); each clip is run
    through the whole pipeline (hand pose engine, gesture stage, rules for the four swipes) from
    a fresh start, --repeat times, with timestamps frame / --fps. With --pad-to, every frame is
    first centred on a black canvas of that size and re-encoded (JPEG quality 95) into a
    temporary folder that both sides read.
    With --mediapipe, MediaPipe Hands runs on the same frames with the same settings (max hands,
    full or lite models) through --mediapipe-script, and every frame is put in a case by what
    MediaPipe saw on it: "no hand", "idle" (no hand on it nor on the 15 frames before: the
    steady state of an agent nobody is gesturing at) and "one hand" (tracked). Without it, by
    what gestured saw.
    Printed per case: median and p90 wall and CPU milliseconds per frame, mean CPU, and
    gestured's CPU ratio to MediaPipe (median for one hand, mean for no hand and the pipeline;
    with one thread also the landmark model's own share, the floor of a one-hand frame); peak
    resident memory of both; the median cost of each stage; and, when an X display is
    available, the time from a frame's arrival (its JPEG bytes, before decoding) to the key
    event of a fired swipe rule, sent through XTest.
    """
  static let options = [
    OptionSpec("--source", value: "DIR", help: "Folder of clips (frame folders), or one clip."),
    OptionSpec("--fps", value: "N", help: "Frame rate for timestamps (default 30)."),
    OptionSpec("--repeat", value: "N", help: "Passes over each clip (default 3)."),
    OptionSpec("--pad-to", value: "WxH", help: "Centre every frame on a black WxH canvas first (letterbox bars, no scaling), e.g. 640x480."),
    OptionSpec("--mediapipe", value: "PYTHON", help: "Python with mediapipe==0.10.14 installed, to time it side by side."),
    OptionSpec("--mediapipe-script", value: "FILE", help: "The timing script (packaging/mediapipe_bench.py)."),
  ] + EngineOptions.specs

  static let swipeRules = """
    any swipe_left -> key Left
    any swipe_right -> key Right
    any swipe_up -> key Up
    any swipe_down -> key Down
    """

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    guard let source = arguments.value("--source") else { throw UsageError("missing --source DIR") }
    let repeats = try arguments.integer("--repeat", in: 1...100, default: 3)
    let fps = Double(try arguments.integer("--fps", in: 1...240, default: 30))
    let options = try EngineOptions.parse(arguments)
    let firstClip = try BenchClip.folders(source)[0]
    let first = try JPEGDecoder().decodeFile(try FrameFolderSource(folder: firstClip).framePaths[0])
    let sourceSize = "\(first.width)x\(first.height)"
    if let size = arguments.value("--pad-to") {
      let parts = size.split(separator: "x").compactMap { Int($0) }
      guard parts.count == 2, (16...7680).contains(parts[0]), (16...4320).contains(parts[1]) else {
        throw UsageError("--pad-to takes WIDTHxHEIGHT, such as 640x480 (got \"\(size)\")")
      }
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-bench-\(getpid())").path
      try? FileManager.default.removeItem(atPath: folder)
      defer { try? FileManager.default.removeItem(atPath: folder) }
      printError("bench: padding the frames to \(parts[0])x\(parts[1])...")
      let clips = try BenchClip.padded(source, width: parts[0], height: parts[1], into: folder)
      return try measure(clips, arguments: arguments, repeats: repeats, fps: fps, options: options,
                         frames: "\(parts[0])x\(parts[1]) (\(sourceSize) padded)")
    }
    return try measure(try BenchClip.load(source), arguments: arguments, repeats: repeats, fps: fps,
                       options: options, frames: sourceSize)
  }

  /// Times both sides on `clips` and prints the report.
  private static func measure(_ clips: [BenchClip], arguments: ParsedArguments, repeats: Int, fps: Double,
                              options: HandPoseOptions, frames: String) throws -> Int32 {
    var reference: MediaPipeTimings? = nil
    if let python = arguments.value("--mediapipe") {
      guard let script = arguments.value("--mediapipe-script") else { throw UsageError("--mediapipe needs --mediapipe-script FILE") }
      printError("bench: timing MediaPipe Hands (\(clips.count) clips x \(repeats))...")
      reference = try MediaPipeTimings.measure(python: python, script: script, clips: clips, options: options, repeats: repeats)
    }

    printError("bench: timing gestured...")
    let keyboard = (try? XDisplay()).flatMap { try? XTestKeyboard(display: $0) }
    let rules = try RuleFile.parse(swipeRules, path: "bench.rules").rules
    let pipeline = GesturePipeline(detector: try HandPoseDetector(options: options),
                                   recognizer: GestureRecognizer(mirrored: options.mirrored), rules: rules)
    let decoder = JPEGDecoder()
    var frame = Frame(width: 0, height: 0)
    var report = BenchReport()
    for _ in 0..<repeats {
      for clip in clips {
        pipeline.reset()
        var quiet = 0
        for (index, bytes) in clip.frames.enumerated() {
          let arrival = Clock.now()
          try bytes.withUnsafeBytes { try decoder.decode($0, into: &frame, source: clip.name) }
          frame.timestamp = Double(index) / fps
          let decoded = Clock.now()
          let cpu = Clock.cpu()
          let result = try pipeline.process(frame)
          let spentCPU = Clock.cpu() - cpu
          let hands = reference?.hands(clip: clip.name, frame: index) ?? result.hands.count
          quiet = hands == 0 ? quiet + 1 : 0
          let engineCPU = max(0, spentCPU - result.gestureSeconds)
          report.add(hands: hands, idle: quiet > BenchReport.idleFrames, engine: (result.engineSeconds, engineCPU),
                     pipeline: (result.engineSeconds + result.gestureSeconds, spentCPU),
                     decode: decoded - arrival, timings: pipeline.detector.timings, gestures: result.gestureSeconds)
          for firing in result.firings {
            guard case .key(let combos) = firing.rule.action, let keyboard else { continue }
            for combo in combos { try keyboard.send(modifiers: combo.modifiers, key: combo.key) }
            report.latencies.append(Clock.now() - arrival)
          }
        }
      }
    }
    keyboard?.releaseAll()
    print(report.text(clips: clips, frames: frames, repeats: repeats, fps: fps, options: options,
                      reference: reference, keys: keyboard != nil))
    return 0
  }
}

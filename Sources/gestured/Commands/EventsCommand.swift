import Capture
import Foundation
import Gestures
import HandPose
import Imaging

/// `gestured events --source PATH`: the gesture events of a recording, as JSON lines.
enum EventsCommand: Subcommand {
  static let name = "events"
  static let abstract = "Print the gesture events (poses and actions) of a recording as JSON lines."
  static let usage = "--source PATH [--fps N] [--mirrored] [--classifier MODEL ...] [--rules FILE] [--max-hands N] [--model full|lite] [--threads N]"
  static let discussion = """
    Reads a recording as fast as it decodes (a folder of JPEG frames, a .y4m file, or a video
    through ffmpeg), follows the hands frame to frame and runs the gesture stage on them, as the
    agent does. Prints one JSON line per gesture event:
      {"time", "frame", "hand", "kind": "pose"|"action", "gesture", "confidence"}
    A pose event when a hand's confirmed pose changes (to "none" too), an action event when an
    action fires. "time" is the frame's time in the recording in seconds, "frame" its index,
    "hand" the person's real hand; directions of actions are the user's, as in a mirror (on an
    un-mirrored recording a hand moving toward the image's left is swipe_right). Pose events say
    whether the hand "presented" the pose; actions name the "shape" the hand showed as they began
    (the pose a rule's shape= option asks for), when one was recognised. Pass --mirrored
    for selfie-view recordings. At the end of the recording each hand's action queue is looked
    at a last time.
    --model chooses the hand model (full or lite); trained models are given with --classifier.
    --rules takes the gesture settings (pose_confirm_frames, action_window, ...) and the
    classifiers from a rule file's 'set' lines; the engine options come from the command line.
    Unreadable frames are skipped and counted on standard error.

    EXAMPLES:
      gestured events --source ~/gestures/actions/swipe_left/000
      gestured events --source talk.mp4 --mirrored --classifier my-poses.json
    """
  static let options = [
    OptionSpec("--source", value: "PATH", help: "The recording: a frame folder, a .y4m file, or a video (ffmpeg)."),
    OptionSpec("--fps", value: "N", help: "Frame rate of a frame folder, for times (default 25)."),
  ] + EngineOptions.specs + [GestureOptions.classifier, GestureOptions.rules]

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    guard let path = arguments.value("--source") else { throw UsageError("missing --source PATH") }
    guard arguments.positionals.isEmpty else { throw UsageError("unexpected argument '\(arguments.positionals[0])'") }
    let fps = Double(try arguments.integer("--fps", in: 1...240, default: 25))
    let engine = try EngineOptions.parse(arguments)
    let (settings, models) = try GestureOptions.parse(arguments)
    let detector = try HandPoseDetector(options: engine)
    var recognizer = GestureRecognizer(settings: settings, mirrored: engine.mirrored, models: models)
    let source = try FileSource.open(path, options: FileSource.Options(pacing: .asFastAsPossible, folderFrameRate: fps))
    defer { source.close() }
    let rate = source.frameRate ?? fps
    var frame = Frame(width: 0, height: 0)
    var motion = MotionTrail()
    var index = -1
    var counts = (frames: 0, poses: 0, actions: 0)
    func report(_ events: [GestureEvent]) {
      for event in events {
        emit(HandJSON.event(event))
        if event.kind == .pose { counts.poses += 1 } else if event.kind == .action { counts.actions += 1 }
      }
    }
    while try source.read(into: &frame) {
      // The frame's index in the recording: skipped frames leave their gap, as in the times.
      index = max(index + 1, Int((frame.timestamp * rate).rounded()))
      counts.frames += 1
      let hands = try detector.track(frame)
      recognizer.watch(frame, hands: hands, in: &motion)
      report(recognizer.process(hands, time: frame.timestamp, frame: index,
                                aspectRatio: Double(frame.width) / Double(max(frame.height, 1)), motion: motion))
    }
    report(recognizer.finish(time: frame.timestamp, frame: max(index, 0)))
    let skipped = source.counts.skipped
    if skipped > 0 {
      printError("gestured events: \(skipped) frame\(skipped == 1 ? "" : "s") skipped; the last: \(source.counts.lastSkipReason ?? "unreadable")")
    }
    printError("gestured events: \(counts.frames) frames, \(counts.poses) pose event\(counts.poses == 1 ? "" : "s"), \(counts.actions) action\(counts.actions == 1 ? "" : "s")")
    return 0
  }
}

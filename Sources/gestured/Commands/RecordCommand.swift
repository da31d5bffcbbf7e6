import Capture
import Foundation
import Gestures
import Imaging

/// `gestured record LABEL --dir DIR`: training examples from the camera, in the layout
/// `gestured train` reads.
enum RecordCommand: Subcommand {
  static let name = "record"
  static let abstract = "Record training examples of one gesture from the camera (clips or photos)."
  static let usage = "LABEL --dir DIR [--photo] [--takes N] [--seconds S] [--countdown S] [--camera DEV | --source PATH]"
  static let discussion = """
    Each take starts after a countdown printed on standard output, then records one clip (a
    folder of JPEG frames, --seconds long, for 'gestured train actions') or, with --photo, one
    photo (for 'gestured train poses'). Takes are numbered after those already in the folder,
    so running it again adds examples:
      DIR/LABEL/000/0000.jpg, 0001.jpg, ...   clips
      DIR/LABEL/000.jpg, 001.jpg, ...         photos
    Frames are stored as the camera delivers them (not mirrored). LABEL is a gesture name in
    lower_snake_case; record 'none' examples too (no hand, or a hand doing nothing in particular).
    --source PATH records from a clip (frame folder, .y4m, or a video through ffmpeg) instead of
    the camera, at the clip's rate.
    Exit status: 0 when every take was recorded, 1 when the camera failed or the clip ended first.
    """
  static let options = [
    OptionSpec("--dir", value: "DIR", help: "The training folder; examples go into DIR/LABEL/."),
    OptionSpec("--photo", help: "One photo per take instead of a clip."),
    OptionSpec("--takes", value: "N", help: "How many takes (default 5)."),
    OptionSpec("--seconds", value: "S", help: "Length of each clip in seconds (default 3: 45 poses sampled every 2nd frame at 30 fps)."),
    OptionSpec("--countdown", value: "S", help: "Seconds of countdown before each take (default 3; 0 for none)."),
    OptionSpec("--camera", value: "DEV", help: "The camera, a path or an index (default 0, /dev/video0)."),
    OptionSpec("--source", value: "PATH", help: "Record from a clip instead of the camera."),
  ]

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    guard let label = arguments.positionals.first else { throw UsageError("missing LABEL (the gesture name)") }
    guard arguments.positionals.count == 1 else { throw UsageError("unexpected argument '\(arguments.positionals[1])'") }
    guard GestureName.isValid(label) else {
      throw UsageError("LABEL must be a gesture name in lower_snake_case (like thumbs_up), not '\(label)'")
    }
    guard let dir = arguments.value("--dir") else { throw UsageError("missing --dir DIR") }
    if arguments.value("--camera") != nil && arguments.value("--source") != nil {
      throw UsageError("give --camera or --source, not both")
    }
    let takes = try arguments.integer("--takes", in: 1...1000, default: 5)
    let seconds = try decimal(arguments, "--seconds", in: 0.1...60, default: 3)
    let countdown = try arguments.integer("--countdown", in: 0...60, default: 3)
    let photo = arguments.has("--photo")

    let folder = URL(fileURLWithPath: dir).appendingPathComponent(label)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let source: any FrameSource
    let live: Bool
    if let path = arguments.value("--source") {
      source = try FileSource.open(path)
      live = false
    } else {
      source = try CameraSource(device: arguments.value("--camera") ?? "0",
                                report: { printError("gestured record: \($0)") })
      live = true
    }
    let capture = CaptureThread(source: source, policy: live ? .newestOnly : .everyFrame)
    capture.start()
    defer { capture.stop() }
    if let camera = source as? CameraSource { emit("camera \(camera.name): \(camera.mode)") }

    let encoder = JPEGEncoder()
    var frame = Frame(width: 0, height: 0)
    var number = nextTake(in: folder)
    // A clip's frame that ended one take starts the next (a live frame would be stale by then).
    var held = false
    func nextFrame() throws -> Bool {
      if held {
        held = false
        return true
      }
      return try capture.take(into: &frame, timeout: 10) == .frame
    }
    for take in 1...takes {
      for left in stride(from: countdown, to: 0, by: -1) {
        emit("take \(take) of \(takes) in \(left)...")
        Thread.sleep(forTimeInterval: 1)
      }
      let name = String(format: "%03d", number)
      number += 1
      if photo {
        guard try nextFrame() else { return ended(capture, after: take - 1, of: takes) }
        let path = folder.appendingPathComponent("\(name).jpg")
        try write(encoder.encode(frame), to: path)
        emit("recorded \(path.path) (\(frame.width)x\(frame.height))")
        continue
      }
      emit("take \(take) of \(takes): recording \(seconds) s")
      let clip = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: clip, withIntermediateDirectories: true)
      var count = 0, start = 0.0, end = 0.0, complete = false
      let droppedBefore = capture.counts.dropped
      while try nextFrame() {
        if count == 0 { start = frame.timestamp }
        if frame.timestamp - start >= seconds - 1e-9 {
          held = !live
          complete = true
          break
        }
        try write(encoder.encode(frame), to: clip.appendingPathComponent(String(format: "%04d.jpg", count)))
        count += 1
        end = frame.timestamp
      }
      if count == 0 {
        try? FileManager.default.removeItem(at: clip)
        return ended(capture, after: take - 1, of: takes)
      }
      let dropped = capture.counts.dropped - droppedBefore
      emit("recorded \(clip.path) (\(count) frames over \(String(format: "%.2f", end - start)) s"
           + (dropped > 0 ? ", \(dropped) frames dropped while saving" : "")
           + (complete ? ")" : "; the source ended during the take)"))
    }
    return 0
  }

  /// Why no frame came: the error that ended the source, or the end of a clip.
  private static func ended(_ capture: CaptureThread, after done: Int, of takes: Int) -> Int32 {
    var frame = Frame(width: 0, height: 0)
    do {
      _ = try capture.take(into: &frame, timeout: 0)
      printError("gestured record: \(capture.source.name) ended after \(done) of \(takes) takes")
    } catch {
      printError("gestured record: error: \(error) (after \(done) of \(takes) takes)")
    }
    return 1
  }

  /// One more than the highest take number in the folder (`007` or `007.jpg`), or 0.
  static func nextTake(in folder: URL) -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let numbers = names.compactMap { Int(($0 as NSString).deletingPathExtension) }
    return (numbers.max() ?? -1) + 1
  }

  private static func write(_ bytes: [UInt8], to url: URL) throws {
    do { try Data(bytes).write(to: url) } catch {
      throw RecordFailure("\(url.path): cannot write: \((error as NSError).localizedDescription)")
    }
  }

  private static func decimal(_ arguments: ParsedArguments, _ option: String, in range: ClosedRange<Double>, default fallback: Double) throws -> Double {
    guard let text = arguments.value(option) else { return fallback }
    guard let value = Double(text), range.contains(value) else {
      throw UsageError("option '\(option)' needs a number of seconds from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
    }
    return value
  }
}

/// A recording that could not be saved.
struct RecordFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

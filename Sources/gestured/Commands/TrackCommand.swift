import Capture
import Foundation
import HandPose
import Imaging

/// `gestured track --source DIR`: the hands on each frame of a folder, followed frame to frame.
enum TrackCommand: Subcommand {
  static let name = "track"
  static let abstract = "Follow hands through a folder of frames and print their joints as JSON."
  static let usage = "--source DIR [--fps N] [--mirrored] [--max-hands N] [--model full|lite] [--threads N]"
  static let discussion = """
    Reads the JPEG frames of DIR in name order as one clip (timestamps frame / fps) and prints,
    per frame, one JSON line like 'gestured detect' with "frame" (index) and "time" (seconds)
    added. Hands are tracked: the next frame's region comes from this frame's joints, and the palm
    detector runs only while fewer than --max-hands hands are followed.
    A frame that cannot be decoded is reported on standard error and skipped.
    """
  static let options = [
    OptionSpec("--source", value: "DIR", help: "Folder of JPEG frames, read in name order."),
    OptionSpec("--fps", value: "N", help: "Frame rate of the clip, for timestamps (default 25)."),
  ] + EngineOptions.specs

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    guard let source = arguments.value("--source") else { throw UsageError("missing --source DIR") }
    guard arguments.positionals.isEmpty else { throw UsageError("unexpected argument '\(arguments.positionals[0])'") }
    let fps = Double(try arguments.integer("--fps", in: 1...240, default: 25))
    let frames = try FrameFolderSource(folder: source).framePaths
    let detector = try HandPoseDetector(options: EngineOptions.parse(arguments))
    let decoder = JPEGDecoder()
    var frame = Frame(width: 0, height: 0)
    var skipped = 0
    for (index, path) in frames.enumerated() {
      do {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.withUnsafeBytes { try decoder.decode($0, into: &frame, source: path) }
      } catch {
        printError("gestured track: skipping frame \(index): \(error)")
        skipped += 1
        continue
      }
      frame.timestamp = Double(index) / fps
      let hands = try detector.track(frame)
      emit("{\"image\":\(HandJSON.string(path)),\"frame\":\(index),\"time\":\(HandJSON.number(frame.timestamp)),"
           + "\"width\":\(frame.width),\"height\":\(frame.height),"
           + "\"hands\":[\(hands.map(HandJSON.hand).joined(separator: ","))]}")
    }
    if skipped > 0 { printError("gestured track: \(skipped) of \(frames.count) frames skipped") }
    return 0
  }
}

/// A runtime failure of a command, with a message for the user.
struct CommandError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

import Foundation
import HandPose
import Imaging

/// `gestured detect IMAGE...`: the hands on each photo, as JSON.
enum DetectCommand: Subcommand {
  static let name = "detect"
  static let abstract = "Find hands on photos and print their joints as JSON."
  static let usage = "[--mirrored] [--max-hands N] [--model full|lite] [--threads N] IMAGE..."
  static let discussion = """
    Prints one JSON object per image, one per line:
      {"image", "width", "height", "hands": [{"chirality", "confidence", "chiralityConfidence",
       "trackingID", "landmarks": [[x, y, z] x 21], "boundingBox": [x, y, w, h]}]}
    Coordinates are normalised to the image: x right, y down, origin top-left (Apple Vision's
    origin is bottom-left). Landmarks follow MediaPipe's joint order (wrist, thumb CMC ... little
    tip); z is depth relative to the wrist, scaled like x. "chirality" is the person's real hand;
    a photo from a webcam is un-mirrored; pass --mirrored for selfie-view images.
    An image that cannot be read is reported on standard error and the exit status is 1.
    """
  static let options = EngineOptions.specs

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    guard !arguments.positionals.isEmpty else { throw UsageError("no image given") }
    let detector = try HandPoseDetector(options: EngineOptions.parse(arguments))
    let decoder = JPEGDecoder()
    var failed = false
    for path in arguments.positionals {
      let frame: Frame
      do { frame = try decoder.decodeFile(path) } catch {
        printError("gestured detect: error: \(error)")
        failed = true
        continue
      }
      let hands = try detector.detect(in: frame)
      emit("{\"image\":\(HandJSON.string(path)),\"width\":\(frame.width),\"height\":\(frame.height),"
           + "\"hands\":[\(hands.map(HandJSON.hand).joined(separator: ","))]}")
    }
    return failed ? 1 : 0
  }
}

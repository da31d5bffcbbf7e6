/// Why a file source could not be opened or stopped before its end.
public enum SourceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Nothing at that path.
  case notFound(path: String)
  /// A folder without any JPEG frame in it.
  case noFrames(path: String)
  /// The folder was deleted (or unmounted) during the run, after `frames` frames.
  case vanished(path: String, frames: Int)
  /// The file ends in the middle of frame `frame` (counted from 0): cut short, or being written.
  case truncated(path: String, frame: Int)
  /// Not a Y4M stream (bad signature or header).
  case notY4M(path: String, reason: String)
  /// A Y4M variant gestured does not read (for example 10-bit samples).
  case unsupportedY4M(path: String, reason: String)
  /// A video that needs ffmpeg, which is not installed.
  case ffmpegMissing(path: String)
  /// ffmpeg ran but could not read the video; `message` is what it said.
  case ffmpegFailed(path: String, message: String)
  /// Reading failed (`reason` is the errno text).
  case unreadable(path: String, reason: String)

  public var description: String {
    switch self {
    case .notFound(let path):
      return "\(path): no such file or folder"
    case .noFrames(let path):
      return "\(path): no .jpg or .jpeg frames in this folder"
    case .vanished(let path, let frames):
      return "\(path): the folder disappeared during the run (after \(frames) frames)"
    case .truncated(let path, let frame):
      return "\(path): the file ends in the middle of frame \(frame) (cut short, or still being written)"
    case .notY4M(let path, let reason):
      return "\(path): not a Y4M video: \(reason)"
    case .unsupportedY4M(let path, let reason):
      return "\(path): \(reason); convert it with 'ffmpeg -i \(path) -pix_fmt yuv420p converted.y4m'"
    case .ffmpegMissing(let path):
      return "\(path): reading this kind of video needs ffmpeg, which is not installed; install it with 'sudo apt-get install ffmpeg', or give a folder of JPEG frames or a .y4m file"
    case .ffmpegFailed(let path, let message):
      return "\(path): ffmpeg could not read it: \(message)"
    case .unreadable(let path, let reason):
      return "\(path): \(reason)"
    }
  }
}

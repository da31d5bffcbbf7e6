import Foundation

/// Opening a recorded clip as a frame source, whatever its kind.
public enum FileSource {
  /// How to read a file source.
  public struct Options: Sendable, Equatable {
    /// At the clip's rate (default, as a camera would deliver it) or as fast as possible.
    public var pacing: Pacing = .clipRate
    /// Frames per second of a folder of frames, which carries no rate of its own (default 25,
    /// the rate of the shared clips). Y4M and other videos use their own rate.
    public var folderFrameRate: Double = 25
    /// The ffmpeg executable; nil finds it on PATH.
    public var ffmpeg: String?

    public init(pacing: Pacing = .clipRate, folderFrameRate: Double = 25, ffmpeg: String? = nil) {
      self.pacing = pacing
      self.folderFrameRate = folderFrameRate
      self.ffmpeg = ffmpeg
    }
  }

  /// A folder of JPEG frames (`FrameFolderSource`), a `.y4m` file (`Y4MSource`), or any other
  /// video through ffmpeg (`FFmpegSource`).
  public static func open(_ path: String, options: Options = Options()) throws(SourceError) -> any FrameSource {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw SourceError.notFound(path: path)
    }
    if isDirectory.boolValue {
      return try FrameFolderSource(folder: path, frameRate: options.folderFrameRate, pacing: options.pacing)
    }
    if (path as NSString).pathExtension.lowercased() == "y4m" {
      return try Y4MSource(path: path, pacing: options.pacing)
    }
    return try FFmpegSource(path: path, pacing: options.pacing, ffmpeg: options.ffmpeg)
  }
}

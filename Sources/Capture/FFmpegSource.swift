import Foundation
import Imaging

/// Any video ffmpeg can read (MP4, WebM, MKV, AVI, ...), as a frame source: ffmpeg decodes it
/// and writes Y4M (4:4:4, so no colour detail is lost) to a pipe, which `Y4MReader` turns into RGB.
/// Frames are timestamped index / the stream's frame rate as ffmpeg reports it.
///
/// ffmpeg is found on PATH; when it is missing the source refuses to open with a message naming
/// `apt-get install ffmpeg`. ffmpeg is not needed for anything else.
public final class FFmpegSource: FrameSource, @unchecked Sendable {
  public let name: String
  public private(set) var counts = SourceCounts()
  public var frameRate: Double? { reader.header.frameRate }
  /// Frame size in pixels.
  public var size: FrameSize { FrameSize(width: reader.header.width, height: reader.header.height) }

  private let process: Process
  private let output: FileHandle
  private let errorLog: URL
  private let reader: Y4MReader
  private var pacer: Pacer
  private let cancelled = CancelFlag()
  private var closed = false

  /// Starts ffmpeg on `path` and reads the stream header. `ffmpeg` overrides the executable.
  public init(path: String, pacing: Pacing = .clipRate, ffmpeg: String? = nil) throws(SourceError) {
    name = path
    guard FileManager.default.fileExists(atPath: path) else { throw SourceError.notFound(path: path) }
    guard let executable = ffmpeg ?? FFmpegSource.findOnPath("ffmpeg") else { throw SourceError.ffmpegMissing(path: path) }
    let pipe = Pipe()
    errorLog = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-ffmpeg-\(UUID().uuidString).log")
    process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["-nostdin", "-hide_banner", "-loglevel", "error", "-i", path,
                         "-map", "0:v:0", "-f", "yuv4mpegpipe", "-pix_fmt", "yuv444p", "-"]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = pipe
    do {
      guard FileManager.default.createFile(atPath: errorLog.path, contents: nil) else {
        throw SourceError.unreadable(path: errorLog.path, reason: "cannot create ffmpeg's log file")
      }
      process.standardError = try FileHandle(forWritingTo: errorLog)
      try process.run()
    } catch let error as SourceError {
      throw error
    } catch {
      try? FileManager.default.removeItem(at: errorLog)
      throw SourceError.ffmpegFailed(path: path, message: "could not start \(executable): \(error.localizedDescription)")
    }
    // The parent keeps only the reading end, so the pipe ends when ffmpeg exits.
    try? pipe.fileHandleForWriting.close()
    output = pipe.fileHandleForReading
    let bytes = FileBytes(fd: output.fileDescriptor, path: path)
    do {
      reader = try Y4MReader(bytes)
    } catch {
      process.waitUntilExit()
      let message = FFmpegSource.lastLines(errorLog) ?? "\(error)"
      try? FileManager.default.removeItem(at: errorLog)
      throw SourceError.ffmpegFailed(path: path, message: message)
    }
    pacer = Pacer(pacing)
  }

  deinit { close() }

  public func read(into frame: inout Frame) throws -> Bool {
    guard !closed, !cancelled.isSet else { return false }
    let more: Bool
    do {
      more = try reader.read(into: &frame)
    } catch {
      process.waitUntilExit()
      throw failure(otherwise: error)
    }
    guard more else {
      process.waitUntilExit()
      if process.terminationStatus != 0 { throw failure(otherwise: nil) }
      return false
    }
    counts.delivered += 1
    pacer.wait(until: frame.timestamp) { cancelled.isSet }
    return true
  }

  public func cancel() { cancelled.set() }

  /// Stops ffmpeg if it is still running and removes its log.
  public func close() {
    guard !closed else { return }
    closed = true
    if process.isRunning { process.terminate() }
    try? output.close()
    process.waitUntilExit()
    try? FileManager.default.removeItem(at: errorLog)
  }

  /// What ffmpeg said, or the reader's own error.
  private func failure(otherwise error: Error?) -> Error {
    if let message = FFmpegSource.lastLines(errorLog) { return SourceError.ffmpegFailed(path: name, message: message) }
    if let error { return error }
    return SourceError.ffmpegFailed(path: name, message: "exit status \(process.terminationStatus)")
  }

  /// The last lines ffmpeg wrote to its error output, joined; nil when it wrote nothing.
  private static func lastLines(_ log: URL) -> String? {
    guard let data = FileManager.default.contents(atPath: log.path) else { return nil }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").suffix(3)
    return lines.isEmpty ? nil : lines.joined(separator: "; ")
  }

  /// The first executable called `name` in the PATH directories.
  static func findOnPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") where !directory.isEmpty {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}

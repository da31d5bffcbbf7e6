import Foundation
import Imaging

/// A Y4M file (YUV4MPEG2, what `ffmpeg -f yuv4mpegpipe` writes) as a frame source. Frames are
/// timestamped index / the header's frame rate. A file that ends mid-frame ends the run with
/// `SourceError.truncated`.
public final class Y4MSource: FrameSource, @unchecked Sendable {
  public let name: String
  public private(set) var counts = SourceCounts()
  /// The header's frame rate.
  public var frameRate: Double? { reader.header.frameRate }
  /// Frame size in pixels.
  public var size: FrameSize { FrameSize(width: reader.header.width, height: reader.header.height) }

  private var fd: Int32
  private let reader: Y4MReader
  private var pacer: Pacer
  private let cancelled = CancelFlag()

  /// Opens `path` and reads its header.
  public init(path: String, pacing: Pacing = .clipRate) throws(SourceError) {
    name = path
    fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw errno == ENOENT ? SourceError.notFound(path: path) : SourceError.unreadable(path: path, reason: ErrnoText.of(errno))
    }
    do {
      reader = try Y4MReader(FileBytes(fd: fd, path: path))
    } catch {
      Glibc.close(fd)
      throw error
    }
    pacer = Pacer(pacing)
  }

  deinit { close() }

  public func read(into frame: inout Frame) throws -> Bool {
    guard fd >= 0, !cancelled.isSet, try reader.read(into: &frame) else { return false }
    counts.delivered += 1
    pacer.wait(until: frame.timestamp) { cancelled.isSet }
    return true
  }

  public func cancel() { cancelled.set() }

  public func close() {
    if fd >= 0 { Glibc.close(fd) }
    fd = -1
  }
}

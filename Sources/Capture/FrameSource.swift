import Foundation
import Imaging
import Synchronization

/// Where frames come from: a camera (`CameraSource`) or a file (`FileSource.open`: a folder of
/// JPEG frames, a Y4M file, any other video through ffmpeg).
///
/// `read` is called from one thread at a time (the capture thread); `cancel` may be called from
/// any thread and makes a blocked `read` return false soon.
public protocol FrameSource: AnyObject, Sendable {
  /// The device or file path, for messages.
  var name: String { get }
  /// Nominal frames per second, when known (the camera's negotiated rate, the clip's rate).
  var frameRate: Double? { get }
  /// Frames delivered and skipped so far. Read it from the thread that calls `read`.
  var counts: SourceCounts { get }
  /// Writes the next frame into `frame`, reusing its storage; its `timestamp` is the capture
  /// time in seconds (camera: the driver's monotonic clock; file: frame index / frame rate).
  /// Corrupt frames are skipped and counted. Returns false at the end of the source or after
  /// `cancel`. Throws when the source fails for good (a file vanished or truncated).
  func read(into frame: inout Frame) throws -> Bool
  /// Asks a `read` in progress, or the next one, to return false soon. Any thread.
  func cancel()
  /// Releases the device or file. Call after the last `read`.
  func close()
}

extension FrameSource {
  /// The next frame in a new `Frame`, or nil at the end. Allocates; loops should use `read(into:)`.
  public func next() throws -> Frame? {
    var frame = Frame(width: 0, height: 0)
    return try read(into: &frame) ? frame : nil
  }
}

/// What a source has done so far.
public struct SourceCounts: Sendable, Equatable {
  /// Frames delivered by `read`.
  public var delivered = 0
  /// Frames skipped because they were corrupt or unreadable (undecodable JPEG, a frame the
  /// driver flagged, a file that vanished from its folder).
  public var skipped = 0
  /// Times the camera was lost and came back.
  public var reconnects = 0
  /// Why the last skipped frame was skipped (`/clips/x/0012.jpg: not a decodable JPEG: ...`).
  public var lastSkipReason: String?

  public init() {}
}

/// How fast a file source delivers frames.
public enum Pacing: Sendable, Equatable {
  /// At the clip's own rate, as a camera would (frame n is not delivered before n / fps seconds
  /// after the first).
  case clipRate
  /// As fast as they can be read and decoded.
  case asFastAsPossible
}

/// Waits between frames for `Pacing.clipRate`.
struct Pacer {
  let pacing: Pacing
  private var start: Double?

  init(_ pacing: Pacing) { self.pacing = pacing }

  /// Sleeps until `timestamp` seconds after the first call, unless `cancelled` becomes true.
  mutating func wait(until timestamp: Double, cancelled: () -> Bool) {
    guard pacing == .clipRate else { return }
    let now = monotonicSeconds()
    guard let start else {
      self.start = now - timestamp
      return
    }
    var remaining = start + timestamp - monotonicSeconds()
    while remaining > 0, !cancelled() {
      Thread.sleep(forTimeInterval: min(remaining, 0.05))
      remaining = start + timestamp - monotonicSeconds()
    }
  }
}

/// A flag one thread sets and another reads.
final class CancelFlag: Sendable {
  private let value = Atomic<Bool>(false)
  func set() { value.store(true, ordering: .releasing) }
  var isSet: Bool { value.load(ordering: .acquiring) }
}

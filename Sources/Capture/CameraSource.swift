import Foundation
import Imaging

/// A camera as a `FrameSource` that survives being unplugged: when the camera fails mid-stream
/// (ENODEV, a stall, any other error), it closes it and tries to open it again after 0.5 s, then
/// 1, 2, 4 and 8 s (and every 8 s after that), and resumes when the camera is back. Opening the
/// first time does not retry: a missing, busy or forbidden camera is an error the user must see.
public final class CameraSource: FrameSource, @unchecked Sendable {
  /// How long to wait between attempts to reopen a lost camera.
  public struct Backoff: Sendable, Equatable {
    /// Seconds before the first attempt (default 0.5).
    public var initialDelay = 0.5
    /// The delay doubles after each failed attempt up to this many seconds (default 8).
    public var maximumDelay = 8.0
    public init(initialDelay: Double = 0.5, maximumDelay: Double = 8.0) {
      self.initialDelay = initialDelay
      self.maximumDelay = maximumDelay
    }
  }

  /// What happened to the camera, for the log. Reported on the capture thread.
  public enum Event: Sendable, Equatable, CustomStringConvertible {
    /// The camera failed mid-stream; the first attempt to reopen it follows in `retryIn` seconds.
    case lost(CameraError, retryIn: Double)
    /// An attempt to reopen failed; the next follows in `retryIn` seconds.
    case stillAway(CameraError, retryIn: Double)
    /// The camera is back and streaming.
    case resumed(device: String, mode: CameraMode)

    public var description: String {
      switch self {
      case .lost(let error, let delay): return "\(error); retrying in \(FrameInterval.rateText(delay)) s"
      case .stillAway(let error, let delay): return "\(error); retrying in \(FrameInterval.rateText(delay)) s"
      case .resumed(let device, let mode): return "\(device): the camera is back: \(mode)"
      }
    }
  }

  public let name: String
  public private(set) var counts = SourceCounts()
  /// The mode of the camera as last opened.
  public private(set) var mode: CameraMode

  private let settings: CameraSettings
  private let backoff: Backoff
  private let calls: any VideoDeviceCalls
  private let report: @Sendable (Event) -> Void
  private let cancelled = CancelFlag()
  private var camera: Camera?

  /// Opens the camera (`0` or `/dev/video0`) and starts streaming; throws `CameraError` when it
  /// is missing, busy, forbidden or unusable. `report` is called on the capture thread with each
  /// loss and recovery.
  public init(device: String, settings: CameraSettings = CameraSettings(), backoff: Backoff = Backoff(),
              calls: any VideoDeviceCalls = LibV4L2Calls(),
              report: @escaping @Sendable (Event) -> Void = { _ in }) throws(CameraError) {
    let camera = try Camera(device: device, settings: settings, calls: calls)
    self.name = camera.device
    self.mode = camera.mode
    self.camera = camera
    self.settings = settings
    self.backoff = backoff
    self.calls = calls
    self.report = report
  }

  /// The camera's negotiated rate.
  public var frameRate: Double? { mode.interval?.framesPerSecond }

  public func read(into frame: inout Frame) throws -> Bool {
    var waitingSince = monotonicSeconds()
    while !cancelled.isSet {
      guard let camera else {
        reopen()
        waitingSince = monotonicSeconds()
        continue
      }
      do throws(CameraError) {
        switch try camera.read(into: &frame, timeout: 0.1) {
        case .frame:
          counts.delivered += 1
          return true
        case .skipped(let reason):
          counts.skipped += 1
          counts.lastSkipReason = reason
          waitingSince = monotonicSeconds()
        case .timedOut:
          let waited = monotonicSeconds() - waitingSince
          if waited >= settings.stallTimeout { throw CameraError.stalled(device: name, seconds: waited.rounded()) }
        }
      } catch {
        camera.close()
        self.camera = nil
        report(.lost(error, retryIn: backoff.initialDelay))
      }
    }
    return false
  }

  public func cancel() { cancelled.set() }

  public func close() {
    camera?.close()
    camera = nil
  }

  /// Tries to open the camera again with growing delays until it opens or `cancel` is called.
  private func reopen() {
    var delay = backoff.initialDelay
    while !cancelled.isSet {
      sleep(delay)
      if cancelled.isSet { return }
      do {
        let camera = try Camera(device: name, settings: settings, calls: calls)
        self.camera = camera
        mode = camera.mode
        counts.reconnects += 1
        report(.resumed(device: name, mode: camera.mode))
        return
      } catch {
        delay = min(delay * 2, backoff.maximumDelay)
        report(.stillAway(error, retryIn: delay))
      }
    }
  }

  /// Sleeps `seconds`, waking early when cancelled.
  private func sleep(_ seconds: Double) {
    let end = monotonicSeconds() + seconds
    while !cancelled.isSet {
      let left = end - monotonicSeconds()
      if left <= 0 { return }
      Thread.sleep(forTimeInterval: min(left, 0.05))
    }
  }
}

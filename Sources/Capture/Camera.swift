import Foundation
import Imaging

/// One open V4L2 camera, streaming through memory-mapped buffers.
///
/// Input: a device node. Output: RGB frames (`Frame`) stamped with the driver's capture time in
/// seconds on the monotonic clock. JPEG formats (MJPG) are decoded with libturbojpeg; any other
/// format is converted to RGB24 by libv4l2 (libv4lconvert). Use from one thread; `close` (or
/// deinit) stops streaming and releases the device.
public final class Camera {
  /// The device node, `/dev/video0`.
  public let device: String
  /// The format, size and rate the camera was set to.
  public let mode: CameraMode
  /// The layout of the images in the buffers (RGB24 or the JPEG format).
  public let layout: ImageLayout

  private let calls: any VideoDeviceCalls
  private var fd: Int32
  private var buffers: [UnsafeMutableRawBufferPointer] = []
  private let decoder: JPEGDecoder?

  /// What one `read` produced.
  public enum ReadResult: Equatable, Sendable {
    /// A frame was written.
    case frame
    /// A frame arrived but was corrupt (the reason says why); nothing was written.
    case skipped(reason: String)
    /// No frame within the timeout.
    case timedOut
  }

  /// The device node for a user's `--camera` value: `0` is `/dev/video0`; a path stays as it is.
  public static func devicePath(_ spec: String) -> String {
    if !spec.isEmpty, spec.allSatisfy(\.isNumber) { return "/dev/video\(spec)" }
    return spec
  }

  /// Opens `device` (a path, or an index such as `0`), negotiates a mode for `settings` (see
  /// `CameraMode.choose`) and starts streaming.
  public init(device: String, settings: CameraSettings = CameraSettings(),
              calls: any VideoDeviceCalls = LibV4L2Calls()) throws(CameraError) {
    let path = Camera.devicePath(device)
    self.device = path
    self.calls = calls
    do { fd = try calls.open(path) } catch { throw CameraError.from(error, device: path) }
    var mapped: [UnsafeMutableRawBufferPointer] = []
    do {
      let capabilities = try calls.capabilities(fd)
      guard capabilities.capturesVideo else {
        throw CameraError.notACamera(device: path, reason: "\(capabilities.card) captures no video")
      }
      guard capabilities.streams else {
        throw CameraError.notACamera(device: path, reason: "\(capabilities.card) does not stream")
      }
      let offers = try CameraOffers.enumerate(calls, fd)
      let chosen = CameraMode.choose(from: offers, settings: settings)
      if chosen == nil, offers.contains(where: { !$0.sizes.isEmpty }) {
        throw CameraError.noUsableFormat(device: path, offered: offers.map(\.format.format))
      }
      let wanted = chosen ?? CameraMode(cameraFormat: .rgb24, size: FrameSize(width: settings.width, height: settings.height), interval: nil)
      let request: PixelFormat = wanted.cameraFormat.isJPEG ? wanted.cameraFormat : .rgb24
      let layout = try calls.setFormat(fd, format: request, size: wanted.size)
      guard layout.format == request else {
        throw CameraError.noUsableFormat(device: path, offered: offers.map(\.format.format))
      }
      let interval = try Camera.setRate(calls, fd, wanted.interval ?? FrameInterval(fps: settings.maximumFrameRate))
      let count = try calls.requestBuffers(fd, count: settings.bufferCount)
      guard count >= 2 else {
        throw CameraError.failed(device: path, call: "VIDIOC_REQBUFS", reason: "the driver gave \(count) buffers; 2 are needed")
      }
      for index in 0..<count {
        mapped.append(try calls.map(fd, try calls.buffer(fd, at: index)))
      }
      for index in 0..<count { try calls.enqueue(fd, index: index) }
      try calls.startStreaming(fd)
      self.layout = layout
      self.mode = CameraMode(cameraFormat: wanted.cameraFormat, size: layout.size, interval: interval ?? wanted.interval)
      self.buffers = mapped
      self.decoder = request.isJPEG ? JPEGDecoder(rejectsWarnings: false) : nil
    } catch let error as DeviceCallError {
      Camera.release(calls, fd, mapped)
      throw CameraError.from(error, device: path)
    } catch let error as CameraError {
      Camera.release(calls, fd, mapped)
      throw error
    } catch {
      Camera.release(calls, fd, mapped)
      throw CameraError.failed(device: path, call: "open", reason: "\(error)")
    }
  }

  deinit { close() }

  /// Waits up to `timeout` seconds for the next frame and writes it into `frame`, reusing its
  /// storage. Throws `.unplugged` when the camera went away.
  public func read(into frame: inout Frame, timeout: Double) throws(CameraError) -> ReadResult {
    guard fd >= 0 else { throw CameraError.failed(device: device, call: "read", reason: "the camera is closed") }
    let filled: FilledBuffer
    do {
      guard try calls.waitUntilReadable(fd, timeout: timeout) else { return .timedOut }
      filled = try calls.dequeue(fd)
    } catch where error.code == EAGAIN {
      return .timedOut
    } catch {
      throw CameraError.from(error, device: device)
    }
    let result = convert(filled, into: &frame)
    do { try calls.enqueue(fd, index: filled.index) } catch { throw CameraError.from(error, device: device) }
    return result
  }

  /// Stops streaming and releases the buffers and the device. Safe to call twice.
  public func close() {
    guard fd >= 0 else { return }
    Camera.release(calls, fd, buffers, streaming: true)
    buffers = []
    fd = -1
  }

  /// The frame in a filled buffer, as RGB.
  private func convert(_ filled: FilledBuffer, into frame: inout Frame) -> ReadResult {
    guard filled.index >= 0, filled.index < buffers.count else {
      return .skipped(reason: "the driver returned buffer \(filled.index) of \(buffers.count)")
    }
    if filled.isCorrupt { return .skipped(reason: "the driver flagged frame \(filled.sequence) as corrupt") }
    let buffer = UnsafeRawBufferPointer(buffers[filled.index])
    let used = min(filled.bytesUsed, buffer.count)
    let timestamp = filled.timestampIsMonotonic ? filled.timestamp : monotonicSeconds()
    if let decoder {
      do {
        try decoder.decode(UnsafeRawBufferPointer(rebasing: buffer[0..<used]), into: &frame, source: "\(device) frame \(filled.sequence)")
      } catch {
        return .skipped(reason: "\(error)")
      }
    } else {
      let width = layout.size.width, height = layout.size.height
      let row = width * 3
      let stride = max(layout.bytesPerLine, row)
      guard width > 0, height > 0, used >= stride * (height - 1) + row else {
        return .skipped(reason: "\(device): short frame \(filled.sequence): \(used) bytes, \(stride * height) expected")
      }
      frame.resize(width: width, height: height)
      frame.pixels.withUnsafeMutableBytes { dst in
        if stride == row {
          dst.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[0..<(row * height)]))
        } else {
          for y in 0..<height {
            UnsafeMutableRawBufferPointer(rebasing: dst[(y * row)..<((y + 1) * row)])
              .copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[(y * stride)..<(y * stride + row)]))
          }
        }
      }
    }
    frame.timestamp = timestamp
    return .frame
  }

  /// VIDIOC_S_PARM; nil when the driver cannot set the rate (EINVAL, ENOTTY: it runs at its own).
  private static func setRate(_ calls: any VideoDeviceCalls, _ fd: Int32, _ interval: FrameInterval) throws(DeviceCallError) -> FrameInterval? {
    do {
      return try calls.setFrameInterval(fd, interval)
    } catch where error.code == EINVAL || error.code == ENOTTY {
      return nil
    }
  }

  /// Undoes what `init` did, as far as it got. Failures are ignored on purpose: the device may
  /// be gone already (unplugged), and there is nothing left to do but let go of it.
  private static func release(_ calls: any VideoDeviceCalls, _ fd: Int32, _ buffers: [UnsafeMutableRawBufferPointer], streaming: Bool = false) {
    if streaming {
      do { try calls.stopStreaming(fd) } catch {}
    }
    for buffer in buffers { calls.unmap(buffer) }
    if !buffers.isEmpty {
      do { _ = try calls.requestBuffers(fd, count: 0) } catch {}
    }
    calls.close(fd)
  }
}

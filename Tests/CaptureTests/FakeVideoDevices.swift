import Capture
import Foundation

/// A fake V4L2 device layer: the machines that run the tests have no camera, so this plays one
/// (or several) behind `VideoDeviceCalls`, the same seam libv4l2 sits behind. It offers formats,
/// sizes and rates; refuses opens with EBUSY/EACCES; converts to RGB24 like libv4l2 does; serves
/// frames through memory-mapped buffers with driver timestamps; and can be unplugged mid-stream
/// and plugged back in. It checks the call order a real driver enforces (no DQBUF before STREAMON,
/// no S_FMT while buffers are allocated) and counts what was left open or mapped.
final class FakeVideoDevices: VideoDeviceCalls, @unchecked Sendable {
  /// One format the fake camera delivers: its sizes, each with its intervals.
  struct Format {
    var description: FormatDescription
    var sizes: [(FrameSizeEntry, [FrameIntervalEntry])]

    init(_ format: PixelFormat, _ name: String, compressed: Bool = false,
         _ sizes: [(FrameSizeEntry, [FrameIntervalEntry])]) {
      description = FormatDescription(format: format, name: name, isCompressed: compressed, isEmulated: false)
      self.sizes = sizes
    }
  }

  /// One fake camera.
  struct Device {
    var capabilities = DeviceCapabilities(card: "Fake Webcam", driver: "uvcvideo", busInfo: "usb-fake-1",
                                          capturesVideo: true, streams: true)
    var formats: [Format] = []
    /// errno for `open` (EBUSY, EACCES), or nil.
    var openError: Int32?
    /// errno for VIDIOC_S_FMT (EBUSY: another program streams), or nil.
    var setFormatError: Int32?
    /// JPEG frames served in a JPEG format, in turn; a frame may be garbage on purpose.
    var jpegFrames: [[UInt8]] = []
    /// Serve this many frames per stream, then none (a stalled camera); nil: endless.
    var framesPerStream: Int?
  }

  private let lock = NSLock()
  private var devices: [String: Device] = [:]
  private var unplugged: Set<String> = []
  private var unplugAfter: [String: Int] = [:]
  private var failedOpensUntilBack: [String: Int] = [:]

  private struct Handle {
    var path: String
    var layout: ImageLayout?
    var interval = FrameInterval(fps: 30)
    var buffers: [UnsafeMutableRawBufferPointer?] = []
    var queued: [Int] = []
    var streaming = false
    var served = 0
  }
  private var handles: [Int32: Handle] = [:]
  private var nextFD: Int32 = 3
  /// Frames served across every stream (so timestamps keep rising over a reconnect).
  private var clockFrames = 0
  /// Every call in order, for tests that check the sequence (`open /dev/video0`, `VIDIOC_STREAMON`).
  private(set) var log: [String] = []
  /// Buffers mapped and not yet unmapped.
  private(set) var liveMappings = 0

  /// The time of the first frame on the fake monotonic clock, in seconds.
  static let clockStart = 1000.0

  init(_ devices: [String: Device]) { self.devices = devices }

  // MARK: - scripting the fake

  /// After `frames` more frames the camera at `path` is unplugged: the next DQBUF fails with
  /// ENODEV, and the next `attempts` opens fail with ENOENT; then it is back.
  func unplug(_ path: String, afterFrames frames: Int, awayForAttempts attempts: Int) {
    locked {
      unplugAfter[path] = frames
      failedOpensUntilBack[path] = attempts
    }
  }

  /// Descriptors still open.
  var openDescriptors: Int { locked { handles.count } }

  private func locked<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  private func handle(_ fd: Int32, _ call: String) throws(DeviceCallError) -> Handle {
    guard let handle = locked({ handles[fd] }) else { throw DeviceCallError(call, EBADF) }
    if locked({ unplugged.contains(handle.path) }) { throw DeviceCallError(call, ENODEV) }
    return handle
  }

  private func device(_ fd: Int32, _ call: String) throws(DeviceCallError) -> Device {
    let path = try handle(fd, call).path
    return locked { devices[path]! }
  }

  private func record(_ entry: String) { locked { log.append(entry) } }

  // MARK: - VideoDeviceCalls

  func devicePaths() -> [String] {
    locked { devices.keys.filter { !unplugged.contains($0) } }
      .sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
  }

  func open(_ path: String) throws(DeviceCallError) -> Int32 {
    record("open \(path)")
    let result: Result<Int32, DeviceCallError> = locked {
      if unplugged.contains(path) {
        let left = failedOpensUntilBack[path, default: 0]
        if left > 0 {
          failedOpensUntilBack[path] = left - 1
          return .failure(DeviceCallError("open", ENOENT))
        }
        unplugged.remove(path)
      }
      guard let device = devices[path] else { return .failure(DeviceCallError("open", ENOENT)) }
      if let code = device.openError { return .failure(DeviceCallError("open", code)) }
      let fd = nextFD
      nextFD += 1
      handles[fd] = Handle(path: path)
      return .success(fd)
    }
    return try result.get()
  }

  func close(_ fd: Int32) {
    record("close")
    locked { _ = handles.removeValue(forKey: fd) }
  }

  func capabilities(_ fd: Int32) throws(DeviceCallError) -> DeviceCapabilities {
    try device(fd, "VIDIOC_QUERYCAP").capabilities
  }

  func format(_ fd: Int32, at index: Int) throws(DeviceCallError) -> FormatDescription? {
    let formats = try device(fd, "VIDIOC_ENUM_FMT").formats
    return index < formats.count ? formats[index].description : nil
  }

  func frameSize(_ fd: Int32, format: PixelFormat, at index: Int) throws(DeviceCallError) -> FrameSizeEntry? {
    let device = try device(fd, "VIDIOC_ENUM_FRAMESIZES")
    guard let offer = device.formats.first(where: { $0.description.format == format }) else {
      throw DeviceCallError("VIDIOC_ENUM_FRAMESIZES", EINVAL)
    }
    return index < offer.sizes.count ? offer.sizes[index].0 : nil
  }

  func frameInterval(_ fd: Int32, format: PixelFormat, size: FrameSize, at index: Int) throws(DeviceCallError) -> FrameIntervalEntry? {
    let device = try device(fd, "VIDIOC_ENUM_FRAMEINTERVALS")
    guard let offer = device.formats.first(where: { $0.description.format == format }),
          let entry = offer.sizes.first(where: { Self.contains($0.0, size) }) else { return nil }
    return index < entry.1.count ? entry.1[index] : nil
  }

  func setFormat(_ fd: Int32, format: PixelFormat, size: FrameSize) throws(DeviceCallError) -> ImageLayout {
    record("VIDIOC_S_FMT \(format) \(size)")
    let handle = try handle(fd, "VIDIOC_S_FMT")
    let device = try self.device(fd, "VIDIOC_S_FMT")
    if let code = device.setFormatError { throw DeviceCallError("VIDIOC_S_FMT", code) }
    if !handle.buffers.isEmpty { throw DeviceCallError("VIDIOC_S_FMT", EBUSY) }
    // libv4l2 converts any uncompressed format and JPEG to RGB24; otherwise the driver keeps
    // its own format, as a real one does with a code it does not know.
    let sources = device.formats.filter {
      $0.description.format == format || (format == .rgb24 && ($0.description.format.isJPEG || !$0.description.isCompressed))
    }
    let source = sources.first ?? device.formats[0]
    let sizes = source.sizes.map { CameraMode.candidateForTests($0.0, size) }
    let chosen = sizes.min { abs($0.area - size.area) < abs($1.area - size.area) } ?? size
    let delivered = sources.isEmpty ? source.description.format : format
    let layout = delivered.isJPEG
      ? ImageLayout(format: delivered, size: chosen, bytesPerLine: 0, imageSize: chosen.area * 2)
      : ImageLayout(format: delivered, size: chosen, bytesPerLine: chosen.width * 3, imageSize: chosen.area * 3)
    locked { handles[fd]?.layout = layout }
    return layout
  }

  func setFrameInterval(_ fd: Int32, _ interval: FrameInterval) throws(DeviceCallError) -> FrameInterval? {
    record("VIDIOC_S_PARM \(interval)")
    _ = try handle(fd, "VIDIOC_S_PARM")
    locked { handles[fd]?.interval = interval }
    return interval
  }

  func requestBuffers(_ fd: Int32, count: Int) throws(DeviceCallError) -> Int {
    record("VIDIOC_REQBUFS \(count)")
    let handle = try handle(fd, "VIDIOC_REQBUFS")
    if handle.streaming { throw DeviceCallError("VIDIOC_REQBUFS", EBUSY) }
    if count > 0 && handle.layout == nil { throw DeviceCallError("VIDIOC_REQBUFS", EINVAL) }
    locked { handles[fd]?.buffers = Array(repeating: nil, count: count) }
    return count
  }

  func buffer(_ fd: Int32, at index: Int) throws(DeviceCallError) -> BufferPlacement {
    let handle = try handle(fd, "VIDIOC_QUERYBUF")
    guard index < handle.buffers.count, let layout = handle.layout else { throw DeviceCallError("VIDIOC_QUERYBUF", EINVAL) }
    return BufferPlacement(index: index, offset: index << 20, length: layout.imageSize)
  }

  func map(_ fd: Int32, _ placement: BufferPlacement) throws(DeviceCallError) -> UnsafeMutableRawBufferPointer {
    record("mmap \(placement.index)")
    _ = try handle(fd, "mmap")
    let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: placement.length, alignment: 16)
    locked {
      handles[fd]?.buffers[placement.offset >> 20] = memory
      liveMappings += 1
    }
    return memory
  }

  func unmap(_ buffer: UnsafeMutableRawBufferPointer) {
    buffer.deallocate()
    locked { liveMappings -= 1 }
  }

  func enqueue(_ fd: Int32, index: Int) throws(DeviceCallError) {
    let handle = try handle(fd, "VIDIOC_QBUF")
    guard index < handle.buffers.count, handle.buffers[index] != nil, !handle.queued.contains(index) else {
      throw DeviceCallError("VIDIOC_QBUF", EINVAL)
    }
    locked { handles[fd]?.queued.append(index) }
  }

  func startStreaming(_ fd: Int32) throws(DeviceCallError) {
    record("VIDIOC_STREAMON")
    _ = try handle(fd, "VIDIOC_STREAMON")
    locked { handles[fd]?.streaming = true }
  }

  func stopStreaming(_ fd: Int32) throws(DeviceCallError) {
    record("VIDIOC_STREAMOFF")
    _ = try handle(fd, "VIDIOC_STREAMOFF")
    locked {
      handles[fd]?.streaming = false
      handles[fd]?.queued = []
    }
  }

  func waitUntilReadable(_ fd: Int32, timeout: Double) throws(DeviceCallError) -> Bool {
    guard let handle = locked({ handles[fd] }) else { throw DeviceCallError("poll", EBADF) }
    let device = locked { devices[handle.path]! }
    let unplugging = locked { unplugged.contains(handle.path) || unplugAfter[handle.path] == 0 }
    let exhausted = device.framesPerStream.map { handle.served >= $0 } ?? false
    if unplugging || (handle.streaming && !handle.queued.isEmpty && !exhausted) { return true }
    Thread.sleep(forTimeInterval: min(timeout, 0.01))
    return false
  }

  func dequeue(_ fd: Int32) throws(DeviceCallError) -> FilledBuffer {
    let handle = try handle(fd, "VIDIOC_DQBUF")
    let device = try self.device(fd, "VIDIOC_DQBUF")
    let goingAway: Bool = locked {
      if unplugAfter[handle.path] == 0 {
        unplugAfter[handle.path] = nil
        unplugged.insert(handle.path)
        return true
      }
      return false
    }
    if goingAway { throw DeviceCallError("VIDIOC_DQBUF", ENODEV) }
    guard handle.streaming else { throw DeviceCallError("VIDIOC_DQBUF", EINVAL) }
    guard let index = handle.queued.first, let layout = handle.layout, let memory = handle.buffers[index] else {
      throw DeviceCallError("VIDIOC_DQBUF", EAGAIN)
    }
    let tick: Int = locked {
      handles[fd]?.queued.removeFirst()
      handles[fd]?.served += 1
      if let left = unplugAfter[handle.path] { unplugAfter[handle.path] = left - 1 }
      clockFrames += 1
      return clockFrames - 1
    }
    var used = layout.imageSize
    if layout.format.isJPEG {
      let jpeg = device.jpegFrames[handle.served % device.jpegFrames.count]
      used = min(jpeg.count, memory.count)
      jpeg.withUnsafeBytes { memory.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<used])) }
    } else {
      Self.paintTestFrame(memory, layout: layout, number: tick)
    }
    let timestamp = Self.clockStart + Double(tick) * Double(handle.interval.numerator) / Double(handle.interval.denominator)
    return FilledBuffer(index: index, bytesUsed: used, timestamp: timestamp, sequence: handle.served)
  }

  // MARK: - frames

  /// An RGB24 frame whose every pixel carries its frame number: R = low byte, G = high byte,
  /// B = 77. `frameNumber(of:)` reads it back.
  static func paintTestFrame(_ memory: UnsafeMutableRawBufferPointer, layout: ImageLayout, number: Int) {
    for pixel in 0..<(layout.size.area) {
      memory[pixel * 3] = UInt8(number & 0xFF)
      memory[pixel * 3 + 1] = UInt8((number >> 8) & 0xFF)
      memory[pixel * 3 + 2] = 77
    }
  }

  static func contains(_ entry: FrameSizeEntry, _ size: FrameSize) -> Bool {
    switch entry {
    case .discrete(let offered): return offered == size
    case .stepwise(let low, let high, _):
      return (low.width...high.width).contains(size.width) && (low.height...high.height).contains(size.height)
    }
  }
}

extension CameraMode {
  /// The size a driver sets for `wanted` within one of its entries.
  static func candidateForTests(_ entry: FrameSizeEntry, _ wanted: FrameSize) -> FrameSize {
    switch entry {
    case .discrete(let size): return size
    case .stepwise(let low, let high, _):
      return FrameSize(width: min(max(wanted.width, low.width), high.width),
                       height: min(max(wanted.height, low.height), high.height))
    }
  }
}

import CV4L2
import Foundation

/// The real device calls: libv4l2 (which converts camera formats to RGB24 on request), ioctls
/// through the inline functions of the CV4L2 shim, and poll. Interrupted calls (EINTR) are retried.
public final class LibV4L2Calls: VideoDeviceCalls {
  /// Where device nodes are looked for.
  let deviceDirectory: String

  public init() { deviceDirectory = "/dev" }

  /// Looks for `video*` nodes in another folder (tests).
  public init(deviceDirectoryForTests directory: String) { deviceDirectory = directory }

  public func devicePaths() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: deviceDirectory)) ?? []
    let numbered = names.compactMap { name -> (Int, String)? in
      guard name.hasPrefix("video"), let number = Int(name.dropFirst(5)) else { return nil }
      return (number, "\(deviceDirectory)/\(name)")
    }
    return numbered.sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// Opens the node; a video capture node is then handed to libv4l2 (which converts formats),
  /// any other descriptor stays plain (libv4l2 passes calls on it through).
  public func open(_ path: String) throws(DeviceCallError) -> Int32 {
    let fd = try retrying("open") { cv4l2_open_raw(path) }
    var caps = v4l2_capability()
    guard cv4l2_querycap_raw(fd, &caps) == 0 else { return fd }
    let node = caps.capabilities & UInt32(V4L2_CAP_DEVICE_CAPS) != 0 ? caps.device_caps : caps.capabilities
    guard node & UInt32(V4L2_CAP_VIDEO_CAPTURE) != 0 else { return fd }
    if cv4l2_fd_open(fd) == -1 {
      let code = cv4l2_errno()
      _ = cv4l2_close(fd)
      throw DeviceCallError("open", code)
    }
    return fd
  }

  public func close(_ fd: Int32) { _ = cv4l2_close(fd) }

  public func capabilities(_ fd: Int32) throws(DeviceCallError) -> DeviceCapabilities {
    var caps = v4l2_capability()
    try retrying("VIDIOC_QUERYCAP") { cv4l2_querycap(fd, &caps) }
    let all = caps.capabilities
    let node = all & UInt32(V4L2_CAP_DEVICE_CAPS) != 0 ? caps.device_caps : all
    return DeviceCapabilities(card: text(caps.card), driver: text(caps.driver), busInfo: text(caps.bus_info),
                              capturesVideo: node & UInt32(V4L2_CAP_VIDEO_CAPTURE) != 0,
                              streams: node & UInt32(V4L2_CAP_STREAMING) != 0)
  }

  public func format(_ fd: Int32, at index: Int) throws(DeviceCallError) -> FormatDescription? {
    var desc = v4l2_fmtdesc()
    desc.index = UInt32(index)
    desc.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
    guard try retryingUnlessEnd("VIDIOC_ENUM_FMT", { cv4l2_enum_fmt(fd, &desc) }) else { return nil }
    return FormatDescription(format: PixelFormat(code: desc.pixelformat), name: text(desc.description),
                             isCompressed: desc.flags & UInt32(V4L2_FMT_FLAG_COMPRESSED) != 0,
                             isEmulated: desc.flags & UInt32(V4L2_FMT_FLAG_EMULATED) != 0)
  }

  public func frameSize(_ fd: Int32, format: PixelFormat, at index: Int) throws(DeviceCallError) -> FrameSizeEntry? {
    var entry = v4l2_frmsizeenum()
    entry.index = UInt32(index)
    entry.pixel_format = format.code
    guard try retryingUnlessEnd("VIDIOC_ENUM_FRAMESIZES", { cv4l2_enum_framesizes(fd, &entry) }) else { return nil }
    if entry.type == V4L2_FRMSIZE_TYPE_DISCRETE.rawValue {
      return .discrete(FrameSize(width: Int(entry.discrete.width), height: Int(entry.discrete.height)))
    }
    let s = entry.stepwise
    return .stepwise(minimum: FrameSize(width: Int(s.min_width), height: Int(s.min_height)),
                     maximum: FrameSize(width: Int(s.max_width), height: Int(s.max_height)),
                     step: FrameSize(width: max(1, Int(s.step_width)), height: max(1, Int(s.step_height))))
  }

  public func frameInterval(_ fd: Int32, format: PixelFormat, size: FrameSize, at index: Int) throws(DeviceCallError) -> FrameIntervalEntry? {
    var entry = v4l2_frmivalenum()
    entry.index = UInt32(index)
    entry.pixel_format = format.code
    entry.width = UInt32(size.width)
    entry.height = UInt32(size.height)
    guard try retryingUnlessEnd("VIDIOC_ENUM_FRAMEINTERVALS", { cv4l2_enum_frameintervals(fd, &entry) }) else { return nil }
    func interval(_ f: v4l2_fract) -> FrameInterval { FrameInterval(numerator: Int(f.numerator), denominator: Int(f.denominator)) }
    if entry.type == V4L2_FRMIVAL_TYPE_DISCRETE.rawValue { return .discrete(interval(entry.discrete)) }
    let s = entry.stepwise
    return .stepwise(minimum: interval(s.min), maximum: interval(s.max), step: interval(s.step))
  }

  public func setFormat(_ fd: Int32, format: PixelFormat, size: FrameSize) throws(DeviceCallError) -> ImageLayout {
    var request = v4l2_format()
    request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
    request.fmt.pix.width = UInt32(size.width)
    request.fmt.pix.height = UInt32(size.height)
    request.fmt.pix.pixelformat = format.code
    request.fmt.pix.field = V4L2_FIELD_NONE.rawValue
    try retrying("VIDIOC_S_FMT") { cv4l2_s_fmt(fd, &request) }
    let pix = request.fmt.pix
    return ImageLayout(format: PixelFormat(code: pix.pixelformat),
                       size: FrameSize(width: Int(pix.width), height: Int(pix.height)),
                       bytesPerLine: Int(pix.bytesperline), imageSize: Int(pix.sizeimage))
  }

  public func setFrameInterval(_ fd: Int32, _ interval: FrameInterval) throws(DeviceCallError) -> FrameInterval? {
    var parm = v4l2_streamparm()
    parm.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
    parm.parm.capture.timeperframe = v4l2_fract(numerator: UInt32(interval.numerator), denominator: UInt32(interval.denominator))
    try retrying("VIDIOC_S_PARM") { cv4l2_s_parm(fd, &parm) }
    guard parm.parm.capture.capability & UInt32(V4L2_CAP_TIMEPERFRAME) != 0 else { return nil }
    let set = parm.parm.capture.timeperframe
    return FrameInterval(numerator: Int(set.numerator), denominator: Int(set.denominator))
  }

  public func requestBuffers(_ fd: Int32, count: Int) throws(DeviceCallError) -> Int {
    var request = v4l2_requestbuffers()
    request.count = UInt32(count)
    request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
    request.memory = V4L2_MEMORY_MMAP.rawValue
    try retrying("VIDIOC_REQBUFS") { cv4l2_reqbufs(fd, &request) }
    return Int(request.count)
  }

  public func buffer(_ fd: Int32, at index: Int) throws(DeviceCallError) -> BufferPlacement {
    var buffer = mmapBuffer(index: index)
    try retrying("VIDIOC_QUERYBUF") { cv4l2_querybuf(fd, &buffer) }
    return BufferPlacement(index: index, offset: Int(buffer.m.offset), length: Int(buffer.length))
  }

  public func map(_ fd: Int32, _ placement: BufferPlacement) throws(DeviceCallError) -> UnsafeMutableRawBufferPointer {
    guard let start = cv4l2_mmap(fd, placement.length, placement.offset) else {
      throw DeviceCallError("mmap", cv4l2_errno())
    }
    return UnsafeMutableRawBufferPointer(start: start, count: placement.length)
  }

  public func unmap(_ buffer: UnsafeMutableRawBufferPointer) {
    if let start = buffer.baseAddress { _ = cv4l2_munmap(start, buffer.count) }
  }

  public func enqueue(_ fd: Int32, index: Int) throws(DeviceCallError) {
    var buffer = mmapBuffer(index: index)
    try retrying("VIDIOC_QBUF") { cv4l2_qbuf(fd, &buffer) }
  }

  public func dequeue(_ fd: Int32) throws(DeviceCallError) -> FilledBuffer {
    var buffer = mmapBuffer(index: 0)
    try retrying("VIDIOC_DQBUF") { cv4l2_dqbuf(fd, &buffer) }
    let clock = buffer.flags & UInt32(V4L2_BUF_FLAG_TIMESTAMP_MASK)
    let seconds = Double(buffer.timestamp.tv_sec) + Double(buffer.timestamp.tv_usec) / 1e6
    return FilledBuffer(index: Int(buffer.index), bytesUsed: Int(buffer.bytesused), timestamp: seconds,
                        timestampIsMonotonic: clock == UInt32(V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC),
                        isCorrupt: buffer.flags & UInt32(V4L2_BUF_FLAG_ERROR) != 0,
                        sequence: Int(buffer.sequence))
  }

  public func startStreaming(_ fd: Int32) throws(DeviceCallError) {
    try retrying("VIDIOC_STREAMON") { cv4l2_streamon(fd, Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)) }
  }

  public func stopStreaming(_ fd: Int32) throws(DeviceCallError) {
    try retrying("VIDIOC_STREAMOFF") { cv4l2_streamoff(fd, Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)) }
  }

  public func waitUntilReadable(_ fd: Int32, timeout: Double) throws(DeviceCallError) -> Bool {
    let deadline = monotonicSeconds() + timeout
    while true {
      var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let remaining = max(0, Int32(((deadline - monotonicSeconds()) * 1000).rounded(.up)))
      let ready = poll(&entry, 1, remaining)
      if ready > 0 { return true }  // readable, or an error that dequeue will name
      if ready == 0 { return false }
      let code = cv4l2_errno()
      if code != EINTR { throw DeviceCallError("poll", code) }
    }
  }

  // MARK: - helpers

  private func mmapBuffer(index: Int) -> v4l2_buffer {
    var buffer = v4l2_buffer()
    buffer.index = UInt32(index)
    buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
    buffer.memory = V4L2_MEMORY_MMAP.rawValue
    return buffer
  }

  /// Runs a call that returns -1 on failure, again while it is interrupted (EINTR).
  @discardableResult
  private func retrying(_ call: String, _ body: () -> Int32) throws(DeviceCallError) -> Int32 {
    while true {
      let result = body()
      if result != -1 { return result }
      let code = cv4l2_errno()
      if code != EINTR { throw DeviceCallError(call, code) }
    }
  }

  /// An enumeration ioctl: true for an entry, false at the end of the list (EINVAL), and also
  /// false when the driver does not enumerate at all (ENOTTY).
  private func retryingUnlessEnd(_ call: String, _ body: () -> Int32) throws(DeviceCallError) -> Bool {
    do {
      try retrying(call, body)
      return true
    } catch where error.code == EINVAL || error.code == ENOTTY {
      return false
    }
  }

  private func text<T>(_ tuple: T) -> String {
    withUnsafeBytes(of: tuple) { raw in
      let bytes = raw.prefix { $0 != 0 }
      return String(decoding: bytes, as: UTF8.self)
    }
  }
}

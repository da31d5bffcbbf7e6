import Foundation

/// The one seam between gestured and a V4L2 camera: each method is one libv4l2 call (open, close,
/// an ioctl, mmap, poll), typed. `LibV4L2Calls` calls libv4l2; tests put a fake camera behind it,
/// since the machines that run them have none.
///
/// Methods throw `DeviceCallError` with the errno the call set; `Camera` adds the device path and
/// turns the errno into a message a user can act on. Calls on one descriptor come from one thread.
public protocol VideoDeviceCalls: AnyObject, Sendable {
  /// The video device nodes present now (`/dev/video0`, `/dev/video1`, ...), in number order.
  func devicePaths() -> [String]
  /// Opens a device node for reading and writing, non-blocking; returns its descriptor.
  func open(_ path: String) throws(DeviceCallError) -> Int32
  /// Closes a descriptor from `open`.
  func close(_ fd: Int32)
  /// VIDIOC_QUERYCAP.
  func capabilities(_ fd: Int32) throws(DeviceCallError) -> DeviceCapabilities
  /// VIDIOC_ENUM_FMT for video capture: the format at `index`, or nil past the last one.
  func format(_ fd: Int32, at index: Int) throws(DeviceCallError) -> FormatDescription?
  /// VIDIOC_ENUM_FRAMESIZES: the entry at `index`, or nil past the last one (or when the driver
  /// does not enumerate sizes).
  func frameSize(_ fd: Int32, format: PixelFormat, at index: Int) throws(DeviceCallError) -> FrameSizeEntry?
  /// VIDIOC_ENUM_FRAMEINTERVALS: the entry at `index`, or nil past the last one (or when the
  /// driver does not enumerate intervals).
  func frameInterval(_ fd: Int32, format: PixelFormat, size: FrameSize, at index: Int) throws(DeviceCallError) -> FrameIntervalEntry?
  /// VIDIOC_S_FMT for video capture, progressive; returns what the driver set (it may adjust).
  func setFormat(_ fd: Int32, format: PixelFormat, size: FrameSize) throws(DeviceCallError) -> ImageLayout
  /// VIDIOC_S_PARM: asks for a time per frame; returns what the driver set, or nil when the driver
  /// cannot set it (no V4L2_CAP_TIMEPERFRAME).
  func setFrameInterval(_ fd: Int32, _ interval: FrameInterval) throws(DeviceCallError) -> FrameInterval?
  /// VIDIOC_REQBUFS with memory-mapped buffers; returns how many the driver allocated (0 frees them).
  func requestBuffers(_ fd: Int32, count: Int) throws(DeviceCallError) -> Int
  /// VIDIOC_QUERYBUF: where buffer `index` lies, for `map`.
  func buffer(_ fd: Int32, at index: Int) throws(DeviceCallError) -> BufferPlacement
  /// mmap of one buffer.
  func map(_ fd: Int32, _ placement: BufferPlacement) throws(DeviceCallError) -> UnsafeMutableRawBufferPointer
  /// munmap of a buffer from `map`.
  func unmap(_ buffer: UnsafeMutableRawBufferPointer)
  /// VIDIOC_QBUF: hands buffer `index` to the driver to fill.
  func enqueue(_ fd: Int32, index: Int) throws(DeviceCallError)
  /// VIDIOC_DQBUF: takes a filled buffer back; EAGAIN when none is ready yet.
  func dequeue(_ fd: Int32) throws(DeviceCallError) -> FilledBuffer
  /// VIDIOC_STREAMON.
  func startStreaming(_ fd: Int32) throws(DeviceCallError)
  /// VIDIOC_STREAMOFF (also returns every buffer to the application).
  func stopStreaming(_ fd: Int32) throws(DeviceCallError)
  /// poll for input: true when a buffer can be dequeued, false after `timeout` seconds.
  /// Throws when the device reports an error (POLLERR: for example unplugged).
  func waitUntilReadable(_ fd: Int32, timeout: Double) throws(DeviceCallError) -> Bool
}

/// A failed device call: the call (`open`, `VIDIOC_S_FMT`, ...) and the errno it set.
public struct DeviceCallError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The call, as the V4L2 documentation names it.
  public var call: String
  /// The errno value (ENOENT, EBUSY, EACCES, ENODEV, ...).
  public var code: Int32

  public init(_ call: String, _ code: Int32) {
    self.call = call
    self.code = code
  }

  /// `VIDIOC_S_FMT: Invalid argument`.
  public var description: String { "\(call): \(ErrnoText.of(code))" }
}

/// A V4L2 pixel format code: four characters packed little-endian (`MJPG`, `YUYV`, `RGB3`).
public struct PixelFormat: Hashable, Sendable, CustomStringConvertible {
  /// The 32-bit code V4L2 uses (`v4l2_fourcc`).
  public var code: UInt32

  public init(code: UInt32) { self.code = code }

  /// The code of four ASCII characters, as `v4l2_fourcc('M', 'J', 'P', 'G')`.
  public init(_ fourcc: StaticString) {
    precondition(fourcc.utf8CodeUnitCount == 4, "a fourcc has four characters")
    let p = fourcc.utf8Start
    code = UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | UInt32(p[3]) << 24
  }

  /// Motion-JPEG, the compressed format most webcams offer for high rates. C: `V4L2_PIX_FMT_MJPEG`.
  public static let mjpeg = PixelFormat("MJPG")
  /// JFIF JPEG, the same for our purposes. C: `V4L2_PIX_FMT_JPEG`.
  public static let jpeg = PixelFormat("JPEG")
  /// Packed 8-bit R, G, B: what libv4l2 converts to. C: `V4L2_PIX_FMT_RGB24`.
  public static let rgb24 = PixelFormat("RGB3")
  /// Packed 4:2:2 Y, U, Y, V, the usual uncompressed webcam format. C: `V4L2_PIX_FMT_YUYV`.
  public static let yuyv = PixelFormat("YUYV")

  /// Whether frames in this format are JPEG images gestured decodes itself.
  public var isJPEG: Bool { self == .mjpeg || self == .jpeg }

  /// The four characters, e.g. `MJPG` (trailing spaces dropped).
  public var description: String {
    let bytes = (0..<4).map { UInt8(truncatingIfNeeded: code >> (8 * $0)) }
    let text = String(decoding: bytes.map { (32...126).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    return text.trimmingTrailingSpaces()
  }
}

/// A frame size in pixels.
public struct FrameSize: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
  /// Width times height.
  public var area: Int { width * height }
  /// `640x480`.
  public var description: String { "\(width)x\(height)" }
}

/// Time per frame as a fraction of seconds (`1/30`), the way V4L2 states frame rates.
public struct FrameInterval: Hashable, Sendable, CustomStringConvertible {
  public var numerator: Int
  public var denominator: Int
  public init(numerator: Int, denominator: Int) {
    self.numerator = numerator
    self.denominator = denominator
  }
  /// The interval of `fps` frames per second.
  public init(fps: Int) { self.init(numerator: 1, denominator: fps) }
  /// Frames per second (`denominator / numerator`); 0 for an invalid fraction.
  public var framesPerSecond: Double {
    numerator > 0 ? Double(denominator) / Double(numerator) : 0
  }
  /// `30 fps`, `7.5 fps`.
  public var description: String { "\(FrameInterval.rateText(framesPerSecond)) fps" }

  static func rateText(_ fps: Double) -> String {
    fps == fps.rounded() ? String(Int(fps)) : String(format: "%.2f", fps).replacingOccurrences(of: "0$", with: "", options: .regularExpression)
  }
}

/// VIDIOC_QUERYCAP's answer.
public struct DeviceCapabilities: Sendable, Equatable {
  /// The device's name (`HD Webcam C270`).
  public var card: String
  /// The kernel driver (`uvcvideo`).
  public var driver: String
  /// Where it is attached (`usb-0000:00:14.0-1`).
  public var busInfo: String
  /// Whether this node captures video (UVC cameras also have metadata nodes that do not).
  public var capturesVideo: Bool
  /// Whether it supports streaming I/O (mmap buffers).
  public var streams: Bool

  public init(card: String, driver: String, busInfo: String, capturesVideo: Bool, streams: Bool) {
    self.card = card
    self.driver = driver
    self.busInfo = busInfo
    self.capturesVideo = capturesVideo
    self.streams = streams
  }
}

/// One VIDIOC_ENUM_FMT entry.
public struct FormatDescription: Sendable, Equatable {
  public var format: PixelFormat
  /// The driver's name for it (`Motion-JPEG`).
  public var name: String
  /// V4L2_FMT_FLAG_COMPRESSED.
  public var isCompressed: Bool
  /// V4L2_FMT_FLAG_EMULATED: libv4l2 converts to it; the camera does not deliver it.
  public var isEmulated: Bool

  public init(format: PixelFormat, name: String, isCompressed: Bool, isEmulated: Bool) {
    self.format = format
    self.name = name
    self.isCompressed = isCompressed
    self.isEmulated = isEmulated
  }
}

/// One VIDIOC_ENUM_FRAMESIZES entry: one size, or a range (stepwise or continuous).
public enum FrameSizeEntry: Sendable, Equatable {
  case discrete(FrameSize)
  case stepwise(minimum: FrameSize, maximum: FrameSize, step: FrameSize)
}

/// One VIDIOC_ENUM_FRAMEINTERVALS entry: one interval, or a range of them.
public enum FrameIntervalEntry: Sendable, Equatable {
  case discrete(FrameInterval)
  /// Intervals from `minimum` (the highest rate) to `maximum` (the lowest).
  case stepwise(minimum: FrameInterval, maximum: FrameInterval, step: FrameInterval)
}

/// The image layout VIDIOC_S_FMT settled on.
public struct ImageLayout: Sendable, Equatable {
  public var format: PixelFormat
  public var size: FrameSize
  /// Bytes from one row to the next (at least `width * 3` for RGB24).
  public var bytesPerLine: Int
  /// Bytes of one whole image (the largest, for compressed formats).
  public var imageSize: Int

  public init(format: PixelFormat, size: FrameSize, bytesPerLine: Int, imageSize: Int) {
    self.format = format
    self.size = size
    self.bytesPerLine = bytesPerLine
    self.imageSize = imageSize
  }
}

/// Where VIDIOC_QUERYBUF placed a buffer: the offset to pass to mmap and its length in bytes.
public struct BufferPlacement: Sendable, Equatable {
  public var index: Int
  public var offset: Int
  public var length: Int
  public init(index: Int, offset: Int, length: Int) {
    self.index = index
    self.offset = offset
    self.length = length
  }
}

/// A buffer VIDIOC_DQBUF handed back.
public struct FilledBuffer: Sendable, Equatable {
  public var index: Int
  /// Bytes of image data in it.
  public var bytesUsed: Int
  /// The driver's capture time in seconds; on the monotonic clock (CLOCK_MONOTONIC) when
  /// `timestampIsMonotonic`.
  public var timestamp: Double
  /// V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC.
  public var timestampIsMonotonic: Bool
  /// V4L2_BUF_FLAG_ERROR: the data may be corrupt.
  public var isCorrupt: Bool
  /// The driver's frame counter (gaps mean frames the driver dropped).
  public var sequence: Int

  public init(index: Int, bytesUsed: Int, timestamp: Double, timestampIsMonotonic: Bool = true,
              isCorrupt: Bool = false, sequence: Int = 0) {
    self.index = index
    self.bytesUsed = bytesUsed
    self.timestamp = timestamp
    self.timestampIsMonotonic = timestampIsMonotonic
    self.isCorrupt = isCorrupt
    self.sequence = sequence
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " || text.last == "\0" { text.removeLast() }
    return text
  }
}

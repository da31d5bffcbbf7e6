import CTurboJPEG
import Foundation

/// Something wrong with an image file or its bytes.
public enum ImageError: Error, CustomStringConvertible, Equatable {
  /// The bytes are not a JPEG that decodes cleanly (truncated, corrupt, or not a JPEG at all).
  case undecodable(source: String, reason: String)
  /// The file could not be read.
  case unreadable(path: String, reason: String)
  /// Encoding failed.
  case unencodable(reason: String)

  public var description: String {
    switch self {
    case .undecodable(let source, let reason): return "\(source): not a decodable JPEG: \(reason)"
    case .unreadable(let path, let reason): return "\(path): \(reason)"
    case .unencodable(let reason): return "JPEG encoding failed: \(reason)"
    }
  }
}

/// Decodes JPEG bytes into RGB frames with libturbojpeg. Keep one per thread and reuse it: it owns
/// a decompressor handle.
public final class JPEGDecoder {
  private let handle: tjhandle

  /// When true (the default), a JPEG that decodes only with a warning (for example a truncated
  /// file, whose missing rows would come out grey) is an error. Webcam MJPEG streams often carry
  /// harmless warnings; capture code may turn this off.
  public var rejectsWarnings: Bool

  public init(rejectsWarnings: Bool = true) {
    guard let handle = tjInitDecompress() else { fatalError("tjInitDecompress failed: out of memory") }
    self.handle = handle
    self.rejectsWarnings = rejectsWarnings
  }

  deinit { tjDestroy(handle) }

  /// Decodes `bytes` into `frame`, reusing its storage. `source` names the input in errors.
  public func decode(_ bytes: UnsafeRawBufferPointer, into frame: inout Frame, source: String) throws {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else {
      throw ImageError.undecodable(source: source, reason: "empty input")
    }
    var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
    if tjDecompressHeader3(handle, base, UInt(bytes.count), &width, &height, &subsampling, &colorspace) != 0 {
      throw ImageError.undecodable(source: source, reason: lastError())
    }
    guard width > 0, height > 0, Int(width) * Int(height) <= 1 << 28 else {
      throw ImageError.undecodable(source: source, reason: "implausible size \(width)x\(height)")
    }
    frame.resize(width: Int(width), height: Int(height))
    let status = frame.pixels.withUnsafeMutableBufferPointer { dst in
      tjDecompress2(handle, base, UInt(bytes.count), dst.baseAddress, width, 0, height,
                    Int32(TJPF_RGB.rawValue), 0)
    }
    if status != 0 {
      let fatal = tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue)
      if fatal || rejectsWarnings { throw ImageError.undecodable(source: source, reason: lastError()) }
    }
  }

  /// Decodes a JPEG file into a new frame with the given timestamp.
  public func decodeFile(_ path: String, timestamp: Double = 0) throws -> Frame {
    let data: Data
    do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
      throw ImageError.unreadable(path: path, reason: Self.reason(error))
    }
    var frame = Frame(width: 0, height: 0, timestamp: timestamp)
    try data.withUnsafeBytes { try decode($0, into: &frame, source: path) }
    return frame
  }

  private func lastError() -> String {
    guard let message = tjGetErrorStr2(handle) else { return "unknown error" }
    return String(cString: message)
  }

  static func reason(_ error: Error) -> String {
    let ns = error as NSError
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if ns.domain == NSCocoaErrorDomain && ns.code == NSFileReadNoSuchFileError { return "No such file or directory" }
    return ns.localizedDescription
  }
}

/// Encodes RGB frames as JPEG with libturbojpeg (for snapshots).
public final class JPEGEncoder {
  private let handle: tjhandle
  /// JPEG quality, 1...100.
  public var quality: Int

  public init(quality: Int = 92) {
    guard let handle = tjInitCompress() else { fatalError("tjInitCompress failed: out of memory") }
    self.handle = handle
    self.quality = quality
  }

  deinit { tjDestroy(handle) }

  /// The JPEG bytes of `frame`.
  public func encode(_ frame: Frame) throws -> [UInt8] {
    guard frame.width > 0, frame.height > 0 else { throw ImageError.unencodable(reason: "empty frame") }
    var output: UnsafeMutablePointer<UInt8>? = nil
    var size: UInt = 0
    let status = frame.pixels.withUnsafeBufferPointer { src in
      tjCompress2(handle, src.baseAddress, Int32(frame.width), 0, Int32(frame.height),
                  Int32(TJPF_RGB.rawValue), &output, &size, Int32(TJSAMP_420.rawValue),
                  Int32(quality), 0)
    }
    defer { if let output { tjFree(output) } }
    guard status == 0, let output else {
      throw ImageError.unencodable(reason: tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error")
    }
    return Array(UnsafeBufferPointer(start: output, count: Int(size)))
  }
}

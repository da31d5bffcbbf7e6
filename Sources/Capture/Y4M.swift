import Imaging

/// The header of a Y4M (YUV4MPEG2) stream: `YUV4MPEG2 W640 H360 F25:1 Ip A1:1 C420jpeg`.
///
/// Read: W, H (required), F (frame rate; 25 when absent or 0:0), C (sample layout; 4:2:0 when
/// absent: `420jpeg`, `420paligned`, `420mpeg2` and `420` differ only in where chroma samples sit,
/// which nearest-sample upsampling ignores; `422`, `444`, `411`, `mono`), and ffmpeg's
/// `XCOLORRANGE=FULL` (otherwise samples are limited range, 16-235). Interlacing and pixel
/// aspect are ignored; samples of more than 8 bits are refused.
struct Y4MHeader: Equatable {
  var width: Int
  var height: Int
  /// Frames per second as the header's fraction (`F30000:1001`).
  var rate: (numerator: Int, denominator: Int)
  /// Frames per second.
  var frameRate: Double { Double(rate.numerator) / Double(rate.denominator) }
  /// The time of frame `index` in seconds, exactly `index * denominator / numerator`.
  func timestamp(ofFrame index: Int) -> Double { Double(index * rate.denominator) / Double(rate.numerator) }
  /// Horizontal and vertical chroma subsampling (2, 2 for 4:2:0); nil for `mono`.
  var chromaSubsampling: (x: Int, y: Int)?
  /// Samples use the full 0-255 range rather than 16-235.
  var fullRange: Bool

  static func == (a: Y4MHeader, b: Y4MHeader) -> Bool {
    a.width == b.width && a.height == b.height && a.rate == b.rate && a.fullRange == b.fullRange
      && a.chromaSubsampling?.x == b.chromaSubsampling?.x && a.chromaSubsampling?.y == b.chromaSubsampling?.y
  }

  /// Width and height of each chroma plane.
  var chromaSize: (width: Int, height: Int) {
    guard let s = chromaSubsampling else { return (0, 0) }
    return ((width + s.x - 1) / s.x, (height + s.y - 1) / s.y)
  }

  /// Bytes of one frame's planes (Y, then U and V).
  var frameBytes: Int { width * height + 2 * chromaSize.width * chromaSize.height }

  static let signature = "YUV4MPEG2"

  /// Parses the header line (without its newline).
  static func parse(_ line: [UInt8], path: String) throws(SourceError) -> Y4MHeader {
    let text = String(decoding: line, as: UTF8.self)
    let fields = text.split(separator: " ")
    guard fields.first == Substring(signature) else {
      throw SourceError.notY4M(path: path, reason: "it does not start with \(signature)")
    }
    var width = 0, height = 0, rate = (numerator: 25, denominator: 1), full = false
    var subsampling: (x: Int, y: Int)? = (2, 2)
    for field in fields.dropFirst() {
      let value = field.dropFirst()
      switch field.first {
      case "W": width = Int(value) ?? 0
      case "H": height = Int(value) ?? 0
      case "F":
        let parts = value.split(separator: ":")
        guard parts.count == 2, let n = Int(parts[0]), let d = Int(parts[1]) else {
          throw SourceError.notY4M(path: path, reason: "bad frame rate '\(field)'")
        }
        if n > 0, d > 0 { rate = (n, d) }
      case "C":
        switch value {
        case "420jpeg", "420paligned", "420mpeg2", "420": subsampling = (2, 2)
        case "422": subsampling = (2, 1)
        case "444": subsampling = (1, 1)
        case "411": subsampling = (4, 1)
        case "mono": subsampling = nil
        default: throw SourceError.unsupportedY4M(path: path, reason: "sample layout C\(value) is not read (8-bit 4:2:0, 4:2:2, 4:4:4 or mono only)")
        }
      case "X":
        if value == "COLORRANGE=FULL" { full = true }
      default: continue
      }
    }
    guard width > 0, height > 0, width * height <= 1 << 26 else {
      throw SourceError.notY4M(path: path, reason: "missing or implausible size W\(width) H\(height)")
    }
    return Y4MHeader(width: width, height: height, rate: rate, chromaSubsampling: subsampling, fullRange: full)
  }
}

/// Frames of a Y4M stream from a file or a pipe, converted to RGB.
final class Y4MReader {
  let header: Y4MHeader
  private let bytes: FileBytes
  private let planes: UnsafeMutableRawBufferPointer
  /// Index of the next frame.
  private(set) var frameIndex = 0

  /// Reads the header from `bytes`.
  init(_ bytes: FileBytes) throws(SourceError) {
    guard let line = try bytes.line(maximumLength: 4096, truncated: { .notY4M(path: bytes.path, reason: "the header is cut short") }) else {
      throw SourceError.notY4M(path: bytes.path, reason: "the file is empty")
    }
    header = try Y4MHeader.parse(line, path: bytes.path)
    self.bytes = bytes
    planes = .allocate(byteCount: header.frameBytes, alignment: 16)
  }

  deinit { planes.deallocate() }

  /// The next frame, timestamped index / frame rate; false at the end of the stream.
  func read(into frame: inout Frame) throws(SourceError) -> Bool {
    let path = bytes.path, index = frameIndex
    guard let line = try bytes.line(maximumLength: 4096, truncated: { .truncated(path: path, frame: index) }) else {
      return false
    }
    guard line.starts(with: Array("FRAME".utf8)) else {
      throw SourceError.notY4M(path: path, reason: "frame \(index) does not start with FRAME")
    }
    if try bytes.read(into: planes) < planes.count { throw SourceError.truncated(path: path, frame: index) }
    YUVToRGB.convert(UnsafeRawBufferPointer(planes), header: header, into: &frame)
    frame.timestamp = header.timestamp(ofFrame: index)
    frameIndex += 1
    return true
  }
}

/// Planar 8-bit YUV (BT.601) to interleaved RGB, chroma upsampled by taking the nearest sample.
enum YUVToRGB {
  static func convert(_ planes: UnsafeRawBufferPointer, header: Y4MHeader, into frame: inout Frame) {
    let width = header.width, height = header.height
    frame.resize(width: width, height: height)
    let chroma = header.chromaSize
    // Subsampling factors are 1, 2 or 4: shifts instead of divisions in the pixel loop.
    let sx = (header.chromaSubsampling?.x ?? 1).trailingZeroBitCount
    let sy = (header.chromaSubsampling?.y ?? 1).trailingZeroBitCount
    let yPlane = planes.bindMemory(to: UInt8.self)
    let uStart = width * height, vStart = uStart + chroma.width * chroma.height
    // Coefficients times 256 (BT.601): limited range 1.164 (luma), 1.596, 0.391, 0.813, 2.018;
    // full range 1, 1.402, 0.344, 0.714, 1.772.
    let full = header.fullRange
    let (yScale, yOffset) = full ? (256, 0) : (298, 16)
    let (rv, gu, gv, bu) = full ? (359, 88, 183, 454) : (409, 100, 208, 516)
    let hasChroma = header.chromaSubsampling != nil
    frame.pixels.withUnsafeMutableBufferPointer { rgb in
      for row in 0..<height {
        let luma = row * width
        let chromaRow = (row >> sy) * chroma.width
        var out = luma * 3
        for column in 0..<width {
          let c = yScale * (Int(yPlane[luma + column]) - yOffset)
          var d = 0, e = 0
          if hasChroma {
            d = Int(yPlane[uStart + chromaRow + (column >> sx)]) - 128
            e = Int(yPlane[vStart + chromaRow + (column >> sx)]) - 128
          }
          rgb[out] = clamp(c + rv * e)
          rgb[out + 1] = clamp(c - gu * d - gv * e)
          rgb[out + 2] = clamp(c + bu * d)
          out += 3
        }
      }
    }
  }

  @inline(__always)
  private static func clamp(_ value: Int) -> UInt8 {
    UInt8(clamping: (value + 128) >> 8)
  }
}

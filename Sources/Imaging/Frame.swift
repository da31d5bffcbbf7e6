/// One camera or file frame: 8-bit RGB pixels, interleaved, rows top to bottom, with the time it
/// was captured.
///
/// Coordinates on a frame are normalised to [0, 1]: x to the right, y down, origin top-left.
/// `timestamp` is the capture time in seconds on a monotonic clock (or the position in a clip);
/// every stage that measures time uses it, never the wall clock at processing time.
public struct Frame: Sendable {
  /// Width in pixels.
  public private(set) var width: Int
  /// Height in pixels.
  public private(set) var height: Int
  /// `width * height * 3` bytes: R, G, B for each pixel, row after row.
  public var pixels: [UInt8]
  /// Capture time in seconds (monotonic).
  public var timestamp: Double

  /// A frame of the given size filled with black.
  public init(width: Int, height: Int, timestamp: Double = 0) {
    precondition(width >= 0 && height >= 0, "negative frame size")
    self.width = width
    self.height = height
    self.pixels = [UInt8](repeating: 0, count: width * height * 3)
    self.timestamp = timestamp
  }

  /// A frame over existing RGB bytes; `pixels.count` must be `width * height * 3`.
  public init(width: Int, height: Int, pixels: [UInt8], timestamp: Double = 0) {
    precondition(pixels.count == width * height * 3, "pixel count does not match the size")
    self.width = width
    self.height = height
    self.pixels = pixels
    self.timestamp = timestamp
  }

  /// Changes the size, keeping the storage when it is large enough (for reuse in a frame loop).
  /// The pixel values are unspecified afterwards.
  public mutating func resize(width: Int, height: Int) {
    let count = width * height * 3
    if pixels.count != count {
      if pixels.capacity >= count {
        pixels.removeLast(pixels.count - min(pixels.count, count))
        if pixels.count < count { pixels.append(contentsOf: repeatElement(0, count: count - pixels.count)) }
      } else {
        pixels = [UInt8](repeating: 0, count: count)
      }
    }
    self.width = width
    self.height = height
  }

  /// The same frame mirrored left to right (what a selfie preview shows).
  public func flippedHorizontally() -> Frame {
    var out = self
    pixels.withUnsafeBufferPointer { src in
      out.pixels.withUnsafeMutableBufferPointer { dst in
        for y in 0..<height {
          let row = y * width * 3
          for x in 0..<width {
            let s = row + x * 3, d = row + (width - 1 - x) * 3
            dst[d] = src[s]
            dst[d + 1] = src[s + 1]
            dst[d + 2] = src[s + 2]
          }
        }
      }
    }
    return out
  }
}

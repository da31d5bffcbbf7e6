import Foundation

/// A rectangle on a frame, rotated about its centre.
///
/// Centre and size are normalised to the frame (x right, y down, origin top-left; width by the
/// frame's width, height by its height). `rotation` is in radians, clockwise as seen on screen
/// (y points down): the rectangle's own x axis points along (cos r, sin r) in pixels.
public struct RotatedRect: Sendable, Equatable {
  public var centerX: Double
  public var centerY: Double
  public var width: Double
  public var height: Double
  public var rotation: Double

  public init(centerX: Double, centerY: Double, width: Double, height: Double, rotation: Double = 0) {
    self.centerX = centerX
    self.centerY = centerY
    self.width = width
    self.height = height
    self.rotation = rotation
  }
}

/// What a sample outside the frame reads.
public enum SamplerBorder: Sendable {
  /// Black (0): letterbox padding, as MediaPipe's palm detector expects.
  case zero
  /// The nearest edge pixel, as MediaPipe's landmark crop does.
  case replicate
}

/// Input: a frame and a rotated rectangle on it. Output: the rectangle resampled bilinearly to a
/// `width` x `height` tensor of float RGB in [0, 1], written in place (HWC order).
///
/// Output pixel (u, v) reads the source at corner + u/width along the rectangle's top edge and
/// v/height along its left edge, with pixel centres at integer coordinates: the same mapping as
/// OpenCV's warpPerspective from the rectangle's corners, which MediaPipe's image-to-tensor uses.
public enum RegionSampler {
  /// Resamples `rect` of `frame` into `output`, which holds `width * height * 3` floats.
  public static func sample(_ frame: Frame, _ rect: RotatedRect, border: SamplerBorder,
                            into output: UnsafeMutablePointer<Float>, width: Int, height: Int) {
    let fw = Double(frame.width), fh = Double(frame.height)
    guard frame.width > 0, frame.height > 0 else {
      output.update(repeating: 0, count: width * height * 3)
      return
    }
    let cx = rect.centerX * fw, cy = rect.centerY * fh
    let rw = rect.width * fw, rh = rect.height * fh
    let cosR = cos(rect.rotation), sinR = sin(rect.rotation)
    // Source position of output pixel (0, 0), and its steps along u and v.
    let x0 = cx - 0.5 * rw * cosR + 0.5 * rh * sinR
    let y0 = cy - 0.5 * rw * sinR - 0.5 * rh * cosR
    let dux = rw / Double(width) * cosR, duy = rw / Double(width) * sinR
    let dvx = -rh / Double(height) * sinR, dvy = rh / Double(height) * cosR
    let maxX = frame.width - 1, maxY = frame.height - 1
    let stride = frame.width * 3
    let scale: Float = 1.0 / 255.0
    let replicate = border == .replicate

    frame.pixels.withUnsafeBufferPointer { buffer in
      let src = buffer.baseAddress!
      var out = output
      for v in 0..<height {
        var sx = x0 + Double(v) * dvx
        var sy = y0 + Double(v) * dvy
        for _ in 0..<width {
          // Inside the frame (the common case): the four neighbours, weights folded with 1/255.
          if sx >= 0 && sy >= 0 {
            let ix = Int(sx), iy = Int(sy)
            if ix < maxX && iy < maxY {
              let ax = Float(sx - Double(ix)), ay = Float(sy - Double(iy))
              let w11 = ax * ay * scale, w01 = ax * scale - w11, w10 = ay * scale - w11
              let w00 = scale - w01 - w10 - w11
              let p = src + iy * stride + ix * 3
              let q = p + stride
              out[0] = Float(p[0]) * w00 + Float(p[3]) * w01 + Float(q[0]) * w10 + Float(q[3]) * w11
              out[1] = Float(p[1]) * w00 + Float(p[4]) * w01 + Float(q[1]) * w10 + Float(q[4]) * w11
              out[2] = Float(p[2]) * w00 + Float(p[5]) * w01 + Float(q[2]) * w10 + Float(q[5]) * w11
              out += 3
              sx += dux
              sy += duy
              continue
            }
          }
          let fx0 = sx.rounded(.down), fy0 = sy.rounded(.down)
          let ax = Float(sx - fx0), ay = Float(sy - fy0)
          let ix = Int(fx0), iy = Int(fy0)
          for c in 0..<3 {
            func at(_ x: Int, _ y: Int) -> Float {
              if replicate {
                let cx = min(max(x, 0), maxX), cy = min(max(y, 0), maxY)
                return Float(src[cy * stride + cx * 3 + c])
              }
              if x < 0 || y < 0 || x > maxX || y > maxY { return 0 }
              return Float(src[y * stride + x * 3 + c])
            }
            let top = at(ix, iy) + (at(ix + 1, iy) - at(ix, iy)) * ax
            let bottom = at(ix, iy + 1) + (at(ix + 1, iy + 1) - at(ix, iy + 1)) * ax
            out[c] = (top + (bottom - top) * ay) * scale
          }
          out += 3
          sx += dux
          sy += duy
        }
      }
    }
  }

  /// The rectangle that letterboxes the whole frame into a square: the frame centred, its longer
  /// side spanning the square, the rest padded. Also returns the padding on each side, as a
  /// fraction of the square (MediaPipe's letterbox padding: left, top, right, bottom).
  public static func letterbox(_ frame: Frame) -> (rect: RotatedRect, padding: (left: Double, top: Double, right: Double, bottom: Double)) {
    let w = Double(frame.width), h = Double(frame.height)
    let side = max(w, h)
    let padX = (side - w) / 2 / side, padY = (side - h) / 2 / side
    let rect = RotatedRect(centerX: 0.5, centerY: 0.5, width: side / w, height: side / h)
    return (rect, (padX, padY, padX, padY))
  }
}

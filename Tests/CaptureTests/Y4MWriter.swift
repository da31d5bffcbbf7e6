import Foundation
import Imaging

/// Writes RGB frames as a Y4M file for the tests, converting with BT.601 (written here
/// independently of the reader under test): limited range 4:2:0 (chroma averaged over 2x2), or
/// full range 4:4:4.
struct Y4MWriter {
  enum Layout { case limited420, full444 }
  var layout: Layout = .limited420
  /// The F field: frames per second as a fraction.
  var rate = (numerator: 25, denominator: 1)

  func header(width: Int, height: Int) -> String {
    let c = layout == .limited420 ? "C420jpeg" : "C444 XCOLORRANGE=FULL"
    return "YUV4MPEG2 W\(width) H\(height) F\(rate.numerator):\(rate.denominator) Ip A1:1 \(c)\n"
  }

  func data(_ frames: [Frame]) -> Data {
    var out = Data(header(width: frames[0].width, height: frames[0].height).utf8)
    for frame in frames {
      out.append(contentsOf: Array("FRAME\n".utf8))
      out.append(contentsOf: planes(frame))
    }
    return out
  }

  func planes(_ frame: Frame) -> [UInt8] {
    let w = frame.width, h = frame.height
    func rgb(_ x: Int, _ y: Int) -> (Double, Double, Double) {
      let i = (y * w + x) * 3
      return (Double(frame.pixels[i]), Double(frame.pixels[i + 1]), Double(frame.pixels[i + 2]))
    }
    func clip(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
    var yPlane = [UInt8](), uPlane = [UInt8](), vPlane = [UInt8]()
    switch layout {
    case .limited420:
      for y in 0..<h {
        for x in 0..<w {
          let (r, g, b) = rgb(x, y)
          yPlane.append(clip(16 + 0.2568 * r + 0.5041 * g + 0.0979 * b))
        }
      }
      for cy in 0..<((h + 1) / 2) {
        for cx in 0..<((w + 1) / 2) {
          var (r, g, b, n) = (0.0, 0.0, 0.0, 0.0)
          for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] where cx * 2 + dx < w && cy * 2 + dy < h {
            let p = rgb(cx * 2 + dx, cy * 2 + dy)
            r += p.0; g += p.1; b += p.2; n += 1
          }
          r /= n; g /= n; b /= n
          uPlane.append(clip(128 - 0.1482 * r - 0.2910 * g + 0.4392 * b))
          vPlane.append(clip(128 + 0.4392 * r - 0.3678 * g - 0.0714 * b))
        }
      }
    case .full444:
      for y in 0..<h {
        for x in 0..<w {
          let (r, g, b) = rgb(x, y)
          yPlane.append(clip(0.299 * r + 0.587 * g + 0.114 * b))
          uPlane.append(clip(128 - 0.168736 * r - 0.331264 * g + 0.5 * b))
          vPlane.append(clip(128 + 0.5 * r - 0.418688 * g - 0.081312 * b))
        }
      }
    }
    return yPlane + uPlane + vPlane
  }
}

/// Mean absolute difference per sample between two frames of the same size (0...255).
func meanDifference(_ a: Frame, _ b: Frame) -> Double {
  precondition(a.pixels.count == b.pixels.count)
  var total = 0
  for i in 0..<a.pixels.count { total += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
  return Double(total) / Double(a.pixels.count)
}

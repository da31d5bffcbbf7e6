import Foundation
import Imaging

/// A followed hand whose landmarks can be used again while the pixels around it stay the same.
///
/// Input: the hand's region on each new frame. Output: whether the region still looks as it did
/// when the landmark model last ran on it (mean absolute difference of a coarse grid of samples,
/// in 0-255 levels, under a threshold), so that the model need not run again. Always compared
/// with the frame the landmarks came from, so small changes cannot add up.
struct StillHand {
  /// The grid: `side` x `side` samples of the region, 3 bytes each.
  static let side = 16

  var observation: HandObservation
  var nextRegion: RotatedRect
  var reuses = 0
  private var signature: [UInt8]

  /// Remembers `observation`, computed on `frame`, and the look of `nextRegion` on it.
  init(_ observation: HandObservation, nextRegion: RotatedRect, on frame: Frame) {
    self.observation = observation
    self.nextRegion = nextRegion
    signature = [UInt8](repeating: 0, count: Self.side * Self.side * 3)
    Self.sample(frame, nextRegion, into: &signature)
  }

  /// The mean absolute difference between the region on `frame` and on the remembered frame.
  func difference(on frame: Frame, scratch: inout [UInt8]) -> Double {
    Self.sample(frame, nextRegion, into: &scratch)
    var total = 0
    for index in signature.indices { total += abs(Int(signature[index]) - Int(scratch[index])) }
    return Double(total) / Double(signature.count)
  }

  /// Nearest-pixel samples at the centres of a `side` x `side` grid over the rotated region.
  static func sample(_ frame: Frame, _ rect: RotatedRect, into out: inout [UInt8]) {
    if out.count != side * side * 3 { out = [UInt8](repeating: 0, count: side * side * 3) }
    let w = Double(frame.width), h = Double(frame.height)
    let cx = rect.centerX * w, cy = rect.centerY * h
    let rw = rect.width * w, rh = rect.height * h
    let cosR = cos(rect.rotation), sinR = sin(rect.rotation)
    frame.pixels.withUnsafeBufferPointer { pixels in
      var index = 0
      for v in 0..<side {
        let fy = (Double(v) + 0.5) / Double(side) - 0.5
        for u in 0..<side {
          let fx = (Double(u) + 0.5) / Double(side) - 0.5
          let x = Int((cx + fx * rw * cosR - fy * rh * sinR).rounded())
          let y = Int((cy + fx * rw * sinR + fy * rh * cosR).rounded())
          let px = min(max(x, 0), frame.width - 1), py = min(max(y, 0), frame.height - 1)
          let offset = (py * frame.width + px) * 3
          out[index] = pixels[offset]
          out[index + 1] = pixels[offset + 1]
          out[index + 2] = pixels[offset + 2]
          index += 3
        }
      }
    }
  }
}

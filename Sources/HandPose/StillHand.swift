import Foundation
import Imaging

/// How a rotated region of a frame looks, to tell later whether its pixels changed.
///
/// Input: a region and the frame it was seen on; later, another frame. Output: the mean absolute
/// difference (0-255 levels) between a coarse grid of samples of the region on the two frames.
/// Always compared with the remembered frame, so small changes cannot add up.
struct RegionLook {
  /// The grid: `side` x `side` samples of the region, 3 bytes each.
  static let side = 16

  let region: RotatedRect
  private var signature: [UInt8]

  init(_ region: RotatedRect, on frame: Frame) {
    self.region = region
    signature = [UInt8](repeating: 0, count: Self.side * Self.side * 3)
    Self.sample(frame, region, into: &signature)
  }

  /// The mean absolute difference between the region on `frame` and on the remembered frame.
  func difference(on frame: Frame, scratch: inout [UInt8]) -> Double {
    Self.sample(frame, region, into: &scratch)
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

/// A followed hand whose landmarks can be used again while the pixels around it stay the same.
///
/// Input: the hand's region on each new frame. Output: whether the region still looks as it did
/// when the landmark model last ran on it (`RegionLook` under a threshold), so that the model
/// need not run again.
struct StillHand {
  var observation: HandObservation
  var reuses = 0
  private let look: RegionLook

  /// The region the hand is looked for in on the next frame.
  var nextRegion: RotatedRect { look.region }

  /// Remembers `observation`, computed on `frame`, and the look of `nextRegion` on it.
  init(_ observation: HandObservation, nextRegion: RotatedRect, on frame: Frame) {
    self.observation = observation
    look = RegionLook(nextRegion, on: frame)
  }

  /// The mean absolute difference between the region on `frame` and on the remembered frame.
  func difference(on frame: Frame, scratch: inout [UInt8]) -> Double {
    look.difference(on: frame, scratch: &scratch)
  }
}

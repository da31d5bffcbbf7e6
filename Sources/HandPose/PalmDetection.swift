/// One palm found by the palm detector.
///
/// Box and keypoints are normalised to the frame (x right, y down, origin top-left), letterbox
/// already removed. Keypoints, in the model's order: 0 wrist centre, 1 index finger base,
/// 2 middle finger base, 3 ring finger base, 4 little finger base, 5 thumb base, 6 thumb tip.
struct PalmDetection: Sendable {
  var score: Float
  var xMin: Double, yMin: Double, width: Double, height: Double
  var keypoints: [SIMD2<Double>]

  var xMax: Double { xMin + width }
  var yMax: Double { yMin + height }

  /// Intersection over union of two boxes (0 when either is empty).
  func overlap(with other: PalmDetection) -> Double {
    let ix = max(0, min(xMax, other.xMax) - max(xMin, other.xMin))
    let iy = max(0, min(yMax, other.yMax) - max(yMin, other.yMin))
    let intersection = ix * iy
    let union = width * height + other.width * other.height - intersection
    return union > 0 ? intersection / union : 0
  }
}

/// The 2016 SSD anchors of MediaPipe's palm detector (192x192 input).
///
/// From `palm_detection_cpu.pbtxt` (SsdAnchorsCalculator): 4 layers with strides 8, 16, 16, 16;
/// aspect ratio 1 plus one interpolated anchor per layer, so 2 anchors per cell and layer; layers
/// with the same stride share one grid. Fixed anchor size: every anchor is 1 x 1, centred at
/// ((x + 0.5) / grid, (y + 0.5) / grid). Order: grid by grid, row by row, cell by cell.
enum PalmAnchors {
  static let inputSize = 192
  static let strides = [8, 16, 16, 16]
  static let anchorsPerLayer = 2

  /// Anchor centres, normalised to the input tensor.
  static let centers: [SIMD2<Float>] = {
    var result: [SIMD2<Float>] = []
    var layer = 0
    while layer < strides.count {
      var last = layer
      while last + 1 < strides.count && strides[last + 1] == strides[layer] { last += 1 }
      let perCell = anchorsPerLayer * (last - layer + 1)
      let grid = (inputSize + strides[layer] - 1) / strides[layer]
      for y in 0..<grid {
        for x in 0..<grid {
          let center = SIMD2<Float>((Float(x) + 0.5) / Float(grid), (Float(y) + 0.5) / Float(grid))
          for _ in 0..<perCell { result.append(center) }
        }
      }
      layer = last + 1
    }
    return result
  }()
}

/// Weighted non-maximum suppression (MediaPipe's WEIGHTED algorithm): take the best remaining
/// palm, merge every remaining palm that overlaps it by more than `threshold` IoU into one whose
/// box and keypoints are the score-weighted mean of the group and whose score is the best one's.
enum WeightedNonMaxSuppression {
  static func apply(_ detections: [PalmDetection], threshold: Double) -> [PalmDetection] {
    var remaining = detections.sorted { $0.score > $1.score }
    var result: [PalmDetection] = []
    while let best = remaining.first {
      var group: [PalmDetection] = []
      var rest: [PalmDetection] = []
      for candidate in remaining {
        if best.overlap(with: candidate) > threshold { group.append(candidate) } else { rest.append(candidate) }
      }
      var merged = best
      let total = group.reduce(0.0) { $0 + Double($1.score) }
      if total > 0 && group.count > 1 {
        var xMin = 0.0, yMin = 0.0, xMax = 0.0, yMax = 0.0
        var keypoints = [SIMD2<Double>](repeating: .zero, count: best.keypoints.count)
        for member in group {
          let w = Double(member.score) / total
          xMin += member.xMin * w; yMin += member.yMin * w
          xMax += member.xMax * w; yMax += member.yMax * w
          for k in keypoints.indices { keypoints[k] += member.keypoints[k] * w }
        }
        merged.xMin = xMin; merged.yMin = yMin
        merged.width = xMax - xMin; merged.height = yMax - yMin
        merged.keypoints = keypoints
      }
      result.append(merged)
      remaining = rest
    }
    return result
  }
}

import Foundation
import Imaging

/// Input: a frame. Output: the palms on it, best first, normalised to the frame.
///
/// The frame is letterboxed into the model's 192x192 input (aspect kept, black borders), the
/// model gives per-anchor box offsets, 7 keypoints and a score logit; boxes are decoded against
/// `PalmAnchors`, kept when the sigmoid score reaches `minimumScore`, merged by weighted
/// non-maximum suppression and mapped back out of the letterbox. Numbers from MediaPipe's
/// `palm_detection_cpu.pbtxt` and `palm_detection_detection_to_roi.pbtxt`.
final class PalmDetector {
  struct Options {
    var minimumScore: Float = 0.5        // TensorsToDetections min_score_thresh
    var scoreClipping: Float = 100       // score_clipping_thresh
    var suppressionThreshold = 0.3       // NonMaxSuppression min_suppression_threshold
  }

  let model: InferenceModel
  var options = Options()
  private let size = PalmAnchors.inputSize
  private let anchors = PalmAnchors.centers

  init(model: InferenceModel) throws {
    guard model.inputShapes.first == [1, size, size, 3], model.outputShapes.count >= 2,
          model.outputShapes[0] == [1, anchors.count, 18], model.outputShapes[1] == [1, anchors.count, 1] else {
      throw InferenceError.unexpectedModel(path: model.path, reason: "not MediaPipe's palm detection model (shapes \(model.inputShapes) -> \(model.outputShapes))")
    }
    self.model = model
  }

  /// The palms on `frame`, best first.
  func detect(_ frame: Frame) throws -> [PalmDetection] {
    let (rect, padding) = RegionSampler.letterbox(frame)
    try model.writeInput(0) { input in
      RegionSampler.sample(frame, rect, border: .zero, into: input.baseAddress!, width: size, height: size)
    }
    try model.run()
    let minimumLogit = log(options.minimumScore / (1 - options.minimumScore))
    let scale = 1 / Float(size)
    var candidates: [PalmDetection] = []
    try model.readOutput(1) { scores in
      try model.readOutput(0) { boxes in
        for index in 0..<anchors.count {
          let logit = min(max(scores[index], -options.scoreClipping), options.scoreClipping)
          guard logit >= minimumLogit else { continue }
          let anchor = anchors[index]
          let raw = index * 18
          let cx = boxes[raw] * scale + anchor.x, cy = boxes[raw + 1] * scale + anchor.y
          let w = boxes[raw + 2] * scale, h = boxes[raw + 3] * scale
          var keypoints: [SIMD2<Double>] = []
          keypoints.reserveCapacity(7)
          for k in 0..<7 {
            keypoints.append(SIMD2(Double(boxes[raw + 4 + 2 * k] * scale + anchor.x),
                                   Double(boxes[raw + 5 + 2 * k] * scale + anchor.y)))
          }
          candidates.append(PalmDetection(score: 1 / (1 + exp(-logit)), xMin: Double(cx - w / 2),
                                          yMin: Double(cy - h / 2), width: Double(w), height: Double(h),
                                          keypoints: keypoints))
        }
      }
    }
    // Out of the letterbox: from the square input back to the frame.
    let spanX = 1 - padding.left - padding.right, spanY = 1 - padding.top - padding.bottom
    return WeightedNonMaxSuppression.apply(candidates, threshold: options.suppressionThreshold).map { palm in
      var palm = palm
      palm.xMin = (palm.xMin - padding.left) / spanX
      palm.yMin = (palm.yMin - padding.top) / spanY
      palm.width /= spanX
      palm.height /= spanY
      palm.keypoints = palm.keypoints.map { SIMD2(($0.x - padding.left) / spanX, ($0.y - padding.top) / spanY) }
      return palm
    }
  }
}

import HandPose

/// The feature vectors trained models read, named and versioned in the model file so a model
/// never meets features it was not trained on.
enum ModelFeatures {
  /// `pose-v1`: one hand, 56 values.
  /// - 40: joints 1...20 in the hand's own frame: origin the wrist, "along" the palm axis (wrist
  ///   -> middle knuckle), "across" perpendicular to it, in hand sizes; a left hand is mirrored
  ///   first, so both hands read alike.
  /// - 2: the palm axis as a unit vector in the (mirrored) image, so a model can learn poses that
  ///   depend on the hand's direction (thumbs up vs down) when its examples show them.
  /// - 14: the `PoseFeatures` measures (straightness and direction of the four fingers, thumb
  ///   reach, thumb along palm, thumb upness, thumb tuck, pinch distance, finger gap).
  static let poseName = "pose-v1"
  static let poseCount = 56

  /// Writes the `pose-v1` vector of a hand shape into `out` (at least `poseCount` values).
  static func pose(_ shape: HandShape, into out: inout [Double]) {
    let sign: Double = shape.chirality == .left ? -1 : 1
    let points = shape.points
    let wrist = SIMD2(sign * points[0].x, points[0].y)
    let knuckle = SIMD2(sign * points[JointName.middleMCP.rawValue].x, points[JointName.middleMCP.rawValue].y)
    var along = knuckle - wrist
    let length = (along * along).sum().squareRoot()
    along = length > 1e-12 ? along / length : SIMD2(0, -1)
    let across = SIMD2(-along.y, along.x)
    let size = shape.size
    for joint in 1..<21 {
      let d = SIMD2(sign * points[joint].x, points[joint].y) - wrist
      out[2 * (joint - 1)] = (d * across).sum() / size
      out[2 * (joint - 1) + 1] = (d * along).sum() / size
    }
    out[40] = along.x
    out[41] = along.y
    let f = PoseFeatures(shape)
    for finger in 0..<4 {
      out[42 + finger] = f.straightness[finger]
      out[46 + finger] = f.direction[finger]
    }
    out[50] = f.thumbReach
    out[51] = f.thumbAlongPalm
    out[52] = f.thumbUpness
    out[53] = f.thumbTuck
    out[54] = f.pinchDistance
    out[55] = f.fingerGap
  }

  /// `action-v1`: the last `window` samples of a hand's action queue, oldest first, 13 values
  /// each: the palm centre relative to the newest sample's, in the user's view and in median hand
  /// sizes of the window (2), then the sample's pose values (`ActionQueue.poseValueCount`).
  static let actionName = "action-v1"
  static let actionValuesPerSample = 2 + ActionQueue.poseValueCount

  static func actionCount(window: Int) -> Int { window * actionValuesPerSample }

  /// Writes the `action-v1` vector of the newest `window` samples (the queue must hold that
  /// many) into `out`.
  static func action(_ queue: inout ActionQueue, window: Int, into out: inout [Double]) {
    let first = queue.count - window
    let size = Swift.max(queue.medianSize(from: first), 1e-9)
    let newest = queue.palm(queue.count - 1)
    for sample in 0..<window {
      let base = sample * actionValuesPerSample
      let offset = (queue.palm(first + sample) - newest) / size
      out[base] = offset.x
      out[base + 1] = offset.y
      for value in 0..<ActionQueue.poseValueCount {
        out[base + 2 + value] = queue.poseValue(first + sample, value)
      }
    }
  }
}

import Gestures
import HandPose

/// One hand's pose on a single photo, weighed as the gesture stage weighs each frame: the
/// built-in classifier and every trained pose model give probabilities for their labels; a label
/// that several of them give takes the highest. The pose is the most probable label other than
/// `none` when it reaches `minimumConfidence` (the gesture settings' `min_pose_confidence`), else
/// `none`. There is no evidence over time here: that needs a clip (`gestured events`).
struct PhotoPoseClassifier {
  /// The labels of `classify`'s probabilities: the built-in ones (with `none`), then the new
  /// labels of the pose models.
  private(set) var labels = BuiltInPoseClassifier.labels
  private var models: [GestureModel]
  /// For each model, its labels' indices in `labels`.
  private var labelMaps: [[Int]] = []
  private let builtIn = BuiltInPoseClassifier()
  private let minimumConfidence: Double

  /// Takes the pose models of `models` (action models are for clips and are left out).
  init(models: [GestureModel], minimumConfidence: Double) {
    self.models = models.filter { $0.kind == .pose }
    self.minimumConfidence = minimumConfidence
    for model in self.models {
      labelMaps.append(model.labels.map { label in
        if let known = labels.firstIndex(of: label) { return known }
        labels.append(label)
        return labels.count - 1
      })
    }
  }

  /// The pose and the probabilities for `labels` of a hand on a photo of the given aspect ratio
  /// (width / height).
  mutating func classify(_ hand: HandObservation, aspectRatio: Double) -> (pose: String, probabilities: [Double]) {
    var probabilities = builtIn.classify(hand, aspectRatio: aspectRatio)
    probabilities += Array(repeating: 0, count: labels.count - probabilities.count)
    for index in models.indices {
      for (output, probability) in models[index].classify(hand, aspectRatio: aspectRatio).enumerated() {
        let label = labelMaps[index][output]
        probabilities[label] = max(probabilities[label], probability)
      }
    }
    var pose = GestureName.none, best = 0.0
    for (label, probability) in zip(labels, probabilities) where label != GestureName.none && probability > best {
      (pose, best) = (label, probability)
    }
    return (best >= minimumConfidence ? pose : GestureName.none, probabilities)
  }
}

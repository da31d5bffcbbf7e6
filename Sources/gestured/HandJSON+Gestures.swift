import Gestures
import HandPose

extension HandJSON {
  /// `{"time", "frame", "hand", "kind", "gesture", "confidence"}`: one gesture event, time in
  /// seconds of the source, hand the person's real hand; pose and presentation events add
  /// `"presented"`, actions `"shape"` (the pose the hand showed as the action began) when known.
  static func event(_ event: GestureEvent) -> String {
    let tail: String
    if event.kind != .action {
      tail = ",\"presented\":\(event.presented)}"
    } else {
      tail = event.shape.map { ",\"shape\":\(string($0))}" } ?? "}"
    }
    return "{\"time\":\(number(event.time)),\"frame\":\(event.frame),\"hand\":\"\(event.hand.rawValue)\","
      + "\"kind\":\"\(event.kind.rawValue)\",\"gesture\":\(string(event.gesture)),\"confidence\":\(number(event.confidence))"
      + tail
  }

  /// `{"chirality", "confidence", "pose", "probabilities": {"open_palm": p, ...}}`: one hand's pose
  /// on a photo, probabilities in the order of `labels`.
  static func pose(of hand: HandObservation, pose: String, labels: [String], probabilities: [Double]) -> String {
    let pairs = zip(labels, probabilities).map { "\(string($0.0)):\(number($0.1))" }.joined(separator: ",")
    return "{\"chirality\":\"\(hand.chirality.rawValue)\",\"confidence\":\(number(hand.confidence)),"
      + "\"pose\":\(string(pose)),\"probabilities\":{\(pairs)}}"
  }
}

import HandPose

/// What a gesture event reports: a hand's confirmed pose changed, or an action fired.
public enum GestureKind: String, Sendable, Codable {
  case pose, action
}

/// One gesture event: the output of the gesture stage and the input of the rule matcher.
///
/// A `.pose` event says that `hand` now holds `gesture` (confirmed after enough evidence); the pose
/// lasts until the next `.pose` event for the same hand, which may be `"none"`. An `.action` event
/// says the action `gesture` just happened.
public struct GestureEvent: Sendable, Equatable {
  /// Capture time of the frame that produced the event, in seconds (monotonic).
  public var time: Double
  /// Index of that frame in its source.
  public var frame: Int
  /// The person's real hand.
  public var hand: Chirality
  public var kind: GestureKind
  /// A gesture name (see `GestureName`), or `"none"` when a pose ended.
  public var gesture: String
  /// Probability of the gesture, 0...1.
  public var confidence: Double

  public init(time: Double, frame: Int, hand: Chirality, kind: GestureKind, gesture: String, confidence: Double) {
    self.time = time
    self.frame = frame
    self.hand = hand
    self.kind = kind
    self.gesture = gesture
    self.confidence = confidence
  }
}

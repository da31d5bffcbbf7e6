import HandPose

/// What a gesture event reports: a hand's confirmed pose changed, the hand holding it started or
/// stopped presenting it, or an action fired.
public enum GestureKind: String, Sendable, Codable {
  case pose, action
  /// The hand holding the pose `gesture` is now presented (held still, an open palm toward the
  /// camera) or no longer is: see `GestureEvent.presented`.
  case presentation
}

/// One gesture event: the output of the gesture stage and the input of the rule matcher.
///
/// A `.pose` event says that `hand` now holds `gesture` (confirmed after enough evidence); the pose
/// lasts until the next `.pose` event for the same hand, which may be `"none"`. An `.action` event
/// says the action `gesture` just happened. A `.presentation` event says the hand holding the pose
/// `gesture` started (`presented`) or stopped presenting it; a rule's `hold` counts only presented
/// time.
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
  /// For a pose: whether the hand presents it (roughly still; an open palm standing up and toward
  /// the camera). Always true for actions.
  public var presented: Bool
  /// For an action: the pose the hand showed as it began (`open_palm` for a swipe of the open
  /// hand, `victory` for two fingers); nil when none was recognised then, for a trained model's
  /// action, and for poses.
  public var shape: String?

  public init(time: Double, frame: Int, hand: Chirality, kind: GestureKind, gesture: String, confidence: Double,
              presented: Bool = true, shape: String? = nil) {
    self.presented = presented
    self.shape = shape
    self.time = time
    self.frame = frame
    self.hand = hand
    self.kind = kind
    self.gesture = gesture
    self.confidence = confidence
  }
}

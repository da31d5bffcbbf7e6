import Foundation
import Gestures
import HandPose
import Imaging
import Rules

/// The stages one frame goes through, from pixels to rule firings: the hand pose engine, the
/// gesture stage and the rule matcher. The agent runs it on every frame; `gestured bench` times it.
///
/// Input: a frame (time = its capture timestamp) and the focused window. Output: the hands seen,
/// the gesture events and the rules that fire on that frame.
public final class GesturePipeline {
  /// What one frame produced.
  public struct Result {
    public var hands: [HandObservation] = []
    public var events: [GestureEvent] = []
    public var firings: [RuleFiring] = []
    /// Seconds spent in the hand pose engine and in the gesture and rule stages.
    public var engineSeconds = 0.0
    public var gestureSeconds = 0.0
  }

  public let detector: HandPoseDetector
  public var recognizer: GestureRecognizer
  public var matcher: RuleMatcher
  /// Where the picture changed lately: how the gesture stage finds a hand lost in a fast move.
  private var motion = MotionTrail()
  private(set) var frames = 0

  public init(detector: HandPoseDetector, recognizer: GestureRecognizer, rules: [Rule]) {
    self.detector = detector
    self.recognizer = recognizer
    matcher = RuleMatcher(rules: rules)
  }

  /// Runs `frame` through every stage.
  public func process(_ frame: Frame) throws -> Result {
    var result = Result()
    let start = DispatchTime.now().uptimeNanoseconds
    result.hands = try detector.track(frame)
    let afterEngine = DispatchTime.now().uptimeNanoseconds
    recognizer.watch(frame, hands: result.hands, in: &motion)
    result.events = recognizer.process(result.hands, time: frame.timestamp, frame: frames,
                                       aspectRatio: Double(frame.width) / Double(max(1, frame.height)), motion: motion)
    for event in result.events { result.firings += matcher.handle(event) }
    result.firings += matcher.advance(to: frame.timestamp)
    frames += 1
    let end = DispatchTime.now().uptimeNanoseconds
    result.engineSeconds = Double(afterEngine - start) / 1e9
    result.gestureSeconds = Double(end - afterEngine) / 1e9
    return result
  }

  /// The source ended: actions still in the hands' queues get their last chance.
  public func finish(at time: Double) -> (events: [GestureEvent], firings: [RuleFiring]) {
    let events = recognizer.finish(time: time, frame: frames)
    return (events, events.flatMap { matcher.handle($0) })
  }

  /// Forgets hands, queues and held poses (a new clip).
  public func reset(rules: [Rule]? = nil) {
    detector.reset()
    recognizer.reset()
    motion.reset()
    matcher = RuleMatcher(rules: rules ?? matcher.rules)
    frames = 0
  }
}

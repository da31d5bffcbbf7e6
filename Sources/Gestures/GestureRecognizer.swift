import HandPose
import Imaging

/// The gesture stage: turns each frame's observed hands into gesture events.
///
/// Input, per frame: the frame's capture time (seconds, monotonic) and index, its aspect ratio
/// (width / height in pixels) and the hands the engine observed (joints normalised to the frame,
/// chirality = the person's real hand). Output: the `GestureEvent`s of that frame, usually none.
///
/// Each of the person's hands (left, right: they never mix) has its own pose evidence and action
/// queue. A pose event is emitted when a hand's confirmed pose changes, to `none` as well (also
/// when the hand has been missing for `pose_release_frames` frames); an action event when an
/// action fires, which empties that hand's queue so one motion fires once. Which observation is
/// which hand is `HandIdentities`' decision: the engine's tracking IDs and chirality are evidence,
/// where the hand was heading decides. A pose's hand is presented or not (`HandPresentation`):
/// pose events say so, and `.presentation` events say when that changes while the pose is held.
///
/// Poses: the built-in classifier and every loaded pose model vote on each frame; the most probable
/// label (not `none`) with at least `min_pose_confidence` is the frame's evidence. Actions: once a
/// hand's queue has `action_interval` new samples, trained action models (with a full window)
/// are asked first, then the built-in detector. A hand missing for more than `lostAfter` seconds
/// has its queue classified as if it had left (a swipe lost inside the picture still counts); the
/// queue is kept, in case the hand is found again where its motion led, until `rejoinWithin`.
///
/// Steady state (no events, no new models) allocates nothing.
public struct GestureRecognizer: Sendable {
  /// Seconds a hand may be missing before its action queue is classified as if it had left.
  public static let lostAfter = 0.5
  /// Seconds a missing hand's trajectory and action queue are kept: a hand found again where its
  /// motion led (`HandIdentities`) continues them. A swipe's longest time; after that the queue
  /// is given up.
  public static let rejoinWithin = 1.0

  /// Thresholds of the stage (`swipe_min_distance` is the action detector's). Changing the action
  /// window empties the queues.
  public var settings: GestureSettings {
    didSet {
      actionDetector.options.swipeMinDistance = settings.swipeMinDistance
      if settings.actionWindow != oldValue.actionWindow { rebuildTracks() }
    }
  }
  /// Whether frames reach the recognizer mirrored (selfie view). Action directions are named from
  /// the user's view: on an un-mirrored frame a hand moving toward the image's left edge is
  /// `swipe_right`; on a mirrored one it is `swipe_left`.
  public var mirrored: Bool
  /// The built-in pose rules.
  public var poseClassifier = BuiltInPoseClassifier()
  /// The built-in action rules.
  public var actionDetector = BuiltInActionDetector()
  /// Trained models, in the order they were added.
  public private(set) var models: [GestureModel]

  /// Pose labels: the built-ins (with `none`), then new labels of pose models.
  private var poseLabels = BuiltInPoseClassifier.labels
  private let noneLabel = BuiltInPoseClassifier.labels.count - 1
  /// For each model: its label indices in `poseLabels` (pose models only).
  private var modelLabelMap: [[Int]] = []
  private var left: HandTrack
  private var right: HandTrack
  private var lastAspectRatio = 1.0
  /// The source's usual time between frames, seconds (a running mean; nil before the second
  /// frame), and the last frame's time.
  private var frameInterval: Double? = nil
  private var lastFrameTime: Double? = nil

  public init(settings: GestureSettings = GestureSettings(), mirrored: Bool = false, models: [GestureModel] = []) {
    self.settings = settings
    self.mirrored = mirrored
    self.models = []
    actionDetector.options.swipeMinDistance = settings.swipeMinDistance
    left = HandTrack(chirality: .left, noneLabel: noneLabel, queueCapacity: 1, models: [])
    right = HandTrack(chirality: .right, noneLabel: noneLabel, queueCapacity: 1, models: [])
    for model in models { mapLabels(of: model) }
    self.models = models
    rebuildTracks()
  }

  /// Adds a trained model next to the built-ins (and the models already added); forgets the
  /// hands' current state.
  public mutating func add(_ model: GestureModel) {
    mapLabels(of: model)
    models.append(model)
    rebuildTracks()
  }

  /// Every gesture name the recognizer can report: built-in poses and actions, then the models'
  /// labels (without `none`).
  public var gestureNames: [String] {
    var names = GestureName.builtInPoses + GestureName.builtInActions
    for model in models {
      for label in model.labels where label != GestureName.none && !names.contains(label) { names.append(label) }
    }
    return names
  }

  /// Brings `motion` (where the picture changed lately, for `process`) up to `frame`, on which the
  /// engine saw `hands`, while a hand is about: seen on this frame, or followed (seen lately, or
  /// missing but not yet given up). While none is, where the picture changes does not matter to
  /// the stage: `motion` is reset, and an idle agent spends nothing on it.
  public func watch(_ frame: Frame, hands: [HandObservation], in motion: inout MotionTrail) {
    if !hands.isEmpty || left.active || right.active { motion.add(frame) } else { motion.reset() }
  }

  /// Takes one frame: the hands observed on it, its capture time (seconds), index and aspect
  /// ratio (width / height), and where the picture changed lately, this frame included (a hand
  /// lost in a fast move is found again by the way it went; nil: not known). Returns the frame's
  /// events, poses before actions, left hand first.
  public mutating func process(_ hands: [HandObservation], time: Double, frame: Int, aspectRatio: Double,
                               motion: MotionTrail? = nil) -> [GestureEvent] {
    var events: [GestureEvent] = []
    lastAspectRatio = aspectRatio
    let c = context(time: time, frame: frame, aspectRatio: aspectRatio)
    if let last = lastFrameTime, time > last {
      let interval = Swift.min(time - last, 0.5)
      frameInterval = frameInterval.map { $0 + (interval - $0) * 0.1 } ?? interval
    }
    lastFrameTime = time
    // Most of the picture changed at once (the camera was moved or bumped, the lights went on, a
    // cut in a recording): where the hands were before says nothing about a motion now.
    if let motion, motion.latestChange > HandIdentities.maximumPictureChange {
      left.forgetMotion()
      right.forgetMotion()
    }
    var (leftHand, rightHand) = HandIdentities.assign(hands, left: left, right: right, time: time, aspectRatio: aspectRatio,
                                                      frameInterval: frameInterval ?? 1.0 / 30, motion: motion)
    // A hand that cannot be the one a track follows (too far from where it was heading) starts a
    // trajectory of its own: what the track held is classified as if the hand had left.
    for index in hands.indices where index != leftHand && index != rightHand {
      let chirality = hands[index].chirality
      guard (chirality == .left ? leftHand : rightHand) == nil else { continue }
      if chirality == .left { left.restart(c, models: &models, events: &events); leftHand = index }
      else { right.restart(c, models: &models, events: &events); rightHand = index }
    }
    Self.follow(&left, hands, leftHand, c, models: &models, events: &events)
    Self.follow(&right, hands, rightHand, c, models: &models, events: &events)
    // A hand the engine has called by the other chirality for a while is that hand: the two
    // tracks change places (the other one is not in view).
    let leftIsRight = HandIdentities.isTheOtherHand(left) && !right.active
    let rightIsLeft = HandIdentities.isTheOtherHand(right) && !left.active
    if leftIsRight || rightIsLeft {
      swap(&left, &right)
      left.relabel(as: .left, c, events: &events)
      right.relabel(as: .right, c, events: &events)
    }
    return events
  }

  /// Gives `track` its observation of this frame (under the track's chirality), or a miss.
  private static func follow(_ track: inout HandTrack, _ hands: [HandObservation], _ index: Int?, _ c: HandTrack.Context,
                              models: inout [GestureModel], events: inout [GestureEvent]) {
    guard let index else {
      track.miss(c, lostAfter: Self.lostAfter, keptFor: Self.rejoinWithin, models: &models, events: &events)
      return
    }
    var hand = hands[index]
    if hand.chirality == track.chirality {
      track.otherChiralityFrames = 0
      track.ownChiralityFrames += 1
    } else {
      track.otherChiralityFrames += 1
    }
    hand.chirality = track.chirality
    track.observe(hand, c, models: &models, events: &events)
  }

  /// Ends a source (end of a file or clip): each hand's action queue is classified a last time as
  /// if the hand had left. Returns the actions that fire.
  public mutating func finish(time: Double, frame: Int) -> [GestureEvent] {
    var events: [GestureEvent] = []
    let c = context(time: time, frame: frame, aspectRatio: lastAspectRatio)
    left.flush(c, models: &models, events: &events)
    right.flush(c, models: &models, events: &events)
    return events
  }

  /// Forgets both hands: no confirmed poses, empty queues.
  public mutating func reset() {
    left.reset()
    right.reset()
  }

  private func context(time: Double, frame: Int, aspectRatio: Double) -> HandTrack.Context {
    HandTrack.Context(time: time, frame: frame, aspectRatio: aspectRatio, mirrored: mirrored, settings: settings,
                      poseClassifier: poseClassifier, actionDetector: actionDetector, poseLabels: poseLabels,
                      noneLabel: noneLabel, modelLabelMap: modelLabelMap)
  }

  // MARK: Set-up

  private mutating func mapLabels(of model: GestureModel) {
    guard model.kind == .pose else {
      modelLabelMap.append([])
      return
    }
    modelLabelMap.append(model.labels.map { label in
      if let known = poseLabels.firstIndex(of: label) { return known }
      poseLabels.append(label)
      return poseLabels.count - 1
    })
  }

  private mutating func rebuildTracks() {
    let capacity = max(settings.actionWindow, models.filter { $0.kind == .action }.map(\.window).max() ?? 0)
    left = HandTrack(chirality: .left, noneLabel: noneLabel, queueCapacity: capacity, models: models)
    right = HandTrack(chirality: .right, noneLabel: noneLabel, queueCapacity: capacity, models: models)
  }
}

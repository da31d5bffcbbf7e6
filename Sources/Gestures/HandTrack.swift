import HandPose

/// What the recognizer keeps about one of the person's hands (left or right) between frames, and
/// what it does with that hand on each frame: pose evidence, action queue, where it was last seen.
/// Every buffer is allocated when the track is made, so following a hand does not allocate.
struct HandTrack {
  /// What a frame tells every track: the settings and rules in force and the frame's identity.
  struct Context {
    var time: Double
    var frame: Int
    var aspectRatio: Double
    var mirrored: Bool
    var settings: GestureSettings
    var poseClassifier: BuiltInPoseClassifier
    var actionDetector: BuiltInActionDetector
    /// Pose label names; index `noneLabel` is `none`.
    var poseLabels: [String]
    var noneLabel: Int
    /// For each model: its label indices in `poseLabels` (empty for action models).
    var modelLabelMap: [[Int]]
  }

  /// The person's hand this track follows (see `relabel`).
  private(set) var chirality: Chirality
  /// Whether the hand has been seen and not yet given up.
  private(set) var active = false
  /// The hand's shape on the current frame (reused buffer).
  private var shape: HandShape
  private(set) var evidence: PoseEvidence
  private(set) var queue: ActionQueue
  /// Capture time the hand was last seen, seconds.
  private var lastSeen = -Double.infinity
  /// Frame index and capture time of the queue's newest sample.
  private var lastSampleFrame: Int? = nil
  private var lastSampleTime = -Double.infinity
  /// The newest sighting when the action stride left it out of the queue (capture time, palm and
  /// turn in the user's view, size, pose measures and label); nil when the queue holds it.
  private var unsampled: (time: Double, palm: SIMD2<Double>, roll: Double, size: Double, pose: PoseFeatures, label: Int)? = nil
  /// Frames in a row the engine called this hand by the other chirality.
  var otherChiralityFrames = 0
  private(set) var trackingID = 0
  /// Built-in pose probabilities of the current frame.
  private var builtIn: [Double]
  /// Each model's probabilities of the current frame.
  private var modelOutputs: [[Double]]
  /// Feature vector scratch for trained models.
  private var features: [Double]
  /// False after an action fired, until the hand has rested (or was lost): one motion, one action.
  private var actionsArmed = true
  /// Whether the queue was classified as if the hand had left since the hand was last seen.
  private var classifiedAsLost = false
  /// The hand's recent motion: its speed says whether it is presented, its recent positions
  /// where it could be now (read by `HandIdentities`).
  private(set) var motion = HandPresentation()
  /// Whether the hand presents its pose, debounced: it becomes presented after
  /// `presentedChangeFrames` frames in a row say so, and stops after frames in a row spanning
  /// `unpresentedTime` seconds say otherwise (a twitch of a hand held up does not restart its
  /// hold). When the frames started to disagree, and how many did.
  private var presented = false
  private var presentedDisagreement = 0
  private var disagreementStart = 0.0
  static let presentedChangeFrames = 2
  static let unpresentedTime = 0.15
  /// Frames the hand was seen with its track's own chirality, since the track began.
  var ownChiralityFrames = 0
  /// The built-in `open_palm` label, which also needs the palm toward the camera.
  private static let openPalmLabel = BuiltInPoseClassifier.labels.firstIndex(of: "open_palm")!
  private static let thumbsUpLabel = BuiltInPoseClassifier.labels.firstIndex(of: "thumbs_up")!
  private static let thumbsDownLabel = BuiltInPoseClassifier.labels.firstIndex(of: "thumbs_down")!

  /// Which way the thumb of a thumbs pose points: false up, true down; nil for other poses.
  private static func thumbPointsDown(_ label: Int) -> Bool? {
    label == thumbsUpLabel ? false : label == thumbsDownLabel ? true : nil
  }

  init(chirality: Chirality, noneLabel: Int, queueCapacity: Int, models: [GestureModel]) {
    self.chirality = chirality
    shape = HandShape(points: Array(repeating: .zero, count: JointName.allCases.count), chirality: chirality)
    evidence = PoseEvidence(none: noneLabel)
    queue = ActionQueue(capacity: queueCapacity)
    builtIn = Array(repeating: 0, count: BuiltInPoseClassifier.labels.count)
    modelOutputs = models.map { Array(repeating: 0, count: $0.labels.count) }
    features = Array(repeating: 0, count: models.map(\.featureCount).max() ?? 0)
  }

  /// Forgets the hand: no pose, empty queue.
  mutating func reset() {
    active = false
    evidence.reset()
    queue.removeAll()
    lastSeen = -Double.infinity
    lastSampleFrame = nil
    unsampled = nil
    actionsArmed = true
    classifiedAsLost = false
    otherChiralityFrames = 0
    ownChiralityFrames = 0
    motion.reset()
    presented = false
    presentedDisagreement = 0
  }

  /// Forgets where the hand was and how it moved, without reading anything into it: its action
  /// queue is emptied unclassified (the picture jumped). Its pose stays.
  mutating func forgetMotion() {
    queue.removeAll()
    lastSampleFrame = nil
    unsampled = nil
    motion.reset()
  }

  /// The hand was observed on this frame: pose evidence, then an action sample when due.
  mutating func observe(_ hand: HandObservation, _ c: Context, models: inout [GestureModel], events: inout [GestureEvent]) {
    shape.load(hand, aspectRatio: c.aspectRatio)
    let measures = PoseFeatures(shape)
    c.poseClassifier.probabilities(measures, into: &builtIn)
    var label = c.noneLabel, probability = 0.0
    for index in 0..<c.noneLabel where builtIn[index] > probability { (label, probability) = (index, builtIn[index]) }
    var featuresReady = false
    for index in models.indices where models[index].kind == .pose {
      if !featuresReady {
        ModelFeatures.pose(shape, into: &features)
        featuresReady = true
      }
      models[index].predict(features, into: &modelOutputs[index])
      for (output, mapped) in c.modelLabelMap[index].enumerated() where mapped != c.noneLabel {
        if modelOutputs[index][output] > probability { (label, probability) = (mapped, modelOutputs[index][output]) }
      }
    }
    if probability < c.settings.minPoseConfidence { (label, probability) = (c.noneLabel, 1 - probability) }
    let centre = hand.palmCentre(aspectRatio: c.aspectRatio)
    let speed = motion.speed(time: c.time, palm: centre, size: shape.size)
    report(evidence.observe(label, probability: probability, confirmFrames: c.settings.poseConfirmFrames,
                            releaseFrames: c.settings.poseReleaseFrames), c, events: &events)
    updatePresented(isPresented(label, speed: speed, c), c, events: &events)

    active = true
    lastSeen = c.time
    classifiedAsLost = false
    trackingID = hand.trackingID
    // One sample every `action_stride` frames, as Create ML's action classifier; below 30 frames
    // a second (a webcam in dim light, a slow machine) every frame at least 1/15 s apart, so a
    // swipe at 5-15 fps keeps the few samples it has.
    let (palm, roll) = ActionQueue.userView(palm: centre, roll: shape.roll, aspectRatio: c.aspectRatio, mirrored: c.mirrored)
    if let last = lastSampleFrame, c.frame > last, c.frame - last < c.settings.actionStride,
       c.time - lastSampleTime < Double(c.settings.actionStride) / 30 - 1e-9 {
      unsampled = (c.time, palm, roll, shape.size, measures, label)
      return
    }
    unsampled = nil
    queue.append(time: c.time, palm: palm, roll: roll, size: shape.size,
                 openness: c.poseClassifier.openness(measures), fingerOut: c.poseClassifier.fingerOut(measures), pose: measures,
                 poseLabel: label)
    lastSampleFrame = c.frame
    lastSampleTime = c.time
    if !actionsArmed {
      // Armed again once the hand rests; the queue keeps the rest, so a swipe made right after it
      // departs from a hand seen in place.
      guard let rest = c.actionDetector.restStart(&queue) else { return }
      actionsArmed = true
      queue.removeOldest(rest)
      return
    }
    if queue.samplesSinceClassification >= c.settings.actionInterval {
      classifyActions(c, handLost: false, models: &models, events: &events)
    }
  }

  /// The hand was not observed on this frame: evidence for `none`. After `lostAfter` seconds its
  /// queue is classified as if the hand had left; after `keptFor` seconds (while it could still be
  /// found again where its motion led) the queue is emptied and actions are armed again.
  mutating func miss(_ c: Context, lostAfter: Double, keptFor: Double, models: inout [GestureModel], events: inout [GestureEvent]) {
    guard active else { return }
    sampleLastSighting(c)
    report(evidence.observe(c.noneLabel, probability: 1, confirmFrames: c.settings.poseConfirmFrames,
                            releaseFrames: c.settings.poseReleaseFrames), c, events: &events)
    let missing = c.time - lastSeen
    guard missing > lostAfter else { return }
    classifyAsLeft(c, models: &models, events: &events)
    guard missing > keptFor else { return }
    flush(c, models: &models, events: &events)
    if evidence.confirmed == c.noneLabel { active = false }
  }

  /// The engine has called this hand by the other chirality for a while: it is the person's
  /// other hand. A pose it held ends (and must be confirmed again for the right hand); its motion
  /// and action queue carry over.
  mutating func relabel(as newChirality: Chirality, _ c: Context, events: inout [GestureEvent]) {
    endPose(c, events: &events)
    evidence.reset()
    presented = false
    presentedDisagreement = 0
    otherChiralityFrames = 0
    ownChiralityFrames = 0
    chirality = newChirality
  }

  /// Another hand takes this track's place: what the queue holds is classified as if the hand
  /// had left, and the track forgets the hand (a pose it held ends).
  mutating func restart(_ c: Context, models: inout [GestureModel], events: inout [GestureEvent]) {
    flush(c, models: &models, events: &events)
    endPose(c, events: &events)
    reset()
  }

  /// The hand stops being this track's: a pose it held ends (a `none` event for its side).
  private func endPose(_ c: Context, events: inout [GestureEvent]) {
    guard evidence.confirmed != c.noneLabel else { return }
    events.append(GestureEvent(time: c.time, frame: c.frame, hand: chirality, kind: .pose,
                               gesture: c.poseLabels[c.noneLabel], confidence: 1, presented: false))
  }

  /// Adds the hand's last sighting to the queue when the action stride left it out: a hand lost
  /// (or a source that ended) leaves the queue ending where the hand was last seen, so whether
  /// it had stopped or was still moving is judged on its last frame (at 16 fps, on the real
  /// quic/sense swipe clip, the frame between the last sample and the loss showed the hand
  /// already stopped, not leaving the picture).
  private mutating func sampleLastSighting(_ c: Context) {
    guard let last = unsampled else { return }
    unsampled = nil
    queue.append(time: last.time, palm: last.palm, roll: last.roll, size: last.size, openness: c.poseClassifier.openness(last.pose),
                 fingerOut: c.poseClassifier.fingerOut(last.pose), pose: last.pose, poseLabel: last.label)
  }

  /// Classifies what is left in the queue as if the hand had left, then empties it.
  mutating func flush(_ c: Context, models: inout [GestureModel], events: inout [GestureEvent]) {
    sampleLastSighting(c)
    classifyAsLeft(c, models: &models, events: &events)
    queue.removeAll()
    lastSampleFrame = nil
    actionsArmed = true
  }

  /// Classifies the queue as if the hand had left, once until the hand is seen again.
  private mutating func classifyAsLeft(_ c: Context, models: inout [GestureModel], events: inout [GestureEvent]) {
    guard !classifiedAsLost else { return }
    classifiedAsLost = true
    if queue.count > 0 && actionsArmed { classifyActions(c, handLost: true, models: &models, events: &events) }
  }

  /// Whether the hand presents its pose on this frame: it moves at most `pose_max_speed` hand
  /// sizes per second; a thumbs up or down (on this frame, or the confirmed pose) also holds the
  /// thumb clear of the fist that way (`thumb_min_clearance`); an open palm also stands up
  /// (`palm_min_upright`) and faces the camera (`palm_min_facing`, when the source has depth).
  private func isPresented(_ frameLabel: Int, speed: Double, _ c: Context) -> Bool {
    guard speed <= c.settings.poseMaxSpeed else { return false }
    if let down = Self.thumbPointsDown(frameLabel) ?? Self.thumbPointsDown(evidence.confirmed) {
      return c.settings.thumbMinClearance <= -1 || HandPresentation.thumbClearance(shape, down: down) >= c.settings.thumbMinClearance
    }
    guard frameLabel == Self.openPalmLabel || evidence.confirmed == Self.openPalmLabel else { return true }
    if c.settings.palmMinUpright > -1 && HandPresentation.upright(shape) < c.settings.palmMinUpright { return false }
    guard c.settings.palmMinFacing > -1, let facing = HandPresentation.palmFacing(shape, mirrored: c.mirrored) else { return true }
    return facing >= c.settings.palmMinFacing
  }

  private func report(_ change: (label: Int, confidence: Double)?, _ c: Context, events: inout [GestureEvent]) {
    guard let change else { return }
    events.append(GestureEvent(time: c.time, frame: c.frame, hand: chirality, kind: .pose,
                               gesture: c.poseLabels[change.label], confidence: change.confidence,
                               presented: change.label != c.noneLabel && presented))
  }

  /// Takes this frame's presentation; once enough frames in a row disagree with the current
  /// state (see `presented`) it changes, and while a pose is held that is a `.presentation` event.
  private mutating func updatePresented(_ now: Bool, _ c: Context, events: inout [GestureEvent]) {
    guard now != presented else {
      presentedDisagreement = 0
      return
    }
    if presentedDisagreement == 0 { disagreementStart = c.time }
    presentedDisagreement += 1
    guard presentedDisagreement >= Self.presentedChangeFrames,
          now || c.time - disagreementStart >= Self.unpresentedTime else { return }
    presented = now
    presentedDisagreement = 0
    guard evidence.confirmed != c.noneLabel else { return }
    events.append(GestureEvent(time: c.time, frame: c.frame, hand: chirality, kind: .presentation,
                               gesture: c.poseLabels[evidence.confirmed], confidence: 1, presented: now))
  }

  /// Asks the trained action models (those whose window the queue fills), then the built-in
  /// detector; the first action found fires and empties the queue.
  private mutating func classifyActions(_ c: Context, handLost: Bool, models: inout [GestureModel], events: inout [GestureEvent]) {
    queue.samplesSinceClassification = 0
    var action: String? = nil, shape: String? = nil
    var confidence = c.settings.minActionConfidence
    for index in models.indices where models[index].kind == .action && queue.count >= models[index].window {
      ModelFeatures.action(&queue, window: models[index].window, into: &features)
      models[index].predict(features, into: &modelOutputs[index])
      for (output, label) in models[index].labels.enumerated() where label != GestureName.none {
        if modelOutputs[index][output] >= confidence { (action, confidence) = (label, modelOutputs[index][output]) }
      }
    }
    if action == nil, let found = c.actionDetector.detect(&queue, handLost: handLost, aspectRatio: c.aspectRatio) {
      (action, confidence) = (BuiltInActionDetector.labels[found.action], found.confidence)
      shape = poseShown(before: found.start, c)
    }
    guard let action else { return }
    events.append(GestureEvent(time: c.time, frame: c.frame, hand: chirality, kind: .action, gesture: action, confidence: confidence,
                               shape: shape))
    queue.removeAll()
    actionsArmed = false
  }
}

extension HandTrack {
  /// Seconds before an action's first sample in which the pose shown counts as its shape (the
  /// hand held still before a swipe; one blurred sample as it sets off does not hide it).
  static let shapeLookBack = 0.3

  /// The pose the hand showed as an action began at sample `start`: on that sample, or the
  /// nearest before it within `shapeLookBack` that showed one; nil when none did.
  fileprivate func poseShown(before start: Int, _ c: Context) -> String? {
    var index = start
    while index >= 0 && queue.time(start) - queue.time(index) <= Self.shapeLookBack + 1e-9 {
      let label = queue.poseLabel(index)
      if label >= 0 && label != c.noneLabel && label < c.poseLabels.count { return c.poseLabels[label] }
      index -= 1
    }
    return nil
  }
}

extension HandObservation {
  /// The palm centre (mean of the wrist and four knuckles) in the image plane, x scaled by the
  /// aspect ratio: the same point `HandShape.palmCentre` gives, without building a shape.
  func palmCentre(aspectRatio: Double) -> SIMD2<Double> {
    var sum = SIMD2<Double>.zero
    for joint in Swift.stride(from: 0, through: 16, by: 4) {  // wrist, then the index, middle, ring, little knuckles
      let index = joint == 0 ? 0 : joint + 1
      sum += SIMD2(joints[index].x * aspectRatio, joints[index].y)
    }
    return sum / 5
  }
}

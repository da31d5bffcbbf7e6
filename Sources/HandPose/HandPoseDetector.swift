import Foundation
import Imaging

/// Which variant of MediaPipe's hand models to run: `full` is more accurate, `lite` faster.
public enum HandModel: String, Sendable, CaseIterable {
  case full, lite
}

/// Settings of a `HandPoseDetector`, with MediaPipe Hands' defaults.
public struct HandPoseOptions: Sendable {
  /// At most this many hands are reported (Vision's `maximumHandCount`).
  public var maximumHandCount = 2
  public var model = HandModel.full
  /// Whether frames arrive mirrored (a selfie view). V4L2 webcams deliver un-mirrored frames.
  public var mirrored = false
  /// CPU threads for each model. One thread costs the least CPU per frame (two cut the wall time
  /// of a frame by about a third for about 1.5 times the CPU).
  public var threads = 1
  /// A palm is a candidate from this detector score (min_detection_confidence).
  public var minimumDetectionScore: Float = 0.5
  /// A hand is kept (and tracked) while the landmark model's presence reaches this
  /// (min_tracking_confidence).
  public var minimumPresence = 0.5
  /// While tracking, a new palm overlapping a tracked hand's region by more than this IoU is the
  /// same hand and is dropped (AssociationNormRectCalculator min_similarity_threshold).
  public var sameHandOverlap = 0.5
  /// Seconds between palm detections while no hand is tracked (0: every frame). MediaPipe runs
  /// it on every frame; 0.12 s (every 3rd frame at 25 fps, every 4th at 30) keeps an idle agent
  /// cheap and still finds a raised hand within a few frames.
  public var idleDetectionInterval = 0.12
  /// Seconds between palm detections while some, but fewer than `maximumHandCount`, hands are
  /// tracked (0: every frame, as MediaPipe). A second hand is rarely raised in a hurry.
  public var searchDetectionInterval = 0.5
  /// A tracked hand that is lost is looked for again on the same frame, and for this long after a
  /// hand was last seen palm detection runs on every frame while none is tracked: a hand that was
  /// just there (in a fast swipe, say) is likely to be found again at once.
  public var reacquireWindow = 0.5
  /// While no hand has been seen for `reacquireWindow`, a palm found where the landmark model
  /// saw no hand less than this long ago (a hand-like shape in the background, typically) is not
  /// given to the landmark model again while the pixels there stay the same (0: always): the
  /// model would see the same pixels and say the same. Anything that moves there, a hand coming
  /// into view say, is looked at at once.
  public var rejectedPalmMemory = 1.0
  /// "The same": a 16x16 grid of samples of the palm's region differs from when the model saw it
  /// by less than this many 0-255 levels on average. On the shared clips a still background
  /// differs by 0.7-1.5 from frame to frame, and by up to 4.3 while the person moves in front of
  /// it; a hand coming into the region changes much of it by tens of levels.
  public var rejectedPalmChange = 4.0
  /// A followed hand whose region looks the same as when its landmarks were last computed (mean
  /// absolute difference of a coarse grid under this many 0-255 levels) keeps those landmarks for
  /// up to `maximumStillReuse` frames in a row instead of running the landmark model (0: never).
  /// A hand held still in a pose costs a fraction; any motion recomputes at once.
  public var stillHandThreshold = 1.0
  public var maximumStillReuse = 2
  /// While a hand is followed, its chirality comes from a running mean of the model's per-frame
  /// handedness score, each frame weighing this much (1: the frame alone, as MediaPipe). The
  /// model is unsure on some frames (a hand seen edge-on); a followed hand keeps its side.
  public var handednessWeight = 0.3
  /// A hand that palm detection has just found is kept only when the landmark model, run again on
  /// the region its own landmarks give (the region it would be followed in on the next frame),
  /// still sees a hand there. A real hand is better centred there and scores as high or higher; a
  /// face or another hand-like shape that palm detection took for a hand loses it, as it would
  /// on the next frame. Costs one more landmark run per newly found hand.
  public var confirmNewHands = true

  /// The same palm-detection cadence as MediaPipe Hands (every frame while fewer than
  /// `maximumHandCount` hands are tracked): what the parity tests compare against.
  public static var mediaPipeCadence: HandPoseOptions {
    var options = HandPoseOptions()
    options.idleDetectionInterval = 0
    options.searchDetectionInterval = 0
    options.rejectedPalmMemory = 0
    options.stillHandThreshold = 0
    options.handednessWeight = 1
    options.confirmNewHands = false
    return options
  }

  public init() {}
}

/// Time spent in each stage of the last frame, in seconds.
public struct HandPoseTimings: Sendable {
  public var palmDetection = 0.0
  public var landmarks = 0.0
  /// The part of `landmarks` spent in the landmark model itself.
  public var landmarkModel = 0.0
  /// Hands whose landmarks were used again on the last frame (they held still).
  public var reusedHands = 0
  /// Whether the palm detector ran on the last frame.
  public var ranPalmDetection = false
}

/// Finds hands on frames: palm detection, then the landmark model on each hand's region, and
/// (with `track`) follows hands from frame to frame so the palm detector runs only while fewer
/// than `maximumHandCount` hands are followed.
///
/// Input: RGB frames. Output: one `HandObservation` per hand, coordinates normalised to the frame
/// (origin top-left, y down), chirality the person's real hand.
public final class HandPoseDetector {
  public let options: HandPoseOptions
  public private(set) var timings = HandPoseTimings()

  private let palmDetector: PalmDetector
  private let landmarker: HandLandmarker
  private var tracked: [(region: RotatedRect, id: Int)] = []
  private var nextID = 1
  private var lastPalmDetection = -Double.infinity
  private var lastHandSeen = -Double.infinity
  /// Regions of palms in which the landmark model found no hand, and when.
  private var rejected: [(look: RegionLook, time: Double)] = []
  /// The followed hands' last computed landmarks and the look of their regions, by tracking ID.
  private var still: [Int: StillHand] = [:]
  /// The running mean of each followed hand's handedness score, by tracking ID.
  private var handedness: [Int: Double] = [:]
  /// The presence score of each region looked at on this frame, by tracking ID.
  private var lastPresence: [Int: Double] = [:]
  private var scratch: [UInt8] = []

  /// Loads both models of the chosen variant. Throws `InferenceError` when the runtime or a model
  /// is missing or unusable.
  public init(options: HandPoseOptions = HandPoseOptions(), runtime: InferenceRuntime? = nil) throws {
    let runtime = try runtime ?? InferenceRuntime()
    self.options = options
    let palmPath = try RuntimeFiles.locate("models/palm_detection_\(options.model.rawValue).tflite")
    let landmarkPath = try RuntimeFiles.locate("models/hand_landmark_\(options.model.rawValue).tflite")
    palmDetector = try PalmDetector(model: InferenceModel(runtime: runtime, path: palmPath, threads: options.threads))
    palmDetector.options.minimumScore = options.minimumDetectionScore
    landmarker = try HandLandmarker(model: InferenceModel(runtime: runtime, path: landmarkPath, threads: options.threads))
  }

  /// The hands on a single image, found from scratch (no tracking state is used or kept).
  public func detect(in frame: Frame) throws -> [HandObservation] {
    timings = HandPoseTimings()
    let regions = try palmRegions(frame, excluding: [])
    var hands: [HandObservation] = []
    for (index, region) in regions.enumerated() {
      if let (hand, _) = try observe(frame, region: region, id: index + 1) { hands.append(hand) }
    }
    return hands
  }

  /// The hands on the next frame of a sequence, following the hands of the previous frame.
  public func track(_ frame: Frame) throws -> [HandObservation] {
    timings = HandPoseTimings()
    // Hands followed from the last frame; a region that drifted onto another hand is dropped.
    var regions: [(region: RotatedRect, id: Int)] = []
    for candidate in tracked where !regions.contains(where: { HandRegion.overlap($0.region, candidate.region) > options.sameHandOverlap }) {
      regions.append(candidate)
    }
    let followed = regions.count
    let recent = frame.timestamp - lastHandSeen < options.reacquireWindow && frame.timestamp >= lastHandSeen
    var ranPalmDetection = false
    if regions.count < options.maximumHandCount {
      let interval = !regions.isEmpty ? options.searchDetectionInterval : recent ? 0 : options.idleDetectionInterval
      if frame.timestamp - lastPalmDetection >= interval || frame.timestamp < lastPalmDetection {
        ranPalmDetection = true
        lastPalmDetection = frame.timestamp
        forgetRejections(before: frame.timestamp - options.rejectedPalmMemory)
        var skipped: [RotatedRect] = []
        if !recent {
          for rejection in rejected where rejection.look.difference(on: frame, scratch: &scratch) < options.rejectedPalmChange {
            skipped.append(rejection.look.region)
          }
        }
        for region in try palmRegions(frame, excluding: regions.map(\.region) + skipped)
        where regions.count < options.maximumHandCount {
          regions.append((region, nextID))
          nextID += 1
        }
      }
    }
    var hands: [HandObservation] = []
    tracked.removeAll(keepingCapacity: true)
    try observe(frame, regions, into: &hands)
    // While idle, new palms the landmark model found no hand in are not looked at again for a
    // while, unless their pixels change.
    if options.rejectedPalmMemory > 0 && !recent {
      for (region, id) in regions.dropFirst(followed) where (lastPresence[id] ?? 1) < options.minimumPresence {
        rejected.append((RegionLook(region, on: frame), frame.timestamp))
      }
    }
    lastPresence.removeAll(keepingCapacity: true)
    // A followed hand was lost on a frame without palm detection: look for it (only as many
    // palms as hands were lost) again now.
    if hands.count < regions.count && !ranPalmDetection && recent {
      lastPalmDetection = frame.timestamp
      var found: [(region: RotatedRect, id: Int)] = []
      for region in try palmRegions(frame, excluding: tracked.map(\.region)) where hands.count + found.count < regions.count {
        found.append((region, nextID))
        nextID += 1
      }
      try observe(frame, found, into: &hands)
    }
    if !hands.isEmpty { lastHandSeen = frame.timestamp }
    if still.count > tracked.count { still = still.filter { entry in tracked.contains { $0.id == entry.key } } }
    if handedness.count > tracked.count { handedness = handedness.filter { entry in tracked.contains { $0.id == entry.key } } }
    return hands
  }

  /// Runs the landmark model on each region (or keeps the landmarks of a hand that held still);
  /// keeps the hands found and their next regions.
  private func observe(_ frame: Frame, _ regions: [(region: RotatedRect, id: Int)], into hands: inout [HandObservation]) throws {
    for (region, id) in regions {
      if var hand = still[id], hand.reuses < options.maximumStillReuse, options.stillHandThreshold > 0,
         hand.nextRegion == region, hand.difference(on: frame, scratch: &scratch) < options.stillHandThreshold {
        hand.reuses += 1
        still[id] = hand
        hands.append(hand.observation)
        tracked.append((region, id))
        timings.reusedHands += 1
        continue
      }
      still[id] = nil
      guard let (hand, next) = try observe(frame, region: region, id: id, followed: true) else { continue }
      hands.append(hand)
      tracked.append((next, id))
      if options.stillHandThreshold > 0 { still[id] = StillHand(hand, nextRegion: next, on: frame) }
    }
  }

  private func forgetRejections(before time: Double) {
    rejected.removeAll { $0.time < time || $0.time > time + options.rejectedPalmMemory }
  }

  /// Forgets the hands being followed (the next `track` starts from palm detection).
  public func reset() {
    tracked.removeAll()
    rejected.removeAll()
    still.removeAll()
    handedness.removeAll()
    lastPalmDetection = -Double.infinity
    lastHandSeen = -Double.infinity
  }

  /// Regions of new palms, best first, at most `maximumHandCount`, none overlapping `excluded`.
  private func palmRegions(_ frame: Frame, excluding excluded: [RotatedRect]) throws -> [RotatedRect] {
    let start = DispatchTime.now().uptimeNanoseconds
    defer {
      timings.palmDetection += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      timings.ranPalmDetection = true
    }
    let palms = try palmDetector.detect(frame).prefix(options.maximumHandCount)
    // As MediaPipe's association: a later region replaces earlier ones it overlaps, so of two
    // palms on the same hand the lower-scored one stays; followed hands come last and win.
    var regions: [RotatedRect] = []
    for palm in palms {
      let region = HandRegion.region(for: palm, width: frame.width, height: frame.height)
      regions.removeAll { HandRegion.overlap($0, region) > options.sameHandOverlap }
      regions.append(region)
    }
    return regions.filter { region in !excluded.contains { HandRegion.overlap($0, region) > options.sameHandOverlap } }
  }

  /// The hand in `region`, and its region for the next frame; nil when the model sees no hand.
  /// A `followed` hand's chirality comes from its running handedness mean.
  private func observe(_ frame: Frame, region: RotatedRect, id: Int, followed: Bool = false) throws -> (HandObservation, RotatedRect)? {
    let start = DispatchTime.now().uptimeNanoseconds
    defer { timings.landmarks += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
    let result = try landmarker.landmarks(in: frame, region: region)
    timings.landmarkModel += landmarker.lastModelSeconds
    lastPresence[id] = result.presence
    guard result.presence >= options.minimumPresence else { return nil }
    let next = HandRegion.region(for: result.joints.map { SIMD2($0.x, $0.y) }, width: frame.width, height: frame.height)
    if followed && options.confirmNewHands && handedness[id] == nil {
      let check = try landmarker.landmarks(in: frame, region: next)
      timings.landmarkModel += landmarker.lastModelSeconds
      lastPresence[id] = check.presence
      guard check.presence >= options.minimumPresence else { return nil }
    }
    var score = result.mirroredLeftScore
    if followed {
      score = handedness[id].map { $0 + (score - $0) * options.handednessWeight } ?? score
      handedness[id] = score
    }
    // The model's "Left" assumes a mirrored frame: on an un-mirrored one it is the person's right.
    let looksRight = score > 0.5
    let chirality: Chirality = (looksRight != options.mirrored) ? .right : .left
    let hand = HandObservation(chirality: chirality,
                               chiralityConfidence: max(score, 1 - score),
                               confidence: result.presence, joints: result.joints,
                               worldJoints: result.worldJoints, trackingID: id)
    return (hand, next)
  }
}

import HandPose
import Imaging

/// Which physical hand each observation of a frame is: the one place that decides it, right after
/// the engine. The gesture stage follows two hands, the person's left and right; this stage says
/// which observation continues which of them.
///
/// Input: the frame's observations and the two tracks (where each hand was, how fast it was
/// moving, its tracking ID). Output: the index of the observation each track takes, or nil.
///
/// - An observation with the tracking ID a track had last is that hand: the engine followed it;
///   unless it lies further than any hand moves in the time (`HandPresentation.maximumSpeed`):
///   then the engine's region slid onto something else, such as the person's other hand.
/// - Otherwise an observation continues a track when it lies where the hand was heading and is
///   about its size: within `reach` hand sizes of where one of the hand's positions of its last
///   0.3 s in view, moved on at the velocity it had there, predicts, plus what a hand accelerating
///   at `maximumAcceleration` could add while it was missing (up to `missedFrames` frames); and
///   within `maximumSizeChange` of its last size. So a hand lost for a few frames of a fast swipe
///   and found again further along keeps its identity (a new tracking ID does not split it), while
///   a detection across the picture, or a face next to a hand that was still a moment ago, does
///   not join its trajectory.
/// - A hand that was moving when it was lost also continues where that motion leads, for up to
///   `GestureRecognizer.rejoinWithin` seconds: ahead of it on its line, not far off it, no further
///   than a swipe speeding up gets (`HandPresentation.heading`). That is a swipe whose hand blurred
///   past recognition for most of its path, or, at 5-8 fps, moved two hand sizes between frames.
/// - A hand that was lost while still (its swipe began too fast for the engine to follow, and
///   it blurred past recognition from its first frames), continues where it is found again,
///   however far, when the picture shows the way it went: every part of the line from where it
///   was last seen to the observation changed since then (`MotionTrail`), while the picture as a
///   whole did not (a cut, the camera moving); within `bridgeWithin` seconds, no faster than a
///   hand moves, of the same chirality and about the same size. A face or the other hand that
///   turns up across the picture, with nothing moving in between, does not join the trajectory.
/// - An observation that no track takes, of a side whose hand is followed but was not seen on
///   this frame, ends that hand's trajectory and starts a new one (`GestureRecognizer.process`).
/// - The engine's chirality decides between tracks only as a tie-break: an observation that is
///   where one hand was heading continues it even when its chirality flipped for a frame or two
///   (fast motion, a hand seen edge-on). When the engine keeps calling a hand by the other side
///   (`isTheOtherHand`) while that other hand is not in view, the recognizer relabels it.
/// - A hand of a side whose track is not active starts that track.
enum HandIdentities {
  /// Hand sizes an observation may lie from a track's predicted position with no time missing
  /// (the palm centre's jitter and a hand turning).
  static let reach = 0.75
  /// Hand sizes per second squared: how hard a hand can speed up or turn while it is missing.
  /// A swipe from rest reaches 5-10 hand sizes a second within about 0.15 s.
  static let maximumAcceleration = 80.0
  /// A hand does not grow or shrink by more than this factor between two sightings (its size
  /// measure holds up as it turns); two hands of different size, or a far one and a near one, are
  /// two hands.
  static let maximumSizeChange = 2.0
  /// Frames a hand may be missing (at most `HandPresentation.window` seconds) for which the room
  /// `maximumAcceleration` gives keeps growing. A hand that was not heading anywhere and is missing
  /// for longer is not known to be the same hand when something turns up further away: an unseen
  /// swipe at 25 fps still shows where it was heading on its first frames, and at 5 fps a
  /// single missed frame is already 0.2 s.
  static let missedFrames = 3.0
  /// Seconds a hand may be missing and still be joined by the motion it left in the picture (the
  /// blurred part of a swipe lasts 0.2-0.4 s on the real clips).
  static let bridgeWithin = 0.5
  /// Share of the line from where the hand was last seen to the observation that must have
  /// changed (a hand that swept along it: all of it on the real clips).
  static let minimumPathChange = 0.9
  /// Largest share of the whole picture that may have changed on one frame meanwhile: the arm of
  /// a swipe made close to the camera changes about a fifth; a cut or a camera moving, most of it.
  static let maximumPictureChange = 0.5
  /// Frames in a row of the other chirality after which a followed hand is that other hand.
  static let relabelFrames = 5

  /// Whether the engine has called `track`'s hand by the other chirality for long enough that it
  /// is that hand: `relabelFrames` frames in a row, or, for a hand that has just appeared, at
  /// least 2 frames in a row and as many as it was called by its own side (the engine's first
  /// frames of a hand coming into view are the least sure of its side).
  static func isTheOtherHand(_ track: HandTrack) -> Bool {
    track.otherChiralityFrames >= relabelFrames
      || (track.otherChiralityFrames >= 2 && track.otherChiralityFrames >= track.ownChiralityFrames)
  }

  /// Observation index for the left and the right track, or nil. `frameInterval`: the source's
  /// usual time between frames, seconds; `motion`: where the picture changed lately (nil: not
  /// known, and no hand is joined by it).
  static func assign(_ hands: [HandObservation], left: HandTrack, right: HandTrack, time: Double, aspectRatio: Double,
                     frameInterval: Double, motion: MotionTrail? = nil) -> (left: Int?, right: Int?)
  {
    let horizon = Swift.min(HandPresentation.window, Self.missedFrames * frameInterval)
    var best: (left: Int?, right: Int?) = (nil, nil)
    var bestCost = Double.infinity
    let leftFollowed = followed(hands, left, time: time, aspectRatio: aspectRatio)
    let rightFollowed = followed(hands, right, time: time, aspectRatio: aspectRatio)
    // A track whose hand the engine followed takes that observation; when each track saw that ID
    // last, the observation's side decides which.
    var leftTakes = leftFollowed, rightTakes = rightFollowed
    if let both = leftFollowed, both == rightFollowed {
      if hands[both].chirality == .left { rightTakes = nil } else { leftTakes = nil }
    }
    // At most a handful of observations: try every pairing (-1: the track takes none).
    for l in -1..<hands.count where leftTakes == nil || l == leftTakes {
      let leftIndex = l < 0 ? nil : l
      guard let leftCost = cost(leftIndex, hands, left, followed: leftFollowed, time: time, aspectRatio: aspectRatio,
                                horizon: horizon, motion: motion) else { continue }
      for r in -1..<hands.count where (r < 0 || r != l) && (rightTakes == nil || r == rightTakes) {
        let rightIndex = r < 0 ? nil : r
        guard let rightCost = cost(rightIndex, hands, right, followed: rightFollowed, time: time, aspectRatio: aspectRatio,
                                   horizon: horizon, motion: motion) else { continue }
        if leftCost + rightCost < bestCost { (best, bestCost) = ((leftIndex, rightIndex), leftCost + rightCost) }
      }
    }
    return best
  }

  /// The observation the engine followed from `track`'s hand: its tracking ID, somewhere the hand
  /// could have moved to.
  private static func followed(_ hands: [HandObservation], _ track: HandTrack, time: Double, aspectRatio: Double) -> Int? {
    guard track.active else { return nil }
    return hands.firstIndex { hand in
      hand.trackingID == track.trackingID
        && track.motion.canReach(hand.palmCentre(aspectRatio: aspectRatio), size: hand.palmSize(aspectRatio: aspectRatio),
                                 at: time, reach: Self.reach)
    }
  }

  /// The cost of `track` taking observation `index` (nil: taking none), or nil when it cannot.
  /// `followed`: the observation the engine followed from the track's hand (`followed(_:_:time:aspectRatio:)`),
  /// which costs nothing.
  private static func cost(_ index: Int?, _ hands: [HandObservation], _ track: HandTrack, followed: Int?, time: Double,
                           aspectRatio: Double, horizon: Double, motion: MotionTrail?) -> Double? {
    let unassigned = 1000.0
    guard let index else { return unassigned }
    let hand = hands[index]
    let sameSide = hand.chirality == track.chirality
    guard track.active else { return sameSide ? unassigned / 2 - hand.confidence : nil }
    if index == followed { return 0 }
    let size = hand.palmSize(aspectRatio: aspectRatio), centre = hand.palmCentre(aspectRatio: aspectRatio)
    guard let last = track.motion.lastSize, size <= Self.maximumSizeChange * last, last <= Self.maximumSizeChange * size else { return nil }
    let side = sameSide ? 0.0 : 2.0
    if let shortfall = track.motion.shortfall(to: centre, size: size, at: time, acceleration: Self.maximumAcceleration, horizon: horizon),
       shortfall <= Self.reach {
      return Swift.max(0, shortfall) + side
    }
    if let off = track.motion.heading(to: centre, size: size, at: time, reach: Self.reach) { return Self.reach + off + side }
    guard sameSide, let motion, bridged(to: centre, size: Swift.max(size, last), track, time: time, aspectRatio: aspectRatio,
                                        motion: motion) else { return nil }
    return 2 * Self.reach
  }

  /// Whether the picture shows the way from where `track`'s hand was last seen to `centre`
  /// (image plane, x scaled by the aspect ratio), a way a hand of `size` could have gone in the
  /// time (`HandPresentation.maximumSpeed`): see `bridgeWithin`.
  private static func bridged(to centre: SIMD2<Double>, size: Double, _ track: HandTrack, time: Double, aspectRatio: Double,
                              motion: MotionTrail) -> Bool {
    guard let last = track.motion.lastSighting, time > last.time, time - last.time <= Self.bridgeWithin,
          distance(centre, last.palm) / size <= HandPresentation.maximumSpeed * (time - last.time),
          motion.largestChange(after: last.time) <= Self.maximumPictureChange else { return false }
    let scale = SIMD2(1 / aspectRatio, 1)
    return motion.changedShare(from: last.palm * scale, to: centre * scale, after: last.time) >= Self.minimumPathChange
  }
}

extension HandObservation {
  /// The hand's size in the image plane (x scaled by the aspect ratio): `HandShape.size` without
  /// building a shape.
  func palmSize(aspectRatio: Double) -> Double {
    func point(_ joint: JointName) -> SIMD2<Double> { SIMD2(self[joint].x * aspectRatio, self[joint].y) }
    return HandShape.size(wrist: point(.wrist), indexMCP: point(.indexMCP), middleMCP: point(.middleMCP), littleMCP: point(.littleMCP))
  }
}

import HandPose

/// Whether a hand is *presented*: held roughly still; for an open palm, standing up with the
/// palm toward the camera; for a thumbs up or down, the thumb standing clear of the fist. A pose
/// counts only while its hand is presented, so a palm passing by while someone talks, a hand
/// fretting a guitar (its back to the camera), a hand reaching for a cup or a fist resting with
/// the thumb along its top never holds a pose long enough to fire a rule.
///
/// Input, each frame the hand is seen: its capture time, palm centre and size (image plane,
/// frame-height units) and, when the source has depth, its 3-D joints. Output: the hand's speed in
/// hand sizes per second over the last `window` seconds, and the palm's facing.
///
/// Every buffer is allocated once, so measuring does not allocate.
struct HandPresentation {
  /// Seconds of motion the speed is measured over: long enough to average out the landmarks'
  /// jitter, short enough that a hand that starts to move stops counting within a few frames.
  static let window = 0.3
  /// A hand seen for less than this is not yet known to be still.
  static let settleTime = 0.1
  /// No hand moves faster than this many hand sizes per second; a faster step between two
  /// sightings is noise.
  static let maximumSpeed = 20.0
  /// Slower than this, in hand sizes per second, a hand is not heading anywhere: the palm centre of
  /// a hand held still wanders about 0.1 hand sizes a second over `window`; hands that talk move
  /// about 1.
  static let minimumHeadingSpeed = 0.5
  /// Hand sizes per second squared a hand can speed up along its line: a swipe reaches its top
  /// speed, 15-20 hand sizes a second, within about 0.1 s.
  static let maximumSpeedUp = 200.0
  /// How far off its line a hand heading somewhere may turn up, per hand size along it (about 31
  /// degrees: as far as a swipe may slant).
  static let headingSpread = 0.6

  private var times: [Double]
  private var palms: [SIMD2<Double>]
  private var sizes: [Double]
  private var start = 0
  private var count = 0

  init(capacity: Int = 64) {
    times = Array(repeating: 0, count: capacity)
    palms = Array(repeating: .zero, count: capacity)
    sizes = Array(repeating: 0, count: capacity)
  }

  /// Forgets the hand's motion.
  mutating func reset() {
    start = 0
    count = 0
  }

  /// Takes the hand's position on a frame and returns its speed, hand sizes per second, over the
  /// last `window` seconds; infinity while the hand has not been seen for `settleTime`.
  mutating func speed(time: Double, palm: SIMD2<Double>, size: Double) -> Double {
    let capacity = times.count
    if count == capacity {
      start = (start + 1) % capacity
      count -= 1
    }
    let slot = self.slot(count)
    (times[slot], palms[slot], sizes[slot]) = (time, palm, size)
    count += 1
    let first = self.slot(windowStart())
    let elapsed = time - times[first]
    guard elapsed >= Self.settleTime else { return .infinity }
    let unit = Swift.max(size, sizes[first], 1e-9)
    return distance(palm, palms[first]) / unit / elapsed
  }

  /// When the hand was last seen and where its palm centre was (image plane, x scaled by the
  /// aspect ratio); nil when it has not been seen.
  var lastSighting: (time: Double, palm: SIMD2<Double>)? {
    guard count > 0 else { return nil }
    let last = slot(count - 1)
    return (times[last], palms[last])
  }

  /// The hand's size when last seen (frame-height units); nil when it has not been seen.
  var lastSize: Double? { count > 0 ? sizes[slot(count - 1)] : nil }

  @inline(__always) private func slot(_ index: Int) -> Int { (start + index) % times.count }

  /// The index (0 = oldest) of the oldest sample within `window` seconds of the newest, and at
  /// least one sample before it (0 when there is only one).
  private func windowStart() -> Int {
    let newest = times[slot(count - 1)]
    var oldest = Swift.max(count - 2, 0)
    while oldest > 0 && newest - times[slot(oldest - 1)] <= Self.window + 1e-9 { oldest -= 1 }
    return oldest
  }

  /// The smallest distance, in hand sizes, from `point` at `time` to where the hand was heading at
  /// any of its positions of its last `window` seconds in view (each position moved on by the
  /// velocity the hand had there), less what a hand accelerating at `acceleration` hand sizes per
  /// second squared could add in the time it was missing, counted up to `horizon` seconds: at most
  /// 0 when the hand can be at `point`. (A hand missing for longer, that was not heading anywhere,
  /// is not known to be the same hand when something turns up far away; see `heading`.)
  /// Measuring from several recent positions copes with a followed hand whose landmarks lagged
  /// for a frame or two before the engine found it again further along. Nil when the hand has no
  /// recent position.
  func shortfall(to point: SIMD2<Double>, size: Double, at time: Double, acceleration: Double, horizon: Double) -> Double? {
    guard count > 0 else { return nil }
    let last = times[slot(count - 1)]
    let missing = Swift.min(Swift.max(0, time - last), horizon)
    var best: Double? = nil
    var index = count - 1
    while index >= 0 {
      let slot = self.slot(index)
      if last - times[slot] > Self.window { break }
      let elapsed = time - times[slot]
      let unit = Swift.max(size, sizes[slot], 1e-9)
      var velocity = SIMD2<Double>.zero
      if index > 0 {
        let before = self.slot(index - 1)
        let step = times[slot] - times[before]
        if step > 0 && step <= Self.window { velocity = (palms[slot] - palms[before]) / step }
        let speed = (velocity * velocity).sum().squareRoot() / unit
        if speed > Self.maximumSpeed { velocity *= Self.maximumSpeed / speed }
      }
      let predicted = palms[slot] + velocity * Swift.max(elapsed, 0)
      let gap = distance(point, predicted) / unit - 0.5 * acceleration * missing * missing
      best = Swift.min(best ?? gap, gap)
      index -= 1
    }
    return best
  }

  /// Whether the hand could have moved to `point` by `time`: no further from where it was last
  /// seen than `reach` hand sizes plus what `maximumSpeed` covers in the time between. False when
  /// it has not been seen.
  func canReach(_ point: SIMD2<Double>, size: Double, at time: Double, reach: Double) -> Bool {
    guard count > 0 else { return false }
    let last = slot(count - 1)
    let unit = Swift.max(size, sizes[last], 1e-9)
    return distance(point, palms[last]) / unit <= reach + Self.maximumSpeed * Swift.max(0, time - times[last])
  }

  /// Whether `point` at `time` lies where the hand was heading when it was last seen: ahead of it
  /// along its motion of its last `window` seconds in view (at least `minimumHeadingSpeed` hand
  /// sizes per second), no further than it could have gone speeding up at `maximumSpeedUp` to at
  /// most `maximumSpeed`, and at most `headingSpread` times as far off that line as along it (plus
  /// `reach`). Returns how far off the line it lies, in hand sizes, or nil. So a swipe whose hand
  /// blurs past recognition for most of its path (several frames at 25 fps, a single frame at 5)
  /// is found again where it ends, and a hand that was still, moving slowly or moving elsewhere
  /// is not joined to a detection far away.
  func heading(to point: SIMD2<Double>, size: Double, at time: Double, reach: Double) -> Double? {
    guard count > 1 else { return nil }
    let lastSlot = slot(count - 1), oldestSlot = slot(windowStart())
    let elapsed = times[lastSlot] - times[oldestSlot]
    let missing = time - times[lastSlot]
    guard elapsed >= Self.settleTime, elapsed <= Self.window + 1e-9, missing > 0 else { return nil }
    let unit = Swift.max(size, sizes[lastSlot], 1e-9)
    let motion = (palms[lastSlot] - palms[oldestSlot]) / unit
    let speed = (motion * motion).sum().squareRoot() / elapsed
    guard speed >= Self.minimumHeadingSpeed else { return nil }
    let direction = motion / (speed * elapsed)
    let offset = (point - palms[lastSlot]) / unit
    let along = (offset * direction).sum()
    let aside = offset - along * direction
    let off = (aside * aside).sum().squareRoot()
    let furthest = Swift.min(speed * missing + 0.5 * Self.maximumSpeedUp * missing * missing, Self.maximumSpeed * missing)
    guard along > 0, along <= reach + furthest, off <= reach + Self.headingSpread * along else { return nil }
    return off
  }

  /// How much the hand stands up in the picture: the cosine of the angle between its axis (wrist
  /// to middle knuckle) and straight up, from 1 (fingers up) through 0 (sideways) to -1 (hanging).
  static func upright(_ shape: HandShape) -> Double {
    let axis = shape[.middleMCP] - shape[.wrist]
    let length = (axis * axis).sum().squareRoot()
    return length > 1e-12 ? -axis.y / length : 0
  }

  /// The four fingers' knuckles and middle joints: the fist a thumb stands clear of.
  private static let fistJoints: [JointName] = [.indexMCP, .middleMCP, .ringMCP, .littleMCP,
                                                .indexPIP, .middlePIP, .ringPIP, .littlePIP]

  /// How far the thumb's tip stands clear of the fist, up (`down` false) or down, in hand sizes:
  /// along the picture's vertical, from the tip to the nearest of the four fingers' knuckles and
  /// middle joints, positive when the tip lies beyond them all. A thumb shown up or down to the
  /// camera stands 0.58-0.92 hand sizes clear on the real clips and photos; a resting fist with
  /// the thumb along its top, 0.2-0.35; a fist seen from above, or a thumb beside a fist, below 0.
  static func thumbClearance(_ shape: HandShape, down: Bool) -> Double {
    let tip = shape[.thumbTip].y
    var clearance = Double.infinity
    for joint in fistJoints {
      let y = shape[joint].y
      clearance = Swift.min(clearance, down ? tip - y : y - tip)
    }
    return shape.size > 1e-12 ? clearance / shape.size : 0
  }

  /// How squarely the palm (not the back of the hand) faces the camera: the cosine between the
  /// palm's normal and the direction toward the camera, from -1 (the back of the hand toward the
  /// camera) to 1 (the palm squarely toward it). Nil when the shape has no depth (2-D sources).
  /// The palm's plane is the one through the wrist and the index and little knuckles.
  static func palmFacing(_ shape: HandShape, mirrored: Bool) -> Double? {
    guard shape.world.count == JointName.allCases.count else { return nil }
    let wrist = shape.world[JointName.wrist.rawValue]
    let index = shape.world[JointName.indexMCP.rawValue] - wrist
    let little = shape.world[JointName.littleMCP.rawValue] - wrist
    let normal = SIMD3(index.y * little.z - index.z * little.y,
                       index.z * little.x - index.x * little.z,
                       index.x * little.y - index.y * little.x)
    let length = (normal * normal).sum().squareRoot()
    guard length > 1e-12 else { return nil }
    // z points away from the camera. For a right hand on an un-mirrored frame this normal points
    // out of the back of the hand; a left hand, or a mirrored frame, turns it round.
    let side: Double = (shape.chirality == .right) != mirrored ? 1 : -1
    return -side * normal.z / length
  }
}

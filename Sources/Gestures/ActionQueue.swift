import Foundation

/// One hand's queue of samples for action classification: a ring buffer of fixed capacity,
/// allocated once, oldest sample first.
///
/// A sample holds the frame's capture time (seconds), the palm centre in the USER's view (as in a
/// mirror: x toward the user's right, y down, units of the frame's height), how far the hand is
/// turned in that view (`HandShape.roll`), the hand size in the same units, how open the hand is
/// (0...1), the pose values trained action models read, and the pose the hand showed (an action's
/// shape).
struct ActionQueue {
  /// Pose values stored per sample: `PoseFeatures` straightness (4), direction (4), thumb reach,
  /// thumb upness, pinch distance.
  static let poseValueCount = 11

  let capacity: Int
  private(set) var count = 0
  private var start = 0
  private var times: [Double]
  private var palms: [SIMD2<Double>]
  private var rolls: [Double]
  private var sizes: [Double]
  private var openness: [Double]
  private var fingersOut: [Double]
  private var poseValues: [Double]
  /// The pose the hand showed on each sample: an index into the recognizer's pose labels, -1
  /// when not known.
  private var poseLabels: [Int]
  /// Scratch space for medians, so classification does not allocate.
  private var scratch: [Double]
  /// Samples added since the queue was last classified.
  var samplesSinceClassification = 0

  init(capacity: Int) {
    precondition(capacity > 0, "an action queue holds at least one sample")
    self.capacity = capacity
    times = Array(repeating: 0, count: capacity)
    palms = Array(repeating: .zero, count: capacity)
    rolls = Array(repeating: 0, count: capacity)
    sizes = Array(repeating: 0, count: capacity)
    openness = Array(repeating: 0, count: capacity)
    fingersOut = Array(repeating: 0, count: capacity)
    poseValues = Array(repeating: 0, count: capacity * Self.poseValueCount)
    poseLabels = Array(repeating: -1, count: capacity)
    scratch = Array(repeating: 0, count: capacity)
  }

  /// A palm centre and turn measured on a frame (x scaled by the aspect ratio), as the queue
  /// stores them: in the user's view, as in a mirror (an un-mirrored frame is flipped).
  static func userView(palm: SIMD2<Double>, roll: Double, aspectRatio: Double, mirrored: Bool) -> (palm: SIMD2<Double>, roll: Double) {
    mirrored ? (palm, roll) : (SIMD2(aspectRatio - palm.x, palm.y), -roll)
  }

  /// Appends a sample, dropping the oldest when full. `roll` is stored unwrapped: within half a
  /// turn of the sample before, so a hand turning past straight down does not jump by a full turn.
  mutating func append(time: Double, palm: SIMD2<Double>, roll: Double, size: Double, openness open: Double,
                       fingerOut: Double, pose: PoseFeatures, poseLabel: Int = -1) {
    var roll = roll
    if count > 0 {
      let previous = rolls[self.slot(count - 1)]
      roll = previous + remainder(roll - previous, 2 * Double.pi)
    }
    let slot: Int
    if count < capacity {
      slot = (start + count) % capacity
      count += 1
    } else {
      slot = start
      start = (start + 1) % capacity
    }
    times[slot] = time
    palms[slot] = palm
    rolls[slot] = roll
    sizes[slot] = size
    openness[slot] = open
    fingersOut[slot] = fingerOut
    poseLabels[slot] = poseLabel
    let base = slot * Self.poseValueCount
    for finger in 0..<4 {
      poseValues[base + finger] = pose.straightness[finger]
      poseValues[base + 4 + finger] = pose.direction[finger]
    }
    poseValues[base + 8] = pose.thumbReach
    poseValues[base + 9] = pose.thumbUpness
    poseValues[base + 10] = pose.pinchDistance
    samplesSinceClassification += 1
  }

  /// Empties the queue (after an action fired, or when the hand was lost).
  mutating func removeAll() {
    count = 0
    start = 0
    samplesSinceClassification = 0
  }

  /// Drops the `dropped` oldest samples (at most all of them).
  mutating func removeOldest(_ dropped: Int) {
    let k = Swift.min(Swift.max(0, dropped), count)
    start = (start + k) % capacity
    count -= k
    samplesSinceClassification = Swift.min(samplesSinceClassification, count)
  }

  @inline(__always) private func slot(_ index: Int) -> Int { (start + index) % capacity }

  /// Capture time of sample `index` (0 = oldest), seconds.
  func time(_ index: Int) -> Double { times[slot(index)] }
  /// Palm centre of sample `index`, user's view, frame-height units.
  func palm(_ index: Int) -> SIMD2<Double> { palms[slot(index)] }
  /// How far the hand of sample `index` is turned, user's view, radians (unwrapped along the queue).
  func roll(_ index: Int) -> Double { rolls[slot(index)] }
  /// Openness of sample `index`, 0...1.
  func openness(_ index: Int) -> Double { openness[slot(index)] }
  /// How surely at least one of the four fingers of sample `index` is out, 0...1.
  func fingerOut(_ index: Int) -> Double { fingersOut[slot(index)] }
  /// The pose label the hand showed on sample `index` (-1: not known).
  func poseLabel(_ index: Int) -> Int { poseLabels[slot(index)] }
  /// Pose value `value` (0..<poseValueCount) of sample `index`.
  func poseValue(_ index: Int, _ value: Int) -> Double { poseValues[slot(index) * Self.poseValueCount + value] }

  /// The median hand size of the samples `first..<count`: the unit of hand-relative motion,
  /// robust to the few frames where blur or a turning hand shrinks the measured palm.
  mutating func medianSize(from first: Int = 0) -> Double {
    let n = count - first
    guard n > 0 else { return 0 }
    for index in 0..<n { scratch[index] = sizes[slot(first + index)] }
    // Insertion sort: at most a few dozen values, and no allocation.
    for i in 1..<Swift.max(n, 1) {
      let value = scratch[i]
      var j = i - 1
      while j >= 0 && scratch[j] > value {
        scratch[j + 1] = scratch[j]
        j -= 1
      }
      scratch[j + 1] = value
    }
    return n % 2 == 1 ? scratch[n / 2] : (scratch[n / 2 - 1] + scratch[n / 2]) / 2
  }
}

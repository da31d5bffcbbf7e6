import HandPose

/// The built-in hand poses, recognised by rules over `PoseFeatures` (nothing here is fitted to data).
///
/// Input: one hand shape. Output: a probability for each of `labels` (the nine built-in poses and
/// `none`), summing to 1.
///
/// How it decides: each finger gets a soft "extended" and a soft "folded" degree (logistic curves
/// around the thresholds in `Options`; with the engine's 3-D joints, the larger extended and the
/// smaller folded degree of the picture and of 3-D); each pose is the product of the degrees it needs (open
/// palm: four fingers extended, thumb not across the palm, no pinch; fist: four folded, thumb not
/// sticking out; thumbs up/down: four folded, thumb out and pointing up/down in the image; victory:
/// index and middle extended and apart, ring and little folded; pointing: index extended, the rest
/// folded; ok: thumb and index tips touching, middle, ring and little extended; pinch: tips touching
/// and not ok, index not folded; I love you: index, little and thumb out, middle and ring folded);
/// `none` gets a constant evidence, so a pose must beat it to win. The products are normalised.
public struct BuiltInPoseClassifier: Sendable {
  /// Thresholds of the rules, with the reasoning behind each default. Widths are the logistic
  /// scale: a measure one width past its threshold counts 73% in favour.
  public struct Options: Sendable, Equatable {
    /// A finger is extended when its chord is at least this fraction of its path (PIP and DIP
    /// bends total less than about 50 degrees) ...
    public var extendedStraightness = 0.82, extendedStraightnessWidth = 0.04
    /// ... and it continues its metacarpal within about 70 degrees (cos 70° = 0.35).
    public var extendedDirection = 0.35, extendedDirectionWidth = 0.12
    /// A finger is folded when it turns back over the palm (beyond about 85 degrees) ...
    public var foldedDirection = 0.1, foldedDirectionWidth = 0.12
    /// ... or when its chord is under 60% of its path (curled).
    public var foldedStraightness = 0.6, foldedStraightnessWidth = 0.05
    /// The thumb sticks out when its tip is this many hand sizes from the middle knuckle (a thumb
    /// across a fist lies within about half a hand size).
    public var thumbOut = 0.85, thumbOutWidth = 0.07
    /// ... and it points away from the wrist's side of the palm (cosine above 0).
    public var thumbAlongPalm = 0.0, thumbAlongPalmWidth = 0.1
    /// Thumbs up/down: the thumb within about 53 degrees of the image's vertical (cos = 0.6).
    public var thumbVertical = 0.6, thumbVerticalWidth = 0.08
    /// Thumb and index tips touch: their centres are about one fingertip's width apart, a quarter
    /// of a hand size.
    public var pinch = 0.25, pinchWidth = 0.05
    /// ... out in front of the hand: the thumb tip at least this many hand sizes from the middle
    /// knuckle (a thumb lying on a fist's fingers stays within about half a hand size).
    public var pinchThumbReach = 0.6, pinchThumbReachWidth = 0.06
    /// Victory: index and middle tips at least a third of a hand size apart (a V, not two fingers
    /// held together).
    public var fingerGap = 0.35, fingerGapWidth = 0.06
    /// The thumb lies across the palm when its tip is within this many hand sizes of the ring or
    /// little knuckle.
    public var thumbTuck = 0.45, thumbTuckWidth = 0.06
    /// The constant evidence for `none`: a pose whose product of degrees is below this loses.
    public var noneEvidence = 0.08

    public init() {}
  }

  /// The class labels, in the order of the probabilities: `GestureName.builtInPoses`, then `none`.
  public static let labels = GestureName.builtInPoses + [GestureName.none]

  public var options: Options

  public init(options: Options = Options()) {
    self.options = options
  }

  /// Probabilities for `labels` of the pose of an observed hand on a frame of the given aspect
  /// ratio (width / height).
  public func classify(_ hand: HandObservation, aspectRatio: Double) -> [Double] {
    classify(HandShape(hand, aspectRatio: aspectRatio))
  }

  /// Probabilities for `labels` of the pose of a hand shape.
  public func classify(_ shape: HandShape) -> [Double] {
    var result = [Double](repeating: 0, count: Self.labels.count)
    probabilities(PoseFeatures(shape), into: &result)
    return result
  }

  /// Writes the probabilities for `labels` into `result` (which must hold `labels.count` values):
  /// the allocation-free form the recognizer uses every frame.
  public func probabilities(_ f: PoseFeatures, into result: inout [Double]) {
    let o = options
    var extended = SIMD4<Double>(repeating: 0), folded = SIMD4<Double>(repeating: 0)
    for finger in 0..<4 {
      (extended[finger], folded[finger]) = degrees(f, finger)
    }
    let thumbOut = logistic((f.thumbReach - o.thumbOut) / o.thumbOutWidth)
      * logistic((f.thumbAlongPalm - o.thumbAlongPalm) / o.thumbAlongPalmWidth)
    let up = logistic((f.thumbUpness - o.thumbVertical) / o.thumbVerticalWidth)
    let down = logistic((-f.thumbUpness - o.thumbVertical) / o.thumbVerticalWidth)
    let tucked = logistic((o.thumbTuck - f.thumbTuck) / o.thumbTuckWidth)
    let pinched = logistic((o.pinch - f.pinchDistance) / o.pinchWidth)
      * logistic((f.thumbReach - o.pinchThumbReach) / o.pinchThumbReachWidth)
    let apart = logistic((f.fingerGap - o.fingerGap) / o.fingerGapWidth)
    let (i, m, r, l) = (extended[0], extended[1], extended[2], extended[3])
    let (fi, fm, fr, fl) = (folded[0], folded[1], folded[2], folded[3])
    let allFolded = fi * fm * fr * fl
    let threeExtended = m * r * l
    // Order: GestureName.builtInPoses, then none.
    result[0] = i * threeExtended * (1 - pinched) * (1 - tucked)  // open_palm
    result[1] = allFolded * (1 - thumbOut)  // fist
    result[2] = allFolded * thumbOut * up  // thumbs_up
    result[3] = allFolded * thumbOut * down  // thumbs_down
    result[4] = i * m * fr * fl * apart  // victory
    result[5] = i * fm * fr * fl  // pointing
    result[6] = pinched * threeExtended  // ok
    result[7] = pinched * (1 - threeExtended) * (1 - fi)  // pinch
    result[8] = i * fm * fr * l * thumbOut  // i_love_you
    result[9] = o.noneEvidence  // none
    var total = 0.0
    for index in 0..<10 { total += result[index] }
    for index in 0..<10 { result[index] /= total }
  }

  /// How open the hand is, 0...1: the mean "extended" degree of the four fingers. A wave needs an
  /// open hand.
  public func openness(_ f: PoseFeatures) -> Double {
    var sum = 0.0
    for finger in 0..<4 { sum += degrees(f, finger).extended }
    return sum / 4
  }

  /// How surely at least one of the four fingers is out, 0...1: the largest "extended" degree. A
  /// swipe begins with a finger out (an open hand, two fingers, a pointing finger; not a fist).
  public func fingerOut(_ f: PoseFeatures) -> Double {
    var most = 0.0
    for finger in 0..<4 { most = Swift.max(most, degrees(f, finger).extended) }
    return most
  }

  /// How extended and how folded a finger is (0...1 each). With depth, a finger is as extended
  /// as the picture or its 3-D joints show it, and only as folded as both show it: depth can
  /// reveal a finger the picture hides (aimed at the camera, it projects like a curled one), but
  /// never folds a finger the picture shows extended.
  private func degrees(_ f: PoseFeatures, _ finger: Int) -> (extended: Double, folded: Double) {
    var (extended, folded) = degrees(direction: f.direction[finger], straightness: f.straightness[finger])
    if f.hasDepth {
      let inDepth = degrees(direction: f.depthDirection[finger], straightness: f.depthStraightness[finger])
      extended = Swift.max(extended, inDepth.extended)
      folded = Swift.min(folded, inDepth.folded)
    }
    return (extended, folded)
  }

  private func degrees(direction c: Double, straightness s: Double) -> (extended: Double, folded: Double) {
    let o = options
    return (logistic(Swift.min((c - o.extendedDirection) / o.extendedDirectionWidth,
                               (s - o.extendedStraightness) / o.extendedStraightnessWidth)),
            logistic(Swift.max((o.foldedDirection - c) / o.foldedDirectionWidth,
                               (o.foldedStraightness - s) / o.foldedStraightnessWidth)))
  }
}

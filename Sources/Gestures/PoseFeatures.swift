import HandPose

/// The geometric measures of one hand shape that the built-in pose rules read.
///
/// Input: a `HandShape` (image plane, distances true to the picture). Every measure is a ratio or
/// a cosine, so it does not change with the hand's position, size, in-plane rotation or mirroring
/// (left and right hands read alike), except `thumbUpness`, which is measured against the image's
/// vertical on purpose: thumbs up and thumbs down differ only in that.
///
/// Fingers are stored index, middle, ring, little (SIMD lanes 0...3).
public struct PoseFeatures: Sendable, Equatable {
  /// Per finger: chord / path, |tip - MCP| / (|PIP - MCP| + |DIP - PIP| + |tip - DIP|). 1 for a
  /// straight finger, whatever its foreshortening (a straight line projects to a straight line);
  /// about 0.3-0.5 for a finger curled into the palm.
  public var straightness: SIMD4<Double>
  /// Per finger: cosine of the angle between its metacarpal (wrist -> MCP) and the finger
  /// (MCP -> tip). About 1 when the finger continues the palm, below 0 when it folds back over it.
  public var direction: SIMD4<Double>
  /// Distance from the thumb tip to the middle knuckle, in hand sizes: large when the thumb sticks
  /// out of a fist (thumbs up or down), small when it lies across the fingers.
  public var thumbReach: Double
  /// Cosine between the palm axis (wrist -> middle MCP) and the thumb (MP -> tip). An extended
  /// thumb points away from the wrist's side (> 0); below 0 it is a foreshortened or odd view.
  public var thumbAlongPalm: Double
  /// The thumb's direction (MP -> tip) against the image's up direction: 1 straight up,
  /// -1 straight down. Not rotation-invariant, by design.
  public var thumbUpness: Double
  /// Distance from the thumb tip to the nearer of the ring and little knuckles, in hand sizes:
  /// small when the thumb is folded across the palm (the "four" shape is not an open palm).
  public var thumbTuck: Double
  /// Distance from the thumb tip to the index tip, in hand sizes: the pinch measure.
  public var pinchDistance: Double
  /// Distance from the index tip to the middle tip, in hand sizes: the V of a victory sign.
  public var fingerGap: Double
  /// Per finger, `straightness` and `direction` measured on the 3-D joints (`HandShape.world`),
  /// when the shape has them (`hasDepth`); zeros otherwise. A finger aimed at the camera is
  /// foreshortened in the picture and can project like a curled one; in 3-D it is still straight
  /// and continues its metacarpal.
  public var depthStraightness: SIMD4<Double>
  public var depthDirection: SIMD4<Double>
  /// Whether the depth measures are there.
  public var hasDepth: Bool

  /// Measures a hand shape. Empty or degenerate shapes give finite values (zeros), never NaN.
  public init(_ shape: HandShape) {
    let p = shape.points
    let wrist = p[0]
    let size = shape.size
    var straightness = SIMD4<Double>(repeating: 0)
    var direction = SIMD4<Double>(repeating: 0)
    for finger in 0..<4 {
      let mcp = p[5 + 4 * finger], pip = p[6 + 4 * finger], dip = p[7 + 4 * finger], tip = p[8 + 4 * finger]
      let path = distance(pip, mcp) + distance(dip, pip) + distance(tip, dip)
      straightness[finger] = path > 1e-12 ? distance(tip, mcp) / path : 0
      direction[finger] = cosine(mcp - wrist, tip - mcp)
    }
    self.straightness = straightness
    self.direction = direction
    let thumbTip = p[JointName.thumbTip.rawValue], thumbMP = p[JointName.thumbMP.rawValue]
    let thumb = thumbTip - thumbMP
    let thumbLength = (thumb * thumb).sum().squareRoot()
    thumbReach = distance(thumbTip, p[JointName.middleMCP.rawValue]) / size
    thumbAlongPalm = cosine(p[JointName.middleMCP.rawValue] - wrist, thumb)
    thumbUpness = thumbLength > 1e-12 ? -thumb.y / thumbLength : 0
    thumbTuck = Swift.min(distance(thumbTip, p[JointName.ringMCP.rawValue]),
                          distance(thumbTip, p[JointName.littleMCP.rawValue])) / size
    pinchDistance = distance(thumbTip, p[JointName.indexTip.rawValue]) / size
    fingerGap = distance(p[JointName.indexTip.rawValue], p[JointName.middleTip.rawValue]) / size
    depthStraightness = SIMD4(repeating: 0)
    depthDirection = SIMD4(repeating: 0)
    hasDepth = shape.world.count == p.count
    guard hasDepth else { return }
    let w = shape.world
    for finger in 0..<4 {
      let mcp = w[5 + 4 * finger], pip = w[6 + 4 * finger], dip = w[7 + 4 * finger], tip = w[8 + 4 * finger]
      let path = distance(pip, mcp) + distance(dip, pip) + distance(tip, dip)
      depthStraightness[finger] = path > 1e-12 ? distance(tip, mcp) / path : 0
      depthDirection[finger] = cosine(mcp - w[0], tip - mcp)
    }
  }
}

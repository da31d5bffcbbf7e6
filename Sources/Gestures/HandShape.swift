import Foundation
import HandPose

/// One hand's 21 joints in a plane whose distances are true to the picture.
///
/// Input: joints normalised to the frame (x right, y down, origin top-left) and the frame's aspect
/// ratio (width / height in pixels). Output: the same joints with x multiplied by the aspect ratio,
/// so both axes are in units of the frame's height and angles and distances mean what they show.
/// The shape is measured in the image plane, so it behaves the same on 2-D landmark data sets as
/// on the engine's output. The engine's 3-D joints (`world`) are kept as well, for the one thing
/// the picture cannot show: a finger aimed at or away from the camera (see `PoseFeatures`).
public struct HandShape: Sendable, Equatable {
  /// The 21 joints in `JointName` order (x right, y down, units of the frame's height).
  public var points: [SIMD2<Double>]
  /// The 21 joints in 3-D (metres, x right, y down, z away from the camera), as the hand-landmark
  /// model estimates them (`HandObservation.worldJoints`); empty when the source has no depth
  /// (landmark files, 2-D data sets).
  public var world: [SIMD3<Double>]
  /// The person's real hand.
  public var chirality: Chirality

  /// A shape from 21 points in any units that are the same on both axes (x right, y down), and
  /// optionally their 21 3-D joints.
  public init(points: [SIMD2<Double>], chirality: Chirality, world: [SIMD3<Double>] = []) {
    precondition(points.count == JointName.allCases.count, "a hand has 21 joints")
    precondition(world.isEmpty || world.count == points.count, "3-D joints: all 21 or none")
    self.points = points
    self.chirality = chirality
    self.world = world
  }

  /// The shape of an observed hand on a frame of the given aspect ratio (width / height, 1 for a
  /// square frame).
  public init(_ hand: HandObservation, aspectRatio: Double) {
    points = hand.joints.map { SIMD2($0.x * aspectRatio, $0.y) }
    chirality = hand.chirality
    world = Self.hasDepth(hand) ? hand.worldJoints : []
  }

  /// Overwrites this shape with an observed hand without allocating (the recognizer's hot path;
  /// the 3-D joints share the observation's storage).
  mutating func load(_ hand: HandObservation, aspectRatio: Double) {
    for index in 0..<points.count {
      let joint = hand.joints[index]
      points[index] = SIMD2(joint.x * aspectRatio, joint.y)
    }
    chirality = hand.chirality
    if Self.hasDepth(hand) { world = hand.worldJoints } else { world.removeAll(keepingCapacity: true) }
  }

  /// Whether an observation carries 3-D joints (observations read from 2-D files hold zeros).
  static func hasDepth(_ hand: HandObservation) -> Bool {
    hand.worldJoints.count == JointName.allCases.count && hand.worldJoints.contains { $0 != .zero }
  }

  /// The point of a joint.
  public subscript(_ joint: JointName) -> SIMD2<Double> { points[joint.rawValue] }

  /// The unit of hand-relative distances: the palm's length (wrist to middle knuckle), but never
  /// less than the wrist-to-index-knuckle distance or 1.25 times the knuckle line (index to little
  /// knuckle), so a palm seen edge-on or foreshortened along its axis still measures about right.
  /// The factor 1.25 is the usual length-to-width ratio of a palm.
  public var size: Double {
    Self.size(wrist: self[.wrist], indexMCP: self[.indexMCP], middleMCP: self[.middleMCP], littleMCP: self[.littleMCP])
  }

  /// `size` from the four points it reads (image plane, both axes in the same units).
  static func size(wrist: SIMD2<Double>, indexMCP: SIMD2<Double>, middleMCP: SIMD2<Double>, littleMCP: SIMD2<Double>) -> Double {
    let length = distance(wrist, middleMCP)
    let side = distance(wrist, indexMCP)
    let width = 1.25 * distance(indexMCP, littleMCP)
    return Swift.max(Swift.max(length, side), Swift.max(width, 1e-9))
  }

  /// The centre of the palm: the mean of the wrist and the four knuckles. It moves with the hand,
  /// not with the fingers, which is what action detection follows.
  public var palmCentre: SIMD2<Double> {
    (self[.wrist] + self[.indexMCP] + self[.middleMCP] + self[.ringMCP] + self[.littleMCP]) / 5
  }

  /// How far the hand is turned in the picture: the angle of the palm's axis (wrist to middle
  /// knuckle) from straight up, radians, positive clockwise on screen. A hand waved from the
  /// wrist, or turned to and fro about the palm, swings it by 50 degrees or more a stroke while
  /// the palm itself stays nearly in place; opening or closing the fingers does not change it.
  public var roll: Double {
    let axis = self[.middleMCP] - self[.wrist]
    return atan2(axis.x, -axis.y)
  }

  /// The same hand as a mirror shows it: x negated and chirality swapped. A left hand mirrored
  /// looks like a right hand, which is how trained models see every hand.
  public func mirrored() -> HandShape {
    HandShape(points: points.map { SIMD2(-$0.x, $0.y) }, chirality: chirality.opposite,
              world: world.map { SIMD3(-$0.x, $0.y, $0.z) })
  }
}

/// Euclidean distance between two points of the plane.
@inline(__always) func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
  let d = a - b
  return (d * d).sum().squareRoot()
}

/// Cosine of the angle between two vectors (0 when either is zero).
@inline(__always) func cosine(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
  let product = ((a * a).sum() * (b * b).sum()).squareRoot()
  return product > 1e-12 ? (a * b).sum() / product : 0
}

/// Euclidean distance between two points of space.
@inline(__always) func distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
  let d = a - b
  return (d * d).sum().squareRoot()
}

/// Cosine of the angle between two vectors of space (0 when either is zero).
@inline(__always) func cosine(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
  let product = ((a * a).sum() * (b * b).sum()).squareRoot()
  return product > 1e-12 ? (a * b).sum() / product : 0
}

/// The logistic function 1 / (1 + e^-x), clamped so extreme inputs stay finite.
@inline(__always) func logistic(_ x: Double) -> Double {
  1 / (1 + exp(-Swift.min(Swift.max(x, -50), 50)))
}

import Foundation
import Imaging

/// The square, rotated region of a frame that the landmark model looks at for one hand, and how
/// it is derived: from a palm detection for a new hand, from the hand's joints to follow it into
/// the next frame. Numbers from MediaPipe's `palm_detection_detection_to_roi.pbtxt` and
/// `hand_landmark_landmarks_to_roi.pbtxt`.
enum HandRegion {
  /// Enlarges, shifts and squares a region (MediaPipe's RectTransformationCalculator).
  struct Transform {
    var scale: Double
    var shiftY: Double
  }

  /// Region from a palm: rotation from the wrist keypoint (0) to the middle finger base (2), so
  /// the fingers point up in the crop; box enlarged 2.6x, shifted half its height toward the
  /// fingers, made square.
  static let fromPalm = Transform(scale: 2.6, shiftY: -0.5)
  /// Region from joints: enlarged 2x, shifted a tenth toward the fingers, made square.
  static let fromJoints = Transform(scale: 2.0, shiftY: -0.1)

  /// Rotation (radians, clockwise on screen) that turns the direction from `start` to `end` (in
  /// pixels) to point straight up.
  static func rotation(from start: SIMD2<Double>, to end: SIMD2<Double>) -> Double {
    normalized(Double.pi / 2 - atan2(-(end.y - start.y), end.x - start.x))
  }

  static func normalized(_ angle: Double) -> Double {
    angle - 2 * Double.pi * ((angle + Double.pi) / (2 * Double.pi)).rounded(.down)
  }

  /// The region to crop for a palm on a `width` x `height` frame.
  static func region(for palm: PalmDetection, width: Int, height: Int) -> RotatedRect {
    let size = SIMD2(Double(width), Double(height))
    let angle = rotation(from: palm.keypoints[0] * size, to: palm.keypoints[2] * size)
    let rect = RotatedRect(centerX: palm.xMin + palm.width / 2, centerY: palm.yMin + palm.height / 2,
                           width: palm.width, height: palm.height, rotation: angle)
    return apply(fromPalm, to: rect, width: width, height: height)
  }

  /// The region to crop in the next frame for a hand with these 21 joints (normalised).
  ///
  /// The rotation points from the wrist to the mean of the middle finger base and the midpoint of
  /// the index and ring finger bases; the box bounds the wrist, the thumb's first three joints and
  /// the two lower joints of each finger, measured in the rotated frame.
  static func region(for joints: [SIMD2<Double>], width: Int, height: Int) -> RotatedRect {
    let size = SIMD2(Double(width), Double(height))
    let wrist = joints[JointName.wrist.rawValue]
    let knuckles = ((joints[JointName.indexMCP.rawValue] + joints[JointName.ringMCP.rawValue]) / 2
                    + joints[JointName.middleMCP.rawValue]) / 2
    let angle = rotation(from: wrist * size, to: knuckles * size)
    var lo = SIMD2(Double.infinity, Double.infinity), hi = -lo
    for joint in boundingJoints { lo = pointwiseMin(lo, joints[joint.rawValue]); hi = pointwiseMax(hi, joints[joint.rawValue]) }
    let axisCenter = (lo + hi) / 2
    let c = cos(-angle), s = sin(-angle)
    var plo = SIMD2(Double.infinity, Double.infinity), phi = -plo
    for joint in boundingJoints {
      let p = (joints[joint.rawValue] - axisCenter) * size
      let q = SIMD2(p.x * c - p.y * s, p.x * s + p.y * c)
      plo = pointwiseMin(plo, q); phi = pointwiseMax(phi, q)
    }
    let pc = (plo + phi) / 2
    let center = SIMD2(pc.x * cos(angle) - pc.y * sin(angle), pc.x * sin(angle) + pc.y * cos(angle)) + axisCenter * size
    let rect = RotatedRect(centerX: center.x / size.x, centerY: center.y / size.y,
                           width: (phi.x - plo.x) / size.x, height: (phi.y - plo.y) / size.y, rotation: angle)
    return apply(fromJoints, to: rect, width: width, height: height)
  }

  /// Joints that bound the region from joints (MediaPipe's partial landmark set).
  static let boundingJoints: [JointName] = [
    .wrist, .thumbCMC, .thumbMP, .thumbIP, .indexMCP, .indexPIP, .middleMCP, .middlePIP,
    .ringMCP, .ringPIP, .littleMCP, .littlePIP,
  ]

  /// Shifts along the rotated y axis, squares to the longer side in pixels, then scales.
  static func apply(_ transform: Transform, to rect: RotatedRect, width: Int, height: Int) -> RotatedRect {
    let w = Double(width), h = Double(height)
    var out = rect
    let shift = rect.height * h * transform.shiftY
    out.centerX += -shift * sin(rect.rotation) / w
    out.centerY += shift * cos(rect.rotation) / h
    let side = max(rect.width * w, rect.height * h)
    out.width = side / w * transform.scale
    out.height = side / h * transform.scale
    return out
  }

  /// Intersection over union of the regions' unrotated boxes (MediaPipe's association test).
  static func overlap(_ a: RotatedRect, _ b: RotatedRect) -> Double {
    let ix = max(0, min(a.centerX + a.width / 2, b.centerX + b.width / 2) - max(a.centerX - a.width / 2, b.centerX - b.width / 2))
    let iy = max(0, min(a.centerY + a.height / 2, b.centerY + b.height / 2) - max(a.centerY - a.height / 2, b.centerY - b.height / 2))
    let intersection = ix * iy
    let union = a.width * a.height + b.width * b.height - intersection
    return union > 0 ? intersection / union : 0
  }
}

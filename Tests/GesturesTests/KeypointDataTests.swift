import Foundation
import HandPose
import XCTest

@testable import Gestures

/// The built-in pose rules on kinivi's keypoint_mediapipe.csv: 4,787 MediaPipe hands from MIRRORED
/// webcam frames, 2-D only, relative to the wrist and divided by each row's largest absolute value
/// (an isotropic scale, so the shapes are true). Handedness is not recorded; the rules are
/// mirror-invariant, and the rows are un-mirrored (x negated) anyway so the thumb's image
/// direction means what it says.
///
/// The target was 95% over the four classes. The rules reach it on open palm and ok, not on fist
/// and pointing (88.4% overall): 399 "pointing" rows and 139 fists show the fingers' bending plane
/// edge-on (index and middle both project as straight lines), where a finger aimed at the camera
/// and a curled one look alike in 2-D (as on the photo hagrid_v2_point.jpg, "pointing (at
/// camera)"); among them no 2-D measure found separates pointing from fist better than AUC 0.79,
/// and rules on the best ones gain at most about 70 rows of the 317 that 95% needs (figures and
/// measures in docs/gestures.md). A rule that called such shapes pointing would be fitted to this
/// file, not reasoned. The engine's 3-D joints do separate them (the photo reads as pointing from
/// pixels), but this file has no depth. So the floors below are the measured figures, and the gap
/// is reported.
final class KeypointDataTests: XCTestCase {
  static let poses = [0: "open_palm", 1: "fist", 2: "pointing", 3: "ok"]

  func testKeypointRowsOpenAndOkMeetTheTargetFistAndPointingFallShort() throws {
    let classifier = BuiltInPoseClassifier()
    var correct: [String: Int] = [:], total: [String: Int] = [:]
    var confusion: [String: [String: Int]] = [:]
    for row in try ReferenceData.keypointRows() {
      let expected = Self.poses[row.label]!
      let shape = HandShape(points: row.points.map { SIMD2(-$0.x, $0.y) }, chirality: .right)
      let predicted = best(classifier.classify(shape))
      total[expected, default: 0] += 1
      if predicted == expected { correct[expected, default: 0] += 1 }
      confusion[expected, default: [:]][predicted, default: 0] += 1
    }
    let all = Double(correct.values.reduce(0, +)) / Double(total.values.reduce(0, +))
    print("keypoint_mediapipe.csv: \(correct.values.reduce(0, +))/\(total.values.reduce(0, +)) = \(percent(all))")
    for (label, row) in confusion.sorted(by: { $0.key < $1.key }) {
      print("  \(label): \(percent(Double(correct[label] ?? 0) / Double(total[label]!))) \(row.sorted { $0.value > $1.value })")
    }
    XCTAssertEqual(total.values.reduce(0, +), 4787)
    func accuracy(_ label: String) -> Double { Double(correct[label] ?? 0) / Double(total[label]!) }
    XCTAssertGreaterThanOrEqual(accuracy("open_palm"), 0.95)
    XCTAssertGreaterThanOrEqual(accuracy("ok"), 0.95)
    XCTAssertGreaterThanOrEqual(accuracy("fist"), 0.86)  // measured 87.0%
    XCTAssertGreaterThanOrEqual(accuracy("pointing"), 0.78)  // measured 78.6%: pointing at the camera reads as a fist
    XCTAssertGreaterThanOrEqual(all, 0.88)  // measured 88.4%; the 95% target is not met
  }
}

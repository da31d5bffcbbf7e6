import HandPose
import XCTest

final class JointNameTests: XCTestCase {
  /// MediaPipe's landmark order, entry by entry.
  func testRawValuesFollowTheModelsOrder() {
    let expected: [(JointName, Int)] = [
      (.wrist, 0), (.thumbCMC, 1), (.thumbMP, 2), (.thumbIP, 3), (.thumbTip, 4),
      (.indexMCP, 5), (.indexPIP, 6), (.indexDIP, 7), (.indexTip, 8),
      (.middleMCP, 9), (.middlePIP, 10), (.middleDIP, 11), (.middleTip, 12),
      (.ringMCP, 13), (.ringPIP, 14), (.ringDIP, 15), (.ringTip, 16),
      (.littleMCP, 17), (.littlePIP, 18), (.littleDIP, 19), (.littleTip, 20),
    ]
    for (joint, index) in expected { XCTAssertEqual(joint.rawValue, index, "\(joint)") }
    XCTAssertEqual(JointName.allCases.count, 21)
  }

  func testGroupsRunFromBaseToTip() {
    XCTAssertEqual(JointGroup.thumb.joints, [.thumbCMC, .thumbMP, .thumbIP, .thumbTip])
    XCTAssertEqual(JointGroup.littleFinger.joints, [.littleMCP, .littlePIP, .littleDIP, .littleTip])
    XCTAssertEqual(JointGroup.all.joints.count, 21)
  }

  func testChiralityOpposite() {
    XCTAssertEqual(Chirality.left.opposite, .right)
    XCTAssertEqual(Chirality.right.opposite, .left)
  }
}

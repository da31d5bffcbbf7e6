import Foundation
import HandPose
import XCTest

@testable import Gestures

/// Evidence before a decision: confirmation and release need runs of frames.
final class PoseEvidenceTests: XCTestCase {
  let none = 9, fist = 1, thumbsUp = 2

  /// Feeds labels (nil = the hand is missing: evidence for none) and returns the changes by frame.
  func changes(_ labels: [Int?], confirm: Int = 4, release: Int = 5) -> [(frame: Int, label: Int)] {
    var evidence = PoseEvidence(none: none)
    var result: [(Int, Int)] = []
    for (frame, label) in labels.enumerated() {
      if let change = evidence.observe(label ?? none, probability: 0.9, confirmFrames: confirm, releaseFrames: release) {
        result.append((frame, change.label))
      }
    }
    return result
  }

  func testConfirmsAfterConsecutiveFrames() {
    let result = changes(Array(repeating: fist, count: 10))
    XCTAssertEqual(result.map(\.frame), [3])
    XCTAssertEqual(result.map(\.label), [fist])
  }

  func testSingleNoisyFrameNeverConfirms() {
    // fist, noise, fist, noise ...: no run of 4.
    XCTAssertTrue(changes([fist, thumbsUp, fist, none, fist, thumbsUp, fist, fist, fist, none]).isEmpty)
  }

  func testSingleNoisyFrameNeverEndsAPose() {
    var labels: [Int?] = Array(repeating: fist, count: 6)
    labels += [thumbsUp, fist, fist, fist, nil, fist, fist, fist]
    XCTAssertEqual(changes(labels).map(\.label), [fist])
  }

  func testChangesStraightToTheNextPose() {
    let result = changes(Array(repeating: fist, count: 6) + Array(repeating: thumbsUp, count: 8))
    XCTAssertEqual(result.map(\.label), [fist, thumbsUp])
    XCTAssertEqual(result.last?.frame, 6 + 4)  // release needs 5 other frames, by then the run is 5 >= 4
  }

  func testMissingHandReleasesAfterReleaseFrames() {
    let result = changes(Array(repeating: fist, count: 6) + Array(repeating: Int?.none, count: 8))
    XCTAssertEqual(result.map(\.label), [fist, none])
    XCTAssertEqual(result.last?.frame, 6 + 4)
  }

  func testMixedEvidenceEndsThePoseEventually() {
    // After fist, alternating other poses with no run long enough: released to none.
    let result = changes(Array(repeating: fist, count: 6) + Array(repeating: [thumbsUp, 5], count: 8).flatMap { $0 })
    XCTAssertEqual(result.map(\.label), [fist, none])
  }

  func testRecognizerIgnoresOneOddFrameOfARealHand() throws {
    // Real landmarks: 12 frames of the fist (frames 30-41 of fist_then_thumbs_up) with one frame of
    // the real open palm from open_hand_rising dropped in, and one frame with no hand.
    let clip = try ReferenceData.clip("fist_then_thumbs_up")
    let open = try ReferenceData.clip("open_hand_rising")[150][0].observation()
    var frames: [[HandObservation]] = (30..<42).map { [clip[$0][0].observation()] }
    frames[6] = [HandObservation(chirality: .right, chiralityConfidence: 1, confidence: 1, joints: open.joints,
                                 worldJoints: open.worldJoints)]
    frames[9] = []
    var recognizer = GestureRecognizer()
    var events: [GestureEvent] = []
    for (index, hands) in frames.enumerated() {
      events += recognizer.process(hands, time: Double(index) / 25, frame: index, aspectRatio: 640.0 / 360)
    }
    XCTAssertEqual(events.map(\.gesture), ["fist"])
    // Then the hand leaves: after pose_release_frames frames its pose ends.
    for index in 12..<20 { events += recognizer.process([], time: Double(index) / 25, frame: index, aspectRatio: 640.0 / 360) }
    XCTAssertEqual(events.map(\.gesture), ["fist", "none"])
    XCTAssertEqual(events.last?.frame, 16)
  }
}

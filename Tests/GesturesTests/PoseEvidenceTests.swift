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

/// The settings a rule file's `set` lines change.
final class GestureSettingsTests: XCTestCase {
  func testSetByRuleFileNames() throws {
    var settings = GestureSettings()
    XCTAssertEqual([settings.poseConfirmFrames, settings.poseReleaseFrames, settings.actionStride, settings.actionWindow,
                    settings.actionInterval], [4, 5, 2, 45, 2])
    try settings.set("pose_confirm_frames", to: 6)
    try settings.set("pose_release_frames", to: 8)
    try settings.set("min_pose_confidence", to: 0.6)
    try settings.set("action_stride", to: 3)
    try settings.set("action_window", to: 30)
    try settings.set("action_interval", to: 5)
    try settings.set("min_action_confidence", to: 0.8)
    XCTAssertEqual([settings.poseConfirmFrames, settings.poseReleaseFrames, settings.actionStride, settings.actionWindow,
                    settings.actionInterval], [6, 8, 3, 30, 5])
    XCTAssertEqual(settings.minPoseConfidence, 0.6)
    XCTAssertEqual(settings.minActionConfidence, 0.8)
  }

  func testEveryNameOfTheTableSetsAndReadsItsOwnField() throws {
    // set(_:to:) and value(of:) cover the whole table, and each name moves one field only.
    for (name, values) in GestureSettings.table {
      var settings = GestureSettings()
      let value: Double
      switch values {
      case .count(let range): value = Double(range.upperBound)
      case .fraction: value = 0.99
      case .number(let range): value = range.upperBound
      }
      try settings.set(name, to: value)
      XCTAssertEqual(settings.value(of: name), value, name)
      for other in GestureSettings.names where other != name {
        XCTAssertEqual(settings.value(of: other), GestureSettings().value(of: other), "\(name) changed \(other)")
      }
      XCTAssertFalse(values.contains(values == .fraction ? 1.01 : value + 1), name)
    }
    XCTAssertNil(GestureSettings().value(of: "camera"))
    XCTAssertNil(GestureSettings.values(of: "camera"))
  }

  func testBadNamesAndValuesSaySo() {
    var settings = GestureSettings()
    XCTAssertThrowsError(try settings.set("pose_confirm_frame", to: 3)) { XCTAssertTrue("\($0)".contains("unknown setting")) }
    XCTAssertThrowsError(try settings.set("action_window", to: 2.5)) {
      XCTAssertEqual("\($0)", "action_window needs a whole number from 10 to 120, not 2.5")
    }
    XCTAssertThrowsError(try settings.set("min_pose_confidence", to: 2)) {
      XCTAssertEqual("\($0)", "min_pose_confidence needs a number from 0 to 1, not 2")
    }
    XCTAssertEqual(settings, GestureSettings())
  }

  func testChangingTheWindowKeepsTheRecognizerWorking() throws {
    var recognizer = GestureRecognizer()
    try recognizer.settings.set("action_window", to: 20)
    var actions: [String] = []
    for (index, hands) in try ReferenceData.clip("swipe_toward_image_bottom").enumerated() {
      let events = recognizer.process(hands.map { $0.observation() }, time: Double(index) / 25, frame: index, aspectRatio: 640.0 / 360)
      actions += events.filter { $0.kind == .action }.map(\.gesture)
    }
    XCTAssertEqual(actions, ["swipe_down"])
  }
}

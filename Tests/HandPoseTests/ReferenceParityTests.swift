import Foundation
import HandPose
import Imaging
import TestSupport
import XCTest

/// The engine against MediaPipe's own output on the same photos and clips (same models).
final class ReferenceParityTests: XCTestCase {
  nonisolated(unsafe) static var shared: HandPoseDetector?

  private func detector() throws -> HandPoseDetector {
    if let detector = Self.shared { return detector }
    let detector = try HandPoseDetector()
    Self.shared = detector
    return detector
  }

  /// Mean distance (normalised) between the 21 joints' x, y and a reference hand's landmarks.
  static func meanDistance(_ hand: HandObservation, _ reference: MediaPipeReference.Hand) -> Double {
    zip(hand.joints, reference.landmarks).map { joint, expected in
      hypot(joint.x - expected[0], joint.y - expected[1])
    }.reduce(0, +) / 21
  }

  /// The observed hand nearest to a reference hand.
  static func nearest(_ hands: [HandObservation], to reference: MediaPipeReference.Hand) -> (HandObservation, Double)? {
    hands.map { ($0, meanDistance($0, reference)) }.min { $0.1 < $1.1 }
  }

  func testPhotosMatchMediaPipeHandForHand() throws {
    let reference = try MediaPipeReference.photos()
    let detector = try detector()
    let decoder = JPEGDecoder()
    var distances: [Double] = []
    for (name, expected) in reference.sorted(by: { $0.key < $1.key }) where !expected.hands.isEmpty {
      let frame = try decoder.decodeFile(try TestData.url("photos/\(name)").path)
      let hands = try detector.detect(in: frame)
      XCTAssertEqual(hands.count, expected.hands.count, "\(name): number of hands")
      for hand in expected.hands {
        guard let (found, distance) = Self.nearest(hands, to: hand) else { continue }
        XCTAssertEqual(found.chirality.rawValue, hand.apparent, "\(name): chirality")
        XCTAssertLessThanOrEqual(distance, 0.01, "\(name): mean landmark distance")
        distances.append(distance)
      }
    }
    XCTAssertGreaterThan(distances.count, 40, "most photos have hands in the reference")
    print("photos: \(distances.count) hands, mean landmark distance \(distances.reduce(0, +) / Double(distances.count))")
  }

  /// With the agent's default palm-detection cadence (rarer while idle or tracking).
  func testClipsTrackedMatchMediaPipe() throws {
    try checkClips(with: try detector())
  }

  /// With MediaPipe's own cadence (palm detection on every frame while a hand is missing).
  func testClipsTrackedWithMediaPipeCadenceMatchMediaPipe() throws {
    try checkClips(with: try HandPoseDetector(options: .mediaPipeCadence))
  }

  private func checkClips(with detector: HandPoseDetector) throws {
    let decoder = JPEGDecoder()
    for clip in MediaPipeReference.clipNames {
      let expected = try MediaPipeReference.clip(clip)
      detector.reset()
      var distances: [Double] = []
      var disagreements = 0
      var chiralityAgreements = 0
      for (index, reference) in expected.enumerated() {
        var frame = try decoder.decodeFile(try TestData.url("clips/\(clip)/\(reference.frame)").path)
        frame.timestamp = Double(index) / 25
        let hands = try detector.track(frame)
        if hands.count != reference.hands.count { disagreements += 1 }
        for hand in reference.hands {
          guard let (found, distance) = Self.nearest(hands, to: hand) else { continue }
          distances.append(distance)
          if found.chirality.rawValue == hand.apparent { chiralityAgreements += 1 }
        }
      }
      let mean = distances.reduce(0, +) / Double(max(1, distances.count))
      print("\(clip): mean landmark distance \(mean) over \(distances.count) hands, \(disagreements) of \(expected.count) frames disagree on hands")
      XCTAssertLessThanOrEqual(mean, 0.015, "\(clip): mean landmark distance")
      XCTAssertLessThanOrEqual(Double(disagreements) / Double(expected.count), 0.05, "\(clip): frames where only one sees a hand")
      // Per frame the model's handedness can flip where it is unsure (near 0.5), as MediaPipe's.
      XCTAssertGreaterThanOrEqual(Double(chiralityAgreements) / Double(max(1, distances.count)), 0.95, "\(clip): chirality")
    }
  }

  func testFlippedPhotoSwapsChiralityAndMirroredFlagRestoresIt() throws {
    let frame = try JPEGDecoder().decodeFile(try TestData.url("photos/thumbs_up_left.jpg").path)
    let flipped = frame.flippedHorizontally()
    let original = try XCTUnwrap(try detector().detect(in: frame).first)
    XCTAssertEqual(original.chirality, .left, "labels.csv: a person's left hand")
    let seenFlipped = try XCTUnwrap(try detector().detect(in: flipped).first)
    XCTAssertEqual(seenFlipped.chirality, .right, "a horizontal flip swaps the apparent hand")
    XCTAssertEqual(seenFlipped[.wrist].x, 1 - original[.wrist].x, accuracy: 0.01)
    var options = HandPoseOptions()
    options.mirrored = true
    let mirrored = try XCTUnwrap(try HandPoseDetector(options: options).detect(in: flipped).first)
    XCTAssertEqual(mirrored.chirality, .left, "--mirrored: the flipped frame is a selfie view of the left hand")
  }

  func testNoHandOnAHandlessFrame() throws {
    let frame = try JPEGDecoder().decodeFile(try TestData.url("clips/fist_then_thumbs_up/0000.jpg").path)
    XCTAssertEqual(try detector().detect(in: frame).count, 0)
  }

  func testMaximumHandCountLimitsTheHands() throws {
    let frame = try JPEGDecoder().decodeFile(try TestData.url("photos/hagrid_v2_timeout.jpg").path)
    XCTAssertEqual(try detector().detect(in: frame).count, 2, "the reference finds both hands")
    var options = HandPoseOptions()
    options.maximumHandCount = 1
    XCTAssertEqual(try HandPoseDetector(options: options).detect(in: frame).count, 1)
  }
}

import Foundation
import HandPose
import TestSupport
import XCTest

@testable import Gestures

/// gestured's landmark files (docs/training.md), written from MediaPipe's reference landmarks.
final class LandmarkFileTests: XCTestCase {
  func json(_ object: Any) throws -> Data { try JSONSerialization.data(withJSONObject: object) }

  func testPoseFileGivesTheSameShapeAsTheObservation() throws {
    let photo = try XCTUnwrap(try ReferenceData.photos().first { $0.name == "thumbs_up_right.jpg" })
    let hand = photo.hands[0]
    let url = try TestData.temporaryDirectory(for: self).appendingPathComponent("hand.json")
    try json(["width": photo.width, "height": photo.height, "chirality": "right", "landmarks": hand.landmarks]).write(to: url)
    let shapes = try LandmarkFile.hands(contentsOf: url)
    XCTAssertEqual(shapes, [HandShape(hand.observation(), aspectRatio: photo.width / photo.height)])
    XCTAssertEqual(best(BuiltInPoseClassifier().classify(shapes[0])), "thumbs_up")
  }

  func testSeveralHandsAndTheReferenceSpelling() throws {
    let photo = try XCTUnwrap(try ReferenceData.photos().first { $0.name == "hagrid_v2_xsign.jpg" })
    let url = try TestData.temporaryDirectory(for: self).appendingPathComponent("hands.json")
    let hands = photo.hands.map { ["apparent": $0.chirality.rawValue, "landmarks": $0.landmarks] as [String: Any] }
    try json(["width": photo.width, "height": photo.height, "hands": hands]).write(to: url)
    XCTAssertEqual(try LandmarkFile.hands(contentsOf: url).map(\.chirality), photo.hands.map(\.chirality))
  }

  func testProblemsNameTheFileAndThePlace() throws {
    let folder = try TestData.temporaryDirectory(for: self)
    let cases: [(Any, String)] = [
      (["chirality": "right", "landmarks": [[0.1, 0.2]]], "1 landmarks, a hand has 21"),
      (["chirality": "middle", "landmarks": Array(repeating: [0.1, 0.2], count: 21)], "neither \"left\" nor \"right\""),
      (["landmarks": Array(repeating: [0.1, 0.2], count: 21)], "missing \"chirality\""),
      (["width": 0, "height": 10, "chirality": "left", "landmarks": Array(repeating: [0.1, 0.2], count: 21)], "width and height"),
      (["hands": []], "no hands"),
    ]
    for (index, (object, message)) in cases.enumerated() {
      let url = folder.appendingPathComponent("bad\(index).json")
      try json(object).write(to: url)
      XCTAssertThrowsError(try LandmarkFile.hands(contentsOf: url)) { error in
        XCTAssertTrue("\(error)".hasPrefix(url.path + ": "), "\(error)")
        XCTAssertTrue("\(error)".contains(message), "\(error)")
      }
    }
  }

  func testSequenceFileTimesFromFps() throws {
    let frames = try ReferenceData.clip("swipe_toward_image_left")
    let url = try TestData.temporaryDirectory(for: self).appendingPathComponent("swipe.json")
    let records = frames.map { hands in
      ["hands": hands.map { ["chirality": $0.chirality.rawValue, "landmarks": $0.landmarks] as [String: Any] }]
    }
    try json(["fps": 25, "width": 640, "height": 360, "frames": records]).write(to: url)
    let sequence = try LandmarkFile.sequence(contentsOf: url)
    XCTAssertEqual(sequence.frames.count, frames.count)
    XCTAssertEqual(sequence.frames[10].time, 0.4, accuracy: 1e-12)
    XCTAssertEqual(sequence.aspectRatio, 640.0 / 360, accuracy: 1e-12)
    XCTAssertFalse(sequence.mirrored)
    XCTAssertTrue(sequence.frames[18].hands.isEmpty)
  }
}

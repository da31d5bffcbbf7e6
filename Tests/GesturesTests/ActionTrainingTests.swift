import Foundation
import HandPose
import TestSupport
import XCTest

@testable import Gestures

/// `train actions` end to end on the only real sequences there are: MediaPipe's landmarks of the
/// clips, written as gestured sequence files. Six clips (each also flipped and read as mirrored,
/// which is the same motion from the user's view) are far too few to measure an action model;
/// this checks the path: files -> windows -> model -> recognizer.
final class ActionTrainingTests: XCTestCase {
  static let clips = [
    ("swipe_toward_image_left", "slide_right"), ("swipe_toward_image_right", "slide_left"),
    ("open_hand_rising", "none"), ("fist_then_thumbs_up", "none"),
  ]

  func writeSequences() throws -> URL {
    let root = try TestData.temporaryDirectory(for: self).appendingPathComponent("actions")
    for (clip, label) in Self.clips {
      let folder = root.appendingPathComponent(label)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let frames = try ReferenceData.clip(clip)
      for flipped in [false, true] {
        var records: [[String: Any]] = []
        for hands in frames {
          var handRecords: [[String: Any]] = []
          for hand in hands {
            let h = flipped ? hand.flipped() : hand
            handRecords.append(["chirality": h.chirality.rawValue, "landmarks": h.landmarks])
          }
          records.append(["hands": handRecords])
        }
        let file: [String: Any] = ["fps": 25, "width": 640, "height": 360, "mirrored": flipped, "frames": records]
        try JSONSerialization.data(withJSONObject: file).write(to: folder.appendingPathComponent("\(clip)\(flipped ? "_flipped" : "").json"))
      }
    }
    return root
  }

  func testTrainActionsFromSequenceFiles() throws {
    var options = GestureTraining.Options()
    options.window = 12
    options.validationSplit = 0.25
    options.epochs = 40
    var reading = 0
    let result = try GestureTraining.actions(from: try writeSequences(), options: options) { progress in
      if case .reading = progress { reading += 1 }
    }
    print(result.report)
    XCTAssertEqual(reading, 8)
    XCTAssertEqual(result.model.kind, .action)
    XCTAssertEqual(result.model.window, 12)
    XCTAssertEqual(Set(result.model.labels), ["slide_right", "slide_left", "none"])
    XCTAssertTrue(result.warnings.isEmpty, "\(result.warnings)")
    let loaded = try GestureModel.decode(try result.model.encoded(), path: "actions.json")

    // The trained model runs in the recognizer once a hand's queue holds its window.
    var recognizer = GestureRecognizer(models: [loaded])
    var actions: [String] = []
    for (index, hands) in try ReferenceData.clip("swipe_toward_image_left").enumerated() {
      let events = recognizer.process(hands.map { $0.observation() }, time: Double(index) / 25, frame: index, aspectRatio: 640.0 / 360)
      actions += events.filter { $0.kind == .action }.map(\.gesture)
    }
    print("swipe_toward_image_left with the trained model: \(actions)")
    XCTAssertEqual(actions.count, 1)
    XCTAssertTrue(["slide_right", "swipe_right"].contains(actions.first ?? ""), "\(actions)")
  }
}

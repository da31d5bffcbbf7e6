import Foundation
import HandPose
import TestSupport
import XCTest

@testable import Gestures

/// Training on a real data subset: openhand's fist, victory, pointing and ok shapes, both hands,
/// with its "0" shape as the background class `none`.
final class TrainingTests: XCTestCase {
  static let subset = ["0": "none", "Fight_Fist": "fist", "2": "victory", "1": "pointing", "Ok": "ok"]

  func examples() throws -> [(label: String, shape: HandShape)] {
    try ReferenceData.openHand().compactMap { entry in Self.subset[entry.label].map { ($0, entry.shape) } }
  }

  var options: GestureTraining.Options {
    var options = GestureTraining.Options()
    options.epochs = 20
    options.hiddenUnits = 16
    options.seed = 7
    return options
  }

  func testHeldOutAccuracyIsHighAndFallsToChanceWithShuffledLabels() throws {
    let data = try examples()
    XCTAssertGreaterThan(data.count, 2000)
    let started = Date()
    let result = try GestureTraining.poses(examples: data, options: options)
    print(result.report)
    print("trained on \(result.report.trainingCounts.reduce(0, +)) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    let accuracy = try XCTUnwrap(result.report.validationAccuracy)
    XCTAssertGreaterThanOrEqual(accuracy, 0.95)
    XCTAssertEqual(result.report.validationCounts.reduce(0, +), Int((Double(data.count) * 0.2).rounded()), accuracy: 5)

    // The same shapes with their labels shuffled: nothing to learn that generalises.
    var random = SeededRandom(seed: 99)
    var labels = data.map(\.label)
    random.shuffle(&labels)
    let shuffled = try GestureTraining.poses(examples: zip(labels, data).map { ($0, $1.shape) }, options: options)
    let chance = 1.0 / Double(Self.subset.count)
    let shuffledAccuracy = try XCTUnwrap(shuffled.report.validationAccuracy)
    print("shuffled labels: validation accuracy \(percent(shuffledAccuracy)) (chance \(percent(chance)))")
    XCTAssertLessThan(shuffledAccuracy, chance + 0.1)
  }

  func testTrainingIsDeterministicForASeed() throws {
    let data = Array(try examples().enumerated().filter { $0.offset % 4 == 0 }.map(\.element))
    var options = self.options
    options.epochs = 5
    let first = try GestureTraining.poses(examples: data, options: options).model.encoded()
    let second = try GestureTraining.poses(examples: data, options: options).model.encoded()
    XCTAssertEqual(first, second)
    options.seed = 8
    XCTAssertNotEqual(try GestureTraining.poses(examples: data, options: options).model.encoded(), first)
  }

  func testModelRoundTripsThroughItsFileAndDrivesTheRecognizer() throws {
    // Train "rock" (index and little out: not a built-in) against none = every other openhand
    // shape... openhand has no rock, so the custom label is the "0" shape, named "zero".
    let data = try ReferenceData.openHand().filter { $0.label == "0" || $0.label == "5" || $0.label == "Fight_Fist" }
      .map { ($0.label == "0" ? "zero" : "none", $0.shape) }
    var options = self.options
    options.epochs = 10
    let result = try GestureTraining.poses(examples: data, options: options)
    let url = try TestData.temporaryDirectory(for: self).appendingPathComponent("zero.gesture.json")
    try result.model.write(to: url)
    var loaded = try GestureModel.load(contentsOf: url)
    XCTAssertEqual(try loaded.encoded(), try result.model.encoded())
    XCTAssertEqual(loaded.labels.sorted(), ["none", "zero"])

    // A zero shape held for 10 frames: the recognizer confirms the trained label.
    let zero = try XCTUnwrap(data.first { $0.0 == "zero" }?.1)
    XCTAssertEqual(best(loaded.classify(zero), labels: loaded.labels), "zero")
    var recognizer = GestureRecognizer(models: [loaded])
    XCTAssertTrue(recognizer.gestureNames.contains("zero"))
    let observation = HandObservation(chirality: zero.chirality, chiralityConfidence: 1, confidence: 1,
                                      joints: zero.points.map { Joint(x: 0.5 + $0.x * 0.3, y: 0.5 + $0.y * 0.3) },
                                      worldJoints: Array(repeating: .zero, count: 21))
    var events: [GestureEvent] = []
    for frame in 0..<10 { events += recognizer.process([observation], time: Double(frame) / 25, frame: frame, aspectRatio: 1) }
    XCTAssertEqual(events.filter { $0.kind == .pose }.map(\.gesture), ["zero"])
  }

  func testModelFileProblemsAreNamed() throws {
    let data = try examples().prefix(0)
    XCTAssertThrowsError(try GestureTraining.poses(examples: Array(data), options: options))
    let bad = Data(#"{"format": "gestured-model", "version": 9}"#.utf8)
    XCTAssertThrowsError(try GestureModel.decode(bad, path: "m.json")) { error in
      XCTAssertTrue("\(error)".hasPrefix("m.json: "), "\(error)")
    }
    XCTAssertThrowsError(try GestureModel.decode(Data("not json".utf8), path: "m.json")) { error in
      XCTAssertTrue("\(error)".contains("not a gestured model file"), "\(error)")
    }
  }
}

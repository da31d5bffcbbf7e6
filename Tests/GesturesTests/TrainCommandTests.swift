import Foundation
import TestSupport
import XCTest

@testable import Gestures

/// `gestured train` as a user runs it: the real binary on a folder of real landmark files.
final class TrainCommandTests: XCTestCase {
  struct Run {
    var status: Int32
    var output: String
    var error: String
  }

  func gestured(_ arguments: [String]) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: BuiltProducts.gestured)
    process.arguments = arguments
    let output = Pipe(), error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
               error: String(decoding: errorData, as: UTF8.self))
  }

  /// DIR/none, DIR/fist, DIR/victory holding openhand's OpenPose files ("0" shape as background).
  func trainingFolder() throws -> URL {
    let root = try TestData.temporaryDirectory(for: self).appendingPathComponent("poses")
    let source = try TestData.url("landmarks/openhand")
    for (label, prefix) in [("none", "0"), ("fist", "Fight_Fist"), ("victory", "2")] {
      let folder = root.appendingPathComponent(label)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for hand in ["left", "right"] {
        let name = "\(prefix)_\(hand)_hand.json"
        try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
      }
    }
    return root
  }

  func testTrainPosesWritesAModelAndReports() throws {
    let folder = try trainingFolder()
    let model = folder.deletingLastPathComponent().appendingPathComponent("model.json")
    let run = try gestured(["train", "poses", folder.path, "-o", model.path, "--seed", "3", "--epochs", "8"])
    XCTAssertEqual(run.status, 0, run.error)
    for text in ["validation accuracy", "precision", "recall", "confusion matrix", "wrote"] {
      XCTAssertTrue(run.output.contains(text), "missing \(text) in:\n\(run.output)")
    }
    XCTAssertTrue(run.error.contains("epoch 8/8"), run.error)
    XCTAssertTrue(run.error.contains("reading examples: 6/6 files"), run.error)
    let loaded = try GestureModel.load(contentsOf: model)
    XCTAssertEqual(loaded.labels.sorted(), ["fist", "none", "victory"])
    XCTAssertGreaterThan(loaded.training?.validationAccuracy ?? 0, 0.95)

    let again = folder.deletingLastPathComponent().appendingPathComponent("again.json")
    XCTAssertEqual(try gestured(["train", "poses", folder.path, "-o", again.path, "--seed", "3", "--epochs", "8"]).status, 0)
    XCTAssertEqual(try Data(contentsOf: model), try Data(contentsOf: again), "same data and seed, same bytes")
  }

  func testUsageErrorsExit64() throws {
    for arguments in [["train"], ["train", "gestures", "x", "-o", "m"], ["train", "poses", "-o", "m"], ["train", "poses", "x"],
                      ["train", "poses", "x", "-o", "m", "--validation-split", "1.5"], ["train", "poses", "x", "-o", "m", "--seed", "-1"]] {
      let run = try gestured(arguments)
      XCTAssertEqual(run.status, 64, "\(arguments): \(run.error)")
      XCTAssertTrue(run.error.contains("error: ") && run.error.contains("See 'gestured help train'."), run.error)
    }
  }

  func testDataProblemsExit1WithTheFix() throws {
    let folder = try trainingFolder()
    let model = folder.deletingLastPathComponent().appendingPathComponent("model.json").path
    try FileManager.default.moveItem(at: folder.appendingPathComponent("victory"), to: folder.appendingPathComponent("Peace-Sign"))
    var run = try gestured(["train", "poses", folder.path, "-o", model])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.error.contains("\"Peace-Sign\" is not a gesture name") && run.error.contains("peace_sign"), run.error)

    try FileManager.default.removeItem(at: folder.appendingPathComponent("Peace-Sign"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("none"))
    run = try gestured(["train", "poses", folder.path, "-o", model])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.error.contains("no \"none\" folder"), run.error)
    XCTAssertFalse(FileManager.default.fileExists(atPath: model))
  }
}

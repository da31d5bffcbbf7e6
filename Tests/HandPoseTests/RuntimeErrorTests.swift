import Foundation
import HandPose
import TestSupport
import XCTest

/// A missing or corrupt model is an error that names the file and the set-up command.
final class RuntimeErrorTests: XCTestCase {
  func testMissingModelFileNamesFileAndSetup() throws {
    let runtime = try InferenceRuntime()
    XCTAssertThrowsError(try InferenceModel(runtime: runtime, path: "/nonexistent/palm.tflite", threads: 1)) { error in
      XCTAssertTrue("\(error)".contains("palm.tflite not found"), "\(error)")
      XCTAssertTrue("\(error)".contains("packaging/setup"), "\(error)")
    }
  }

  func testTruncatedModelIsRefusedBeforeLoading() throws {
    let good = try RuntimeFiles.locate("models/hand_landmark_lite.tflite")
    let dir = try TestData.temporaryDirectory(for: self)
    let bad = dir.appendingPathComponent("hand_landmark_lite.tflite")
    try Data(contentsOf: URL(fileURLWithPath: good)).prefix(50_000).write(to: bad)
    XCTAssertThrowsError(try RuntimeFiles.verify(bad.path, as: "models/hand_landmark_lite.tflite")) { error in
      XCTAssertTrue("\(error)".hasPrefix(bad.path + ": damaged or of another version"), "\(error)")
      XCTAssertTrue("\(error)".contains("packaging/setup"), "\(error)")
    }
    XCTAssertNoThrow(try RuntimeFiles.verify(good, as: "models/hand_landmark_lite.tflite"))
  }

  /// The sums compiled in are the ones set-up installs by.
  func testPinnedSumsEqualTheSetupScriptsSums() throws {
    let text = try String(contentsOf: TestData.projectRoot.appendingPathComponent("packaging/checksums.sha256"), encoding: .utf8)
    var fromSetup: [String: String] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      if fields.count == 2, !fields[1].hasSuffix(".whl") { fromSetup[String(fields[1])] = String(fields[0]) }
    }
    XCTAssertEqual(fromSetup, RuntimeFiles.pinnedSHA256)
  }

  /// The wheels `gestured version` names are the ones set-up downloads.
  func testNamedWheelsAreTheSetupScriptsPins() throws {
    let setup = try String(contentsOf: TestData.projectRoot.appendingPathComponent("packaging/setup"), encoding: .utf8)
    XCTAssertTrue(setup.contains("fetch_wheel \(RuntimeFiles.runtimeWheel) "), RuntimeFiles.runtimeWheel)
    XCTAssertTrue(setup.contains("fetch_wheel \(RuntimeFiles.modelsWheel) "), RuntimeFiles.modelsWheel)
  }

  func testModelShapesAreRead() throws {
    let runtime = try InferenceRuntime()
    let model = try InferenceModel(runtime: runtime, path: try RuntimeFiles.locate("models/palm_detection_lite.tflite"), threads: 1)
    XCTAssertEqual(model.inputShapes, [[1, 192, 192, 3]])
    XCTAssertEqual(model.outputShapes, [[1, 2016, 18], [1, 2016, 1]])
  }
}

import Foundation
import TestSupport
import XCTest

/// Missing or corrupt runtime files: one line that says what is wrong and how to fix it, exit 1.
final class RuntimeFilesTests: XCTestCase {
  private var photo: String { get throws { try TestData.url("photos/thumbs_up_left.jpg").path } }

  /// A data directory holding a copy of the installed files, with `change` applied to it.
  private func dataDirectory(_ change: (URL) throws -> Void) throws -> [String: String?] {
    let dir = try TestData.temporaryDirectory(for: self)
    let installed = try CommandRun.gestured(["detect", "--help"]) // the binary runs at all
    XCTAssertEqual(installed.status, 0)
    let fm = FileManager.default
    try fm.createDirectory(at: dir.appendingPathComponent("lib"), withIntermediateDirectories: true)
    try fm.createDirectory(at: dir.appendingPathComponent("models"), withIntermediateDirectories: true)
    let source = try InstalledRuntime.directory()
    for file in ["lib/libLiteRt.so", "models/palm_detection_full.tflite", "models/hand_landmark_full.tflite"] {
      try fm.copyItem(at: source.appendingPathComponent(file), to: dir.appendingPathComponent(file))
    }
    try change(dir)
    return ["GESTURED_DATA": dir.path, "XDG_DATA_HOME": dir.appendingPathComponent("none").path,
            "XDG_DATA_DIRS": dir.appendingPathComponent("none").path]
  }

  private func assertOneLineFailure(_ run: CommandRun, mentions parts: [String], file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(run.status, 1, file: file, line: line)
    XCTAssertEqual(run.standardError.split(separator: "\n").count, 1, run.standardError, file: file, line: line)
    for part in parts { XCTAssertTrue(run.standardError.contains(part), "\(part) in: \(run.standardError)", file: file, line: line) }
  }

  func testVersionSaysWhichRuntimeFilesAreMissing() throws {
    // The data directory holds the library and the full models only.
    let run = try CommandRun.gestured(["version"], environment: try dataDirectory { _ in })
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.standardOutput.contains("  models/hand_landmark_lite.tflite: hand_landmark_lite.tflite not found"), run.standardOutput)
    XCTAssertTrue(run.standardOutput.contains("  models/hand_landmark_full.tflite: /"), run.standardOutput)
    assertOneLineFailure(run, mentions: ["hand_landmark_lite.tflite", "palm_detection_lite.tflite", "packaging/setup"])
  }

  func testMissingModel() throws {
    let env = try dataDirectory { try FileManager.default.removeItem(at: $0.appendingPathComponent("models/palm_detection_full.tflite")) }
    assertOneLineFailure(try CommandRun.gestured(["detect", photo], environment: env),
                         mentions: ["palm_detection_full.tflite not found", "packaging/setup"])
  }

  func testCorruptModel() throws {
    let env = try dataDirectory { dir in
      try Data(repeating: 0x5a, count: 4096).write(to: dir.appendingPathComponent("models/hand_landmark_full.tflite"))
    }
    assertOneLineFailure(try CommandRun.gestured(["detect", photo], environment: env),
                         mentions: ["hand_landmark_full.tflite: damaged or of another version", "packaging/setup"])
  }

  func testTruncatedModel() throws {
    let env = try dataDirectory { dir in
      let model = dir.appendingPathComponent("models/palm_detection_full.tflite")
      try Data(contentsOf: model).prefix(100_000).write(to: model)
    }
    assertOneLineFailure(try CommandRun.gestured(["detect", photo], environment: env),
                         mentions: ["palm_detection_full.tflite: damaged or of another version", "packaging/setup"])
  }

  func testMissingRuntimeLibrary() throws {
    let env = try dataDirectory { try FileManager.default.removeItem(at: $0.appendingPathComponent("lib/libLiteRt.so")) }
    assertOneLineFailure(try CommandRun.gestured(["detect", photo], environment: env),
                         mentions: ["libLiteRt.so not found", "packaging/setup"])
  }

  func testCorruptRuntimeLibrary() throws {
    let env = try dataDirectory { dir in
      try Data("not a library".utf8).write(to: dir.appendingPathComponent("lib/libLiteRt.so"))
    }
    assertOneLineFailure(try CommandRun.gestured(["detect", photo], environment: env),
                         mentions: ["libLiteRt.so: damaged or of another version", "packaging/setup"])
  }
}

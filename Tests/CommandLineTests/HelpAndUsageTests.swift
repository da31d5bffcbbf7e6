import TestSupport
import XCTest

/// Help text and usage errors, shaped like swift-argument-parser's.
final class HelpAndUsageTests: XCTestCase {
  func testHelpSubcommandEqualsHelpFlag() throws {
    for command in ["detect", "track", "classify", "events", "train"] {
      let viaHelp = try CommandRun.gestured(["help", command])
      let viaFlag = try CommandRun.gestured([command, "--help"])
      XCTAssertEqual(viaHelp.status, 0)
      XCTAssertEqual(viaHelp.standardOutput, viaFlag.standardOutput)
      XCTAssertTrue(viaHelp.standardOutput.hasPrefix("OVERVIEW: "))
      XCTAssertTrue(viaHelp.standardOutput.contains("\nUSAGE: gestured \(command) "))
      XCTAssertTrue(viaHelp.standardOutput.contains("\nOPTIONS:\n"))
    }
  }

  func testRootHelpListsSubcommands() throws {
    let run = try CommandRun.gestured(["--help"])
    XCTAssertEqual(run.status, 0)
    XCTAssertTrue(run.standardOutput.contains("SUBCOMMANDS:"))
    XCTAssertTrue(run.standardOutput.contains("  detect"))
  }

  func testVersionNamesThePinnedRuntimeAndWhereItsFilesAre() throws {
    let flag = try CommandRun.gestured(["--version"]), command = try CommandRun.gestured(["version"])
    XCTAssertEqual(flag.status, 0, flag.standardError)
    XCTAssertEqual(flag.standardOutput, command.standardOutput)
    let lines = flag.standardOutput.split(separator: "\n").map(String.init)
    XCTAssertNotNil(lines.first?.wholeMatch(of: /gestured \d+\.\d+\.\d+/), flag.standardOutput)
    XCTAssertTrue(flag.standardOutput.contains("ai-edge-litert==2.3.0"), flag.standardOutput)
    XCTAssertTrue(flag.standardOutput.contains("mediapipe==0.10.14"), flag.standardOutput)
    for file in ["lib/libLiteRt.so", "models/palm_detection_full.tflite", "models/palm_detection_lite.tflite",
                 "models/hand_landmark_full.tflite", "models/hand_landmark_lite.tflite"] {
      let line = try XCTUnwrap(lines.first { $0.hasPrefix("  \(file): ") }, file)
      XCTAssertTrue(FileManager.default.fileExists(atPath: String(line.dropFirst(file.count + 4))), line)
    }
  }

  func testUnknownOptionIsAUsageError() throws {
    let run = try CommandRun.gestured(["track", "--devcie", "x"])
    XCTAssertEqual(run.status, 64)
    XCTAssertTrue(run.standardError.hasPrefix("error: unknown option '--devcie'\nUsage: gestured track "), run.standardError)
    XCTAssertTrue(run.standardError.hasSuffix("See 'gestured help track'.\n"), run.standardError)
  }

  func testUnknownSubcommand() throws {
    let run = try CommandRun.gestured(["dettect"])
    XCTAssertEqual(run.status, 64)
    XCTAssertTrue(run.standardError.contains("unknown subcommand 'dettect'"))
  }

  func testBadOptionValue() throws {
    let run = try CommandRun.gestured(["detect", "--max-hands", "9", "x.jpg"])
    XCTAssertEqual(run.status, 64)
    XCTAssertTrue(run.standardError.contains("'--max-hands' needs a whole number from 1 to 4, not '9'"), run.standardError)
  }
}

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

import Foundation
import TestSupport
import XCTest

/// `gestured devices` as a user runs it. The test machines have no camera, so this checks the
/// answer for none; the listing itself is tested against the fake device layer in CaptureTests.
final class DevicesCommandTests: XCTestCase {
  func testWithoutCamerasSaysSoAndFails() throws {
    let present = (try? FileManager.default.contentsOfDirectory(atPath: "/dev"))?.filter { $0.hasPrefix("video") } ?? []
    try XCTSkipUnless(present.isEmpty, "this machine has video nodes: \(present)")
    let run = try CommandRun.gestured(["devices"])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.standardOutput, "")
    XCTAssertTrue(run.standardError.hasPrefix("gestured devices: no cameras found (looked at /dev/video*)"), run.standardError)
  }

  func testAMissingDeviceIsNamed() throws {
    let run = try CommandRun.gestured(["devices", "/dev/video97"])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.standardError, "gestured devices: error: /dev/video97: no such camera; see 'gestured devices'\n")
  }

  func testHelpStatesTheExitStatus() throws {
    let run = try CommandRun.gestured(["devices", "--help"])
    XCTAssertEqual(run.status, 0)
    XCTAssertTrue(run.standardOutput.hasPrefix("OVERVIEW: List the cameras (/dev/video*)"), run.standardOutput)
    XCTAssertTrue(run.standardOutput.contains("Exit status: 0 when at least one camera can be used, 1 when none can"), run.standardOutput)
    XCTAssertEqual(try CommandRun.gestured(["help", "devices"]).standardOutput, run.standardOutput)
  }

  func testExtraArgumentIsAUsageError() throws {
    let run = try CommandRun.gestured(["devices", "0", "1"])
    XCTAssertEqual(run.status, 64)
    XCTAssertTrue(run.standardError.hasPrefix("error: unexpected argument '1'\nUsage: gestured devices [DEVICE]"), run.standardError)
  }
}

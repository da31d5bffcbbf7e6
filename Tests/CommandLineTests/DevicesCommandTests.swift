import Foundation
import TestSupport
import XCTest

/// `gestured devices` as a user runs it. The test machines have no camera, so this checks the
/// answer for none; the listing itself is tested against the fake device layer in CaptureTests.
final class DevicesCommandTests: XCTestCase {
  func testWithoutCamerasSaysSoAndFails() throws {
    let present = (try? FileManager.default.contentsOfDirectory(atPath: "/dev"))?.filter { $0.hasPrefix("video") } ?? []
    try XCTSkipUnless(present.isEmpty, "this machine has video nodes: \(present)")
    let run = try runGestured(["devices"])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.output, "")
    XCTAssertTrue(run.error.hasPrefix("gestured devices: no cameras found (looked at /dev/video*)"), run.error)
  }

  func testAMissingDeviceIsNamed() throws {
    let run = try runGestured(["devices", "/dev/video97"])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.error, "gestured devices: error: /dev/video97: no such camera; see 'gestured devices'\n")
  }

  func testHelpStatesTheExitStatus() throws {
    let run = try runGestured(["devices", "--help"])
    XCTAssertEqual(run.status, 0)
    XCTAssertTrue(run.output.hasPrefix("OVERVIEW: List the cameras (/dev/video*)"), run.output)
    XCTAssertTrue(run.output.contains("Exit status: 0 when at least one camera can be used, 1 when none can"), run.output)
    XCTAssertEqual(try runGestured(["help", "devices"]).output, run.output)
  }

  func testExtraArgumentIsAUsageError() throws {
    let run = try runGestured(["devices", "0", "1"])
    XCTAssertEqual(run.status, 64)
    XCTAssertTrue(run.error.hasPrefix("error: unexpected argument '1'\nUsage: gestured devices [DEVICE]"), run.error)
  }
}

import Foundation
import TestSupport
import XCTest

/// `gestured detect` and `gestured track` as a user runs them.
final class DetectCommandTests: XCTestCase {
  func testDetectPrintsOneJSONObjectPerImage() throws {
    let left = try TestData.url("photos/thumbs_up_left.jpg").path
    let right = try TestData.url("photos/thumbs_up_right.jpg").path
    let run = try CommandRun.gestured(["detect", left, right])
    XCTAssertEqual(run.status, 0, run.standardError)
    let lines = run.standardOutput.split(separator: "\n")
    XCTAssertEqual(lines.count, 2)
    let first = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    XCTAssertEqual(first["image"] as? String, left)
    XCTAssertEqual(first["width"] as? Int, 640)
    let hands = try XCTUnwrap(first["hands"] as? [[String: Any]])
    XCTAssertEqual(hands.count, 1)
    XCTAssertEqual(hands[0]["chirality"] as? String, "left", "labels.csv: the person's left hand")
    XCTAssertEqual((hands[0]["landmarks"] as? [[Double]])?.count, 21)
    XCTAssertEqual((hands[0]["boundingBox"] as? [Double])?.count, 4)
    XCTAssertTrue(run.standardError.isEmpty, "nothing on stderr, not even the runtime's notices: \(run.standardError)")
  }

  func testMirroredFlagSwapsTheReportedHand() throws {
    let left = try TestData.url("photos/thumbs_up_left.jpg").path
    let run = try CommandRun.gestured(["detect", "--mirrored", left])
    XCTAssertTrue(run.standardOutput.contains("\"chirality\":\"right\""), run.standardOutput)
  }

  func testTruncatedJPEGIsOneLineErrorAndFailure() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let bytes = try Data(contentsOf: TestData.url("photos/thumbs_up_left.jpg"))
    let path = dir.appendingPathComponent("cut.jpg").path
    try bytes.prefix(bytes.count / 3).write(to: URL(fileURLWithPath: path))
    let run = try CommandRun.gestured(["detect", path])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.standardError.split(separator: "\n").count, 1, run.standardError)
    XCTAssertTrue(run.standardError.contains("\(path): not a decodable JPEG"), run.standardError)
  }

  func testTextFileNamedJPGIsOneLineErrorAndFailure() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let path = dir.appendingPathComponent("readme.jpg").path
    try Data("hello\n".utf8).write(to: URL(fileURLWithPath: path))
    let run = try CommandRun.gestured(["detect", path])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.standardError.split(separator: "\n").count, 1, run.standardError)
    XCTAssertTrue(run.standardError.contains("not a decodable JPEG"), run.standardError)
  }

  func testTrackPrintsEveryFrameOfAClip() throws {
    let clip = try TestData.url("clips/swipe_toward_image_left").path
    let run = try CommandRun.gestured(["track", "--source", clip, "--model", "lite"])
    XCTAssertEqual(run.status, 0, run.standardError)
    let lines = run.standardOutput.split(separator: "\n")
    XCTAssertEqual(lines.count, 41, "clips.csv: 41 frames")
    XCTAssertTrue(lines[20].contains("\"frame\":20,\"time\":0.8,"), String(lines[20]))
    XCTAssertTrue(lines[20].contains("\"chirality\":\"left\""), "data README: the person uses the left hand")
  }
}

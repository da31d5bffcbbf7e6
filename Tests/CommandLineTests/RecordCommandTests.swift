import Foundation
import Imaging
import TestSupport
import XCTest

/// `gestured record`, fed from a real clip (the test machines have no camera).
final class RecordCommandTests: XCTestCase {
  func testClipTakesLandInNumberedFrameFoldersInOrder() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let clip = try TestData.url("clips/swipe_toward_image_left")
    let run = try CommandRun.gestured(["record", "swipe_right", "--dir", dir.path, "--source", clip.path,
                               "--takes", "2", "--seconds", "0.4", "--countdown", "0"])
    XCTAssertEqual(run.status, 0, run.standardError)
    let label = dir.appendingPathComponent("swipe_right")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: label.path).sorted(), ["000", "001"])
    let frames = (0..<10).map { String(format: "%04d.jpg", $0) }
    for take in ["000", "001"] {
      XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: label.appendingPathComponent(take).path).sorted(), frames,
                     "0.4 s at 25 fps is 10 frames")
    }
    // The second take continues the clip where the first stopped: its first frame is clip frame 10.
    let decoder = JPEGDecoder()
    let recorded = try decoder.decodeFile(label.appendingPathComponent("001/0000.jpg").path)
    let original = try decoder.decodeFile(clip.appendingPathComponent("0010.jpg").path)
    let other = try decoder.decodeFile(clip.appendingPathComponent("0030.jpg").path)
    XCTAssertEqual(recorded.width, 640)
    XCTAssertEqual(recorded.height, 360)
    XCTAssertLessThan(difference(recorded, original), 3, "re-encoding changes a frame a little")
    XCTAssertGreaterThan(difference(recorded, other), difference(recorded, original) * 2)
    XCTAssertEqual(run.standardOutput.split(separator: "\n").last, "recorded \(label.path)/001 (10 frames over 0.36 s)")
  }

  func testPhotoTakesAreNumberedAfterThoseAlreadyThere() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let clip = try TestData.url("clips/fist_then_thumbs_up").path
    for _ in 0..<2 {
      let run = try CommandRun.gestured(["record", "thumbs_up", "--dir", dir.path, "--source", clip, "--photo", "--takes", "2", "--countdown", "0"])
      XCTAssertEqual(run.status, 0, run.standardError)
    }
    let label = dir.appendingPathComponent("thumbs_up").path
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: label).sorted(), ["000.jpg", "001.jpg", "002.jpg", "003.jpg"])
    XCTAssertEqual(try JPEGDecoder().decodeFile("\(label)/003.jpg").width, 640)
  }

  func testCountdownIsPrintedBeforeEachTake() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let clip = try TestData.url("clips/open_hand_rising").path
    let run = try CommandRun.gestured(["record", "none", "--dir", dir.path, "--source", clip, "--photo", "--takes", "1", "--countdown", "2"])
    XCTAssertEqual(run.status, 0, run.standardError)
    XCTAssertEqual(run.standardOutput.split(separator: "\n").prefix(2), ["take 1 of 1 in 2...", "take 1 of 1 in 1..."])
  }

  func testAClipShorterThanTheTakesEndsWithAMessage() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let clip = try TestData.url("clips/swipe_toward_image_left").path
    let run = try CommandRun.gestured(["record", "swipe_right", "--dir", dir.path, "--source", clip, "--takes", "5", "--seconds", "1", "--countdown", "0"])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.standardOutput.contains("recorded \(dir.path)/swipe_right/001 (16 frames over 0.60 s; the source ended during the take)"), run.standardOutput)
    XCTAssertEqual(run.standardError, "gestured record: \(clip) ended after 2 of 5 takes\n")
  }

  func testWithoutACameraTheErrorPointsToGesturedDevices() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let run = try CommandRun.gestured(["record", "fist", "--dir", dir.path, "--camera", "/dev/video97", "--countdown", "0"])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.standardError, "gestured record: error: /dev/video97: no such camera; see 'gestured devices'\n")
  }

  func testBadLabelAndMissingDirAreUsageErrors() throws {
    let bad = try CommandRun.gestured(["record", "Thumbs Up", "--dir", "/tmp"])
    XCTAssertEqual(bad.status, 64)
    XCTAssertTrue(bad.standardError.hasPrefix("error: LABEL must be a gesture name in lower_snake_case (like thumbs_up), not 'Thumbs Up'"), bad.standardError)
    let noDir = try CommandRun.gestured(["record", "fist"])
    XCTAssertEqual(noDir.status, 64)
    XCTAssertTrue(noDir.standardError.hasPrefix("error: missing --dir DIR"), noDir.standardError)
  }

  private func difference(_ a: Frame, _ b: Frame) -> Double {
    var total = 0
    for i in 0..<a.pixels.count { total += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
    return Double(total) / Double(a.pixels.count)
  }
}

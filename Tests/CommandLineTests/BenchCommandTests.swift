import Foundation
import TestSupport
import XCTest

/// `gestured bench` on a real clip (its MediaPipe side runs only in `make bench`, which sets up
/// MediaPipe's own environment).
final class BenchCommandTests: XCTestCase {
  func testASwipeClipGivesEveryCaseEveryStageAndTheKeyItSent() throws {
    let window = try TestWindow()
    _ = window.takeKeyEvents()
    let clip = try TestData.url("clips/swipe_toward_image_left").path
    let run = try CommandRun.gestured(["bench", "--source", clip, "--repeat", "1"])
    XCTAssertEqual(run.status, 0, run.standardError)
    let out = run.standardOutput
    for row in ["no hand: gestured", "one hand: gestured", "pipeline: gestured",
                "engine, palm detection ran", "engine, hands only followed"] {
      XCTAssertTrue(out.contains("\n\(row) "), "no row \"\(row)\" in:\n\(out)")
    }
    let stages = try XCTUnwrap(out.split(separator: "\n").first { $0.hasPrefix("stages, median ms:") })
    for stage in ["decode", "palm detection", "landmarks", "(model", "gestures + rules"] {
      XCTAssertTrue(stages.contains(stage), "no stage \"\(stage)\" in: \(stages)")
    }
    XCTAssertTrue(out.contains("peak RSS: gestured "), out)
    // One swipe, one key: the person's swipe to the right presses Right on the focused window.
    XCTAssertTrue(out.contains("frame arrival to key event (XTest), swipe rules: median "), out)
    XCTAssertTrue(out.contains(" over 1 key\n"), out)
    let keys = window.takeKeyNames()
    XCTAssertEqual(keys, ["+Right", "-Right"])
  }

  func testPaddedFramesAreMeasuredAndTheirFolderRemoved() throws {
    let window = try TestWindow()
    _ = window.takeKeyEvents()
    let clip = try TestData.url("clips/swipe_toward_image_right").path
    func benchFolders() throws -> Set<String> {
      Set(try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
        .filter { $0.hasPrefix("gestured-bench-") && !$0.hasSuffix(".log") })
    }
    let before = try benchFolders()
    let run = try CommandRun.gestured(["bench", "--source", clip, "--repeat", "1", "--pad-to", "640x480"])
    XCTAssertEqual(run.status, 0, run.standardError)
    XCTAssertTrue(run.standardOutput.hasPrefix("gestured bench: 1 clip, 46 frames of 640x480 (640x360 padded) x 1 pass,"), run.standardOutput)
    XCTAssertTrue(run.standardOutput.contains(" over 1 key\n"), run.standardOutput)
    // The person's swipe to the left still presses Left with the bars above and below.
    let keys = window.takeKeyNames()
    XCTAssertEqual(keys, ["+Left", "-Left"])
    XCTAssertEqual(try benchFolders(), before, "the padded frames' folder is removed")

    let small = try CommandRun.gestured(["bench", "--source", clip, "--pad-to", "320x240"])
    XCTAssertEqual(small.status, 1)
    XCTAssertTrue(small.standardError.hasSuffix("is 640x360, larger than --pad-to 320x240\n"), small.standardError)
    let malformed = try CommandRun.gestured(["bench", "--source", clip, "--pad-to", "640"])
    XCTAssertEqual(malformed.status, 64)
    XCTAssertTrue(malformed.standardError.hasPrefix("error: --pad-to takes WIDTHxHEIGHT, such as 640x480 (got \"640\")\n"), malformed.standardError)
  }

  func testAFolderWithoutClipsAndAMissingScriptAreReported() throws {
    let empty = try TestData.temporaryDirectory(for: self).path
    let run = try CommandRun.gestured(["bench", "--source", empty])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.standardError, "gestured bench: error: \(empty): no frame folders here\n")

    let clip = try TestData.url("clips/swipe_toward_image_left").path
    let usage = try CommandRun.gestured(["bench", "--source", clip, "--mediapipe", "/usr/bin/python3"])
    XCTAssertEqual(usage.status, 64)
    XCTAssertTrue(usage.standardError.hasPrefix("error: --mediapipe needs --mediapipe-script FILE\n"), usage.standardError)
  }
}

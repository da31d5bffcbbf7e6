import Foundation
import TestSupport
import XCTest

/// `gestured classify` and `gestured events` as a user runs them: output shape, options, help,
/// usage errors and failures.
final class ClassifyEventsCommandTests: XCTestCase {
  static let builtInPoses = ["open_palm", "fist", "thumbs_up", "thumbs_down", "victory", "pointing", "ok", "pinch", "i_love_you", "none"]

  func testClassifyPrintsEachHandsPoseAndProbabilities() throws {
    let left = try TestData.url("photos/thumbs_up_left.jpg").path
    let two = try TestData.url("photos/hagrid_v2_xsign.jpg").path
    let run = try CommandRun.gestured(["classify", left, two])
    XCTAssertEqual(run.status, 0, run.standardError)
    let objects = try run.standardOutput.split(separator: "\n").map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    XCTAssertEqual(objects.count, 2)
    XCTAssertEqual(Set(objects[0].keys), ["image", "width", "height", "hands"])
    XCTAssertEqual(objects[0]["width"] as? Int, 640)
    let hands = try XCTUnwrap(objects[0]["hands"] as? [[String: Any]])
    XCTAssertEqual(hands.count, 1)
    XCTAssertEqual(Set(hands[0].keys), ["chirality", "confidence", "pose", "probabilities"])
    XCTAssertEqual(hands[0]["chirality"] as? String, "left", "labels.csv: the person's left hand")
    XCTAssertEqual(hands[0]["pose"] as? String, "thumbs_up", "labels.csv")
    let probabilities = try XCTUnwrap(hands[0]["probabilities"] as? [String: Double])
    XCTAssertEqual(Set(probabilities.keys), Set(Self.builtInPoses))
    XCTAssertEqual(probabilities.values.reduce(0, +), 1, accuracy: 1e-3)
    XCTAssertEqual((objects[1]["hands"] as? [[String: Any]])?.map { $0["chirality"] as? String }.sorted { ($0 ?? "") < ($1 ?? "") },
                   ["left", "right"], "labels.csv: both hands")
    // Probabilities come in the built-in order, "none" last.
    let line = String(run.standardOutput.split(separator: "\n")[0])
    let positions = Self.builtInPoses.map { line.range(of: "\"\($0)\":")!.lowerBound }
    XCTAssertEqual(positions, positions.sorted())
  }

  func testClassifyMirroredSwapsTheHand() throws {
    let run = try CommandRun.gestured(["classify", "--mirrored", try TestData.url("photos/thumbs_up_left.jpg").path])
    XCTAssertTrue(run.standardOutput.contains("\"chirality\":\"right\""), run.standardOutput)
  }

  func testUnreadableImageIsOneLineAndExit1AndTheOthersStillPrint() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let bad = dir.appendingPathComponent("notes.jpg").path
    try Data("not a picture\n".utf8).write(to: URL(fileURLWithPath: bad))
    let run = try CommandRun.gestured(["classify", bad, try TestData.url("photos/hagrid_v1_fist.jpg").path])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.standardError.split(separator: "\n").count, 1, run.standardError)
    XCTAssertTrue(run.standardError.hasPrefix("gestured classify: error: \(bad): not a decodable JPEG"), run.standardError)
    XCTAssertTrue(run.standardOutput.contains("\"pose\":\"fist\""), run.standardOutput)
  }

  func testModelFileProblemsAreOneLineAndExit1() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let model = dir.appendingPathComponent("model.json").path
    try Data("{\"format\": \"something else\"}".utf8).write(to: URL(fileURLWithPath: model))
    for command in [["classify", try TestData.url("photos/hagrid_v1_fist.jpg").path],
                    ["events", "--source", try TestData.url("clips/swipe_toward_image_left").path]] {
      let run = try CommandRun.gestured(command + ["--classifier", model])
      XCTAssertEqual(run.status, 1, "\(command[0])")
      XCTAssertEqual(run.standardOutput, "")
      XCTAssertTrue(run.standardError.hasPrefix("gestured \(command[0]): error: \(model): not a gestured model file"), run.standardError)
    }
  }

  func testEventsOnAMissingSourceIsOneLineAndExit1() throws {
    let run = try CommandRun.gestured(["events", "--source", "/nonexistent/clip"])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.standardError, "gestured events: error: /nonexistent/clip: no such file or folder\n")
  }

  func testEventsTakeTheGestureSettingsOfARuleFile() throws {
    // Confirming a pose after 40 frames: the fist (held ~25 frames, clips.csv) never counts,
    // and the thumbs up is confirmed about 36 frames later than with the default 4.
    let clip = try TestData.url("clips/fist_then_thumbs_up").path
    let rules = try TestData.temporaryDirectory(for: self).appendingPathComponent("slow.rules")
    try Data("set pose_confirm_frames 40\n[global]\nany thumbs_up -> key a\n".utf8).write(to: rules)
    XCTAssertEqual(chmod(rules.path, 0o644), 0)
    let quick = try EventLine.parse(try CommandRun.gestured(["events", "--source", clip]).standardOutput)
    let run = try CommandRun.gestured(["events", "--source", clip, "--rules", rules.path])
    XCTAssertEqual(run.status, 0, run.standardError)
    let slow = try EventLine.parse(run.standardOutput)
    XCTAssertEqual(slow.map(\.gesture), ["thumbs_up"])
    let later = try XCTUnwrap(slow.first).frame - XCTUnwrap(quick.first { $0.gesture == "thumbs_up" }).frame
    XCTAssertTrue((30...40).contains(later), "40 frames of evidence instead of 4: \(later) frames later")

    try Data("set pose_confirm_frames 400\n".utf8).write(to: rules)
    let bad = try CommandRun.gestured(["events", "--source", clip, "--rules", rules.path])
    XCTAssertEqual(bad.status, 1)
    XCTAssertEqual(bad.standardError, "\(rules.path):1:25: error: \"pose_confirm_frames\" needs a whole number from 1 to 60, not \"400\"\n1 error, 0 warnings\n")
  }

  func testHelpNamesTheClassifierOptionAndTheHandModel() throws {
    for command in ["classify", "events"] {
      let help = try CommandRun.gestured([command, "--help"])
      XCTAssertEqual(help.status, 0)
      XCTAssertEqual(help.standardOutput, try CommandRun.gestured(["help", command]).standardOutput)
      XCTAssertTrue(help.standardOutput.contains("--classifier <MODEL>"), help.standardOutput)
      XCTAssertTrue(help.standardOutput.contains("--model <full|lite>"), help.standardOutput)
      XCTAssertTrue(help.standardOutput.contains("--mirrored"), help.standardOutput)
      XCTAssertTrue(help.standardOutput.contains("{\"time\", \"frame\", \"hand\", \"kind\": \"pose\"|\"action\", \"gesture\", \"confidence\"}")
                    || command == "classify", help.standardOutput)
    }
  }

  func testUsageErrorsExit64() throws {
    for arguments in [["classify"], ["events"], ["events", "--source", "x", "extra"], ["events", "--source", "x", "--fps", "0"],
                      ["classify", "--model", "huge", "x.jpg"], ["events", "--source"]] {
      let run = try CommandRun.gestured(arguments)
      XCTAssertEqual(run.status, 64, "\(arguments): \(run.standardError)")
      XCTAssertTrue(run.standardError.hasPrefix("error: ") && run.standardError.hasSuffix("See 'gestured help \(arguments[0])'.\n"), run.standardError)
    }
  }
}

import Foundation
import Gestures
import TestSupport
import XCTest

/// `gestured train` as a user runs it: the real binary on folders of real landmark files, photos
/// and clips.
final class TrainCommandTests: XCTestCase {
  func gestured(_ arguments: [String]) throws -> CommandRun {
    try CommandRun.gestured(arguments)
  }

  /// DIR/none, DIR/fist, DIR/victory holding openhand's OpenPose files ("0" shape as background).
  func trainingFolder() throws -> URL {
    let root = try TestData.temporaryDirectory(for: self).appendingPathComponent("poses")
    let source = try TestData.url("landmarks/openhand")
    for (label, prefix) in [("none", "0"), ("fist", "Fight_Fist"), ("victory", "2")] {
      let folder = root.appendingPathComponent(label)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for hand in ["left", "right"] {
        let name = "\(prefix)_\(hand)_hand.json"
        try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
      }
    }
    return root
  }

  func testTrainPosesWritesAModelAndReports() throws {
    let folder = try trainingFolder()
    let model = folder.deletingLastPathComponent().appendingPathComponent("model.json")
    let run = try gestured(["train", "poses", folder.path, "-o", model.path, "--seed", "3", "--epochs", "8"])
    XCTAssertEqual(run.status, 0, run.standardError)
    for text in ["validation accuracy", "precision", "recall", "confusion matrix", "wrote"] {
      XCTAssertTrue(run.standardOutput.contains(text), "missing \(text) in:\n\(run.standardOutput)")
    }
    XCTAssertTrue(run.standardError.contains("epoch 8/8"), run.standardError)
    XCTAssertTrue(run.standardError.contains("reading examples: 6/6 files"), run.standardError)
    let loaded = try GestureModel.load(contentsOf: model)
    XCTAssertEqual(loaded.labels.sorted(), ["fist", "none", "victory"])
    XCTAssertGreaterThan(loaded.training?.validationAccuracy ?? 0, 0.95)

    let again = folder.deletingLastPathComponent().appendingPathComponent("again.json")
    XCTAssertEqual(try gestured(["train", "poses", folder.path, "-o", again.path, "--seed", "3", "--epochs", "8"]).status, 0)
    XCTAssertEqual(try Data(contentsOf: model), try Data(contentsOf: again), "same data and seed, same bytes")
  }

  func testUsageErrorsExit64() throws {
    for arguments in [["train"], ["train", "gestures", "x", "-o", "m"], ["train", "poses", "-o", "m"], ["train", "poses", "x"],
                      ["train", "poses", "x", "-o", "m", "--validation-split", "1.5"], ["train", "poses", "x", "-o", "m", "--seed", "-1"]] {
      let run = try gestured(arguments)
      XCTAssertEqual(run.status, 64, "\(arguments): \(run.standardError)")
      XCTAssertTrue(run.standardError.contains("error: ") && run.standardError.contains("See 'gestured help train'."), run.standardError)
    }
  }

  func testDataProblemsExit1WithTheFix() throws {
    let folder = try trainingFolder()
    let model = folder.deletingLastPathComponent().appendingPathComponent("model.json").path
    try FileManager.default.moveItem(at: folder.appendingPathComponent("victory"), to: folder.appendingPathComponent("Peace-Sign"))
    var run = try gestured(["train", "poses", folder.path, "-o", model])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.standardError.contains("\"Peace-Sign\" is not a gesture name") && run.standardError.contains("peace_sign"), run.standardError)

    try FileManager.default.removeItem(at: folder.appendingPathComponent("Peace-Sign"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("none"))
    run = try gestured(["train", "poses", folder.path, "-o", model])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.standardError.contains("no \"none\" folder"), run.standardError)
    XCTAssertFalse(FileManager.default.fileExists(atPath: model))
  }

  // MARK: From pixels

  /// DIR/my_thumbs_up, DIR/my_open_palm, DIR/none from the real photos, labelled by labels.csv
  /// (thumbs up; open palm and stop; every HaGRID crop with no project gesture as background),
  /// plus a clip frame with no hand in none/.
  func photoTrainingFolder() throws -> URL {
    let root = try TestData.temporaryDirectory(for: self).appendingPathComponent("photo-poses")
    let photos = try TestData.url("photos")
    let text = try String(contentsOf: photos.appendingPathComponent("labels.csv"), encoding: .utf8)
    for row in text.split(whereSeparator: \.isNewline).dropFirst().map({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
      let (file, gesture) = (String(row[0]), row[1])
      let label: String
      if gesture == "thumbs_up" {
        label = "my_thumbs_up"
      } else if gesture.hasPrefix("open_palm") {
        label = "my_open_palm"
      } else if gesture.isEmpty && file.hasPrefix("hagrid") {
        label = "none"
      } else {
        continue
      }
      let folder = root.appendingPathComponent(label)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: photos.appendingPathComponent(file), to: folder.appendingPathComponent(file))
    }
    // clips.csv: no hand on frames 0-~22 of fist_then_thumbs_up.
    try FileManager.default.copyItem(at: TestData.url("clips/fist_then_thumbs_up/0000.jpg"),
                                     to: root.appendingPathComponent("none/no_hand.jpg"))
    return root
  }

  func testTrainPosesFromPhotosGivesGestureNamesTheRuleFileAccepts() throws {
    let folder = try photoTrainingFolder()
    let model = folder.deletingLastPathComponent().appendingPathComponent("photo-poses.json")
    let run = try gestured(["train", "poses", folder.path, "-o", model.path, "--seed", "2"])
    print(run.standardOutput)
    XCTAssertEqual(run.status, 0, run.standardError)
    for label in ["my_thumbs_up", "my_open_palm", "none"] {
      XCTAssertTrue(run.standardOutput.contains("\n" + label + " "), "a report row for \(label):\n\(run.standardOutput)")
    }
    XCTAssertTrue(run.standardOutput.contains("confusion matrix"), run.standardOutput)
    XCTAssertTrue(run.standardOutput.contains("images: 41 read through the hand pose engine, 1 without a hand (skipped)"), run.standardOutput)
    XCTAssertTrue(run.standardError.contains("no_hand.jpg: no hand found, skipped"), run.standardError)
    XCTAssertTrue(run.standardError.contains("reading examples: 41/41 files"), run.standardError)
    let loaded = try GestureModel.load(contentsOf: model)
    XCTAssertEqual(loaded.kind, .pose)
    XCTAssertEqual(loaded.labels.sorted(), ["my_open_palm", "my_thumbs_up", "none"])

    // The labels are gesture names once a rule file loads the model.
    let rules = folder.deletingLastPathComponent().appendingPathComponent("mine.rules")
    try Data("set classifier photo-poses.json\n[global]\nright my_thumbs_up hold=1s -> key a\nany my_open_palm -> pause\n".utf8).write(to: rules)
    XCTAssertEqual(chmod(rules.path, 0o644), 0)
    let check = try gestured(["check", rules.path])
    XCTAssertEqual(check.status, 0, check.standardError)
    XCTAssertTrue(check.standardOutput.contains("3: right my_thumbs_up hold=1s -> key a"), check.standardOutput)
    try Data("[global]\nright my_thumbs_up hold=1s -> key a\n".utf8).write(to: rules)
    let without = try gestured(["check", rules.path])
    XCTAssertEqual(without.status, 1)
    XCTAssertTrue(without.standardError.contains(":2:7: error: unknown gesture \"my_thumbs_up\""), without.standardError)

    // classify reports the model's labels next to the built-in ones.
    let classify = try gestured(["classify", "--classifier", model.path, try TestData.url("photos/hagrid_v2_palm.jpg").path])
    XCTAssertEqual(classify.status, 0, classify.standardError)
    XCTAssertTrue(classify.standardOutput.contains("\"my_open_palm\":") && classify.standardOutput.contains("\"open_palm\":"), classify.standardOutput)
  }

  func testTrainActionsFromClipFoldersRunsEndToEnd() throws {
    // The four swipe clips and their horizontal flips, read un-mirrored: a flipped clip moves the
    // other way, so each action gets one clip of each. Far too few to measure a model; this
    // checks the path clip folders -> engine -> windows -> model file -> report.
    let root = try TestData.temporaryDirectory(for: self).appendingPathComponent("clip-actions")
    let clips = [("swipe_right", "swipe_toward_image_left", "swipe_toward_image_right"),
                 ("swipe_left", "swipe_toward_image_right", "swipe_toward_image_left"),
                 ("swipe_up", "swipe_toward_image_top", "swipe_toward_image_top"),
                 ("swipe_down", "swipe_toward_image_bottom", "swipe_toward_image_bottom")]
    for (label, original, flipped) in clips {
      try ClipFolders.write(original, flipped: false, to: root.appendingPathComponent("\(label)/000"))
      try ClipFolders.write(flipped, flipped: true, to: root.appendingPathComponent("\(label)/001"))
    }
    let model = root.deletingLastPathComponent().appendingPathComponent("clip-actions.json")
    let run = try gestured(["train", "actions", root.path, "-o", model.path, "--epochs", "20"])
    print(run.standardOutput)
    XCTAssertEqual(run.status, 0, run.standardError)
    XCTAssertTrue(run.standardOutput.contains("validation accuracy"), run.standardOutput)
    for (label, _, _) in clips {
      let row = run.standardOutput.split(separator: "\n").first { $0.hasPrefix(label + " ") }
      XCTAssertEqual(row?.split(separator: " ").count, 5, "label, training, validation, precision, recall: \(row ?? "none")")
    }
    XCTAssertTrue(run.standardOutput.contains("clips: 8 read through the hand pose engine (398 frames, 0 unreadable frames skipped)"),
                  run.standardOutput)
    XCTAssertTrue(run.standardError.contains("reading examples: 8/8 files"), run.standardError)
    XCTAssertTrue(run.standardError.contains("no \"none\" examples"), run.standardError)
    let loaded = try GestureModel.load(contentsOf: model)
    XCTAssertEqual(loaded.kind, .action)
    XCTAssertEqual(loaded.window, 45)
    XCTAssertEqual(Set(loaded.labels), ["swipe_right", "swipe_left", "swipe_up", "swipe_down"])
    XCTAssertGreaterThan(loaded.training?.examples ?? 0, 0)
  }
}

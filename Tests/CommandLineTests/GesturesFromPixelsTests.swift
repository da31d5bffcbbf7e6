import Foundation
import TestSupport
import XCTest

/// The issue's must-show items from pixels: the real photos and clips through the hand pose
/// engine and the gesture stage, as `gestured classify` and `gestured events` print them. The
/// expected gestures come from the data's labels (photos/labels.csv, the clips' README), never
/// from the code under test.
final class GesturesFromPixelsTests: XCTestCase {
  /// The swipe clips and the action each must give, from the user's view (data README).
  static let swipes = [
    ("swipe_toward_image_left", "swipe_right"), ("swipe_toward_image_right", "swipe_left"),
    ("swipe_toward_image_top", "swipe_up"), ("swipe_toward_image_bottom", "swipe_down"),
  ]

  /// The project's pose for a labels.csv gesture ("pointing(at camera)" -> pointing,
  /// "open_palm/stop" -> open_palm, "pointing_up" -> pointing), nil where there is none.
  static func projectPose(_ label: Substring) -> String? {
    guard !label.isEmpty else { return nil }
    let base = label.split(separator: "(")[0].split(separator: "/")[0]
    return base == "pointing_up" ? "pointing" : String(base)
  }

  func testEveryGesturePhotoGetsItsPose() throws {
    let folder = try TestData.url("photos")
    let text = try String(contentsOf: folder.appendingPathComponent("labels.csv"), encoding: .utf8)
    // file, gesture, hands, apparent_handedness, handedness_checked_by_eye, source
    let rows = text.split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    let labelled = rows.compactMap { row in Self.projectPose(row[1]).map { (file: String(row[0]), pose: $0, row: row) } }
    XCTAssertEqual(labelled.count, 23, "labels.csv names 23 photos with a gesture")
    let run = try CommandRun.gestured(["classify"] + labelled.map { folder.appendingPathComponent($0.file).path })
    XCTAssertEqual(run.status, 0, run.standardError)
    let objects = try run.standardOutput.split(separator: "\n").map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    XCTAssertEqual(objects.count, labelled.count)
    var right = 0
    for (photo, object) in zip(labelled, objects) {
      XCTAssertEqual(object["image"] as? String, folder.appendingPathComponent(photo.file).path)
      let hands = try XCTUnwrap(object["hands"] as? [[String: Any]])
      let poses = hands.compactMap { $0["pose"] as? String }
      if poses.contains(photo.pose) { right += 1 } else { print("miss: \(photo.file): \(photo.pose), got \(poses)") }
      if photo.file == "hagrid_v2_point.jpg" {
        XCTAssertEqual(poses, ["pointing"], "pointing at the camera: the engine's 3-D joints show the straight index")
      }
      // Where a person checked the hand on a one-hand photo, the reported chirality is that hand.
      if photo.row[2] == "1", photo.row[4] == "yes" {
        XCTAssertEqual(hands.first?["chirality"] as? String, String(photo.row[3]), photo.file)
      }
      for hand in hands {
        let probabilities = try XCTUnwrap(hand["probabilities"] as? [String: Double])
        XCTAssertEqual(probabilities.values.reduce(0, +), 1, accuracy: 1e-3, photo.file)
      }
    }
    let share = Double(right) / Double(labelled.count)
    print(String(format: "photos from pixels: %d of %d gesture photos get their pose (%.1f%%)", right, labelled.count, 100 * share))
    XCTAssertGreaterThanOrEqual(share, 0.9)
  }

  /// The events of a clip folder through the binary.
  func events(_ folder: URL, _ options: [String] = []) throws -> [EventLine] {
    let run = try CommandRun.gestured(["events", "--source", folder.path] + options)
    XCTAssertEqual(run.status, 0, run.standardError)
    let events = try EventLine.parse(run.standardOutput)
    print("\(folder.lastPathComponent)\(options.isEmpty ? "" : " " + options.joined(separator: " ")): \(events.map(\.description).joined(separator: "; "))")
    return events
  }

  func testEachSwipeClipGivesExactlyOneActionTheRightOne() throws {
    for (clip, expected) in Self.swipes {
      let actions = try events(TestData.url("clips/\(clip)")).filter { $0.kind == "action" }
      XCTAssertEqual(actions.map(\.gesture), [expected], clip)
      XCTAssertEqual(actions.first?.hand, "left", "data README: the person swipes with the left hand: \(clip)")
      XCTAssertEqual(actions.first?.shape, "open_palm", "the open hand held still before the swipe: \(clip)")
    }
  }

  func testFlippedClipsReadAsMirroredGiveTheSameAnswers() throws {
    // A flipped frame is what a mirrored camera delivers: read with --mirrored, the person's hand
    // and the direction from the user's view are the same as on the original.
    let root = try TestData.temporaryDirectory(for: self)
    for (clip, expected) in Self.swipes {
      let folder = root.appendingPathComponent(clip)
      try ClipFolders.write(clip, flipped: true, to: folder)
      let actions = try events(folder, ["--mirrored"]).filter { $0.kind == "action" }
      XCTAssertEqual(actions.map(\.gesture), [expected], "\(clip) flipped, --mirrored")
      XCTAssertEqual(actions.first?.hand, "left", "\(clip) flipped, --mirrored: still the person's left hand")
    }
    let fist = root.appendingPathComponent("fist_then_thumbs_up")
    try ClipFolders.write("fist_then_thumbs_up", flipped: true, to: fist)
    try checkFistThenThumbsUp(events(fist, ["--mirrored"]))
    let rising = root.appendingPathComponent("open_hand_rising")
    try ClipFolders.write("open_hand_rising", flipped: true, to: rising)
    XCTAssertEqual(try events(rising, ["--mirrored"]).filter { $0.kind == "action" }, [])
  }

  func testSwipeClipsAtLowFrameRatesGiveTheirAction() throws {
    // Every 3rd and every 4th frame of each clip, as recorded and flipped (read --mirrored): the
    // same swipes as a camera at 8 and 6 fps delivers them. At these rates the hand moves up to
    // two hand sizes between frames once it is under way, and palm detection finds it again with
    // a new tracking ID on most frames of the motion (on the clip toward the image's right at
    // 8 fps the swipe was missed until the hand's identity followed where its motion led).
    let root = try TestData.temporaryDirectory(for: self)
    for (clip, expected) in Self.swipes {
      for every in [3, 4] {
        for flipped in [false, true] {
          let folder = root.appendingPathComponent("\(clip)-\(every)-\(flipped)")
          try ClipFolders.write(clip, flipped: flipped, every: every, to: folder)
          let fps = String(Int((25.0 / Double(every)).rounded()))
          let actions = try events(folder, ["--fps", fps] + (flipped ? ["--mirrored"] : [])).filter { $0.kind == "action" }
          XCTAssertEqual(actions.map(\.gesture), [expected], "\(clip), 1 frame in \(every)\(flipped ? ", flipped" : "")")
        }
      }
    }
  }

  func testFistThenThumbsUpGivesThosePosesAndNoAction() throws {
    try checkFistThenThumbsUp(events(TestData.url("clips/fist_then_thumbs_up")))
  }

  func checkFistThenThumbsUp(_ events: [EventLine], file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(events.filter { $0.kind == "pose" }.map(\.gesture), ["fist", "thumbs_up"], file: file, line: line)
    XCTAssertEqual(events.filter { $0.kind == "action" }, [], file: file, line: line)
    // clips.csv: fist ~25-50, thumbs up from ~55, the person's right hand.
    if let fist = events.first(where: { $0.gesture == "fist" }) {
      XCTAssertTrue((23...40).contains(fist.frame), "fist at frame \(fist.frame)", file: file, line: line)
      XCTAssertEqual(fist.hand, "right", file: file, line: line)
    }
    if let thumbsUp = events.first(where: { $0.gesture == "thumbs_up" }) {
      XCTAssertTrue((52...65).contains(thumbsUp.frame), "thumbs up at frame \(thumbsUp.frame)", file: file, line: line)
      XCTAssertEqual(thumbsUp.time, Double(thumbsUp.frame) / 25, accuracy: 1e-6, "times at 25 fps", file: file, line: line)
    }
  }

  func testOpenHandRisingGivesNoAction() throws {
    let all = try events(TestData.url("clips/open_hand_rising"))
    XCTAssertEqual(all.filter { $0.kind == "action" }, [])
    XCTAssertEqual(all.filter { $0.kind == "pose" }.last?.gesture, "open_palm", "an open hand, rising")
  }
}

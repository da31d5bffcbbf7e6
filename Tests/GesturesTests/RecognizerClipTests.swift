import Foundation
import HandPose
import XCTest

@testable import Gestures

/// The recognizer on MediaPipe's own landmarks of every frame of the real clips (25 fps,
/// 640x360, un-mirrored), fed in order as the engine will feed it.
final class RecognizerClipTests: XCTestCase {
  static let fps = 25.0
  static let aspect = 640.0 / 360.0

  /// Runs a clip through a fresh recognizer; `flipped` mirrors every frame horizontally (x -> 1 - x,
  /// chirality swapped) and tells the recognizer the frames are mirrored.
  func events(_ clip: String, flipped: Bool = false, settings: GestureSettings = GestureSettings()) throws -> [GestureEvent] {
    var recognizer = GestureRecognizer(settings: settings, mirrored: flipped)
    var events: [GestureEvent] = []
    for (index, hands) in try ReferenceData.clip(clip).enumerated() {
      let observations = hands.map { (flipped ? $0.flipped() : $0).observation() }
      events += recognizer.process(observations, time: Double(index) / Self.fps, frame: index, aspectRatio: Self.aspect)
    }
    return events
  }

  func describe(_ events: [GestureEvent]) -> String {
    events.map { "\($0.frame) \($0.hand) \($0.kind) \($0.gesture) \(String(format: "%.2f", $0.confidence))" }.joined(separator: "; ")
  }

  static let swipes = [
    ("swipe_toward_image_left", "swipe_right"), ("swipe_toward_image_right", "swipe_left"),
    ("swipe_toward_image_top", "swipe_up"), ("swipe_toward_image_bottom", "swipe_down"),
  ]

  func testEachSwipeClipGivesExactlyOneActionTheRightOne() throws {
    for (clip, expected) in Self.swipes {
      let all = try events(clip)
      print("\(clip): \(describe(all))")
      let actions = all.filter { $0.kind == .action }
      XCTAssertEqual(actions.map(\.gesture), [expected], clip)
      XCTAssertEqual(actions.first?.hand, .left, "the person swipes with the left hand: \(clip)")
    }
  }

  func testFlippedSwipeClipsReadAsMirroredGiveTheSameAnswers() throws {
    for (clip, expected) in Self.swipes {
      let all = try events(clip, flipped: true)
      print("\(clip) flipped, mirrored: \(describe(all))")
      let actions = all.filter { $0.kind == .action }
      XCTAssertEqual(actions.map(\.gesture), [expected], clip)
      XCTAssertEqual(actions.first?.hand, .right, "the flipped left hand looks like a right hand: \(clip)")
    }
  }

  func testFistThenThumbsUpGivesThosePosesAndNoAction() throws {
    for flipped in [false, true] {
      let all = try events("fist_then_thumbs_up", flipped: flipped)
      print("fist_then_thumbs_up\(flipped ? " flipped" : ""): \(describe(all))")
      XCTAssertEqual(all.filter { $0.kind == .pose }.map(\.gesture), ["fist", "thumbs_up"])
      XCTAssertEqual(all.filter { $0.kind == .action }.count, 0)
      let fist = try XCTUnwrap(all.first { $0.gesture == "fist" }), thumbsUp = try XCTUnwrap(all.first { $0.gesture == "thumbs_up" })
      XCTAssertTrue((23...35).contains(fist.frame), "fist from frame ~25 (README): \(fist.frame)")
      XCTAssertTrue((52...65).contains(thumbsUp.frame), "thumbs up from frame ~55 (README): \(thumbsUp.frame)")
      XCTAssertEqual(thumbsUp.hand, flipped ? .left : .right)
    }
  }

  func testOpenHandRisingGivesNoAction() throws {
    for flipped in [false, true] {
      let all = try events("open_hand_rising", flipped: flipped)
      print("open_hand_rising\(flipped ? " flipped" : ""): \(describe(all))")
      XCTAssertEqual(all.filter { $0.kind == .action }.count, 0)
      XCTAssertEqual(all.filter { $0.kind == .pose }.last?.gesture, "open_palm")
    }
  }

  func testSwipesSurviveOtherStridesAndIntervals() throws {
    // The detector looks for the swipe inside the window, so sampling every frame or every 3rd,
    // and classifying every sample or every 3rd, all find the one swipe.
    for (stride, interval) in [(1, 1), (1, 4), (3, 1), (2, 3)] {
      var settings = GestureSettings()
      settings.actionStride = stride
      settings.actionInterval = interval
      for (clip, expected) in Self.swipes {
        XCTAssertEqual(try events(clip, settings: settings).filter { $0.kind == .action }.map(\.gesture), [expected],
                       "\(clip), stride \(stride), interval \(interval)")
      }
    }
  }

  func run(_ frames: [[ReferenceData.Hand]]) -> [GestureEvent] {
    var recognizer = GestureRecognizer()
    var events: [GestureEvent] = []
    for (index, hands) in frames.enumerated() {
      events += recognizer.process(hands.map { $0.observation() }, time: Double(index) / Self.fps, frame: index, aspectRatio: Self.aspect)
    }
    return events
  }

  func testTwoSwipesInARowFireTwice() throws {
    // The left swipe ends at rest at x~0.34, where the right swipe starts: real frames back to back.
    let frames = try ReferenceData.clip("swipe_toward_image_left") + ReferenceData.clip("swipe_toward_image_right")
    XCTAssertEqual(run(frames).filter { $0.kind == .action }.map(\.gesture), ["swipe_right", "swipe_left"])
  }

  func testSwipeLeavingTheFrameStillFires() throws {
    // The hand vanishes in mid-swipe (frame 24 of 41, still moving): the queue is classified a
    // last time when the hand is given up.
    let frames = Array(try ReferenceData.clip("swipe_toward_image_left").prefix(24)) + Array(repeating: [], count: 20)
    let actions = run(frames).filter { $0.kind == .action }
    XCTAssertEqual(actions.map(\.gesture), ["swipe_right"])
    XCTAssertGreaterThan(actions.first?.frame ?? 0, 24)
  }
}

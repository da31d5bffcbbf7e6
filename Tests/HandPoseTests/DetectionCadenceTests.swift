import HandPose
import Imaging
import TestSupport
import XCTest

/// The palm detector runs only as often as the situation needs: what keeps an idle agent cheap.
final class DetectionCadenceTests: XCTestCase {
  private func frames(_ clip: String, _ range: Range<Int>, fps: Double) throws -> [Frame] {
    let decoder = JPEGDecoder()
    return try range.map { index in
      var frame = try decoder.decodeFile(try TestData.url(String(format: "clips/\(clip)/%04d.jpg", index)).path)
      frame.timestamp = Double(index) / fps
      return frame
    }
  }

  func testConfirmingNewHandsLosesNoRealHand() throws {
    // A newly found hand is kept only when the landmark model still sees it on the region its own
    // landmarks give: what rejects a face that palm detection took for a hand (the real clip
    // jester_swipe_right: 7 of its 24 frames with a "hand" were the face). On every shared clip,
    // at full size and shrunk to 96 pixels wide (small, soft hands), it keeps every real hand.
    var off = HandPoseOptions()
    off.confirmNewHands = false
    for clip in ["swipe_toward_image_left", "swipe_toward_image_right", "fist_then_thumbs_up"] {
      let count = try FileManager.default.contentsOfDirectory(atPath: TestData.url("clips/\(clip)").path).filter { $0.hasSuffix(".jpg") }.count
      let clipFrames = try frames(clip, 0..<count, fps: 25)
      for shrink in [false, true] {
        var seen: [Int] = []
        for options in [HandPoseOptions(), off] {
          let detector = try HandPoseDetector(options: options)
          seen.append(try clipFrames.reduce(0) { total, frame in total + (try detector.track(shrink ? frame.shrunk(toWidth: 96) : frame).isEmpty ? 0 : 1) })
        }
        XCTAssertEqual(seen[0], seen[1], "\(clip)\(shrink ? " at 96 pixels" : ""): frames with a hand, confirmed and not")
      }
    }
  }

  func testIdleFramesRunPalmDetectionAboutEightTimesASecond() throws {
    let detector = try HandPoseDetector()
    var runs = 0
    for frame in try frames("fist_then_thumbs_up", 0..<21, fps: 30) {  // clips.csv: no hand before ~22
      XCTAssertEqual(try detector.track(frame).count, 0)
      if detector.timings.ranPalmDetection { runs += 1 }
    }
    XCTAssertEqual(runs, 6, "0.12 s apart at 30 fps: frames 0, 4, ..., 20")
  }

  func testOneTrackedHandOfTwoRunsPalmDetectionTwiceASecond() throws {
    let detector = try HandPoseDetector()
    var runs = 0
    for frame in try frames("open_hand_rising", 0..<50, fps: 25) {
      XCTAssertEqual(try detector.track(frame).count, 1)
      if detector.timings.ranPalmDetection { runs += 1 }
    }
    XCTAssertEqual(runs, 4, "the first frame, then every 0.5 s: 0, 0.52, 1.04, 1.56 s")
  }

  func testMediaPipeCadenceRunsPalmDetectionOnEveryFrameWhileAHandIsMissing() throws {
    let detector = try HandPoseDetector(options: .mediaPipeCadence)
    for frame in try frames("open_hand_rising", 0..<10, fps: 25) {
      _ = try detector.track(frame)
      XCTAssertTrue(detector.timings.ranPalmDetection)
    }
  }

  func testAPalmTheLandmarkModelRejectedIsNotLookedAtAgainForASecond() throws {
    let detector = try HandPoseDetector()
    var landmarkRuns = 0
    for frame in try frames("fist_then_thumbs_up", 0..<21, fps: 30) {
      _ = try detector.track(frame)
      if detector.timings.landmarks > 0 { landmarkRuns += 1 }
    }
    XCTAssertEqual(landmarkRuns, 1, "the background palm of frame 0 is checked once, then skipped while it looks the same")
  }

  func testARejectedPalmIsLookedAtAgainWhenItsPixelsChange() throws {
    // Frame 0 has a hand-like shape in the background that the landmark model rejects; 0.13 s
    // later (the next idle palm detection) frame 4 is looked at unchanged, and brightened.
    let clip = try frames("fist_then_thumbs_up", 0..<5, fps: 30)
    var brighter = clip[4]
    brighter.pixels = brighter.pixels.map { UInt8(min(255, Int($0) + 30)) }
    var runs: [Double] = []
    for next in [clip[4], brighter] {
      let detector = try HandPoseDetector()
      XCTAssertEqual(try detector.track(clip[0]).count, 0)
      XCTAssertGreaterThan(detector.timings.landmarks, 0, "the background palm is checked")
      XCTAssertEqual(try detector.track(next).count, 0)
      XCTAssertTrue(detector.timings.ranPalmDetection)
      runs.append(detector.timings.landmarks)
    }
    XCTAssertEqual(runs[0], 0, "the same pixels are not looked at again")
    XCTAssertGreaterThan(runs[1], 0, "changed pixels are")
  }

  func testAHandHeldStillKeepsItsLandmarksForTwoFrames() throws {
    let detector = try HandPoseDetector()
    var frame = try frames("open_hand_rising", 100..<101, fps: 25)[0]
    var reused: [Int] = []
    var first: HandObservation? = nil
    for index in 0..<7 {
      frame.timestamp = Double(index) / 25
      let hands = try detector.track(frame)
      XCTAssertEqual(hands.count, 1)
      first = first ?? hands.first
      reused.append(detector.timings.reusedHands)
    }
    XCTAssertEqual(reused, [0, 1, 1, 0, 1, 1, 0], "computed, then reused twice between computations")
    XCTAssertEqual(try detector.track(frame).first?[.indexTip].x ?? 0, first?[.indexTip].x ?? 1, accuracy: 0.01)
  }

  func testAMovingHandIsComputedOnEveryFrame() throws {
    let detector = try HandPoseDetector()
    var reused = 0
    for frame in try frames("swipe_toward_image_left", 10..<28, fps: 25) {
      _ = try detector.track(frame)
      reused += detector.timings.reusedHands
    }
    XCTAssertEqual(reused, 0)
  }
}

extension Frame {
  /// The frame scaled down to `width` pixels wide (nearest pixel), same timestamp.
  func shrunk(toWidth target: Int) -> Frame {
    let targetHeight = max(1, height * target / width)
    var pixels = [UInt8](repeating: 0, count: target * targetHeight * 3)
    for y in 0..<targetHeight {
      for x in 0..<target {
        let source = ((y * height / targetHeight) * width + x * width / target) * 3
        let destination = (y * target + x) * 3
        pixels[destination] = self.pixels[source]
        pixels[destination + 1] = self.pixels[source + 1]
        pixels[destination + 2] = self.pixels[source + 2]
      }
    }
    var frame = Frame(width: target, height: targetHeight, pixels: pixels)
    frame.timestamp = timestamp
    return frame
  }
}

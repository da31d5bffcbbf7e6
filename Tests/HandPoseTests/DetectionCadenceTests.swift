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

  func testIdleFramesRunPalmDetectionTenTimesASecond() throws {
    let detector = try HandPoseDetector()
    var runs = 0
    for frame in try frames("fist_then_thumbs_up", 0..<21, fps: 30) {  // clips.csv: no hand before ~22
      XCTAssertEqual(try detector.track(frame).count, 0)
      if detector.timings.ranPalmDetection { runs += 1 }
    }
    XCTAssertEqual(runs, 6, "0.1 s apart at 30 fps: frames 0, 3, ..., 18 (21 frames = 0.7 s)")
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
}

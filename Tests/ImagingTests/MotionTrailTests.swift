import Foundation
import Imaging
import TestSupport
import XCTest

/// `MotionTrail` on the real frames of the shared clip swipe_toward_image_left (25 fps): the hand
/// is still at the image's right until frame ~9, sweeps toward its left edge, and stops by ~28
/// (clips.csv). Its palm centre, from MediaPipe's landmarks: (0.82, 0.63) on frame 4, (0.35,
/// 0.64) on frame 26.
final class MotionTrailTests: XCTestCase {
  let start = SIMD2(0.82, 0.63), end = SIMD2(0.35, 0.64)

  func frames(_ clip: String) throws -> [Frame] {
    let folder = try TestData.url("clips/\(clip)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.sorted()
    let decoder = JPEGDecoder()
    return try names.enumerated().map { index, name in
      try decoder.decodeFile(folder.appendingPathComponent(name).path, timestamp: Double(index) / 25)
    }
  }

  func testTheSweepOfAHandChangesTheWholeLineItTook() throws {
    let clip = try frames("swipe_toward_image_left")
    var trail = MotionTrail()
    for frame in clip[0...26] { trail.add(frame) }
    let lastSeenStill = clip[4].timestamp
    XCTAssertGreaterThanOrEqual(trail.changedShare(from: start, to: end, after: lastSeenStill), 0.9)
    // The same line the other way is the same line.
    XCTAssertGreaterThanOrEqual(trail.changedShare(from: end, to: start, after: lastSeenStill), 0.9)
    // Across the wall and ceiling above the person, nothing moved.
    XCTAssertLessThanOrEqual(trail.changedShare(from: SIMD2(0.35, 0.1), to: SIMD2(0.82, 0.1), after: lastSeenStill), 0.1)
    // Before the sweep (frames 0-4), nothing along its line moved either.
    var before = MotionTrail()
    for frame in clip[0...4] { before.add(frame) }
    XCTAssertLessThanOrEqual(before.changedShare(from: start, to: end, after: clip[0].timestamp), 0.2)
    // A person sweeping a hand changes a part of the picture on any one frame, not most of it.
    XCTAssertLessThan(trail.largestChange(after: lastSeenStill), 0.3)
    XCTAssertGreaterThan(trail.largestChange(after: lastSeenStill), 0.01)
    // After the hand stopped (frames 30-40), the line no longer changes.
    for frame in clip[27...] { trail.add(frame) }
    XCTAssertLessThanOrEqual(trail.changedShare(from: start, to: end, after: clip[30].timestamp), 0.2)
  }

  func testACutToAnotherSceneChangesMostOfThePicture() throws {
    let swipe = try frames("swipe_toward_image_left"), other = try frames("fist_then_thumbs_up")
    var trail = MotionTrail()
    for frame in swipe[0...4] { trail.add(frame) }
    var cut = other[80]
    cut.timestamp = swipe[5].timestamp
    trail.add(cut)
    XCTAssertGreaterThan(trail.largestChange(after: swipe[4].timestamp), 0.5)
    XCTAssertEqual(trail.largestChange(after: swipe[5].timestamp), 0, "nothing after the cut")
  }

  func testAFrameOfAnotherSizeStartsAfresh() throws {
    let swipe = try frames("swipe_toward_image_left")
    var trail = MotionTrail()
    for frame in swipe[0...20] { trail.add(frame) }
    var small = Frame(width: 64, height: 48, timestamp: swipe[21].timestamp)
    small.pixels = [UInt8](repeating: 200, count: 64 * 48 * 3)
    trail.add(small)
    XCTAssertEqual(trail.changedShare(from: start, to: end, after: 0), 0, "a new size: nothing known to have changed yet")
    XCTAssertEqual(trail.largestChange(after: 0), 0)
  }
}

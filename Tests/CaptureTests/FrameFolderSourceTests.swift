import Capture
import Foundation
import Imaging
import TestSupport
import XCTest

/// Folders of JPEG frames: the six real clips, a corrupt frame, a folder that disappears.
final class FrameFolderSourceTests: XCTestCase {
  /// Frame counts from clips/clips.csv.
  static let clipFrames = ["swipe_toward_image_left": 41, "swipe_toward_image_right": 46, "swipe_toward_image_top": 51,
                           "swipe_toward_image_bottom": 61, "fist_then_thumbs_up": 195, "open_hand_rising": 202]

  /// Copies the first `count` frames of a clip into a fresh folder.
  func copyOfClip(_ clip: String, frames count: Int) throws -> URL {
    let source = try TestData.url("clips/\(clip)")
    let folder = try TestData.temporaryDirectory(for: self).appendingPathComponent(clip)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for index in 0..<count {
      let name = String(format: "%04d.jpg", index)
      try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
    }
    return folder
  }

  func testEverySharedClipIsReadWholeAt25FramesPerSecond() throws {
    for (clip, expected) in Self.clipFrames.sorted(by: { $0.key < $1.key }) {
      let source = try FileSource.open(try TestData.url("clips/\(clip)").path, options: .init(pacing: .asFastAsPossible))
      var frame = Frame(width: 0, height: 0)
      var timestamps: [Double] = []
      while try source.read(into: &frame) {
        XCTAssertEqual(frame.width, 640, clip)
        XCTAssertEqual(frame.height, 360, clip)
        timestamps.append(frame.timestamp)
      }
      XCTAssertEqual(timestamps.count, expected, clip)
      XCTAssertEqual(timestamps, (0..<expected).map { Double($0) / 25 }, clip)
      XCTAssertEqual(source.counts.delivered, expected)
      XCTAssertEqual(source.counts.skipped, 0)
      XCTAssertEqual(source.frameRate, 25)
      source.close()
    }
  }

  func testFramesAreTheDecodedFilesInNameOrder() throws {
    let folder = try TestData.url("clips/swipe_toward_image_top")
    let source = try FrameFolderSource(folder: folder.path, pacing: .asFastAsPossible)
    let decoder = JPEGDecoder()
    var frame = Frame(width: 0, height: 0)
    for index in 0..<12 {
      XCTAssertTrue(try source.read(into: &frame))
      let expected = try decoder.decodeFile(folder.appendingPathComponent(String(format: "%04d.jpg", index)).path)
      XCTAssertTrue(frame.pixels == expected.pixels, "frame \(index)")
    }
  }

  func testCorruptFrameInTheMiddleIsSkippedAndCountedAndTheRunGoesOn() throws {
    let folder = try copyOfClip("swipe_toward_image_left", frames: 10)
    let victim = folder.appendingPathComponent("0005.jpg")
    let bytes = try Data(contentsOf: victim)
    try bytes.prefix(bytes.count / 3).write(to: victim)
    try Data("not a picture".utf8).write(to: folder.appendingPathComponent("0007.jpg"))
    let source = try FrameFolderSource(folder: folder.path, pacing: .asFastAsPossible)
    var frame = Frame(width: 0, height: 0)
    var timestamps: [Double] = []
    while try source.read(into: &frame) { timestamps.append(frame.timestamp) }
    XCTAssertEqual(timestamps, [0, 1, 2, 3, 4, 6, 8, 9].map { Double($0) / 25 }, "skipped frames keep their time slot")
    XCTAssertEqual(source.counts.delivered, 8)
    XCTAssertEqual(source.counts.skipped, 2)
    let reason = source.counts.lastSkipReason ?? ""
    XCTAssertTrue(reason.hasPrefix(folder.appendingPathComponent("0007.jpg").path + ": not a decodable JPEG"), reason)
  }

  func testFolderDeletedMidRunEndsWithAClearMessage() throws {
    let folder = try copyOfClip("open_hand_rising", frames: 6)
    let source = try FrameFolderSource(folder: folder.path, pacing: .asFastAsPossible)
    var frame = Frame(width: 0, height: 0)
    for _ in 0..<3 { XCTAssertTrue(try source.read(into: &frame)) }
    try FileManager.default.removeItem(at: folder)
    XCTAssertThrowsError(try source.read(into: &frame)) { error in
      XCTAssertEqual("\(error)", "\(folder.path): the folder disappeared during the run (after 3 frames)")
    }
  }

  func testFolderRateIsHonouredAndPacingHoldsToIt() throws {
    let folder = try TestData.url("clips/swipe_toward_image_left").path
    let paced = try FileSource.open(folder, options: .init(pacing: .clipRate, folderFrameRate: 50))
    var frame = Frame(width: 0, height: 0)
    let start = Date()
    for index in 0..<11 {
      XCTAssertTrue(try paced.read(into: &frame))
      XCTAssertEqual(frame.timestamp, Double(index) / 50, accuracy: 1e-12)
    }
    let elapsed = Date().timeIntervalSince(start)
    XCTAssertGreaterThanOrEqual(elapsed, 10.0 / 50 - 0.005, "11 frames at 50 fps take 0.2 s")
    XCTAssertLessThan(elapsed, 1.0)
  }

  func testMissingAndEmptyFoldersSaySo() throws {
    let empty = try TestData.temporaryDirectory(for: self)
    try Data("x".utf8).write(to: empty.appendingPathComponent("notes.txt"))
    XCTAssertThrowsError(try FileSource.open(empty.path)) { error in
      XCTAssertEqual("\(error)", "\(empty.path): no .jpg or .jpeg frames in this folder")
    }
    XCTAssertThrowsError(try FileSource.open("/nonexistent/clip")) { error in
      XCTAssertEqual("\(error)", "/nonexistent/clip: no such file or folder")
    }
  }

  func testNameOrderComparesNumbersAsNumbers() throws {
    let folder = try TestData.temporaryDirectory(for: self)
    let jpeg = try Data(contentsOf: TestData.url("clips/swipe_toward_image_left/0000.jpg"))
    for name in ["10.jpg", "2.jpg", "1.JPG", "frame_0009.jpeg", "frame_0010.jpeg", "readme.txt"] {
      try jpeg.write(to: folder.appendingPathComponent(name))
    }
    let source = try FrameFolderSource(folder: folder.path)
    XCTAssertEqual(source.framePaths.map { ($0 as NSString).lastPathComponent },
                   ["1.JPG", "2.jpg", "10.jpg", "frame_0009.jpeg", "frame_0010.jpeg"])
  }
}

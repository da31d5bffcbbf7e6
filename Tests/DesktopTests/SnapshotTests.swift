@testable import Desktop
import Foundation
import Imaging
import TestSupport
import XCTest

/// Snapshots are real JPEG files at the expanded path, in folders created on the way, and never
/// replace an existing file.
final class SnapshotTests: XCTestCase {
  /// 2024-03-05 14:07:09 local time.
  private let date: Date = {
    var parts = DateComponents()
    (parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second) = (2024, 3, 5, 14, 7, 9)
    return Calendar.current.date(from: parts)!
  }()

  private func photo() throws -> Frame {
    try JPEGDecoder().decodeFile(TestData.url("photos/hagrid_v1_call.jpg").path)
  }

  func testWrittenFileDecodesToTheFrame() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let frame = try photo()
    let path = try SnapshotWriter().write(frame, to: dir.path + "/shot.jpg")
    XCTAssertEqual(path, dir.path + "/shot.jpg")
    let back = try JPEGDecoder().decodeFile(path)
    XCTAssertEqual(back.width, frame.width)
    XCTAssertEqual(back.height, frame.height)
    let meanError = zip(back.pixels, frame.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) } / frame.pixels.count
    XCTAssertLessThan(meanError, 6, "the picture is the frame, up to JPEG loss")
  }

  func testExistingFilesAreNeverOverwritten() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let frame = try photo()
    let existing = Data("not a photo, keep me".utf8)
    try existing.write(to: dir.appendingPathComponent("shot.jpg"))
    let writer = SnapshotWriter()
    XCTAssertEqual(try writer.write(frame, to: dir.path + "/shot.jpg"), dir.path + "/shot-1.jpg")
    XCTAssertEqual(try writer.write(frame, to: dir.path + "/shot.jpg"), dir.path + "/shot-2.jpg")
    XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("shot.jpg")), existing)
    XCTAssertEqual(try JPEGDecoder().decodeFile(dir.path + "/shot-1.jpg").width, frame.width)
  }

  func testTimeFieldsAndFoldersOnTheWay() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let path = try SnapshotWriter().write(try photo(), to: dir.path + "/a/b/%Y/gestured-%Y%m%d-%H%M%S.jpg", at: date)
    XCTAssertEqual(path, dir.path + "/a/b/2024/gestured-20240305-140709.jpg")
    XCTAssertTrue(FileManager.default.fileExists(atPath: path))
  }

  func testTildeAndRelativePathsAreUnderTheHomeFolder() {
    XCTAssertEqual(SnapshotPath.expand("~/Pictures/g-%H%M.jpg", at: date, home: "/home/ann"), "/home/ann/Pictures/g-1407.jpg")
    XCTAssertEqual(SnapshotPath.expand("photos/x.jpg", at: date, home: "/home/ann"), "/home/ann/photos/x.jpg")
    XCTAssertEqual(SnapshotPath.expand("~root/x.jpg", at: date, home: "/home/ann"), "/root/x.jpg")
    XCTAssertEqual(SnapshotPath.expand("/tmp/shots/", at: date, home: "/home/ann"), "/tmp/shots/gestured-20240305-140709.jpg")
    XCTAssertEqual(SnapshotPath.expand("", at: date, home: "/home/ann"), "/home/ann/Pictures/gestured-20240305-140709.jpg")
    XCTAssertEqual(SnapshotPath.expand("/tmp/100%%.jpg", at: date, home: "/h"), "/tmp/100%.jpg")
  }

  func testNumberedNamesGoBeforeTheExtension() {
    XCTAssertEqual(SnapshotPath.numbered("/a/shot.jpg", 2), "/a/shot-2.jpg")
    XCTAssertEqual(SnapshotPath.numbered("/a.d/shot", 1), "/a.d/shot-1")
    XCTAssertEqual(SnapshotPath.numbered("/a/.hidden", 1), "/a/.hidden-1")
    XCTAssertEqual(SnapshotPath.numbered("/a/shot.tar.jpg", 3), "/a/shot.tar-3.jpg")
  }

  func testFolderThatCannotBeCreatedIsNamedInTheError() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    try Data().write(to: dir.appendingPathComponent("file"))
    XCTAssertThrowsError(try SnapshotWriter().write(try photo(), to: dir.path + "/file/sub/x.jpg")) { error in
      XCTAssertEqual(error as? SnapshotError,
                     .cannotCreateDirectory(path: dir.path + "/file/sub", reason: "Not a directory"))
    }
  }

  func testSelfTimerReleasesSnapshotsAtTheirFrameTime() {
    var timer = SnapshotTimer()
    timer.schedule("a.jpg", at: 3.0)
    timer.schedule("b.jpg", at: 1.5)
    XCTAssertEqual(timer.takeDue(at: 1.0), [])
    XCTAssertEqual(timer.takeDue(at: 1.5), ["b.jpg"])
    XCTAssertEqual(timer.takeDue(at: 2.9), [])
    XCTAssertEqual(timer.takeDue(at: 3.2), ["a.jpg"])
    XCTAssertTrue(timer.isEmpty)
  }
}

import Foundation
import Imaging
import TestSupport
import XCTest

final class JPEGTests: XCTestCase {
  func testDecodesARealPhotoToItsSize() throws {
    let path = try TestData.url("photos/hagrid_v1_call.jpg").path
    let frame = try JPEGDecoder().decodeFile(path)
    XCTAssertEqual(frame.width, 194)
    XCTAssertEqual(frame.height, 194)
    XCTAssertEqual(frame.pixels.count, 194 * 194 * 3)
    XCTAssertGreaterThan(Set(frame.pixels).count, 50, "a real photo has many distinct values")
  }

  func testTruncatedJPEGIsAnErrorNamingTheFile() throws {
    let bytes = try Data(contentsOf: TestData.url("photos/thumbs_up_left.jpg"))
    let dir = try TestData.temporaryDirectory(for: self)
    let path = dir.appendingPathComponent("truncated.jpg").path
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
    XCTAssertThrowsError(try JPEGDecoder().decodeFile(path)) { error in
      XCTAssertTrue("\(error)".hasPrefix(path + ": not a decodable JPEG"), "\(error)")
    }
  }

  func testTextFileNamedJPGIsAnError() throws {
    let dir = try TestData.temporaryDirectory(for: self)
    let path = dir.appendingPathComponent("notes.jpg").path
    try Data("this is not a picture\n".utf8).write(to: URL(fileURLWithPath: path))
    XCTAssertThrowsError(try JPEGDecoder().decodeFile(path)) { error in
      XCTAssertTrue("\(error)".contains("not a decodable JPEG"), "\(error)")
    }
  }

  func testMissingFileSaysSo() {
    XCTAssertThrowsError(try JPEGDecoder().decodeFile("/nonexistent/frame.jpg")) { error in
      XCTAssertEqual("\(error)", "/nonexistent/frame.jpg: No such file or directory")
    }
  }

  func testEncodeThenDecodeKeepsSizeAndColour() throws {
    var frame = Frame(width: 64, height: 48)
    for i in stride(from: 0, to: frame.pixels.count, by: 3) {
      frame.pixels[i] = 200; frame.pixels[i + 1] = 40; frame.pixels[i + 2] = 90
    }
    let bytes = try JPEGEncoder(quality: 95).encode(frame)
    var decoded = Frame(width: 0, height: 0)
    try bytes.withUnsafeBytes { try JPEGDecoder().decode($0, into: &decoded, source: "memory") }
    XCTAssertEqual(decoded.width, 64)
    XCTAssertEqual(decoded.height, 48)
    XCTAssertEqual(Int(decoded.pixels[0]), 200, accuracy: 6)
    XCTAssertEqual(Int(decoded.pixels[1]), 40, accuracy: 6)
    XCTAssertEqual(Int(decoded.pixels[2]), 90, accuracy: 6)
  }
}

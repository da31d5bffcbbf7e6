import Foundation
import Imaging
import TestSupport
import XCTest

/// Real clips as frame folders for tests: copied as they are, or flipped left to right frame by
/// frame (what a mirrored camera would have delivered).
enum ClipFolders {
  /// Writes the frames of the shared clip `name` into `folder` (created) as 0000.jpg, 0001.jpg, ...;
  /// flipped horizontally when `flipped`; only every `every`th frame (the first, then every
  /// `every`th after it: the clip as a camera at 1/`every` of its rate would have delivered it).
  static func write(_ name: String, flipped: Bool, every: Int = 1, to folder: URL) throws {
    let source = try TestData.url("clips/\(name)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let all = try FileManager.default.contentsOfDirectory(atPath: source.path).filter { $0.hasSuffix(".jpg") }.sorted()
    let frames = stride(from: 0, to: all.count, by: every).map { all[$0] }
    XCTAssertFalse(frames.isEmpty, "no frames in \(source.path)")
    let decoder = JPEGDecoder(), encoder = JPEGEncoder()
    for frameName in frames {
      let from = source.appendingPathComponent(frameName), to = folder.appendingPathComponent(frameName)
      if flipped {
        let frame = try decoder.decodeFile(from.path).flippedHorizontally()
        try Data(try encoder.encode(frame)).write(to: to)
      } else {
        try FileManager.default.copyItem(at: from, to: to)
      }
    }
  }
}

/// One line of `gestured events`.
struct EventLine: Equatable, CustomStringConvertible {
  var time: Double
  var frame: Int
  var hand: String
  var kind: String
  var gesture: String
  var confidence: Double
  /// Pose and presentation events: whether the hand presents the pose.
  var presented: Bool?
  /// Actions: the pose the hand showed as the action began, when one was recognised.
  var shape: String? = nil

  /// Every line of the command's output, each checked to be a complete event.
  static func parse(_ output: String, file: StaticString = #filePath, line: UInt = #line) throws -> [EventLine] {
    try output.split(separator: "\n").map { text in
      let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], String(text), file: file, line: line)
      let kind = object["kind"] as? String
      let extra = kind != "action" ? ["presented"] : object["shape"] is String ? ["shape"] : []
      XCTAssertEqual(Set(object.keys), Set(["time", "frame", "hand", "kind", "gesture", "confidence"] + extra),
                     String(text), file: file, line: line)
      return EventLine(time: try XCTUnwrap(object["time"] as? Double, file: file, line: line),
                       frame: try XCTUnwrap(object["frame"] as? Int, file: file, line: line),
                       hand: try XCTUnwrap(object["hand"] as? String, file: file, line: line),
                       kind: try XCTUnwrap(object["kind"] as? String, file: file, line: line),
                       gesture: try XCTUnwrap(object["gesture"] as? String, file: file, line: line),
                       confidence: try XCTUnwrap(object["confidence"] as? Double, file: file, line: line),
                       presented: object["presented"] as? Bool, shape: object["shape"] as? String)
    }
  }

  var description: String { "\(frame) \(hand) \(kind) \(gesture) \(String(format: "%.2f", confidence))" }
}

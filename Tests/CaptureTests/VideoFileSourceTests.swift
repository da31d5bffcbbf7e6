import Capture
import Foundation
import Imaging
import TestSupport
import XCTest

/// Y4M files written here from the real clip frames, and other videos through ffmpeg.
final class VideoFileSourceTests: XCTestCase {
  /// The first `count` frames of a shared clip, decoded.
  func clipFrames(_ clip: String, count: Int) throws -> [Frame] {
    let folder = try TestData.url("clips/\(clip)")
    let decoder = JPEGDecoder()
    return try (0..<count).map { try decoder.decodeFile(folder.appendingPathComponent(String(format: "%04d.jpg", $0)).path) }
  }

  func write(_ data: Data, named name: String) throws -> String {
    let url = try TestData.temporaryDirectory(for: self).appendingPathComponent(name)
    try data.write(to: url)
    return url.path
  }

  func readAll(_ source: any FrameSource) throws -> [Frame] {
    var frames: [Frame] = []
    var frame = Frame(width: 0, height: 0)
    while try source.read(into: &frame) { frames.append(frame) }
    return frames
  }

  func testY4M420FromRealFramesReadsBackCloseToThem() throws {
    let originals = try clipFrames("swipe_toward_image_right", count: 8)
    let path = try write(Y4MWriter().data(originals), named: "swipe.y4m")
    let source = try FileSource.open(path, options: .init(pacing: .asFastAsPossible))
    XCTAssertEqual(source.frameRate, 25)
    let frames = try readAll(source)
    XCTAssertEqual(frames.count, 8)
    for (index, (frame, original)) in zip(frames, originals).enumerated() {
      XCTAssertEqual(frame.width, 640)
      XCTAssertEqual(frame.height, 360)
      XCTAssertEqual(frame.timestamp, Double(index) / 25, accuracy: 1e-12)
      // 4:2:0 halves colour resolution and rounds twice: a few levels off on average.
      XCTAssertLessThan(meanDifference(frame, original), 4, "frame \(index)")
    }
  }

  func testY4M444FullRangeReadsBackAlmostExactly() throws {
    let originals = try clipFrames("fist_then_thumbs_up", count: 3)
    let path = try write(Y4MWriter(layout: .full444).data(originals), named: "fist.y4m")
    let frames = try readAll(try Y4MSource(path: path, pacing: .asFastAsPossible))
    XCTAssertEqual(frames.count, 3)
    for (frame, original) in zip(frames, originals) { XCTAssertLessThan(meanDifference(frame, original), 1.2) }
  }

  func testY4MFrameRateComesFromTheHeader() throws {
    let originals = try clipFrames("open_hand_rising", count: 4)
    let path = try write(Y4MWriter(rate: (30000, 1001)).data(originals), named: "ntsc.y4m")
    let frames = try readAll(try Y4MSource(path: path, pacing: .asFastAsPossible))
    XCTAssertEqual(frames.map(\.timestamp), (0..<4).map { Double($0) * 1001 / 30000 })
  }

  func testTruncatedY4MEndsWithAClearMessage() throws {
    let originals = try clipFrames("swipe_toward_image_left", count: 5)
    let data = Y4MWriter().data(originals)
    let frameBytes = 6 + 640 * 360 * 3 / 2
    let header = Y4MWriter().header(width: 640, height: 360).utf8.count
    let path = try write(data.prefix(header + frameBytes * 3 + frameBytes / 2), named: "cut.y4m")
    let source = try Y4MSource(path: path, pacing: .asFastAsPossible)
    var frame = Frame(width: 0, height: 0)
    for _ in 0..<3 { XCTAssertTrue(try source.read(into: &frame)) }
    XCTAssertThrowsError(try source.read(into: &frame)) { error in
      XCTAssertEqual("\(error)", "\(path): the file ends in the middle of frame 3 (cut short, or still being written)")
    }
  }

  func testNotAY4MAndUnsupportedLayoutsSaySo() throws {
    let text = try write(Data("hello\n".utf8), named: "text.y4m")
    XCTAssertThrowsError(try FileSource.open(text)) { error in
      XCTAssertEqual("\(error)", "\(text): not a Y4M video: it does not start with YUV4MPEG2")
    }
    let deep = try write(Data("YUV4MPEG2 W64 H48 F25:1 C420p10\n".utf8), named: "deep.y4m")
    XCTAssertThrowsError(try FileSource.open(deep)) { error in
      XCTAssertEqual("\(error)", "\(deep): sample layout C420p10 is not read (8-bit 4:2:0, 4:2:2, 4:4:4 or mono only); convert it with 'ffmpeg -i \(deep) -pix_fmt yuv420p converted.y4m'")
    }
  }

  func testVideoWithoutFFmpegInstalledNamesTheInstallCommand() throws {
    let video = try write(Data(count: 100), named: "clip.mp4")
    let saved = ProcessInfo.processInfo.environment["PATH"]
    setenv("PATH", try TestData.temporaryDirectory(for: self).path, 1)
    defer { if let saved { setenv("PATH", saved, 1) } }
    XCTAssertThrowsError(try FileSource.open(video)) { error in
      XCTAssertEqual("\(error)", "\(video): reading this kind of video needs ffmpeg, which is not installed; install it with 'sudo apt-get install ffmpeg', or give a folder of JPEG frames or a .y4m file")
    }
  }

  /// ffmpeg itself (a test tool from packaging/setup --test) encodes a clip; the source reads it.
  func testVideoThroughFFmpegMatchesTheFrames() throws {
    let ffmpeg = try XCTUnwrap(ffmpegPath(), "ffmpeg is missing: run packaging/setup --test")
    let clip = try TestData.url("clips/swipe_toward_image_bottom").path
    let video = try TestData.temporaryDirectory(for: self).appendingPathComponent("swipe.mkv").path
    try run(ffmpeg, ["-loglevel", "error", "-framerate", "25", "-i", "\(clip)/%04d.jpg", "-c:v", "mjpeg", "-q:v", "2", video])
    let source = try FileSource.open(video, options: .init(pacing: .asFastAsPossible))
    XCTAssertTrue(source is FFmpegSource)
    XCTAssertEqual(source.frameRate, 25)
    let frames = try readAll(source)
    source.close()
    XCTAssertEqual(frames.count, 61)
    XCTAssertEqual(frames.map(\.timestamp), (0..<61).map { Double($0) / 25 })
    let originals = try clipFrames("swipe_toward_image_bottom", count: 61)
    for index in [0, 30, 60] { XCTAssertLessThan(meanDifference(frames[index], originals[index]), 4, "frame \(index)") }
  }

  func testUnreadableVideoReportsWhatFFmpegSaid() throws {
    let ffmpeg = try XCTUnwrap(ffmpegPath(), "ffmpeg is missing: run packaging/setup --test")
    let video = try write(Data("not a video at all".utf8), named: "broken.mp4")
    XCTAssertThrowsError(try FFmpegSource(path: video, ffmpeg: ffmpeg)) { error in
      XCTAssertTrue("\(error)".hasPrefix("\(video): ffmpeg could not read it: "), "\(error)")
      XCTAssertTrue("\(error)".contains("Invalid data"), "\(error)")
    }
  }

  func testStoppingEarlyEndsFFmpeg() throws {
    let ffmpeg = try XCTUnwrap(ffmpegPath(), "ffmpeg is missing: run packaging/setup --test")
    let clip = try TestData.url("clips/open_hand_rising").path
    let video = try TestData.temporaryDirectory(for: self).appendingPathComponent("hand.avi").path
    try run(ffmpeg, ["-loglevel", "error", "-framerate", "25", "-i", "\(clip)/%04d.jpg", "-c:v", "mjpeg", video])
    let source = try FFmpegSource(path: video, pacing: .asFastAsPossible, ffmpeg: ffmpeg)
    var frame = Frame(width: 0, height: 0)
    XCTAssertTrue(try source.read(into: &frame))
    source.close()
    XCTAssertFalse(try source.read(into: &frame))
  }

  private func ffmpegPath() -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
    where FileManager.default.isExecutableFile(atPath: "\(dir)/ffmpeg") { return "\(dir)/ffmpeg" }
    return nil
  }

  private func run(_ tool: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "\(tool) \(arguments)")
  }
}

import Capture
import Foundation
import Imaging
import TestSupport
import XCTest

/// The latest-frame hand-off between the capture thread and a consumer.
final class CaptureThreadTests: XCTestCase {
  func testSlowConsumerAlwaysGetsTheNewestFrameAndOlderOnesAreDropped() throws {
    let fake = FakeVideoDevices(["/dev/video0": CameraTests.yuyvWebcam()])
    let capture = CaptureThread(source: try CameraSource(device: "0", calls: fake))
    capture.start()
    var frame = Frame(width: 0, height: 0)
    var last = (number: -1, timestamp: -Double.infinity)
    for _ in 0..<15 {
      Thread.sleep(forTimeInterval: 0.02)  // a slow consumer
      let capturedBefore = capture.counts.captured
      XCTAssertEqual(try capture.take(into: &frame, timeout: 2), .frame)
      let number = CameraTests.frameNumber(of: frame)
      XCTAssertGreaterThan(number, last.number, "never an older frame after a newer one")
      XCTAssertGreaterThan(frame.timestamp, last.timestamp)
      XCTAssertGreaterThanOrEqual(number, capturedBefore - 1, "the newest frame at the time of taking")
      last = (number, frame.timestamp)
    }
    capture.stop()
    let counts = capture.counts
    XCTAssertEqual(counts.taken, 15)
    XCTAssertGreaterThan(counts.dropped, 0)
    XCTAssertLessThanOrEqual(counts.captured - counts.taken - counts.dropped, 1, "each frame was taken, dropped or is the one left")
    XCTAssertLessThanOrEqual(counts.source.delivered - counts.captured, 1, "at most the frame read while stopping is lost")
    XCTAssertEqual(fake.openDescriptors, 0, "stop released the camera")
    XCTAssertEqual(fake.liveMappings, 0)
    XCTAssertEqual(fake.log.last, "close")
  }

  func testThreeBuffersCirculateWithoutPerFrameAllocation() throws {
    let fake = FakeVideoDevices(["/dev/video0": CameraTests.yuyvWebcam()])
    let capture = CaptureThread(source: try CameraSource(device: "0", calls: fake))
    capture.start()
    defer { capture.stop() }
    var frame = Frame(width: 0, height: 0)
    var storage = Set<UInt>()
    for index in 0..<60 {
      XCTAssertEqual(try capture.take(into: &frame, timeout: 2), .frame)
      let address = frame.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
      if index >= 3 { storage.insert(address) }
    }
    XCTAssertLessThanOrEqual(storage.count, 3, "the same three pixel buffers go round")
  }

  func testEveryFramePolicyHandsOverAWholeClipInOrder() throws {
    let source = try FrameFolderSource(folder: try TestData.url("clips/swipe_toward_image_left").path, pacing: .asFastAsPossible)
    let capture = CaptureThread(source: source, policy: .everyFrame)
    capture.start()
    var frame = Frame(width: 0, height: 0)
    var timestamps: [Double] = []
    while try capture.take(into: &frame, timeout: 5) == .frame {
      timestamps.append(frame.timestamp)
      Thread.sleep(forTimeInterval: 0.002)
    }
    XCTAssertEqual(try capture.take(into: &frame, timeout: 0), .ended)
    XCTAssertEqual(timestamps, (0..<41).map { Double($0) / 25 })
    XCTAssertEqual(capture.counts.dropped, 0)
    capture.stop()
  }

  func testPacedClipWithASlowConsumerDropsFramesAndEnds() throws {
    let folder = try TestData.url("clips/swipe_toward_image_left").path
    let capture = CaptureThread(source: try FileSource.open(folder, options: .init(pacing: .clipRate, folderFrameRate: 100)))
    capture.start()
    var frame = Frame(width: 0, height: 0)
    var timestamps: [Double] = []
    while try capture.take(into: &frame, timeout: 5) == .frame {
      timestamps.append(frame.timestamp)
      Thread.sleep(forTimeInterval: 0.03)
    }
    let counts = capture.counts
    XCTAssertEqual(counts.captured, 41)
    XCTAssertEqual(counts.taken + counts.dropped, 41)
    XCTAssertGreaterThan(counts.dropped, 10, "frames come every 10 ms, the consumer takes one per 30 ms")
    XCTAssertEqual(timestamps, timestamps.sorted())
    XCTAssertEqual(Set(timestamps).count, timestamps.count)
    XCTAssertEqual(timestamps.last, 0.4, "the last frame is never dropped")
    capture.stop()
  }

  func testTheErrorThatEndsASourceReachesTheConsumerAfterItsFrames() throws {
    let decoder = JPEGDecoder()
    let folder = try TestData.url("clips/open_hand_rising")
    let frames = try (0..<4).map { try decoder.decodeFile(folder.appendingPathComponent(String(format: "%04d.jpg", $0)).path) }
    let data = Y4MWriter().data(frames)
    let path = try TestData.temporaryDirectory(for: self).appendingPathComponent("cut.y4m").path
    try data.prefix(data.count - 1000).write(to: URL(fileURLWithPath: path))
    let capture = CaptureThread(source: try Y4MSource(path: path, pacing: .asFastAsPossible), policy: .everyFrame)
    capture.start()
    var frame = Frame(width: 0, height: 0)
    for _ in 0..<3 { XCTAssertEqual(try capture.take(into: &frame, timeout: 5), .frame) }
    XCTAssertThrowsError(try capture.take(into: &frame, timeout: 5)) { error in
      XCTAssertEqual(error as? SourceError, .truncated(path: path, frame: 3))
    }
    capture.stop()
  }

  func testStopWhileTheCameraIsAwayJoinsPromptlyAndReleasesIt() throws {
    let fake = FakeVideoDevices(["/dev/video0": CameraTests.yuyvWebcam()])
    let source = try CameraSource(device: "0", backoff: .init(initialDelay: 0.05, maximumDelay: 0.2), calls: fake)
    let capture = CaptureThread(source: source)
    capture.start()
    var frame = Frame(width: 0, height: 0)
    XCTAssertEqual(try capture.take(into: &frame, timeout: 2), .frame)
    fake.unplug("/dev/video0", afterFrames: 0, awayForAttempts: .max)
    Thread.sleep(forTimeInterval: 0.3)
    let started = Date()
    capture.stop()
    XCTAssertLessThan(Date().timeIntervalSince(started), 1)
    XCTAssertEqual(fake.openDescriptors, 0)
    XCTAssertEqual(try capture.take(into: &frame, timeout: 0.1), .ended)
  }

  func testReadyDescriptorBecomesReadableWhenAFrameIsReady() throws {
    let source = try FrameFolderSource(folder: try TestData.url("clips/swipe_toward_image_top").path, pacing: .asFastAsPossible)
    let capture = CaptureThread(source: source, policy: .everyFrame)
    var entry = pollfd(fd: capture.readyDescriptor, events: Int16(POLLIN), revents: 0)
    XCTAssertEqual(poll(&entry, 1, 0), 0, "nothing ready before start")
    capture.start()
    XCTAssertEqual(poll(&entry, 1, 2000), 1)
    var frame = Frame(width: 0, height: 0)
    XCTAssertEqual(try capture.take(into: &frame, timeout: 0), .frame)
    capture.stop()
  }
}

import Capture
import Foundation
import Imaging
import TestSupport
import XCTest

/// The camera against a fake V4L2 device layer (the test machines have no webcam): negotiation
/// through the driver calls, streaming, errors a user can act on.
final class CameraTests: XCTestCase {
  static func yuyvWebcam() -> FakeVideoDevices.Device {
    var device = FakeVideoDevices.Device()
    device.formats = [
      .init(.yuyv, "YUYV 4:2:2", [(.discrete(FrameSize(width: 640, height: 480)), [.discrete(FrameInterval(fps: 30)), .discrete(FrameInterval(fps: 15))]),
                                  (.discrete(FrameSize(width: 320, height: 240)), [.discrete(FrameInterval(fps: 30))])]),
    ]
    return device
  }

  /// The frame number the fake painted into a frame.
  static func frameNumber(of frame: Frame) -> Int { Int(frame.pixels[0]) | Int(frame.pixels[1]) << 8 }

  func testOpensByIndexNegotiatesAndStreamsFramesInOrderWithDriverTimestamps() throws {
    let fake = FakeVideoDevices(["/dev/video0": Self.yuyvWebcam()])
    let camera = try Camera(device: "0", calls: fake)
    XCTAssertEqual(camera.device, "/dev/video0")
    XCTAssertEqual(camera.mode.description, "640x480 YUYV at 30 fps")
    var frame = Frame(width: 0, height: 0)
    for expected in 0..<10 {
      XCTAssertEqual(try camera.read(into: &frame, timeout: 1), .frame)
      XCTAssertEqual(frame.width, 640)
      XCTAssertEqual(frame.height, 480)
      XCTAssertEqual(Self.frameNumber(of: frame), expected)
      XCTAssertEqual(frame.pixels[640 * 480 * 3 - 1], 77, "the whole frame is copied")
      XCTAssertEqual(frame.timestamp, FakeVideoDevices.clockStart + Double(expected) / 30, accuracy: 1e-9)
    }
    XCTAssertEqual(Array(fake.log.prefix(8)), ["open /dev/video0", "VIDIOC_S_FMT RGB3 640x480", "VIDIOC_S_PARM 30 fps",
                                               "VIDIOC_REQBUFS 4", "mmap 0", "mmap 1", "mmap 2", "mmap 3"])
    XCTAssertTrue(fake.log.contains("VIDIOC_STREAMON"))
    camera.close()
    XCTAssertEqual(fake.liveMappings, 0, "every buffer unmapped")
    XCTAssertEqual(fake.openDescriptors, 0, "the device is closed")
    XCTAssertEqual(Array(fake.log.suffix(3)), ["VIDIOC_STREAMOFF", "VIDIOC_REQBUFS 0", "close"])
  }

  func testMJPEGFramesAreDecodedAndTheNearestSizeIsUsedWithout640x480() throws {
    let clip = try TestData.url("clips/swipe_toward_image_left")
    let paths = (0..<5).map { clip.appendingPathComponent(String(format: "%04d.jpg", $0)).path }
    var device = FakeVideoDevices.Device()
    device.formats = [.init(.mjpeg, "Motion-JPEG", compressed: true,
                            [(.discrete(FrameSize(width: 640, height: 360)), [.discrete(FrameInterval(fps: 25))]),
                             (.discrete(FrameSize(width: 1920, height: 1080)), [.discrete(FrameInterval(fps: 25))])])]
    device.jpegFrames = try paths.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) }
    let fake = FakeVideoDevices(["/dev/video2": device])
    let camera = try Camera(device: "/dev/video2", calls: fake)
    XCTAssertEqual(camera.mode.description, "640x360 MJPG at 25 fps")
    let decoder = JPEGDecoder()
    var frame = Frame(width: 0, height: 0)
    for (index, path) in paths.enumerated() {
      XCTAssertEqual(try camera.read(into: &frame, timeout: 1), .frame)
      let expected = try decoder.decodeFile(path)
      XCTAssertEqual(frame.width, 640)
      XCTAssertEqual(frame.height, 360)
      XCTAssertTrue(frame.pixels == expected.pixels, "frame \(index) is the decoded JPEG")
      XCTAssertEqual(frame.timestamp, FakeVideoDevices.clockStart + Double(index) / 25, accuracy: 1e-9)
    }
  }

  func testCorruptMJPEGFrameIsSkippedAndCounted() throws {
    let good = [UInt8](try Data(contentsOf: TestData.url("clips/open_hand_rising/0000.jpg")))
    var device = FakeVideoDevices.Device()
    device.formats = [.init(.mjpeg, "Motion-JPEG", compressed: true, [(.discrete(FrameSize(width: 640, height: 360)), [.discrete(FrameInterval(fps: 30))])])]
    device.jpegFrames = [good, Array("garbage, not a JPEG".utf8), good]
    let source = try CameraSource(device: "0", calls: FakeVideoDevices(["/dev/video0": device]))
    var frame = Frame(width: 0, height: 0)
    for _ in 0..<4 { XCTAssertTrue(try source.read(into: &frame)) }
    XCTAssertEqual(source.counts.delivered, 4)
    XCTAssertEqual(source.counts.skipped, 2, "frames 1 and 4 of 0...5 are garbage")
    XCTAssertTrue(source.counts.lastSkipReason?.contains("not a decodable JPEG") ?? false, "\(source.counts)")
    source.close()
  }

  func testMissingCameraPointsToGesturedDevices() {
    let fake = FakeVideoDevices(["/dev/video0": Self.yuyvWebcam()])
    XCTAssertThrowsError(try Camera(device: "1", calls: fake)) { error in
      XCTAssertEqual("\(error)", "/dev/video1: no such camera; see 'gestured devices'")
    }
  }

  func testBusyCameraSaysAnotherProgramUsesIt() {
    var openBusy = Self.yuyvWebcam()
    openBusy.openError = EBUSY
    var streamingBusy = Self.yuyvWebcam()
    streamingBusy.setFormatError = EBUSY
    let fake = FakeVideoDevices(["/dev/video0": openBusy, "/dev/video1": streamingBusy])
    for device in ["/dev/video0", "/dev/video1"] {
      XCTAssertThrowsError(try Camera(device: device, calls: fake)) { error in
        XCTAssertEqual(error as? CameraError, CameraError.busy(device: device, call: device.hasSuffix("0") ? "open" : "VIDIOC_S_FMT"))
        XCTAssertTrue("\(error)".hasPrefix("\(device): the camera is busy ("), "\(error)")
        XCTAssertTrue("\(error)".contains("another program is using it"), "\(error)")
      }
    }
    XCTAssertEqual(fake.openDescriptors, 0, "a failed open leaves nothing open")
  }

  func testPermissionDeniedNamesTheVideoGroupAndTheFix() {
    var device = Self.yuyvWebcam()
    device.openError = EACCES
    XCTAssertThrowsError(try Camera(device: "0", calls: FakeVideoDevices(["/dev/video0": device]))) { error in
      XCTAssertEqual("\(error)", "/dev/video0: permission denied; cameras belong to the 'video' group: run 'sudo usermod -aG video $USER', then log out and back in")
    }
  }

  func testMetadataNodeIsNotACamera() {
    var device = Self.yuyvWebcam()
    device.capabilities.capturesVideo = false
    XCTAssertThrowsError(try Camera(device: "0", calls: FakeVideoDevices(["/dev/video0": device]))) { error in
      XCTAssertEqual("\(error)", "/dev/video0: not a video capture device (Fake Webcam captures no video); see 'gestured devices'")
    }
  }

  func testCameraOfferingOnlyH264IsRefusedNamingWhatItOffers() {
    var device = FakeVideoDevices.Device()
    device.formats = [.init(PixelFormat("H264"), "H.264", compressed: true, [(.discrete(FrameSize(width: 640, height: 480)), [.discrete(FrameInterval(fps: 30))])])]
    let fake = FakeVideoDevices(["/dev/video0": device])
    XCTAssertThrowsError(try Camera(device: "0", calls: fake)) { error in
      XCTAssertEqual("\(error)", "/dev/video0: the camera offers no format gestured can read (offered: H264)")
    }
    XCTAssertEqual(fake.openDescriptors, 0)
  }

  func testUnplugMidStreamRetriesWithGrowingDelaysAndResumes() throws {
    let fake = FakeVideoDevices(["/dev/video0": Self.yuyvWebcam()])
    let events = EventLog()
    let source = try CameraSource(device: "/dev/video0", backoff: CameraSource.Backoff(initialDelay: 0.01, maximumDelay: 0.04),
                                  calls: fake, report: { events.append($0) })
    var frame = Frame(width: 0, height: 0)
    var numbers: [Int] = []
    var timestamps: [Double] = []
    for _ in 0..<3 {
      XCTAssertTrue(try source.read(into: &frame))
      numbers.append(Self.frameNumber(of: frame))
      timestamps.append(frame.timestamp)
    }
    fake.unplug("/dev/video0", afterFrames: 2, awayForAttempts: 4)
    for _ in 0..<6 {
      XCTAssertTrue(try source.read(into: &frame))
      numbers.append(Self.frameNumber(of: frame))
      timestamps.append(frame.timestamp)
    }
    XCTAssertEqual(numbers, Array(0..<9), "no frame lost or repeated across the reconnect")
    XCTAssertEqual(timestamps, timestamps.sorted())
    let unplugged = CameraError.unplugged(device: "/dev/video0", call: "VIDIOC_DQBUF")
    let away = CameraError.noSuchCamera(device: "/dev/video0")
    XCTAssertEqual(events.all, [.lost(unplugged, retryIn: 0.01), .stillAway(away, retryIn: 0.02), .stillAway(away, retryIn: 0.04),
                                .stillAway(away, retryIn: 0.04), .stillAway(away, retryIn: 0.04),
                                .resumed(device: "/dev/video0", mode: source.mode)])
    XCTAssertEqual("\(events.all[0])", "/dev/video0: the camera was unplugged (VIDIOC_DQBUF: No such device); retrying in 0.01 s")
    XCTAssertEqual(source.counts.reconnects, 1)
    XCTAssertEqual(source.counts.delivered, 9)
    source.close()
    XCTAssertEqual(fake.liveMappings, 0)
    XCTAssertEqual(fake.openDescriptors, 0)
  }

  func testCancelWhileTheCameraIsAwayEndsTheRead() throws {
    let fake = FakeVideoDevices(["/dev/video0": Self.yuyvWebcam()])
    let source = try CameraSource(device: "0", backoff: CameraSource.Backoff(initialDelay: 0.05, maximumDelay: 0.05), calls: fake)
    fake.unplug("/dev/video0", afterFrames: 0, awayForAttempts: .max)
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { source.cancel() }
    var frame = Frame(width: 0, height: 0)
    let started = Date()
    XCTAssertFalse(try source.read(into: &frame))
    XCTAssertLessThan(Date().timeIntervalSince(started), 2)
    source.close()
    XCTAssertEqual(fake.openDescriptors, 0)
  }

  func testStalledCameraIsReopened() throws {
    var device = Self.yuyvWebcam()
    device.framesPerStream = 2
    let fake = FakeVideoDevices(["/dev/video0": device])
    var settings = CameraSettings()
    settings.stallTimeout = 0.2
    let events = EventLog()
    let source = try CameraSource(device: "0", settings: settings, backoff: CameraSource.Backoff(initialDelay: 0.01),
                                  calls: fake, report: { events.append($0) })
    var frame = Frame(width: 0, height: 0)
    for _ in 0..<5 { XCTAssertTrue(try source.read(into: &frame)) }
    XCTAssertEqual(source.counts.reconnects, 2)
    guard case .lost(.stalled(let device, _), _)? = events.all.first else { return XCTFail("\(events.all)") }
    XCTAssertEqual(device, "/dev/video0")
    source.close()
  }

  func testRealLibV4L2ReportsAMissingDevice() {
    XCTAssertThrowsError(try Camera(device: "/dev/video-gestured-test-absent")) { error in
      XCTAssertEqual("\(error)", "/dev/video-gestured-test-absent: no such camera; see 'gestured devices'")
    }
  }

  func testRealLibV4L2RefusesAFileThatIsNotAVideoDevice() {
    XCTAssertThrowsError(try Camera(device: "/dev/null")) { error in
      XCTAssertEqual("\(error)", "/dev/null: not a video capture device (VIDIOC_QUERYCAP: Inappropriate ioctl for device); see 'gestured devices'")
    }
  }
}

/// Events reported from the capture thread, collected for a test.
final class EventLog: @unchecked Sendable {
  private let lock = NSLock()
  private var events: [CameraSource.Event] = []
  func append(_ event: CameraSource.Event) {
    lock.lock()
    events.append(event)
    lock.unlock()
  }
  var all: [CameraSource.Event] {
    lock.lock()
    defer { lock.unlock() }
    return events
  }
}

import Capture
import Foundation
import XCTest

/// What `gestured devices` shows, from the fake device layer and from the real one.
final class DeviceListTests: XCTestCase {
  func testListsEachCameraWithItsFormatsSizesRatesAndDefaultMode() {
    var webcam = FakeVideoDevices.Device()
    webcam.capabilities = DeviceCapabilities(card: "HD Webcam C270", driver: "uvcvideo", busInfo: "usb-0000:00:14.0-1",
                                             capturesVideo: true, streams: true)
    webcam.formats = [
      .init(.yuyv, "YUYV 4:2:2", [(.discrete(FrameSize(width: 640, height: 480)), [.discrete(FrameInterval(fps: 30)), .discrete(FrameInterval(fps: 15))]),
                                  (.discrete(FrameSize(width: 1280, height: 720)), [.discrete(FrameInterval(numerator: 2, denominator: 15))])]),
      .init(.mjpeg, "Motion-JPEG", compressed: true, [(.discrete(FrameSize(width: 640, height: 480)), [.discrete(FrameInterval(fps: 60)), .discrete(FrameInterval(fps: 30))])]),
    ]
    var metadata = webcam
    metadata.capabilities.capturesVideo = false
    var forbidden = webcam
    forbidden.openError = EACCES
    let fake = FakeVideoDevices(["/dev/video0": webcam, "/dev/video1": metadata, "/dev/video10": forbidden])
    let text = CameraOffers.list(calls: fake).map { result -> String in
      switch result {
      case .success(let camera): return camera.text
      case .failure(let error): return "\(error)"
      }
    }.joined(separator: "\n")
    XCTAssertEqual(text, """
      /dev/video0: HD Webcam C270 (uvcvideo, usb-0000:00:14.0-1)
        YUYV (YUYV 4:2:2) 640x480 at 30, 15 fps
        YUYV (YUYV 4:2:2) 1280x720 at 7.5 fps
        MJPG (Motion-JPEG) 640x480 at 60, 30 fps
        default mode: 640x480 MJPG at 60 fps
      /dev/video1: HD Webcam C270 (uvcvideo, usb-0000:00:14.0-1)
        not a video capture device (a metadata or output node); skip it
      /dev/video10: permission denied; cameras belong to the 'video' group: run 'sudo usermod -aG video $USER', then log out and back in
      """)
    XCTAssertEqual(fake.openDescriptors, 0, "listing closes every node it opened")
  }

  func testStepwiseSizesAndRatesAreShownAsRanges() {
    var device = FakeVideoDevices.Device()
    device.formats = [.init(.yuyv, "YUYV 4:2:2", [(.stepwise(minimum: FrameSize(width: 160, height: 120), maximum: FrameSize(width: 1920, height: 1080), step: FrameSize(width: 8, height: 8)),
                                                   [.stepwise(minimum: FrameInterval(fps: 60), maximum: FrameInterval(fps: 1), step: FrameInterval(numerator: 1, denominator: 60))])])]
    guard case .success(let camera)? = CameraOffers.list(calls: FakeVideoDevices(["/dev/video0": device])).first else { return XCTFail() }
    XCTAssertEqual(camera.text.split(separator: "\n")[1], "  YUYV (YUYV 4:2:2) 160x120 to 1920x1080 in steps of 8x8 at 1 to 60 fps")
  }

  func testRealDeviceDirectoryIsScannedForVideoNodesInNumberOrder() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-dev-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    for name in ["video10", "video2", "video0", "videox", "video-meta", "vbi0"] {
      XCTAssertTrue(FileManager.default.createFile(atPath: dir.appendingPathComponent(name).path, contents: nil))
    }
    XCTAssertEqual(LibV4L2Calls(deviceDirectoryForTests: dir.path).devicePaths(),
                   ["video0", "video2", "video10"].map { dir.appendingPathComponent($0).path })
    let listed = CameraOffers.list(calls: LibV4L2Calls(deviceDirectoryForTests: dir.path))
    XCTAssertEqual(listed.count, 3)
    for case .failure(let error) in listed {
      XCTAssertTrue("\(error)".contains("not a video capture device (VIDIOC_QUERYCAP: Inappropriate ioctl for device)"), "\(error)")
    }
  }
}

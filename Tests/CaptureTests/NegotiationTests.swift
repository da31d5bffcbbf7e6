import Capture
import XCTest

/// `CameraMode.choose`: which format, size and rate a camera is set to.
final class NegotiationTests: XCTestCase {
  private func discrete(_ w: Int, _ h: Int, _ rates: Int...) -> SizeOffer {
    SizeOffer(size: .discrete(FrameSize(width: w, height: h)),
              intervals: rates.map { .discrete(FrameInterval(fps: $0)) })
  }

  private func offer(_ format: PixelFormat, compressed: Bool = false, _ sizes: SizeOffer...) -> FormatOffer {
    FormatOffer(format: FormatDescription(format: format, name: "\(format)", isCompressed: compressed, isEmulated: false),
                sizes: sizes)
  }

  /// A typical UVC webcam: YUYV is limited by USB bandwidth, MJPEG is not.
  private var webcam: [FormatOffer] {
    [offer(.yuyv, discrete(640, 480, 30, 15), discrete(1280, 720, 10, 5), discrete(320, 240, 30)),
     offer(.mjpeg, compressed: true, discrete(640, 480, 60, 30, 15), discrete(1280, 720, 60, 30), discrete(320, 240, 120, 60))]
  }

  func testDefaultIs640x480AtTheHighestRateUpTo60() {
    let mode = CameraMode.choose(from: webcam, settings: CameraSettings())
    XCTAssertEqual(mode, CameraMode(cameraFormat: .mjpeg, size: FrameSize(width: 640, height: 480), interval: FrameInterval(fps: 60)))
  }

  func testRateAboveTheCapIsNotChosenWhenOneBelowIsOffered() {
    let offers = [offer(.mjpeg, compressed: true, discrete(640, 480, 120, 90, 60, 30))]
    XCTAssertEqual(CameraMode.choose(from: offers, settings: CameraSettings())?.interval, FrameInterval(fps: 60))
  }

  func testUncompressedIsPreferredAtTheSameSizeAndRate() {
    let offers = [offer(.mjpeg, compressed: true, discrete(640, 480, 30)), offer(.yuyv, discrete(640, 480, 30))]
    XCTAssertEqual(CameraMode.choose(from: offers, settings: CameraSettings())?.cameraFormat, .yuyv)
  }

  func testSettingsOverrideSizeAndRate() {
    let settings = CameraSettings(width: 1280, height: 720, maximumFrameRate: 30)
    let mode = CameraMode.choose(from: webcam, settings: settings)
    XCTAssertEqual(mode, CameraMode(cameraFormat: .mjpeg, size: FrameSize(width: 1280, height: 720), interval: FrameInterval(fps: 30)))
  }

  func testRateCapBelowEveryMJPEGRateTakesTheHighestUnderIt() {
    let mode = CameraMode.choose(from: webcam, settings: CameraSettings(maximumFrameRate: 20))
    XCTAssertEqual(mode, CameraMode(cameraFormat: .yuyv, size: FrameSize(width: 640, height: 480), interval: FrameInterval(fps: 15)))
  }

  func testWithout640x480TheNearestSizeInAreaIsUsed() {
    let offers = [offer(.yuyv, discrete(320, 240, 30), discrete(640, 360, 30), discrete(1280, 720, 10))]
    XCTAssertEqual(CameraMode.choose(from: offers, settings: CameraSettings())?.size, FrameSize(width: 640, height: 360))
  }

  func testAnUnofferedOverrideFallsBackToTheNearestSize() {
    let settings = CameraSettings(width: 1920, height: 1080)
    XCTAssertEqual(CameraMode.choose(from: webcam, settings: settings)?.size, FrameSize(width: 1280, height: 720))
  }

  func testOnlyRatesAboveTheCapTakesTheLowest() {
    let offers = [offer(.yuyv, discrete(640, 480, 120, 90))]
    XCTAssertEqual(CameraMode.choose(from: offers, settings: CameraSettings())?.interval, FrameInterval(fps: 90))
  }

  func testFractionalRatesCompareAsRates() {
    let ntsc = SizeOffer(size: .discrete(FrameSize(width: 640, height: 480)),
                         intervals: [.discrete(FrameInterval(numerator: 1001, denominator: 30000)),
                                     .discrete(FrameInterval(numerator: 2, denominator: 15))])
    let mode = CameraMode.choose(from: [offer(.yuyv, ntsc)], settings: CameraSettings())
    XCTAssertEqual(mode?.interval, FrameInterval(numerator: 1001, denominator: 30000))
    XCTAssertEqual(mode?.description, "640x480 YUYV at 29.97 fps")
  }

  func testStepwiseSizesAndRatesMeetTheWantedValues() {
    let range = SizeOffer(size: .stepwise(minimum: FrameSize(width: 160, height: 120), maximum: FrameSize(width: 1920, height: 1080),
                                          step: FrameSize(width: 16, height: 8)),
                          intervals: [.stepwise(minimum: FrameInterval(fps: 90), maximum: FrameInterval(fps: 5), step: FrameInterval(numerator: 1, denominator: 1))])
    let offers = [offer(.yuyv, range)]
    XCTAssertEqual(CameraMode.choose(from: offers, settings: CameraSettings()),
                   CameraMode(cameraFormat: .yuyv, size: FrameSize(width: 640, height: 480), interval: FrameInterval(fps: 60)))
    XCTAssertEqual(CameraMode.choose(from: offers, settings: CameraSettings(width: 650, height: 2000, maximumFrameRate: 25)),
                   CameraMode(cameraFormat: .yuyv, size: FrameSize(width: 640, height: 1080), interval: FrameInterval(fps: 25)))
  }

  func testCompressedFormatsOtherThanJPEGAreNeverChosen() {
    let offers = [offer(PixelFormat("H264"), compressed: true, discrete(640, 480, 30))]
    XCTAssertNil(CameraMode.choose(from: offers, settings: CameraSettings()))
    let mixed = offers + [offer(.yuyv, discrete(320, 240, 15))]
    XCTAssertEqual(CameraMode.choose(from: mixed, settings: CameraSettings())?.cameraFormat, .yuyv)
  }

  func testUnlistedRatesStillChooseBySize() {
    let offers = [offer(.yuyv, discrete(640, 480), discrete(320, 240))]
    XCTAssertEqual(CameraMode.choose(from: offers, settings: CameraSettings()),
                   CameraMode(cameraFormat: .yuyv, size: FrameSize(width: 640, height: 480), interval: nil))
  }

  func testPixelFormatCodesMatchV4L2() {
    XCTAssertEqual(PixelFormat.mjpeg.code, 0x4750_4A4D)  // v4l2_fourcc('M','J','P','G')
    XCTAssertEqual(PixelFormat.yuyv.code, 0x5659_5559)   // v4l2_fourcc('Y','U','Y','V')
    XCTAssertEqual(PixelFormat.rgb24.code, 0x3342_4752)  // v4l2_fourcc('R','G','B','3')
    XCTAssertEqual(PixelFormat(code: 0x2020_3859).description, "Y8")
  }
}

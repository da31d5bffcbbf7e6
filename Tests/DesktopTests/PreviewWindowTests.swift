import CX11
import Desktop
import Foundation
import HandPose
import Imaging
import TestSupport
import XCTest

/// The preview window under Xvfb: a screenshot taken by a separate X client shows the frame, the
/// skeleton's joints in the hand's colour exactly at the landmark positions (the reference
/// landmarks of MediaPipe for that frame), white bones between them, and the hand's label.
final class PreviewWindowTests: XCTestCase {
  /// A screenshot of a window, read through the test's own connection (XGetImage).
  private struct Screenshot {
    var width: Int, height: Int
    var pixels: [PreviewColor]
    subscript(x: Int, y: Int) -> PreviewColor { pixels[y * width + x] }
  }

  private func screenshot(_ window: UInt, on test: TestWindow) throws -> Screenshot {
    XSync(test.display, 0)
    var attributes = XWindowAttributes()
    XGetWindowAttributes(test.display, window, &attributes)
    let width = Int(attributes.width), height = Int(attributes.height)
    let image = try XCTUnwrap(XGetImage(test.display, window, 0, 0, UInt32(width), UInt32(height), UInt.max, ZPixmap))
    defer { _ = image.pointee.f.destroy_image?(image) }
    let visual = try XCTUnwrap(attributes.visual).pointee
    XCTAssertEqual([visual.red_mask, visual.green_mask, visual.blue_mask], [0xff0000, 0xff00, 0xff])
    var pixels: [PreviewColor] = []
    pixels.reserveCapacity(width * height)
    for y in 0..<height {
      for x in 0..<width {
        let value = image.pointee.f.get_pixel!(image, Int32(x), Int32(y))
        pixels.append(PreviewColor(red: UInt8(value >> 16 & 0xff), green: UInt8(value >> 8 & 0xff), blue: UInt8(value & 0xff)))
      }
    }
    return Screenshot(width: width, height: height, pixels: pixels)
  }

  /// Frame 10 of open_hand_rising and MediaPipe's landmarks of its one (right) hand.
  private func referenceFrame() throws -> (Frame, PreviewHand) {
    let frame = try JPEGDecoder().decodeFile(TestData.url("clips/open_hand_rising/0010.jpg").path)
    let json = try Data(contentsOf: TestData.url("reference/mediapipe-0.10.14/clips/open_hand_rising.json"))
    let root = try XCTUnwrap(JSONSerialization.jsonObject(with: json) as? [String: Any])
    let frames = try XCTUnwrap(root["frames"] as? [[String: Any]])
    let entry = try XCTUnwrap(frames.first { $0["frame"] as? String == "0010.jpg" })
    let hand = try XCTUnwrap((entry["hands"] as? [[String: Any]])?.first)
    XCTAssertEqual(hand["apparent"] as? String, "right")
    let points = try XCTUnwrap(hand["landmarks"] as? [[Double]])
    XCTAssertEqual(points.count, 21)
    let joints = points.map { Joint(x: $0[0], y: $0[1], z: $0[2]) }
    return (frame, PreviewHand(chirality: .right, joints: joints, pose: "open_palm 0.93", action: "swipe_up 0.81"))
  }

  func testSkeletonIsDrawnOverTheHandInTheHandsColour() throws {
    let test = try TestWindow()
    let (frame, hand) = try referenceFrame()
    // 800x600 for a 640x360 frame: scaled by 1.25 to 800x450, 75-pixel bars above and below.
    let preview = try PreviewWindow(width: 800, height: 600)
    preview.show(frame, hands: [hand], firedRule: "rules:3 right open_palm -> key XF86AudioPlay", framesPerSecond: 29.97)
    let shot = try screenshot(preview.windowID, on: test)
    XCTAssertEqual(shot.width, 800)
    let orange = PreviewColor(red: 255, green: 130, blue: 0)
    func position(_ joint: Joint) -> (x: Int, y: Int) {
      (Int((joint.x * 800).rounded(.down)), 75 + Int((joint.y * 450).rounded(.down)))
    }
    for (index, joint) in hand.joints.enumerated() {
      let p = position(joint)
      XCTAssertEqual(shot[p.x, p.y], orange, "joint \(JointName(rawValue: index)!) at \(p)")
    }
    // A bone: the middle of wrist -> index MCP, away from both joints.
    let wrist = position(hand.joints[JointName.wrist.rawValue]), knuckle = position(hand.joints[JointName.indexMCP.rawValue])
    XCTAssertGreaterThan(abs(wrist.x - knuckle.x) + abs(wrist.y - knuckle.y), 20)
    XCTAssertEqual(shot[(wrist.x + knuckle.x) / 2, (wrist.y + knuckle.y) / 2], PreviewColor(red: 255, green: 255, blue: 255))
    // The frame itself, far from the hand: window (700, 300) shows frame pixel (560, 180).
    let source = (180 * 640 + 560) * 3
    XCTAssertEqual(shot[700, 300], PreviewColor(red: frame.pixels[source], green: frame.pixels[source + 1], blue: frame.pixels[source + 2]))
    XCTAssertEqual(shot[790, 590], PreviewColor(red: 0, green: 0, blue: 0), "the bar below the picture")
    // The hand's label, in its colour, just above its highest joint.
    let top = hand.joints.map { position($0).y }.min()!
    let left = hand.joints.map { position($0).x }.min()!
    let labelPixels = (top - 24..<top - 8).flatMap { y in (left..<left + 200).map { shot[$0, y] } }.filter { $0 == orange }
    XCTAssertGreaterThan(labelPixels.count, 30, "label text in the hand's colour above the hand")
    // The status lines top left: white text.
    let statusPixels = (4..<40).flatMap { y in (6..<200).map { shot[$0, y] } }.filter { $0 == PreviewColor(red: 255, green: 255, blue: 255) }
    XCTAssertGreaterThan(statusPixels.count, 30, "frame rate and fired rule")
  }

  func testMirroredPreviewFlipsTheSkeletonWithTheFrame() throws {
    let test = try TestWindow()
    let (frame, hand) = try referenceFrame()
    let preview = try PreviewWindow(width: 640, height: 360)
    preview.mirrored = true
    preview.show(frame, hands: [hand], firedRule: nil, framesPerSecond: 30)
    let shot = try screenshot(preview.windowID, on: test)
    for joint in hand.joints {
      let x = Int(((1 - joint.x) * 640).rounded(.down)), y = Int((joint.y * 360).rounded(.down))
      XCTAssertEqual(shot[x, y], PreviewColor(red: 255, green: 130, blue: 0), "mirrored joint at \(x),\(y)")
    }
    // Far from the hand, window column x shows frame column 639 - x.
    let source = (300 * 640 + (639 - 600)) * 3
    XCTAssertEqual(shot[600, 300], PreviewColor(red: frame.pixels[source], green: frame.pixels[source + 1], blue: frame.pixels[source + 2]))
  }

  func testCloseButtonClosesTheWindow() throws {
    let test = try TestWindow()
    let preview = try PreviewWindow(width: 320, height: 240)
    XCTAssertTrue(preview.handleEvents())
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.window = preview.windowID
    event.xclient.message_type = XInternAtom(test.display, "WM_PROTOCOLS", 0)
    event.xclient.format = 32
    event.xclient.data.l.0 = Int(XInternAtom(test.display, "WM_DELETE_WINDOW", 0))
    XSendEvent(test.display, preview.windowID, 0, 0, &event)
    XSync(test.display, 0)
    let end = Date().addingTimeInterval(2)
    while preview.handleEvents() && Date() < end { usleep(5_000) }
    XCTAssertTrue(preview.isClosed)
    preview.show(Frame(width: 4, height: 4), hands: [], firedRule: nil, framesPerSecond: 0)  // harmless
  }
}

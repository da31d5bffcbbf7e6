@testable import Desktop
import Foundation
import TestSupport
import XCTest

final class XDisplayTests: XCTestCase {
  func testOpensTheTestServer() throws {
    _ = try TestWindow()  // fails the test without DISPLAY
    let display = try XDisplay()
    XCTAssertEqual(display.name, ProcessInfo.processInfo.environment["DISPLAY"])
    XCTAssertGreaterThan(display.fileDescriptor, 2)
  }

  func testDisplayThatCannotBeOpenedIsNamed() {
    XCTAssertThrowsError(try XDisplay(name: ":97.0")) { error in
      XCTAssertEqual(error as? DisplayError, .cannotOpen(name: ":97.0"))
      XCTAssertTrue("\(error)".contains("\":97.0\""), "\(error)")
    }
  }

  func testMissingDisplayVariableSaysSo() throws {
    let saved = ProcessInfo.processInfo.environment["DISPLAY"]
    unsetenv("DISPLAY")
    defer { if let saved { setenv("DISPLAY", saved, 1) } }
    XCTAssertThrowsError(try XDisplay()) { error in
      XCTAssertEqual(error as? DisplayError, .noDisplayVariable)
      XCTAssertTrue("\(error)".contains("$DISPLAY is not set"), "\(error)")
    }
  }

  func testRefusedRequestIsAnErrorNotAnExit() throws {
    let window = try TestWindow()
    window.setClass(window.window, instance: "still", className: "Working")
    let display = try XDisplay()
    // Keycode 3 is below every server's minimum (8): the server answers BadValue.
    XCTAssertThrowsError(try display.changeKeyboardMapping(keycode: 3, keysyms: [0x61])) { error in
      guard case .request(let what, _, let reason)? = error as? DisplayError else { return XCTFail("\(error)") }
      XCTAssertEqual(what, "binding keysyms to keycode 3")
      XCTAssertTrue(reason.contains("BadValue"), reason)
    }
    XCTAssertEqual(display.focusedWindowClass(), WindowClass(instance: "still", className: "Working"),
                   "the connection still works")
  }
}

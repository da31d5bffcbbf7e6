import CX11
import Gestures
import XCTest
@testable import Rules

/// `[app]` sections against the WM_CLASS of a real X window (run under Xvfb: `make test`).
final class WindowClassTests: XCTestCase {
  /// Creates a window, sets its WM_CLASS, and reads it back as any X client would.
  func windowClass(instance: String, className: String) throws -> WindowClass {
    guard let display = XOpenDisplay(nil) else {
      XCTFail("no X display: run the tests under Xvfb (make test, or xvfb-run swift test)")
      throw XCTSkip("no X display")
    }
    defer { XCloseDisplay(display) }
    let root = XDefaultRootWindow(display)
    let window = XCreateSimpleWindow(display, root, 0, 0, 64, 64, 0, 0, 0)
    defer { XDestroyWindow(display, window) }
    let hint = try XCTUnwrap(XAllocClassHint())
    defer { XFree(hint) }
    instance.withCString { name in
      className.withCString { klass in
        hint.pointee.res_name = UnsafeMutablePointer(mutating: name)
        hint.pointee.res_class = UnsafeMutablePointer(mutating: klass)
        XSetClassHint(display, window, hint)
      }
    }
    XSync(display, 0)
    var read = XClassHint()
    XCTAssertNotEqual(XGetClassHint(display, window, &read), 0)
    defer { XFree(read.res_name); XFree(read.res_class) }
    return WindowClass(instance: String(cString: read.res_name), className: String(cString: read.res_class))
  }

  func testAppSectionFollowsTheWindowClassOfARealWindow() throws {
    var matcher = RuleMatcher(rules: try RuleFile.parse("""
      right swipe_left -> key Right
      [app soffice* evince]
      right swipe_left -> key Next
      """, path: "w.rules").rules)
    let swipe = { (t: Double) in
      GestureEvent(time: t, frame: 0, hand: .right, kind: .action, gesture: "swipe_left", confidence: 0.9)
    }
    matcher.focus(try windowClass(instance: "soffice", className: "libreoffice-impress"))
    XCTAssertEqual(matcher.focusedWindow, WindowClass(instance: "soffice", className: "libreoffice-impress"))
    XCTAssertEqual(matcher.handle(swipe(0)).map(\.rule.line), [3])
    matcher.focus(try windowClass(instance: "org.gnome.Evince", className: "Evince"))
    XCTAssertEqual(matcher.handle(swipe(1)).map(\.rule.line), [3])
    matcher.focus(try windowClass(instance: "xterm", className: "XTerm"))
    XCTAssertEqual(matcher.handle(swipe(2)).map(\.rule.line), [1])
  }
}

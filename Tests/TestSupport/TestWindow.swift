import CX11
import Foundation
import XCTest

/// A real X client for the tests: its own connection to the test server ($DISPLAY, Xvfb under
/// `make test`), one mapped top-level window with the input focus, recording the key events it
/// receives. It plays the application that gestured types into, and observes the server from
/// outside the code under test.
public final class TestWindow {
  /// One key event as the window received it.
  public struct KeyEvent: Equatable, CustomStringConvertible {
    public var pressed: Bool
    /// The keysym in column 0 of the event's keycode (XLookupKeysym index 0).
    public var keysym: UInt32
    /// The modifier state before the event (ShiftMask, ControlMask, Mod1Mask...).
    public var state: UInt32

    public init(pressed: Bool, keysym: UInt32, state: UInt32) {
      self.pressed = pressed
      self.keysym = keysym
      self.state = state
    }

    public var description: String {
      let name = XKeysymToString(KeySym(keysym)).map { String(cString: $0) } ?? "0x\(String(keysym, radix: 16))"
      return "\(pressed ? "press" : "release") \(name) state=0x\(String(state, radix: 16))"
    }
  }

  public let display: OpaquePointer
  public let window: UInt
  public var root: UInt { XDefaultRootWindow(display) }

  /// Opens the display and maps a focused window; fails the test (never skips it) without X.
  public init(file: StaticString = #filePath, line: UInt = #line) throws {
    guard let name = ProcessInfo.processInfo.environment["DISPLAY"], !name.isEmpty else {
      XCTFail("this test needs an X server and DISPLAY is not set: run it through `make test` "
              + "(xvfb-run), or start Xvfb and export DISPLAY", file: file, line: line)
      throw XCTSkip("no DISPLAY")
    }
    guard let display = XOpenDisplay(name) else {
      XCTFail("cannot open X display \(name) for the test window", file: file, line: line)
      throw XCTSkip("no X server")
    }
    self.display = display
    let screen = XDefaultScreen(display)
    window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 10, 10, 200, 150, 0,
                                 XBlackPixel(display, screen), XWhitePixel(display, screen))
    XSelectInput(display, window, KeyPressMask | KeyReleaseMask | StructureNotifyMask)
    XMapWindow(display, window)
    var event = XEvent()
    repeat { XWindowEvent(display, window, StructureNotifyMask, &event) } while event.type != MapNotify
    focus(window)
  }

  deinit {
    XDestroyWindow(display, window)
    XCloseDisplay(display)
  }

  /// Gives `target` the input focus and waits until the server has done it.
  public func focus(_ target: UInt) {
    XSetInputFocus(display, target, RevertToParent, 0)
    XSync(display, 0)
  }

  /// The key events received since the last call (after a round trip, so every event the
  /// server generated before now is in). MappingNotify refreshes the keymap as a client must.
  public func takeKeyEvents() -> [KeyEvent] {
    XSync(display, 0)
    var events: [KeyEvent] = []
    var event = XEvent()
    while XPending(display) > 0 {
      XNextEvent(display, &event)
      switch event.type {
      case KeyPress, KeyRelease:
        let keysym = UInt32(truncatingIfNeeded: XLookupKeysym(&event.xkey, 0))
        events.append(KeyEvent(pressed: event.type == KeyPress, keysym: keysym, state: event.xkey.state))
      case MappingNotify:
        XRefreshKeyboardMapping(&event.xmapping)
      default:
        break
      }
    }
    return events
  }

  /// The key events received since the last call as keysym names, "+Name" for a press and
  /// "-Name" for a release.
  public func takeKeyNames() -> [String] {
    takeKeyEvents().map { "\($0.pressed ? "+" : "-")\(String(cString: XKeysymToString(KeySym($0.keysym))))" }
  }

  /// The server's whole core keyboard map, read afresh.
  public func keyboardMapping() -> [UInt] {
    var low: Int32 = 0, high: Int32 = 0, perKeycode: Int32 = 0
    XDisplayKeycodes(display, &low, &high)
    guard let table = XGetKeyboardMapping(display, UInt8(low), high - low + 1, &perKeycode) else { return [] }
    defer { XFree(table) }
    return (0..<Int((high - low + 1) * perKeycode)).map { table[$0] }
  }

  /// Fails the test, naming the first differing entry, when the keymap is not `original`.
  public func assertKeymap(equals original: [UInt], file: StaticString = #filePath, line: UInt = #line) {
    let now = keyboardMapping()
    guard now != original else { return }
    let index = zip(now, original).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(now.count, original.count)
    XCTFail("the keymap changed: \(now.count) entries, was \(original.count); first difference at "
            + "entry \(index)", file: file, line: line)
  }

  /// The keycodes the server holds down (XQueryKeymap).
  public func keysDown() -> [Int] {
    var bits = [CChar](repeating: 0, count: 32)
    XQueryKeymap(display, &bits)
    return (0..<256).filter { UInt8(bitPattern: bits[$0 / 8]) & (1 << UInt8($0 % 8)) != 0 }
  }

  /// Whether the server's keymap has `keysym` on some keycode.
  public func keymapHas(_ keysym: UInt32) -> Bool {
    keyboardMapping().contains(UInt(keysym))
  }

  /// Sets WM_CLASS on `target`.
  public func setClass(_ target: UInt, instance: String, className: String) {
    instance.withCString { name in
      className.withCString { cls in
        var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: name),
                              res_class: UnsafeMutablePointer(mutating: cls))
        XSetClassHint(display, target, &hint)
      }
    }
    XSync(display, 0)
  }

  /// Sets the title of `target`: `_NET_WM_NAME` in UTF-8 as toolkits do, or with `legacy` only
  /// `WM_NAME` in Latin-1, as old X programs do.
  public func setTitle(_ target: UInt, _ title: String, legacy: Bool = false) {
    var bytes = legacy ? title.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } : Array(title.utf8)
    let property = legacy ? UInt(XA_WM_NAME) : XInternAtom(display, "_NET_WM_NAME", 0)
    let type = legacy ? UInt(XA_STRING) : XInternAtom(display, "UTF8_STRING", 0)
    XChangeProperty(display, target, property, type, 8, PropModeReplace, &bytes, Int32(bytes.count))
    XSync(display, 0)
  }

  /// Sets `_NET_ACTIVE_WINDOW` on the root window to `target`, as a window manager does; nil
  /// deletes it.
  public func setActiveWindow(_ target: UInt?) {
    let atom = XInternAtom(display, "_NET_ACTIVE_WINDOW", 0)
    if var value = target {
      withUnsafeBytes(of: &value) { bytes in
        _ = XChangeProperty(display, root, atom, UInt(XA_WINDOW), 32, PropModeReplace,
                            bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
      }
    } else {
      XDeleteProperty(display, root, atom)
    }
    XSync(display, 0)
  }

  /// Destroys a window and waits until the server has.
  public func destroy(_ target: UInt) {
    XDestroyWindow(display, target)
    XSync(display, 0)
  }

  /// A child window of the test window, mapped.
  public func makeChild() -> UInt {
    let screen = XDefaultScreen(display)
    let child = XCreateSimpleWindow(display, window, 5, 5, 50, 50, 0,
                                    XBlackPixel(display, screen), XWhitePixel(display, screen))
    XMapWindow(display, child)
    XSync(display, 0)
    return child
  }
}

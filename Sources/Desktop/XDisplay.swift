import CX11
import Foundation
import Synchronization

/// A connection to an X server: the one seam through which the `Desktop` module talks to Xlib and
/// XTest. Every other file here calls the typed methods below, never the C API.
///
/// X errors do not end the process (Xlib's default handler would): they are recorded per
/// connection, and the calls that can fail check for them and throw `DisplayError.request`.
/// Use a connection from one thread at a time.
public final class XDisplay {
  /// The Xlib `Display *`.
  let handle: OpaquePointer
  /// The display's name as Xlib resolved it, such as `:0`.
  public let name: String
  /// Atoms already looked up (atoms never change while the server runs).
  private var atoms: [String: UInt] = [:]

  /// Opens the display `name`, or `$DISPLAY` when `name` is nil.
  public init(name: String? = nil) throws {
    XErrorLog.installHandler()
    let requested = name ?? ProcessInfo.processInfo.environment["DISPLAY"]
    guard let requested, !requested.isEmpty else { throw DisplayError.noDisplayVariable }
    guard let handle = XOpenDisplay(requested) else { throw DisplayError.cannotOpen(name: requested) }
    self.handle = handle
    self.name = String(cString: XDisplayString(handle))
  }

  deinit {
    XErrorLog.forget(handle)
    XCloseDisplay(handle)
  }

  /// The connection's socket, for a run loop that waits on descriptors with `poll(2)`.
  public var fileDescriptor: Int32 { XConnectionNumber(handle) }

  /// Reads and drops every event waiting on this connection, without blocking. A connection that
  /// never reads its events keeps them in memory, and MappingNotify reaches every client whenever
  /// any keymap changes. `XTestKeyboard.send` and `focusedWindowClass()` call it; a run loop may
  /// call it whenever `fileDescriptor` is readable.
  public func discardPendingEvents() {
    var event = XEvent()
    while XPending(handle) > 0 {
      XNextEvent(handle, &event)
      if event.type == MappingNotify { XRefreshKeyboardMapping(&event.xmapping) }
    }
  }

  // MARK: Requests and errors

  /// Sends every buffered request without waiting.
  func flush() { XFlush(handle) }

  /// Sends every buffered request and waits until the server has handled them.
  func sync() { XSync(handle, 0) }

  /// Runs `body`, waits until the server has handled its requests and throws the first X error
  /// they caused.
  @discardableResult
  func checked<T>(_ what: String, _ body: () -> T) throws -> T {
    XSync(handle, 0)
    XErrorLog.take(handle)
    let result = body()
    XSync(handle, 0)
    if let code = XErrorLog.take(handle) {
      throw DisplayError.request(what: what, display: name, reason: errorText(code))
    }
    return result
  }

  /// Runs `body` and waits for the server: nil when its requests caused an X error. For reads
  /// where a failure only means "not there" (a window that vanished meanwhile).
  func attempt<T>(_ body: () -> T) -> T? {
    XSync(handle, 0)
    XErrorLog.take(handle)
    let result = body()
    XSync(handle, 0)
    return XErrorLog.take(handle) == nil ? result : nil
  }

  private func errorText(_ code: UInt8) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    XGetErrorText(handle, Int32(code), &buffer, Int32(buffer.count))
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  // MARK: Keyboard

  /// Whether the server has the XTEST extension (needed to synthesise keys).
  func hasXTest() -> Bool {
    var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
    return XTestQueryExtension(handle, &eventBase, &errorBase, &major, &minor) != 0
  }

  /// The server's core keyboard map: every keycode's keysyms.
  func keyboardMapping() -> KeyboardMapping {
    var low: Int32 = 0, high: Int32 = 0
    XDisplayKeycodes(handle, &low, &high)
    var perKeycode: Int32 = 0
    let count = high - low + 1
    guard let table = XGetKeyboardMapping(handle, UInt8(low), count, &perKeycode) else {
      return KeyboardMapping(firstKeycode: UInt8(low), keysymsPerKeycode: 0, keysyms: [])
    }
    defer { XFree(table) }
    let keysyms = (0..<Int(count * perKeycode)).map { UInt32(truncatingIfNeeded: table[$0]) }
    return KeyboardMapping(firstKeycode: UInt8(low), keysymsPerKeycode: Int(perKeycode), keysyms: keysyms)
  }

  /// Replaces the keysyms of one keycode (the list is padded with NoSymbol by the server).
  func changeKeyboardMapping(keycode: UInt8, keysyms: [UInt32]) throws {
    var wide = keysyms.map { KeySym($0) }
    try checked("binding keysyms to keycode \(keycode)") {
      XChangeKeyboardMapping(handle, Int32(keycode), Int32(wide.count), &wide, 1)
    }
  }

  /// The keycodes that act as modifiers (Shift, Lock, Control, Mod1...Mod5).
  func modifierKeycodes() -> Set<UInt8> {
    guard let map = XGetModifierMapping(handle) else { return [] }
    defer { XFreeModifiermap(map) }
    let count = Int(map.pointee.max_keypermod) * 8
    return Set((0..<count).map { map.pointee.modifiermap[$0] }.filter { $0 != 0 })
  }

  /// Presses or releases a key through XTest, as if on a real keyboard (buffered: call `flush`).
  func fakeKey(_ keycode: UInt8, down: Bool) {
    XTestFakeKeyEvent(handle, UInt32(keycode), down ? 1 : 0, 0)
  }

  /// The keycodes the server currently holds down, from every keyboard.
  func keycodesDown() -> [UInt8] {
    var bits = [CChar](repeating: 0, count: 32)
    XQueryKeymap(handle, &bits)
    return (0..<256).compactMap { code in
      UInt8(bitPattern: bits[code / 8]) & (1 << UInt8(code % 8)) != 0 ? UInt8(code) : nil
    }
  }

  // MARK: Windows and properties

  /// The root window of the default screen.
  var rootWindow: UInt { XDefaultRootWindow(handle) }

  /// The atom called `name`, or nil when it does not exist yet and `create` is false.
  func atom(_ name: String, create: Bool = false) -> UInt? {
    if let known = atoms[name] { return known }
    let atom = XInternAtom(handle, name, create ? 0 : 1)
    guard atom != 0 else { return nil }
    atoms[name] = atom
    return atom
  }

  /// The predefined atom type WINDOW.
  static let windowType = UInt(XA_WINDOW)

  /// The 32-bit items of a window property of type `type`, or nil when it is missing, of another
  /// type, or the window is gone.
  func cardinalProperty(_ window: UInt, _ property: UInt, type: UInt, maxItems: Int = 64) -> [UInt]? {
    withProperty(window, property, type: type, format: 32, maxLongs: maxItems) { data, items in
      // Format 32 items arrive as C longs, whatever the server's word size.
      data.withMemoryRebound(to: UInt.self, capacity: items) { longs in (0..<items).map { longs[$0] } }
    }
  }

  /// The WM_CLASS of a window, or nil when it has none or is gone.
  func windowClass(_ window: UInt) -> WindowClass? {
    var hint = XClassHint()
    let status = attempt { XGetClassHint(handle, window, &hint) }
    defer {
      if let name = hint.res_name { XFree(name) }
      if let cls = hint.res_class { XFree(cls) }
    }
    guard let status, status != 0 else { return nil }
    return WindowClass(instance: hint.res_name.map { String(cString: $0) } ?? "",
                       className: hint.res_class.map { String(cString: $0) } ?? "",
                       title: windowTitle(window))
  }

  /// The title of a window: `_NET_WM_NAME` (UTF-8, EWMH), else `WM_NAME` (Latin-1); empty when
  /// it has neither.
  func windowTitle(_ window: UInt) -> String {
    if let name = atom("_NET_WM_NAME"), let utf8 = atom("UTF8_STRING"),
       let bytes = byteProperty(window, name, type: utf8) {
      return String(decoding: bytes, as: UTF8.self)
    }
    if let bytes = byteProperty(window, UInt(XA_WM_NAME), type: UInt(XA_STRING)) {
      return String(bytes.map { Character(Unicode.Scalar($0)) })
    }
    return ""
  }

  /// The bytes of an 8-bit window property of type `type` (at most 4 KiB), or nil when it is
  /// missing, of another type, or the window is gone.
  func byteProperty(_ window: UInt, _ property: UInt, type: UInt) -> [UInt8]? {
    withProperty(window, property, type: type, format: 8, maxLongs: 1024) { data, items in
      Array(UnsafeBufferPointer(start: data, count: items))
    }
  }

  /// Reads up to `maxLongs` 32-bit units of a window property and hands its items to `body`;
  /// nil when the property is missing, not of `type` and `format`, or the window is gone.
  private func withProperty<T>(_ window: UInt, _ property: UInt, type: UInt, format wanted: Int32, maxLongs: Int,
                               _ body: (UnsafeMutablePointer<UInt8>, Int) -> T) -> T? {
    var actualType: UInt = 0, format: Int32 = 0, items: UInt = 0, after: UInt = 0
    var data: UnsafeMutablePointer<UInt8>? = nil
    let status = attempt {
      XGetWindowProperty(handle, window, property, 0, maxLongs, 0, type, &actualType, &format, &items, &after, &data)
    }
    defer { if let data { XFree(data) } }
    guard status == 0, actualType == type, format == wanted, let data else { return nil }
    return body(data, Int(items))
  }

  /// The window with the keyboard focus: nil for None, or for PointerRoot (focus follows the
  /// pointer, so no one window holds it).
  func inputFocus() -> UInt? {
    var focus: UInt = 0
    var revert: Int32 = 0
    XGetInputFocus(handle, &focus, &revert)
    return focus > 1 ? focus : nil  // None = 0, PointerRoot = 1
  }

  /// The parent of `window`, or nil for the root or a window that is gone.
  func parent(of window: UInt) -> UInt? {
    var root: UInt = 0, parent: UInt = 0
    var children: UnsafeMutablePointer<UInt>? = nil
    var count: UInt32 = 0
    let status = attempt {
      XQueryTree(handle, window, &root, &parent, &children, &count)
    }
    if let children { XFree(children) }
    guard let status, status != 0, parent != 0, window != root else { return nil }
    return parent
  }
}

/// The core keyboard map: `keysymsPerKeycode` keysyms (NoSymbol = 0 where empty) for each keycode
/// from `firstKeycode` up.
struct KeyboardMapping: Equatable {
  var firstKeycode: UInt8
  var keysymsPerKeycode: Int
  var keysyms: [UInt32]

  /// The keysyms of one keycode.
  func keysyms(of keycode: UInt8) -> ArraySlice<UInt32> {
    let start = (Int(keycode) - Int(firstKeycode)) * keysymsPerKeycode
    guard start >= 0, start + keysymsPerKeycode <= keysyms.count else { return [] }
    return keysyms[start..<start + keysymsPerKeycode]
  }

  /// Every keycode in the map.
  var keycodes: ClosedRange<UInt8> {
    let count = keysymsPerKeycode == 0 ? 0 : keysyms.count / keysymsPerKeycode
    return firstKeycode...UInt8(clamping: Int(firstKeycode) + max(count, 1) - 1)
  }
}

/// The X errors each connection received, kept until a checked call looks at them. Xlib calls the
/// handler on the thread that reads the server's reply.
enum XErrorLog {
  private static let errors = Mutex<[Int: UInt8]>([:])

  /// Installs the process-wide handler (once); Xlib's default one exits on any error.
  static func installHandler() {
    _ = installed
  }

  private static let installed: Bool = {
    XSetErrorHandler { display, event in
      guard let display, let event else { return 0 }
      let code = event.pointee.error_code
      XErrorLog.errors.withLock { errors in
        let key = Int(bitPattern: UnsafeRawPointer(display))
        if errors[key] == nil { errors[key] = code }
      }
      return 0
    }
    return true
  }()

  /// The first error recorded for `display` since the last call, and forgets it.
  @discardableResult
  static func take(_ display: OpaquePointer) -> UInt8? {
    errors.withLock { $0.removeValue(forKey: Int(bitPattern: UnsafeRawPointer(display))) }
  }

  /// Drops what is recorded for a closing connection.
  static func forget(_ display: OpaquePointer) { take(display) }
}

/// Keysym names for messages.
enum KeysymName {
  /// `XF86AudioPlay (0x1008ff14)`, or the number alone for a keysym without a name.
  static func describe(_ keysym: UInt32) -> String {
    let hex = "0x" + String(keysym, radix: 16)
    guard let name = XKeysymToString(KeySym(keysym)) else { return hex }
    return "\(String(cString: name)) (\(hex))"
  }
}

import CX11
import Glibc

/// The seam's window half: the Xlib calls of the preview window (a top-level window, a pixmap
/// back buffer, an XImage over our own pixels, core-font text).
extension XDisplay {
  /// What happened to a window since the last look.
  enum WindowEvent: Equatable {
    /// Part of it needs repainting.
    case exposed
    /// Its size is now this, in pixels.
    case resized(width: Int, height: Int)
    /// The user asked the window manager to close it.
    case closeRequested
  }

  /// The channel shifts of the default visual when it is 24-bit TrueColor with 8-bit channels
  /// (what the preview draws in), else nil.
  func trueColorShifts() -> (red: UInt32, green: UInt32, blue: UInt32)? {
    let screen = XDefaultScreen(handle)
    guard let visual = XDefaultVisual(handle, screen), XDefaultDepth(handle, screen) >= 24 else { return nil }
    func shift(_ mask: UInt) -> UInt32? {
      guard mask != 0 else { return nil }
      let low = UInt32(mask.trailingZeroBitCount)
      return mask >> low == 0xff ? low : nil
    }
    guard let r = shift(visual.pointee.red_mask), let g = shift(visual.pointee.green_mask),
          let b = shift(visual.pointee.blue_mask) else { return nil }
    return (r, g, b)
  }

  /// Creates and maps a top-level window that reports exposure, size changes and the window
  /// manager's close button; waits (up to 2 s) until it is on screen.
  func createTopLevelWindow(width: Int, height: Int, title: String, instance: String, className: String) -> UInt {
    let screen = XDefaultScreen(handle)
    let window = XCreateSimpleWindow(handle, rootWindow, 0, 0, UInt32(width), UInt32(height), 0,
                                     XBlackPixel(handle, screen), XBlackPixel(handle, screen))
    XStoreName(handle, window, title)
    instance.withCString { name in
      className.withCString { cls in
        var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: name), res_class: UnsafeMutablePointer(mutating: cls))
        _ = XSetClassHint(handle, window, &hint)
      }
    }
    if var close = atom("WM_DELETE_WINDOW", create: true) { XSetWMProtocols(handle, window, &close, 1) }
    XSelectInput(handle, window, ExposureMask | StructureNotifyMask)
    XMapWindow(handle, window)
    var event = XEvent()
    let until = MonotonicClock.now() + 2
    while MonotonicClock.now() < until {
      if XCheckTypedWindowEvent(handle, window, MapNotify, &event) != 0 { break }
      usleep(2_000)
    }
    return window
  }

  /// The events that arrived for `window`, without waiting; consecutive repaints are merged.
  func takeWindowEvents(_ window: UInt) -> [WindowEvent] {
    var events: [WindowEvent] = []
    var event = XEvent()
    let close = atom("WM_DELETE_WINDOW")
    while XPending(handle) > 0 {
      XNextEvent(handle, &event)
      guard event.xany.window == window else { continue }
      switch event.type {
      case Expose where events.last != .exposed:
        events.append(.exposed)
      case ConfigureNotify:
        events.append(.resized(width: Int(event.xconfigure.width), height: Int(event.xconfigure.height)))
      case ClientMessage where close != nil && UInt(event.xclient.data.l.0) == close!:
        events.append(.closeRequested)
      default:
        break
      }
    }
    return events
  }

  func destroyWindow(_ window: UInt) {
    XDestroyWindow(handle, window)
    XFlush(handle)
  }
}

/// What the preview draws with: a graphics context and font, an off-screen pixmap the size of the
/// window, and an XImage over pixels that the caller owns. Frees them when released.
final class XWindowSurface {
  private let display: XDisplay
  private let window: UInt
  private let gc: OpaquePointer
  private let font: UnsafeMutablePointer<XFontStruct>?
  private var image: UnsafeMutablePointer<XImage>?
  private var pixmap: UInt = 0
  private(set) var width = 0, height = 0
  /// Ascent and descent of the font in pixels (the "fixed" font's 11 and 2 without one).
  let ascent: Int, descent: Int

  init(display: XDisplay, window: UInt) {
    self.display = display
    self.window = window
    gc = XCreateGC(display.handle, window, 0, nil)!
    font = XLoadQueryFont(display.handle, "fixed")
    if let font { XSetFont(display.handle, gc, font.pointee.fid) }
    ascent = font.map { Int($0.pointee.ascent) } ?? 11
    descent = font.map { Int($0.pointee.descent) } ?? 2
  }

  deinit {
    release()
    if let font { XFreeFont(display.handle, font) }
    XFreeGC(display.handle, gc)
  }

  /// Points the surface at `pixels` (`width * height`, 32 bits each in host byte order, in the
  /// visual's channel layout). False when the server cannot take 32-bit images.
  func attach(_ pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int) -> Bool {
    release()
    let h = display.handle
    let screen = XDefaultScreen(h)
    let data = UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: CChar.self)
    guard let made = XCreateImage(h, XDefaultVisual(h, screen), UInt32(XDefaultDepth(h, screen)), ZPixmap, 0,
                                  data, UInt32(width), UInt32(height), 32, 0) else { return false }
    image = made
    guard made.pointee.bits_per_pixel == 32 else {
      release()
      return false
    }
    made.pointee.byte_order = 1.littleEndian == 1 ? LSBFirst : MSBFirst  // Xlib swaps if the server differs
    pixmap = XCreatePixmap(h, window, UInt32(width), UInt32(height), UInt32(XDefaultDepth(h, screen)))
    self.width = width
    self.height = height
    return true
  }

  /// Sends the pixels to the off-screen pixmap.
  func putPixels() {
    guard let image else { return }
    XPutImage(display.handle, pixmap, gc, image, 0, 0, 0, 0, UInt32(width), UInt32(height))
  }

  /// Width in pixels of `text` (6 pixels a character without a font).
  func textWidth(_ text: String) -> Int {
    guard let font else { return text.utf8.count * 6 }
    return text.withCString { Int(XTextWidth(font, $0, Int32(strlen($0)))) }
  }

  /// Draws `text` on the pixmap with its baseline at (x, y), in `pixel` colour.
  func drawText(_ text: String, x: Int, y: Int, pixel: UInt32) {
    XSetForeground(display.handle, gc, UInt(pixel))
    _ = text.withCString { XDrawString(display.handle, pixmap, gc, Int32(x), Int32(y), $0, Int32(strlen($0))) }
  }

  /// Copies the pixmap into the window and waits until the server has drawn it (so a slow server
  /// slows the preview down instead of piling up frames in the request buffer).
  func present() {
    guard pixmap != 0 else { return }
    XCopyArea(display.handle, pixmap, window, gc, 0, 0, UInt32(width), UInt32(height), 0, 0)
    XSync(display.handle, 0)
  }

  private func release() {
    if let image {
      image.pointee.data = nil  // the pixels belong to the caller
      _ = image.pointee.f.destroy_image?(image)
    }
    if pixmap != 0 { XFreePixmap(display.handle, pixmap) }
    image = nil
    pixmap = 0
  }
}

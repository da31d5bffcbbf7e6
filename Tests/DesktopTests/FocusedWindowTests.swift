import Desktop
import TestSupport
import XCTest

/// focusedWindowClass() finds the WM_CLASS of the window a test client focuses, with and without
/// a window manager's _NET_ACTIVE_WINDOW.
final class FocusedWindowTests: XCTestCase {
  func testActiveWindowPropertyNamesTheWindow() throws {
    let window = try TestWindow()
    addTeardownBlock { window.setActiveWindow(nil) }
    window.setClass(window.window, instance: "libreoffice", className: "libreoffice-impress")
    window.setActiveWindow(window.window)
    window.focus(window.window)
    XCTAssertEqual(try XDisplay().focusedWindowClass(),
                   WindowClass(instance: "libreoffice", className: "libreoffice-impress"))
  }

  func testWithoutAWindowManagerTheFocusIsWalkedUpToTheWindowWithAClass() throws {
    let window = try TestWindow()
    window.setActiveWindow(nil)
    window.setClass(window.window, instance: "evince", className: "Evince")
    let child = window.makeChild()
    window.focus(child)
    XCTAssertEqual(try XDisplay().focusedWindowClass(), WindowClass(instance: "evince", className: "Evince"))
  }

  func testActiveWindowThatIsGoneFallsBackToTheFocus() throws {
    let window = try TestWindow()
    addTeardownBlock { window.setActiveWindow(nil) }
    window.setClass(window.window, instance: "okular", className: "okular")
    let gone = window.makeChild()
    window.destroy(gone)
    window.setActiveWindow(gone)
    window.focus(window.window)
    XCTAssertEqual(try XDisplay().focusedWindowClass(), WindowClass(instance: "okular", className: "okular"))
  }

  func testTheTitleComesWithTheClass() throws {
    // A browser names the page it shows in its title, in UTF-8 (_NET_WM_NAME); an old X
    // program only in WM_NAME, in Latin-1.
    let window = try TestWindow()
    window.setActiveWindow(nil)
    window.setClass(window.window, instance: "navigator", className: "firefox-esr")
    window.focus(window.window)
    XCTAssertEqual(try XDisplay().focusedWindowClass()?.title, "", "no title yet")
    window.setTitle(window.window, "Présentation - Google Slides — Mozilla Firefox")
    XCTAssertEqual(try XDisplay().focusedWindowClass(),
                   WindowClass(instance: "navigator", className: "firefox-esr", title: "Présentation - Google Slides — Mozilla Firefox"))
    let old = window.makeChild()
    window.setClass(old, instance: "xpdf", className: "Xpdf")
    window.setTitle(old, "Xpdf: /home/ana/déjà.pdf", legacy: true)
    window.focus(old)
    XCTAssertEqual(try XDisplay().focusedWindowClass()?.title, "Xpdf: /home/ana/déjà.pdf")
  }

  func testAWindowWithATitleButNoClassGivesItsTitle() throws {
    // LibreOffice's slide show without GTK: WM_NAME "Presenting: deck" and no WM_CLASS (as
    // xprop read it from LibreOffice 7.4 under Xvfb).
    let window = try TestWindow()
    addTeardownBlock { window.setActiveWindow(nil) }
    window.setTitle(window.window, "Presenting: deck", legacy: true)
    window.setActiveWindow(window.window)
    XCTAssertEqual(try XDisplay().focusedWindowClass(), WindowClass(instance: "", className: "", title: "Presenting: deck"))
    window.setActiveWindow(nil)
    let child = window.makeChild()
    window.focus(child)
    XCTAssertEqual(try XDisplay().focusedWindowClass(), WindowClass(instance: "", className: "", title: "Presenting: deck"),
                   "the focus walked up to the titled window")
  }

  func testNoFocusAndNoClassIsNil() throws {
    let window = try TestWindow()
    window.setActiveWindow(nil)
    window.focus(0)  // None
    XCTAssertNil(try XDisplay().focusedWindowClass())
    window.focus(window.window)  // a window without WM_CLASS, below the root
    XCTAssertNil(try XDisplay().focusedWindowClass())
  }
}

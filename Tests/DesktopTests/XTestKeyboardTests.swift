import CX11
@testable import Desktop
import TestSupport
import XCTest

/// Keys sent through XTestKeyboard arrive at a real X window exactly as typed, and leave the
/// server as they found it: same keymap, no key down.
final class XTestKeyboardTests: XCTestCase {
  private func keysym(_ name: String) -> UInt32 {
    let value = UInt32(truncatingIfNeeded: XStringToKeysym(name))
    XCTAssertNotEqual(value, 0, "no keysym named \(name)")
    return value
  }

  private func press(_ name: String, _ state: UInt32) -> TestWindow.KeyEvent {
    TestWindow.KeyEvent(pressed: true, keysym: keysym(name), state: state)
  }

  private func release(_ name: String, _ state: UInt32) -> TestWindow.KeyEvent {
    TestWindow.KeyEvent(pressed: false, keysym: keysym(name), state: state)
  }

  private let control = UInt32(ControlMask), alt = UInt32(Mod1Mask)

  func testRightArrivesAsOnePressAndRelease() throws {
    let window = try TestWindow()
    let keyboard = try XTestKeyboard(display: XDisplay())
    let before = window.keyboardMapping()
    try keyboard.send(modifiers: [], key: keysym("Right"))
    XCTAssertEqual(window.takeKeyEvents(), [press("Right", 0), release("Right", 0)])
    XCTAssertEqual(window.keysDown(), [])
    window.assertKeymap(equals: before)
  }

  func testControlAltTPressesModifiersInOrderAndReleasesThemInReverse() throws {
    let window = try TestWindow()
    let keyboard = try XTestKeyboard(display: XDisplay())
    let before = window.keyboardMapping()
    try keyboard.send(modifiers: [keysym("Control_L"), keysym("Alt_L")], key: keysym("t"))
    XCTAssertEqual(window.takeKeyEvents(), [
      press("Control_L", 0), press("Alt_L", control), press("t", control | alt),
      release("t", control | alt), release("Alt_L", control | alt), release("Control_L", control),
    ])
    XCTAssertEqual(window.keysDown(), [])
    window.assertKeymap(equals: before)
  }

  func testMediaKeyArrives() throws {
    let window = try TestWindow()
    let keyboard = try XTestKeyboard(display: XDisplay())
    let before = window.keyboardMapping()
    try keyboard.send(modifiers: [], key: keysym("XF86AudioPlay"))
    XCTAssertEqual(window.takeKeyEvents(), [press("XF86AudioPlay", 0), release("XF86AudioPlay", 0)])
    keyboard.releaseAll()
    XCTAssertEqual(window.keysDown(), [])
    window.assertKeymap(equals: before)
  }

  func testKeysymMissingFromTheKeymapIsBoundForTheMomentAndTheKeymapRestored() throws {
    let window = try TestWindow()
    let candidates = ["XF86Launch9", "XF86LaunchF", "U263A"]
    guard let name = candidates.first(where: { !window.keymapHas(keysym($0)) }) else {
      return XCTFail("every candidate keysym is on the server's keymap: \(candidates)")
    }
    let keyboard = try XTestKeyboard(display: XDisplay())
    let before = window.keyboardMapping()
    try keyboard.send(modifiers: [keysym("Control_L")], key: keysym(name))
    XCTAssertEqual(window.takeKeyEvents(), [
      press("Control_L", 0), press(name, control), release(name, control), release("Control_L", control),
    ])
    XCTAssertNotEqual(window.keyboardMapping(), before, "the binding lingers until restored")
    keyboard.bindingLinger = 0
    try keyboard.restoreKeymapIfIdle()
    window.assertKeymap(equals: before)
    XCTAssertEqual(window.keysDown(), [])
  }

  func testSameMissingKeysymTwiceReusesItsKeycode() throws {
    let window = try TestWindow()
    let name = "U263A"
    XCTAssertFalse(window.keymapHas(keysym(name)))
    let keyboard = try XTestKeyboard(display: XDisplay())
    let before = window.keyboardMapping()
    try keyboard.send(modifiers: [], key: keysym(name))
    try keyboard.send(modifiers: [], key: keysym(name))
    XCTAssertEqual(window.takeKeyEvents(), [press(name, 0), release(name, 0), press(name, 0), release(name, 0)])
    keyboard.releaseAll()
    window.assertKeymap(equals: before)
  }

  func testShiftedSymbolGetsShift() throws {
    let window = try TestWindow()
    let keyboard = try XTestKeyboard(display: XDisplay())
    try keyboard.send(modifiers: [], key: keysym("exclam"))
    // Column 0 of the keycode is the unshifted symbol: the window sees "1" with Shift held.
    XCTAssertEqual(window.takeKeyEvents(), [
      press("Shift_L", 0), press("1", UInt32(ShiftMask)), release("1", UInt32(ShiftMask)),
      release("Shift_L", UInt32(ShiftMask)),
    ])
  }

  func testStopInTheMiddleOfACombo() throws {
    let window = try TestWindow()
    let keyboard = try XTestKeyboard(display: XDisplay())
    let before = window.keyboardMapping()
    // What a stop between the presses would leave: two modifiers and a bound key held down.
    let mapping = try XCTUnwrap(XDisplay().keyboardMapping())
    let ctrl = try XCTUnwrap(XTestKeyboard.locate(keysym("Control_L"), in: mapping)).keycode
    let shift = try XCTUnwrap(XTestKeyboard.locate(keysym("Shift_L"), in: mapping)).keycode
    try keyboard.send(modifiers: [], key: keysym("U263A"))  // leaves a binding lingering
    _ = window.takeKeyEvents()
    keyboard.press(ctrl)
    keyboard.press(shift)
    keyboard.releaseAll()
    XCTAssertEqual(window.takeKeyEvents(), [
      press("Control_L", 0), press("Shift_L", control),
      release("Shift_L", control | UInt32(ShiftMask)), release("Control_L", control),
    ])
    XCTAssertEqual(window.keysDown(), [])
    window.assertKeymap(equals: before)
  }

  func testKeyboardGoingAwayRestoresTheKeymap() throws {
    let window = try TestWindow()
    let before = window.keyboardMapping()
    do {
      let keyboard = try XTestKeyboard(display: XDisplay())
      try keyboard.send(modifiers: [], key: keysym("U263A"))
    }
    window.assertKeymap(equals: before)
  }

  func testModifierMissingFromTheKeymapIsRefusedBeforeAnyKeyIsPressed() throws {
    let window = try TestWindow()
    let keyboard = try XTestKeyboard(display: XDisplay())
    XCTAssertThrowsError(try keyboard.send(modifiers: [keysym("Control_L"), keysym("U263A")], key: keysym("t"))) { error in
      XCTAssertEqual(error as? DisplayError, .modifierMissing(keysym: keysym("U263A")))
      XCTAssertTrue("\(error)".contains("U263A (0x100263a)"), "\(error)")
    }
    XCTAssertEqual(window.takeKeyEvents(), [])
    XCTAssertEqual(window.keysDown(), [])
  }
}

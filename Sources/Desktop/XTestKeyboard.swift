/// Sends key combos to the focused X window through the XTEST extension, as if typed.
///
/// A combo presses its modifiers in the given order, presses and releases the key, then releases
/// the modifiers in reverse order. A key that the keyboard map has only as a shifted symbol (`A`,
/// `exclam`) gets Shift added. A keysym missing from the map is bound to a spare keycode (one with
/// no symbols) for as long as it is needed; the binding is undone `bindingLinger` seconds after
/// the last use (applications look the keycode up when they read the event, so undoing it at once
/// would race with them), on `releaseAll()`, and when the keyboard is released.
///
/// Every key this keyboard presses is tracked until released; `releaseAll()` lets go of all of them.
public final class XTestKeyboard {
  /// Seconds a borrowed keycode keeps its keysym after its last use (monotonic clock).
  public var bindingLinger: Double = 0.25

  private let display: XDisplay
  /// Keycodes pressed and not yet released, in press order.
  private var held: [UInt8] = []
  /// Keysyms bound to spare keycodes, with the time of their last use.
  private var borrowed: [UInt32: (keycode: UInt8, lastUse: Double)] = [:]

  private static let shiftL: UInt32 = 0xffe1, shiftR: UInt32 = 0xffe2

  /// A keyboard on `display`; throws when the server lacks XTEST.
  public init(display: XDisplay) throws {
    guard display.hasXTest() else { throw DisplayError.noXTest(display: display.name) }
    self.display = display
  }

  deinit { releaseAll() }

  /// Sends one combo: `modifiers` (keysyms such as Control_L, Alt_L, Super_L, Shift_L) held in
  /// order around one press and release of `key` (a keysym such as Right or XF86AudioPlay). Returns
  /// once the X server has processed the events; throws when a keysym cannot be sent, before any
  /// key is pressed.
  public func send(modifiers: [UInt32], key: UInt32) throws {
    display.discardPendingEvents()
    try restoreKeymapIfIdle()
    let mapping = display.keyboardMapping()
    var modifierCodes: [UInt8] = []
    for modifier in modifiers {
      guard let (code, _) = Self.locate(modifier, in: mapping) else {
        throw DisplayError.modifierMissing(keysym: modifier)
      }
      if !modifierCodes.contains(code) { modifierCodes.append(code) }
    }
    let holdsShift = modifiers.contains { $0 == Self.shiftL || $0 == Self.shiftR }
    let keyCode: UInt8
    if let (code, shifted) = Self.locate(key, in: mapping), !shifted || holdsShift {
      keyCode = code
    } else if let (code, _) = Self.locate(key, in: mapping), let (shift, _) = Self.locate(Self.shiftL, in: mapping) {
      keyCode = code
      modifierCodes.append(shift)  // the key's symbol is its shifted one, so Shift goes last
    } else {
      keyCode = try borrowKeycode(for: key, mapping: mapping)
    }

    defer { releaseAll(restoringKeymap: false) }
    try display.checked("sending keys") {
      for code in modifierCodes { press(code) }
      press(keyCode)
      release(keyCode)
      for code in modifierCodes.reversed() { release(code) }
    }
    if borrowed[key] != nil { borrowed[key]?.lastUse = MonotonicClock.now() }
  }

  /// Releases every key this keyboard holds (latest first) and undoes every keycode binding.
  /// Safe to call at any time, more than once; the agent calls it when it stops. A binding the
  /// server refuses to undo (it is gone, say) is dropped: there is nothing left to restore.
  public func releaseAll() {
    releaseAll(restoringKeymap: true)
  }

  /// Undoes the keycode bindings unused for `bindingLinger` seconds. Cheap when there are none:
  /// the agent calls it once per frame.
  public func restoreKeymapIfIdle() throws {
    guard !borrowed.isEmpty else { return }
    let now = MonotonicClock.now()
    for (keysym, binding) in borrowed where now - binding.lastUse >= bindingLinger {
      borrowed[keysym] = nil
      try display.changeKeyboardMapping(keycode: binding.keycode, keysyms: [0])
    }
  }

  // MARK: Pressing

  /// Presses a key (buffered until the caller flushes), tracking it as held.
  func press(_ keycode: UInt8) {
    display.fakeKey(keycode, down: true)
    held.append(keycode)
  }

  /// Releases a held key (buffered).
  private func release(_ keycode: UInt8) {
    display.fakeKey(keycode, down: false)
    if let index = held.lastIndex(of: keycode) { held.remove(at: index) }
  }

  private func releaseAll(restoringKeymap: Bool) {
    if !held.isEmpty {
      for code in held.reversed() { display.fakeKey(code, down: false) }
      held.removeAll()
      display.sync()
    }
    if restoringKeymap {
      for (_, binding) in borrowed {
        // The keycode was spare before (no symbols), so restoring means clearing it again.
        do { try display.changeKeyboardMapping(keycode: binding.keycode, keysyms: [0]) } catch {
          // The server refused (it is going away): there is no keymap left to restore.
        }
      }
      borrowed.removeAll()
    }
  }

  // MARK: The keyboard map

  /// The keycode that produces `keysym` without Shift (column 0), else with Shift (column 1).
  static func locate(_ keysym: UInt32, in mapping: KeyboardMapping) -> (keycode: UInt8, shifted: Bool)? {
    guard mapping.keysymsPerKeycode > 0 else { return nil }
    for column in 0..<min(2, mapping.keysymsPerKeycode) {
      for code in mapping.keycodes where mapping.keysyms(of: code).dropFirst(column).first == keysym {
        return (code, column == 1)
      }
    }
    return nil
  }

  /// A keycode that carries `keysym`: the one already bound to it, else a spare one (no symbols,
  /// not a modifier), bound now.
  private func borrowKeycode(for keysym: UInt32, mapping: KeyboardMapping) throws -> UInt8 {
    if let binding = borrowed[keysym] { return binding.keycode }
    let modifiers = display.modifierKeycodes()
    let inUse = Set(borrowed.values.map(\.keycode))
    guard let spare = mapping.keycodes.reversed().first(where: { code in
      mapping.keysyms(of: code).allSatisfy { $0 == 0 } && !modifiers.contains(code) && !inUse.contains(code)
    }) else {
      throw DisplayError.noSpareKeycode(keysym: keysym)
    }
    try display.changeKeyboardMapping(keycode: spare, keysyms: [keysym, keysym])
    borrowed[keysym] = (spare, MonotonicClock.now())
    return spare
  }
}

import CX11

/// X keysym names, looked up in Xlib's built-in tables (no display connection needed).
enum Keysyms {
  /// The keysym for a name such as `Next`, `Page_Down`, `XF86AudioPlay`, `t` or `0x1008ff14`,
  /// or nil when X does not know it.
  static func keysym(named name: String) -> UInt32? {
    guard !name.isEmpty else { return nil }
    let keysym = XStringToKeysym(name)
    guard keysym != 0, keysym <= UInt32.max else { return nil }  // 0 is NoSymbol
    return UInt32(keysym)
  }

  /// X's name for a keysym (the first of its names, e.g. `Next` for Page_Down), or its hex
  /// value when it has none.
  static func name(of keysym: UInt32) -> String {
    if let name = XKeysymToString(KeySym(keysym)) { return String(cString: name) }
    return "0x" + String(keysym, radix: 16)
  }

  /// The modifier words users write, with the keysym each presses.
  static let modifierAliases: [String: String] = [
    "ctrl": "Control_L", "control": "Control_L",
    "alt": "Alt_L",
    "shift": "Shift_L",
    "super": "Super_L", "win": "Super_L", "meta": "Super_L",
  ]

  /// Keysyms X treats as modifiers: the only ones allowed before `+` in a combo.
  static let modifierKeysyms: Set<UInt32> = Set([
    "Shift_L", "Shift_R", "Control_L", "Control_R", "Alt_L", "Alt_R", "Meta_L", "Meta_R",
    "Super_L", "Super_R", "Hyper_L", "Hyper_R", "ISO_Level3_Shift", "ISO_Level5_Shift", "Mode_switch",
  ].compactMap { keysym(named: $0) })

  /// Names people write for keys whose X name is different.
  static let commonMisnames: [String: String] = [
    "enter": "Return", "esc": "Escape", "del": "Delete", "ins": "Insert", "pgup": "Page_Up",
    "pageup": "Page_Up", "pgdn": "Page_Down", "pgdown": "Page_Down", "pagedown": "Page_Down",
    "backspace": "BackSpace", "bksp": "BackSpace", "capslock": "Caps_Lock", "printscreen": "Print",
    "prtsc": "Print", "left_arrow": "Left", "right_arrow": "Right", "up_arrow": "Up",
    "down_arrow": "Down", "play": "XF86AudioPlay", "prev": "Prior", "previous": "Prior", "mute": "XF86AudioMute", "volumeup": "XF86AudioRaiseVolume",
    "volumedown": "XF86AudioLowerVolume", "spacebar": "space",
  ]

  /// Every keysym name in Xlib's tables (Latin-1, function keys, XF86 keys) plus the aliases X
  /// also accepts, for "did you mean" hints. Built once.
  static let knownNames: [String] = {
    var names: [String] = ["Page_Up", "Page_Down", "KP_Page_Up", "KP_Page_Down"]
    for range in [UInt32(0x20)...0xff, 0xfe00...0xffff, 0x1008_ff00...0x1008_ffff] {
      for keysym in range {
        if let name = XKeysymToString(KeySym(keysym)) { names.append(String(cString: name)) }
      }
    }
    return names
  }()
}

/// What went wrong talking to the X server, worded for the person running gestured.
public enum DisplayError: Error, CustomStringConvertible, Equatable {
  /// `$DISPLAY` is unset or empty and no display was named.
  case noDisplayVariable
  /// `XOpenDisplay` failed for this name.
  case cannotOpen(name: String)
  /// The server lacks the XTEST extension.
  case noXTest(display: String)
  /// A keysym is not on the keyboard map and no keycode is free to bind it to.
  case noSpareKeycode(keysym: UInt32)
  /// A modifier keysym is not on the keyboard map (binding it would not make it a modifier).
  case modifierMissing(keysym: UInt32)
  /// The screen is not 24-bit TrueColor, which the preview draws in.
  case noTrueColor(display: String)
  /// The server refused a request.
  case request(what: String, display: String, reason: String)

  public var description: String {
    switch self {
    case .noDisplayVariable:
      return "cannot open the X display: $DISPLAY is not set; run gestured inside an X11 session "
        + "or set DISPLAY (for example DISPLAY=:0)"
    case .cannotOpen(let name):
      return "cannot open the X display \"\(name)\" (from $DISPLAY): is the X server "
        + "running, and may this user connect to it (xhost, XAUTHORITY)?"
    case .noXTest(let display):
      return "the X server \(display) has no XTEST extension, which gestured needs to send keys"
    case .noSpareKeycode(let keysym):
      return "cannot send keysym \(KeysymName.describe(keysym)): it is not on the keyboard map and "
        + "no keycode is free to bind it to"
    case .modifierMissing(let keysym):
      return "cannot hold modifier \(KeysymName.describe(keysym)): it is not on the keyboard map "
        + "(setxkbmap may restore a layout that has it)"
    case .noTrueColor(let display):
      return "the X server \(display) has no 24-bit TrueColor screen, which the preview window needs"
    case .request(let what, let display, let reason):
      return "X server \(display): \(what) failed: \(reason)"
    }
  }
}

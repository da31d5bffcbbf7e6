/// The WM_CLASS of a window, the two strings app rules match against, and its title.
public struct WindowClass: Sendable, Equatable, CustomStringConvertible {
  /// The instance name (first string of WM_CLASS), such as `libreoffice`.
  public var instance: String
  /// The class name (second string of WM_CLASS), such as `libreoffice-impress`.
  public var className: String
  /// The title (`_NET_WM_NAME`, else `WM_NAME`), such as `Deck - Google Slides - Google Chrome`;
  /// empty when the window has none.
  public var title: String

  public init(instance: String, className: String, title: String = "") {
    self.instance = instance
    self.className = className
    self.title = title
  }

  public var description: String { title.isEmpty ? "\(instance) (\(className))" : "\(instance) (\(className)): \(title)" }
}

extension XDisplay {
  /// The WM_CLASS of the window the user is typing into, or nil when there is none (no focus,
  /// focus following the pointer, or no window in the chain carries WM_CLASS).
  ///
  /// Asks the window manager first (`_NET_ACTIVE_WINDOW` on the root window, EWMH); without one,
  /// takes the X input focus and walks up the window tree to the first window with WM_CLASS, since
  /// the focus may sit on a child of the application's top-level window. A few round trips to the
  /// server: call it when a rule needs it, not for every frame.
  public func focusedWindowClass() -> WindowClass? {
    discardPendingEvents()
    if let property = atom("_NET_ACTIVE_WINDOW"),
       let active = cardinalProperty(rootWindow, property, type: Self.windowType, maxItems: 1)?.first,
       active != 0, let found = windowClass(active) {
      return found
    }
    var window = inputFocus()
    var depth = 0
    while let current = window, current != rootWindow, depth < 64 {
      if let found = windowClass(current) { return found }
      window = parent(of: current)
      depth += 1
    }
    return nil
  }
}

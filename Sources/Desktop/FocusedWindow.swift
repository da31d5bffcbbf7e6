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
  /// The WM_CLASS and title of the window the user is typing into, or nil when there is none (no
  /// focus, focus following the pointer, or no window in the chain carries WM_CLASS or a title).
  ///
  /// Asks the window manager first (`_NET_ACTIVE_WINDOW` on the root window, EWMH); without one,
  /// takes the X input focus and walks up the window tree to the first window with WM_CLASS, since
  /// the focus may sit on a child of the application's top-level window. A window with a title
  /// but no WM_CLASS gives its title alone, with an empty class: LibreOffice's full-screen slide
  /// show, drawn without a toolkit (its plain X11 backend, which Debian's libreoffice-impress runs
  /// unless libreoffice-gtk3 is installed), is such a window, titled "Presenting: NAME". A few
  /// round trips to the server: call it when a rule needs it, not for every frame.
  public func focusedWindowClass() -> WindowClass? {
    discardPendingEvents()
    var titled: String? = nil
    func titleOnly(_ window: UInt) {
      guard titled == nil else { return }
      let title = windowTitle(window)
      if !title.isEmpty { titled = title }
    }
    if let property = atom("_NET_ACTIVE_WINDOW"),
       let active = cardinalProperty(rootWindow, property, type: Self.windowType, maxItems: 1)?.first, active != 0 {
      if let found = windowClass(active) { return found }
      titleOnly(active)
    }
    var window = inputFocus()
    var depth = 0
    while let current = window, current != rootWindow, depth < 64 {
      if let found = windowClass(current) { return found }
      titleOnly(current)
      window = parent(of: current)
      depth += 1
    }
    return titled.map { WindowClass(instance: "", className: "", title: $0) }
  }
}

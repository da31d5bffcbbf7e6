import Imaging

/// The live view: the camera frame scaled to the window (aspect kept), each hand's skeleton (white
/// bones, joints in the hand's colour: left sky blue, right orange), a label per hand with its
/// chirality, pose and last action, and a status line with the frame rate and the rule that last
/// fired. The tool to see why a gesture did or did not fire.
///
/// It has its own X connection. Drawing happens in software into a buffer reused from frame to
/// frame, sent with XPutImage to an off-screen pixmap, text added, then copied to the window.
/// Call `handleEvents()` once per frame: it repaints after exposure and follows size changes.
public final class PreviewWindow {
  /// Show the frame mirrored left to right, like a mirror (labels keep the real hand).
  public var mirrored = false
  /// The X window id (for tests and for telling the preview apart from other windows).
  public let windowID: UInt

  private let display: XDisplay
  private let canvas: PreviewCanvas
  private let surface: XWindowSurface
  private var width: Int, height: Int
  private var closed = false
  private var texts: [PlacedText] = []

  /// Opens a window of `width` x `height` pixels on `displayName` (nil: `$DISPLAY`).
  public init(width: Int = 640, height: Int = 480, title: String = "gestured preview",
              displayName: String? = nil) throws {
    display = try XDisplay(name: displayName)
    guard let shifts = display.trueColorShifts() else { throw DisplayError.noTrueColor(display: display.name) }
    canvas = PreviewCanvas(redShift: shifts.red, greenShift: shifts.green, blueShift: shifts.blue)
    self.width = width
    self.height = height
    windowID = display.createTopLevelWindow(width: width, height: height, title: title,
                                            instance: "gestured-preview", className: "Gestured")
    surface = XWindowSurface(display: display, window: windowID)
    guard allocate() else { throw DisplayError.noTrueColor(display: display.name) }
  }

  deinit {
    if !closed { display.destroyWindow(windowID) }
  }

  /// Whether the user closed the window.
  public var isClosed: Bool { closed }

  /// Draws one frame with its hands and status. `firedRule` is the rule that last fired (as the
  /// log shows it), `framesPerSecond` the processing rate. Does nothing once closed.
  public func show(_ frame: Frame, hands: [PreviewHand], firedRule: String?, framesPerSecond: Double) {
    guard !closed else { return }
    canvas.drawFrame(frame, mirrored: mirrored)
    for hand in hands where hand.joints.count == PreviewHand.jointCount {
      for (a, b) in PreviewHand.bones {
        canvas.line(from: point(hand, a.rawValue), to: point(hand, b.rawValue), thickness: 3, PreviewHand.boneColor)
      }
      for index in hand.joints.indices {  // outlines first, so no outline covers a joint
        let p = point(hand, index)
        canvas.disc(p.x, p.y, radius: 5, PreviewColor(red: 0, green: 0, blue: 0))
      }
      let color = PreviewHand.color(of: hand.chirality)
      for index in hand.joints.indices {
        let p = point(hand, index)
        canvas.disc(p.x, p.y, radius: 4, color)
      }
    }
    layoutTexts(hands: hands, firedRule: firedRule, framesPerSecond: framesPerSecond)
    for text in texts {
      canvas.darken(x: text.x - 2, y: text.y - surface.ascent - 1, width: text.width + 4,
                    height: surface.ascent + surface.descent + 2)
    }
    surface.putPixels()
    for text in texts { surface.drawText(text.string, x: text.x, y: text.y, pixel: canvas.pixel(text.color)) }
    surface.present()
  }

  /// Handles what happened to the window: repaints after exposure, follows resizing, notes a
  /// close request (then destroys the window). Returns false once the window is closed.
  @discardableResult
  public func handleEvents() -> Bool {
    guard !closed else { return false }
    for event in display.takeWindowEvents(windowID) {
      switch event {
      case .exposed:
        surface.present()
      case .resized(let newWidth, let newHeight) where newWidth != width || newHeight != height:
        width = newWidth
        height = newHeight
        if !allocate() { closed = true }
      case .resized:
        break
      case .closeRequested:
        closed = true
        display.destroyWindow(windowID)
      }
    }
    return !closed
  }

  // MARK: Layout

  private struct PlacedText {
    var string: String
    var x: Int, y: Int, width: Int
    var color: PreviewColor
  }

  private func point(_ hand: PreviewHand, _ index: Int) -> (x: Int, y: Int) {
    canvas.place(x: hand.joints[index].x, y: hand.joints[index].y, mirrored: mirrored)
  }

  /// The status lines top left, and each hand's label just above its highest joint.
  private func layoutTexts(hands: [PreviewHand], firedRule: String?, framesPerSecond: Double) {
    texts.removeAll(keepingCapacity: true)
    let white = PreviewColor(red: 255, green: 255, blue: 255)
    let ascent = surface.ascent, lineHeight = surface.ascent + surface.descent + 4
    func add(_ string: String, x: Int, y: Int, _ color: PreviewColor) {
      texts.append(PlacedText(string: string, x: x, y: y, width: surface.textWidth(string), color: color))
    }
    add("\((framesPerSecond * 10).rounded() / 10) fps", x: 6, y: 4 + ascent, white)
    add("fired: \(firedRule ?? "-")", x: 6, y: 4 + ascent + lineHeight, white)
    for hand in hands where hand.joints.count == PreviewHand.jointCount {
      var label = hand.chirality.rawValue
      if let pose = hand.pose { label += "  pose \(pose)" }
      if let action = hand.action { label += "  action \(action)" }
      var left = Int.max, top = Int.max
      for index in hand.joints.indices {
        let p = point(hand, index)
        left = min(left, p.x)
        top = min(top, p.y)
      }
      add(label, x: max(2, left), y: max(ascent + 2, top - 10), PreviewHand.color(of: hand.chirality))
    }
  }

  /// (Re)creates the pixel buffer and what X draws it with, for the current size.
  private func allocate() -> Bool {
    canvas.resize(width: width, height: height)
    guard let pixels = canvas.pixels else { return false }
    return surface.attach(pixels, width: width, height: height)
  }
}

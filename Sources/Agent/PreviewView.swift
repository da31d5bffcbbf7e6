import Desktop
import Foundation
import Gestures
import HandPose
import Imaging
import Rules

/// The preview window with what it needs to say: each hand's current pose and last action, and
/// the rule that fired last.
final class PreviewView {
  private let window: PreviewWindow
  private var poses: [Chirality: String] = [:]
  private var actions: [Chirality: String] = [:]
  private var firedRule: String?

  /// Shows a mirror view, as people expect of their own camera: frames that arrive un-mirrored
  /// (a V4L2 webcam) are flipped for display; frames already mirrored are shown as they are.
  init(framesAreMirrored: Bool) throws {
    window = try PreviewWindow()
    window.mirrored = !framesAreMirrored
  }

  func note(_ event: GestureEvent) {
    let text = "\(event.gesture) \(String(format: "%.2f", event.confidence))"
    switch event.kind {
    case .pose: poses[event.hand] = event.gesture == GestureName.none ? nil : text
    case .action: actions[event.hand] = text
    case .presentation:
      poses[event.hand] = event.presented ? "\(event.gesture) (presented)" : "\(event.gesture) (not presented)"
    }
  }

  func note(_ firing: RuleFiring) {
    firedRule = "rule \(firing.rule.line): \(firing.hand.rawValue) \(firing.gesture) -> \(firing.rule.action)"
  }

  func show(_ frame: Frame, hands: [HandObservation], framesPerSecond: Double) {
    let drawn = hands.map { PreviewHand($0, pose: poses[$0.chirality], action: actions[$0.chirality]) }
    window.show(frame, hands: drawn, firedRule: firedRule, framesPerSecond: framesPerSecond)
  }

  /// False once the user closed the window.
  func handleEvents() -> Bool { window.handleEvents() }
}

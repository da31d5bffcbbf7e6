import Foundation
import HandPose

/// JSON text for what the hand pose engine reports, written by hand so numbers keep a fixed
/// precision and keys a fixed order.
enum HandJSON {
  /// `{"chirality", "confidence", "landmarks": [[x, y, z] x 21], "boundingBox": [x, y, w, h]}`.
  static func hand(_ hand: HandObservation) -> String {
    let landmarks = hand.joints.map { "[\(number($0.x)),\(number($0.y)),\(number($0.z))]" }.joined(separator: ",")
    let box = hand.boundingBox
    return "{\"chirality\":\"\(hand.chirality.rawValue)\",\"confidence\":\(number(hand.confidence)),"
      + "\"chiralityConfidence\":\(number(hand.chiralityConfidence)),\"trackingID\":\(hand.trackingID),"
      + "\"landmarks\":[\(landmarks)],"
      + "\"boundingBox\":[\(number(box.x)),\(number(box.y)),\(number(box.width)),\(number(box.height))]}"
  }

  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    let rounded = (value * 100_000).rounded() / 100_000
    return rounded == 0 ? "0" : "\(rounded)"
  }

  static func string(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
      }
    }
    return out + "\""
  }
}

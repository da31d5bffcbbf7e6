/// Durations in a rule file: a number and a unit, `500ms`, `0.5s`, `2s`.
enum Duration {
  /// The longest duration a rule file accepts, in seconds (one day).
  static let maximum = 86_400.0

  /// Seconds for text such as `500ms`, `0.5s` or `2s`; nil when the text is not a duration.
  static func seconds(_ text: String) -> Double? {
    let (number, scale): (Substring, Double)
    if text.hasSuffix("ms") {
      (number, scale) = (text.dropLast(2), 0.001)
    } else if text.hasSuffix("s") {
      (number, scale) = (text.dropLast(1), 1)
    } else {
      return nil
    }
    guard isDecimal(number), let value = Double(number) else { return nil }
    let seconds = value * scale
    return seconds <= maximum ? seconds : nil
  }

  /// A hint for a text that is not a duration, e.g. `write 60s` for `1m`.
  static func hint(for text: String) -> String {
    if let value = Double(text), value >= 0 { return "add a unit: \(text)s or \(text)ms" }
    if text.hasSuffix("m"), let minutes = Double(text.dropLast()), isDecimal(text.dropLast()) {
      return "minutes are not a unit here; write \(format(minutes * 60))"
    }
    if text.hasSuffix("ms") || text.hasSuffix("s"), let seconds = Double(text.dropLast(text.hasSuffix("ms") ? 2 : 1)),
       seconds * (text.hasSuffix("ms") ? 0.001 : 1) > maximum {
      return "durations are at most \(format(maximum))"
    }
    return "a duration is a number and a unit: 500ms, 0.5s, 2s"
  }

  /// Seconds written back the way a rule file would: `2s`, `0.5s`, `250ms`.
  static func format(_ seconds: Double) -> String {
    if let whole = Int(exactly: seconds) { return "\(whole)s" }
    let tenths = (seconds * 10).rounded()
    if abs(seconds * 10 - tenths) < 1e-9 { return "\(tenths / 10)s" }
    let ms = (seconds * 1000).rounded()
    if abs(seconds * 1000 - ms) < 1e-6 { return "\(Int(ms))ms" }
    return "\(seconds)s"
  }

  /// Digits, optionally a point and more digits.
  private static func isDecimal(_ text: Substring) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2 else { return false }
    return parts.allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }
  }
}

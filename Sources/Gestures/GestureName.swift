/// The gesture names users write in rule files: lower_snake_case, built-in or trained.
public enum GestureName {
  /// Still hand shapes recognised on every frame.
  public static let builtInPoses = [
    "open_palm", "fist", "thumbs_up", "thumbs_down", "victory", "pointing", "ok", "pinch", "i_love_you",
  ]
  /// Motions over time, named from the user's point of view (as in a mirror).
  public static let builtInActions = ["swipe_left", "swipe_right", "swipe_up", "swipe_down", "wave"]
  /// The background class: no known pose or action.
  public static let none = "none"

  /// Whether `name` is lower_snake_case: a lowercase letter, then lowercase letters, digits and
  /// single underscores.
  public static func isValid(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, ("a"..."z").contains(first),
          !name.hasSuffix("_"), !name.contains("__") else { return false }
    return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
  }
}

import SessionBus
import Gestures

/// Rules and settings written back as text, the way `gestured check` and the agent's log show
/// them: options in a fixed order and key names as X resolved them.

extension Rule: CustomStringConvertible {
  /// `HAND GESTURE [OPTIONS] -> ACTION`, e.g.
  /// `any open_palm hold=500ms cooldown=2s -> key XF86AudioPlay`.
  public var description: String {
    var words = [hand.rawValue, gesture]
    if hold > 0 { words.append("hold=" + Duration.format(hold)) }
    if let interval = self.repeat { words.append("repeat=" + Duration.format(interval)) }
    if cooldown > 0 { words.append("cooldown=" + Duration.format(cooldown)) }
    if confidence > 0 { words.append("confidence=" + Duration.trimmed(confidence)) }
    if let shape { words.append("shape=" + shape) }
    return words.joined(separator: " ") + " -> " + action.description
  }
}

extension RuleAction: CustomStringConvertible {
  /// The action as written, with each key combo followed by its X keysyms when they differ,
  /// e.g. `key ctrl+alt+t (Control_L+Alt_L+t)` or `exec notify-send "thumbs up"`.
  public var description: String {
    switch self {
    case .key(let combos):
      return "key " + combos.map { $0.resolved == $0.text ? $0.text : "\($0.text) (\($0.resolved))" }.joined(separator: " ")
    case .exec(let argv):
      return "exec " + argv.map(Self.quotedIfNeeded).joined(separator: " ")
    case .snapshot(let path, let delay):
      return (["snapshot"] + (path.map { [Self.quotedIfNeeded($0)] } ?? []) + (delay > 0 ? ["delay=" + Duration.format(delay)] : []))
        .joined(separator: " ")
    case .pause, .resume, .toggle, .ignore:
      return keyword
    case .notify(let text):
      return "notify " + Self.quotedIfNeeded(text)
    case .media(let command, let player, let step):
      var words = ["media", command.rawValue]
      if let player { words.append("player=" + Self.quotedIfNeeded(player)) }
      if let step { words.append("step=" + (command == .seekForward || command == .seekBackward ? Duration.format(step) : Duration.trimmed(step))) }
      return words.joined(separator: " ")
    }
  }

  static func quotedIfNeeded(_ word: String) -> String {
    let special = word.isEmpty || word.contains { " \t\"'#=".contains($0) } || word == "->"
    return special ? quoted(word) : word
  }

  /// `word` in double quotes, its quotes and backslashes escaped.
  static func quoted(_ word: String) -> String {
    "\"" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}

extension RuleScope: CustomStringConvertible {
  /// The section header: `[global]` or `[app PATTERN...]`.
  public var description: String {
    switch self {
    case .global: return "[global]"
    case .apps(let patterns): return "[app \(patterns.map(\.description).joined(separator: " "))]"
    }
  }
}

extension WindowPattern: CustomStringConvertible {
  /// As written in a section header: the class glob, or `title=` and the title glob.
  public var description: String {
    switch self {
    case .windowClass(let glob): return glob
    // Always quoted: titles hold blanks, and a bracket would otherwise end the header.
    case .title(let glob): return "title=" + RuleAction.quoted(glob)
    }
  }
}

extension RuleSettings {
  /// One `set NAME VALUE` line per setting that was given, in the reference's order.
  public var lines: [String] {
    var lines: [String] = []
    func add(_ name: String, _ value: (some CustomStringConvertible)?) {
      if let value { lines.append("set \(name) \(value)") }
    }
    add("camera", camera)
    add("mirrored", mirrored)
    add("max_hands", maxHands)
    add("model", model?.rawValue)
    add("threads", threads)
    for classifier in classifiers { add("classifier", classifier) }
    for name in GestureSettings.names { add(name, gestureValue(name).map(Duration.trimmed)) }
    add("preview", preview)
    add("notify_pause", notifyPause)
    return lines
  }
}

import Gestures

/// Rule lines: `HAND GESTURE [OPTIONS] -> ACTION`.
extension RuleParser {
  static let optionNames = ["hold", "cooldown", "confidence", "repeat", "shape"]
  static let actionNames = ["key", "exec", "snapshot", "media", "notify", "pause", "resume", "toggle", "ignore"]
  /// Words people put where `->` belongs.
  static let arrowLookalikes: Set<String> = ["=>", "=", "-", ">", "→", ":", "-->", "=>>"]

  mutating func parseRule(_ line: RuleLine) {
    let tokens = line.tokens
    let arrowIndex = tokens.firstIndex { $0.kind == .arrow }
    var trigger = Array(tokens[..<(arrowIndex ?? tokens.count)])
    let actionTokens = arrowIndex.map { Array(tokens[($0 + 1)...]) }

    // A missing arrow: the action keyword, if there is one, shows where it belonged.
    if arrowIndex == nil {
      if let keyword = trigger.dropFirst().firstIndex(where: { !$0.quoted && Self.actionNames.contains($0.text) && $0.option == nil }) {
        error(trigger[keyword], "missing '->' before the action \(quoted(trigger[keyword].text))")
        trigger = Array(trigger[..<keyword])
      } else if let lookalike = trigger.dropFirst().firstIndex(where: { Self.arrowLookalikes.contains($0.text) }) {
        error(trigger[lookalike], "expected '->' here, not \(quoted(trigger[lookalike].text))")
        trigger = Array(trigger[..<lookalike])
      } else {
        error(line: line.number, column: line.endColumn, "missing '->' and an action",
              ["a rule reads: HAND GESTURE [OPTIONS] -> ACTION, like right swipe_left -> key Right"])
      }
    }

    // Hand, then gesture.
    var next = 0
    var hand: HandSelector? = nil
    if let selector = HandSelector(rawValue: trigger[0].text) {
      hand = selector
      next = 1
    } else if gestures.contains(trigger[0].text) {
      error(trigger[0], "a rule starts with a hand, then the gesture", ["hands are left, right, any and both, like any \(trigger[0].text)"])
    } else {
      error(trigger[0], "unknown hand \(quoted(trigger[0].text))", hint(
        Suggestion.note(for: trigger[0].text, in: HandSelector.allCases.map(\.rawValue)),
        else: "hands are left, right, any (either hand) and both (both hands at once)"))
      next = 1
    }
    guard next < trigger.count else {
      let column = arrowIndex.map { tokens[$0].column } ?? line.endColumn
      error(line: line.number, column: column, "missing gesture after the hand", ["like \(trigger[0].text) open_palm"])
      if let actionTokens, let arrow = arrowIndex { _ = parseAction(actionTokens, arrow: tokens[arrow]) }
      return
    }
    let gestureToken = trigger[next]
    let gesture = gestureToken.text
    let gestureIsKnown = checkGesture(gestureToken)
    let isAction = GestureName.builtInActions.contains(gesture)

    var rule = Rule(line: line.number, hand: hand ?? .any, gesture: gesture, action: .pause)
    parseOptions(trigger[(next + 1)...], into: &rule, gestureIsAction: gestureIsKnown && isAction)

    guard let actionTokens, let arrowIndex else { return }
    guard let action = parseAction(actionTokens, arrow: tokens[arrowIndex]) else { return }
    rule.action = action
    if hand != nil && gestureIsKnown { append(rule, column: trigger[0].column) }
  }

  /// Checks a gesture name; true when it is known.
  private mutating func checkGesture(_ token: RuleToken) -> Bool {
    let name = token.text
    if gestures.contains(name) { return true }
    if name == GestureName.none {
      error(token, "\"none\" is the background class: it means no gesture, and cannot trigger a rule")
      return false
    }
    let suggestion = Suggestion.note(for: name, in: gestures.sorted())
    var notes: [String?] = [suggestion]
    if !GestureName.isValid(name) {
      notes.append("gesture names are lower_snake_case, like open_palm")
    } else if suggestion != nil {
    } else if declaresClassifier {
      notes.append(extraGestures.isEmpty
        ? "custom gestures are the labels of the classifiers this file loads, and none were given"
        : "custom gestures known: " + extraGestures.sorted().joined(separator: ", "))
    } else {
      notes.append("built-in gestures: " + (GestureName.builtInPoses + GestureName.builtInActions).joined(separator: ", ")
                   + "; custom ones need their classifier: set classifier FILE")
    }
    error(token, "unknown gesture \(quoted(name))", notes)
    return false
  }

  private mutating func parseOptions(_ tokens: ArraySlice<RuleToken>, into rule: inout Rule, gestureIsAction: Bool) {
    var seen: [String: RuleToken] = [:]
    for token in tokens {
      guard let option = token.option else {
        if Self.optionNames.contains(token.text) {
          error(token, needsValue(token.text), ["write \(token.text)=\(example(token.text)), with no blanks around '='"])
        } else if Self.arrowLookalikes.contains(token.text) {
          error(token, "expected '->' here, not \(quoted(token.text))")
        } else if Duration.seconds(token.text) != nil {
          error(token, "a duration needs an option name, like hold=\(token.text) or cooldown=\(token.text)")
        } else {
          unknownOption(token, named: token.text)
        }
        continue
      }
      guard Self.optionNames.contains(option.name) else {
        unknownOption(token, named: option.name)
        continue
      }
      if let first = seen[option.name] {
        error(token, "\(quoted(option.name)) is given twice", ["first given at column \(first.column)"])
        continue
      }
      seen[option.name] = token
      let valueColumn = option.value.isEmpty ? token.column : option.valueColumn
      if option.name == "shape" {
        if let shape = parseShape(token, value: option.value, valueColumn: valueColumn, gesture: rule.gesture, gestureIsAction: gestureIsAction) {
          rule.shape = shape
        }
        continue
      }
      if option.name == "confidence" {
        guard let value = Double(option.value), value.isFinite, (0...1).contains(value) else {
          let percent = Double(option.value.hasSuffix("%") ? String(option.value.dropLast()) : option.value)
          error(line: token.line, column: valueColumn, needsValue("confidence") + notWord(option.value),
                [percent.map { $0 > 1 && $0 <= 100 ? "write \(Duration.trimmed($0 / 100)) for \(Duration.trimmed($0))%" : nil } ?? nil])
          continue
        }
        rule.confidence = value
        continue
      }
      guard let seconds = Duration.seconds(option.value) else {
        error(line: token.line, column: valueColumn, needsValue(option.name) + notWord(option.value),
              [option.value.isEmpty ? nil : Duration.hint(for: option.value)])
        continue
      }
      switch option.name {
      case "hold", "repeat":
        if gestureIsAction {
          error(token, "\(quoted(option.name)) only makes sense for poses: \(quoted(rule.gesture)) is an action and fires the moment it happens",
                ["to keep one motion from firing twice, use cooldown=\(option.value)"])
          continue
        }
        if option.name == "hold" {
          rule.hold = seconds
        } else if seconds < 0.05 {
          error(line: token.line, column: valueColumn, "\"repeat\" must be at least 50ms, not \(quoted(option.value))")
        } else {
          rule.repeat = seconds
        }
      default:
        rule.cooldown = seconds
      }
    }
  }

  /// The pose of a `shape=` option, or nil after an error: only the built-in actions know the
  /// pose they began with, and the value must be a pose.
  private mutating func parseShape(_ token: RuleToken, value: String, valueColumn: Int, gesture: String,
                                   gestureIsAction: Bool) -> String? {
    guard gestureIsAction else {
      // An unknown gesture has had its error.
      if gestures.contains(gesture) {
        error(token, "\"shape\" is for the built-in actions (swipes and wave): it asks for the pose the hand showed as the action began, and \(quoted(gesture)) is not one of them")
      }
      return nil
    }
    let poses = gestures.subtracting(GestureName.builtInActions)
    guard poses.contains(value) else {
      error(line: token.line, column: valueColumn, value.isEmpty ? needsValue("shape") : "unknown pose \(quoted(value)) for shape", hint(
        Suggestion.note(for: value, in: poses.sorted()), else: "poses: " + poses.sorted().joined(separator: ", ")))
      return nil
    }
    return value
  }

  /// The error for a word that is no option (`name`: the word, or the part before its '=').
  private mutating func unknownOption(_ token: RuleToken, named name: String) {
    error(token, "unknown option \(quoted(name))", hint(
      Suggestion.note(for: name, in: Self.optionNames),
      else: "options are hold=DURATION, cooldown=DURATION, confidence=0..1, repeat=DURATION and shape=POSE"))
  }

  private func needsValue(_ option: String) -> String {
    switch option {
    case "confidence": return "\"confidence\" needs a number from 0 to 1 like 0.8"
    case "shape": return "\"shape\" needs a pose like open_palm"
    default: return "\(quoted(option)) needs a duration like 0.5s"
    }
  }

  private func notWord(_ value: String) -> String { value.isEmpty ? "" : ", not \(quoted(value))" }

  private func example(_ option: String) -> String {
    switch option {
    case "confidence": return "0.8"
    case "shape": return "open_palm"
    default: return "0.5s"
    }
  }
}

extension Duration {
  /// A number without a trailing `.0`.
  static func trimmed(_ value: Double) -> String {
    if let whole = Int(exactly: value) { return String(whole) }
    return String(value)
  }
}

import SessionBus
/// The action after `->`: `key COMBO...`, `exec PROGRAM ARG...`, `snapshot [PATH] [delay=DURATION]`,
/// `media COMMAND [player=GLOB] [step=...]`, `notify TEXT`, `pause`, `resume`, `toggle`, `ignore`.
extension RuleParser {
  /// Words that a shell would treat specially; `exec` passes them to the program as they are.
  private static let shellWords: Set<String> = ["|", "||", "&&", ";", ">", ">>", "<", "&", "2>", "2>&1"]

  mutating func parseAction(_ tokens: [RuleToken], arrow: RuleToken) -> RuleAction? {
    guard let keyword = tokens.first else {
      error(line: arrow.line, column: arrow.endColumn, "missing action after '->'",
            ["actions are key, exec, snapshot, media, notify, pause, resume, toggle and ignore"])
      return nil
    }
    let arguments = tokens.dropFirst()
    switch keyword.text {
    case "key":
      guard !arguments.isEmpty else {
        error(line: keyword.line, column: keyword.endColumn, "key needs at least one key combo, like key ctrl+alt+t")
        return nil
      }
      var combos: [KeyCombo] = []
      for token in arguments {
        if let combo = parseCombo(token) { combos.append(combo) }
      }
      return combos.count == arguments.count ? .key(combos) : nil
    case "exec":
      guard let program = arguments.first else {
        error(line: keyword.line, column: keyword.endColumn, "exec needs a program to run, like exec notify-send hello")
        return nil
      }
      guard !program.text.isEmpty else {
        error(program, "exec needs a program to run, not an empty word")
        return nil
      }
      if let shellWord = arguments.first(where: { !$0.quoted && Self.shellWords.contains($0.text) }) {
        warning(shellWord, "exec runs no shell: \(quoted(shellWord.text)) goes to the program as an argument",
                ["for a shell command line write: exec sh -c '...'"])
      }
      return .exec(arguments.map(\.text))
    case "snapshot":
      return parseSnapshot(arguments)
    case "media":
      return parseMedia(arguments, keyword: keyword)
    case "notify":
      guard let text = arguments.first, !text.text.isEmpty else {
        error(line: keyword.line, column: keyword.endColumn, "notify needs the text to show", ["for example: notify \"slides: next\""])
        return nil
      }
      if let extra = arguments.dropFirst().first {
        error(extra, "notify takes one text", ["quote a text that holds blanks: notify \"$GESTURED_GESTURE seen\""])
        return nil
      }
      return .notify(text.text)
    case "pause", "resume", "toggle", "ignore":
      if let extra = arguments.first {
        error(extra, "\(quoted(keyword.text)) takes no arguments")
        return nil
      }
      switch keyword.text {
      case "pause": return .pause
      case "resume": return .resume
      case "toggle": return .toggle
      default: return .ignore
      }
    default:
      let looksLikeKey = Keysyms.keysym(named: keyword.text) != nil || keyword.text.contains("+")
      error(keyword, "unknown action \(quoted(keyword.text))", looksLikeKey ? ["to press a key write: key \(keyword.text)"] : hint(
        Suggestion.note(for: keyword.text, in: Self.actionNames), else: "actions are key, exec, snapshot, media, notify, pause, resume, toggle and ignore"))
      return nil
    }
  }

  /// `media COMMAND [player=GLOB] [step=VALUE]`: a volume step is a fraction of full volume
  /// (0.05, or 5%), a seek step a duration (5s).
  private mutating func parseMedia(_ arguments: ArraySlice<RuleToken>, keyword: RuleToken) -> RuleAction? {
    let commands = MediaCommand.allCases.map(\.rawValue)
    let list = "play-pause, play, pause, next, previous, stop, volume+, volume-, seek+ or seek-"
    guard let first = arguments.first, first.option == nil else {
      error(line: keyword.line, column: keyword.endColumn, "media needs a command: \(list)", ["for example: media play-pause"])
      return nil
    }
    guard let command = MediaCommand(rawValue: first.text) else {
      error(first, "unknown media command \(quoted(first.text))", hint(Suggestion.note(for: first.text, in: commands), else: "media commands are \(list)"))
      return nil
    }
    var player: String? = nil
    var step: Double? = nil
    var good = true
    for token in arguments.dropFirst() {
      guard let option = token.option else {
        error(token, "media takes one command", ["options are player=GLOB and, for volume and seek, step="])
        good = false
        continue
      }
      let valueColumn = option.value.isEmpty ? token.column : option.valueColumn
      switch option.name {
      case "player":
        guard !option.value.isEmpty else {
          error(line: token.line, column: valueColumn, "\"player\" needs a player name or glob, like player=spotify or player=firefox*")
          good = false
          continue
        }
        player = option.value
      case "step":
        switch command {
        case .volumeUp, .volumeDown:
          let percent = option.value.hasSuffix("%")
          guard let number = Double(percent ? String(option.value.dropLast()) : option.value), number.isFinite, number > 0,
                case let fraction = percent ? number / 100 : number, fraction <= 1 else {
            error(line: token.line, column: valueColumn, "a volume \"step\" is a fraction of full volume from 0 to 1, like 0.1 or 10%" + (option.value.isEmpty ? "" : ", not \(quoted(option.value))"))
            good = false
            continue
          }
          step = fraction
        case .seekForward, .seekBackward:
          guard let seconds = Duration.seconds(option.value), seconds > 0 else {
            error(line: token.line, column: valueColumn, "a seek \"step\" is a duration like 10s" + (option.value.isEmpty ? "" : ", not \(quoted(option.value))"),
                  [option.value.isEmpty ? nil : Duration.hint(for: option.value)])
            good = false
            continue
          }
          step = seconds
        default:
          error(token, "\"step\" applies to volume+, volume-, seek+ and seek-, not \(command.rawValue)")
          good = false
        }
      default:
        error(token, "unknown media option \(quoted(option.name))", hint(Suggestion.note(for: option.name, in: ["player", "step"]), else: "media options are player=GLOB and step="))
        good = false
      }
    }
    return good ? .media(command, player: player, step: step) : nil
  }

  private mutating func parseSnapshot(_ arguments: ArraySlice<RuleToken>) -> RuleAction? {
    var path: String? = nil
    var delay = 0.0
    var good = true
    for token in arguments {
      if let option = token.option {
        guard option.name == "delay" else {
          error(token, "unknown snapshot option \(quoted(option.name))",
                hint(Suggestion.note(for: option.name, in: ["delay"]), else: "snapshot takes a path and delay=DURATION; quote a path that holds '='"))
          good = false
          continue
        }
        guard let seconds = Duration.seconds(option.value) else {
          error(line: token.line, column: option.value.isEmpty ? token.column : option.valueColumn,
                "\"delay\" needs a duration like 3s" + (option.value.isEmpty ? "" : ", not \(quoted(option.value))"),
                [option.value.isEmpty ? nil : Duration.hint(for: option.value)])
          good = false
          continue
        }
        delay = seconds
      } else if path == nil {
        guard !token.text.isEmpty else {
          error(token, "empty snapshot path")
          good = false
          continue
        }
        path = token.text
      } else {
        error(token, "snapshot takes one path", ["quote a path that holds spaces"])
        good = false
      }
    }
    return good ? .snapshot(path: path, delay: delay) : nil
  }

  /// One xdotool-style combo: modifiers joined with `+`, then one key (`ctrl+alt+t`, `super`,
  /// `shift+Tab`, `XF86AudioPlay`).
  private mutating func parseCombo(_ token: RuleToken) -> KeyCombo? {
    let text = token.text
    if text == "+" {
      error(token, "\"+\" is not a key name", ["the + key is called plus, like ctrl+plus"])
      return nil
    }
    if text.hasSuffix("++") {
      let column = token.quoted ? token.column : token.column + text.unicodeScalars.count - 1
      error(line: token.line, column: column, "the + key is called plus", ["write \(text.dropLast())plus"])
      return nil
    }
    let parts = text.split(separator: "+", omittingEmptySubsequences: false)
    var modifiers: [UInt32] = []
    var offset = 0
    for (index, part) in parts.enumerated() {
      let column = token.quoted ? token.column : token.column + offset
      offset += part.unicodeScalars.count + 1
      let name = String(part)
      let isLast = index == parts.count - 1
      if name.isEmpty {
        error(line: token.line, column: column, isLast ? "missing key after '+'" : "missing modifier before '+'",
              ["a combo is modifiers and one key joined by '+', like ctrl+alt+t; the + key is called plus"])
        return nil
      }
      guard let keysym = resolveKey(name, line: token.line, column: column) else { return nil }
      if isLast { return KeyCombo(modifiers: modifiers, key: keysym, text: text) }
      guard Keysyms.modifierKeysyms.contains(keysym) else {
        error(line: token.line, column: column, "\(quoted(name)) is not a modifier: only the last key of a combo can be a plain key",
              ["modifiers are ctrl, alt, shift and super; to press keys one after another separate them with blanks, like key a b"])
        return nil
      }
      modifiers.append(keysym)
    }
    return nil
  }

  /// The keysym for a key name (a modifier alias such as `ctrl`, or an X keysym name), or an
  /// error with a hint.
  private mutating func resolveKey(_ name: String, line: Int, column: Int) -> UInt32? {
    if let alias = Keysyms.modifierAliases[name.lowercased()] { return Keysyms.keysym(named: alias) }
    if let keysym = Keysyms.keysym(named: name) { return keysym }
    error(line: line, column: column, "unknown keysym \(quoted(name))", hint(keysymHint(for: name), else: "key names are X keysym names, as `xev` shows them"))
    return nil
  }

  private func keysymHint(for name: String) -> String? {
    let scalars = name.unicodeScalars
    if scalars.count == 1, let scalar = scalars.first, (0x21...0x7e).contains(scalar.value) {
      return "the \(name) key is called \(quoted(Keysyms.name(of: scalar.value)))"
    }
    let guess = Keysyms.commonMisnames[name.lowercased()]
      ?? Suggestion.nearest(to: name, in: Keysyms.knownNames + Keysyms.modifierAliases.keys.sorted()).first
    guard let guess else { return nil }
    if let keysym = Keysyms.keysym(named: guess), Keysyms.name(of: keysym) != guess {
      return "did you mean \(quoted(guess))? (X also calls it \(quoted(Keysyms.name(of: keysym))))"
    }
    return "did you mean \(quoted(guess))?"
  }
}

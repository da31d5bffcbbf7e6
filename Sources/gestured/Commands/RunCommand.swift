import Agent
import Foundation
import HandPose

/// `gestured run`: the agent.
enum RunCommand: Subcommand {
  static let name = "run"
  static let abstract = "Run the agent: camera -> hands -> gestures -> rules -> keys and commands."
  static let usage = "[--rules FILE] [--camera DEV | --source PATH [--fps N]] [--dry-run] [--preview] [-v] [engine options]"
  static let discussion = """
    Watches the camera (or plays a recording), recognises hand poses and actions and does what
    the rule file says: presses keys in the focused X11 window, runs commands, takes snapshots.
    Each fired rule is logged with its time, rule line, hand, gesture, confidence and action.

    With no --rules, the rules are ~/.config/gestured/gestured.rules ($XDG_CONFIG_HOME), made
    from the default rules on first run. 'gestured check FILE' explains a rule file.
    Signals: SIGHUP reloads the rules (a broken file is reported and the old rules stay),
    SIGUSR1 pauses or resumes, SIGTERM and SIGINT stop cleanly (no key is left down).
    Settings on the command line win over the rule file's 'set' lines.
    """
  static let options = [
    OptionSpec("--rules", value: "FILE", help: "The rule file (default ~/.config/gestured/gestured.rules)."),
    OptionSpec("--camera", value: "DEV", help: "Camera device path or index (default: rule file, else /dev/video0)."),
    OptionSpec("--source", value: "PATH", help: "Play a recording instead: a frame folder, .y4m, or a video (ffmpeg)."),
    OptionSpec("--fps", value: "N", help: "Frame rate of a frame folder --source (default 25)."),
    OptionSpec("--no-pacing", help: "Read --source as fast as possible, not at its frame rate."),
    OptionSpec("--dry-run", help: "Print the actions instead of performing them."),
    OptionSpec("--preview", help: "Show the camera with each hand's skeleton, pose and action."),
    OptionSpec("-v", "--verbose", help: "Also log every gesture event, statistics, and the focused window's class and title."),
  ] + EngineOptions.specs

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    guard arguments.positionals.isEmpty else { throw UsageError("unexpected argument '\(arguments.positionals[0])'") }
    var options = try agentOptions(arguments)
    if arguments.has("--preview") { options.preview = true }
    return try Agent(options: options, log: AgentLog(verbose: arguments.has("--verbose"))).run()
  }

  /// The agent's options from the shared options of `run` and `preview`.
  static func agentOptions(_ arguments: ParsedArguments) throws -> AgentOptions {
    if arguments.value("--camera") != nil && arguments.value("--source") != nil {
      throw UsageError("--camera and --source exclude each other")
    }
    var options = AgentOptions()
    options.rulesPath = arguments.value("--rules")
    options.camera = arguments.value("--camera")
    options.source = arguments.value("--source")
    options.unpaced = arguments.has("--no-pacing")
    if arguments.value("--fps") != nil {
      guard options.source != nil else { throw UsageError("--fps is the frame rate of a --source frame folder; a camera has its own") }
      options.folderFrameRate = Double(try arguments.integer("--fps", in: 1...240, default: 25))
    }
    options.dryRun = arguments.has("--dry-run")
    if arguments.has("--mirrored") { options.mirrored = true }
    if arguments.value("--max-hands") != nil { options.maximumHandCount = try arguments.integer("--max-hands", in: 1...4, default: 2) }
    if let model = arguments.value("--model") {
      options.model = HandModel(rawValue: try arguments.choice("--model", of: ["full", "lite"], default: model))
    }
    if arguments.value("--threads") != nil { options.threads = try arguments.integer("--threads", in: 1...16, default: 1) }
    return options
  }
}

/// `gestured preview`: the agent with its preview window, in a dry run.
enum PreviewCommand: Subcommand {
  static let name = "preview"
  static let abstract = "Show what gestured sees: each hand's skeleton, pose, action and the rules that would fire."
  static let usage = "[--rules FILE] [--camera DEV | --source PATH [--fps N]] [--act] [-v] [engine options]"
  static let discussion = """
    The same as 'gestured run --preview --dry-run': a window shows the live frame with each
    hand's skeleton, its chirality, its current pose and last action with confidence, the rule
    that just fired and the frame rate; the rules are only printed, not performed. Use it to see
    why a gesture did or did not fire. With --act the rules are performed too.
    """
  static let options = RunCommand.options.filter { !["--dry-run", "--preview"].contains($0.names.last!) }
    + [OptionSpec("--act", help: "Perform the rules' actions as 'run' does.")]

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    guard arguments.positionals.isEmpty else { throw UsageError("unexpected argument '\(arguments.positionals[0])'") }
    var options = try RunCommand.agentOptions(arguments)
    options.preview = true
    options.dryRun = !arguments.has("--act")
    return try Agent(options: options, log: AgentLog(verbose: arguments.has("--verbose"))).run()
  }
}

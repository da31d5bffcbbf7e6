import HandPose

/// The options every command that runs the hand pose engine shares.
enum EngineOptions {
  static let specs = [
    OptionSpec("--mirrored", help: "Frames are mirrored (selfie view); chirality is corrected for it."),
    OptionSpec("--max-hands", value: "N", help: "Report at most N hands (1-4, default 2)."),
    OptionSpec("--model", value: "full|lite", help: "Hand model variant (default full)."),
    OptionSpec("--threads", value: "N", help: "CPU threads per model (1-16, default 1)."),
  ]

  static func parse(_ arguments: ParsedArguments) throws -> HandPoseOptions {
    var options = HandPoseOptions()
    options.mirrored = arguments.has("--mirrored")
    options.maximumHandCount = try arguments.integer("--max-hands", in: 1...4, default: 2)
    options.model = HandModel(rawValue: try arguments.choice("--model", of: ["full", "lite"], default: "full"))!
    options.threads = try arguments.integer("--threads", in: 1...16, default: 1)
    return options
  }
}

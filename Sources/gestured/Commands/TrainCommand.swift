import Foundation
import Gestures

/// `gestured train poses|actions DIR -o MODEL`: a pose or action classifier from labelled examples.
enum TrainCommand: Subcommand {
  static let name = "train"
  static let abstract = "Train a pose or action classifier from labelled examples (like Create ML)."
  static let usage = "poses|actions DIR -o MODEL [--seed N] [--validation-split F] [--epochs N] [--hidden N] [--window N] [--stride N] [--fps N] [--mirrored] [engine options]"
  static let discussion = """
    DIR holds one folder per label, named in lower_snake_case; the labels become gesture names for
    rule files. For 'poses', each label folder holds images (JPEG) or landmark files (.json:
    gestured's landmark format or OpenPose hand files), and DIR/none/ (hands showing none of the
    poses) is required; every hand on an image is one example, and an image without a hand is
    skipped with a warning. For 'actions', each label folder holds clips or landmark sequence
    files (.json); a clip is a folder of JPEG frames (DIR/<label>/<take>/0000.jpg ..., the
    layout 'gestured record' writes) or a video (.y4m; .mp4 and others through ffmpeg).
    DIR/none/ with background clips is recommended. Images and clips go through the hand pose
    engine: pass --mirrored for selfie-view recordings; frame folders are timed at --fps.
    Formats: docs/training.md.

    A share of each label's examples (--validation-split, default 0.2) is held out, chosen with
    --seed; the same data and seed give the same model file, byte for byte. Progress goes to
    standard error; the report (per-label precision and recall on the held-out examples and the
    confusion matrix) to standard output. Exit status 0 when the model was written, 1 when the
    data could not be read or used.

    EXAMPLES:
      gestured train poses ~/gestures/poses -o ~/.config/gestured/my-poses.json
      gestured train actions ~/gestures/actions -o actions.json --seed 3 --validation-split 0.25
      gestured record circle --dir ~/gestures/actions --takes 10
      gestured train actions ~/gestures/actions -o ~/.config/gestured/my-actions.json
    """
  static let options = [
    OptionSpec("-o", "--output", value: "MODEL", help: "The model file to write."),
    OptionSpec("--seed", value: "N", help: "Seed of the validation split and the training (default 1)."),
    OptionSpec("--validation-split", value: "F", help: "Share of each label held out, from 0 to below 1 (default 0.2)."),
    OptionSpec("--epochs", value: "N", help: "Passes over the training examples (default 60)."),
    OptionSpec("--hidden", value: "N", help: "Hidden units of the network; 0 for softmax regression (default 32)."),
    OptionSpec("--window", value: "N", help: "Actions: samples per window (default 45)."),
    OptionSpec("--stride", value: "N", help: "Actions: frames between samples (default 2)."),
    OptionSpec("--fps", value: "N", help: "Actions: frame rate of frame-folder clips (default 25)."),
  ] + EngineOptions.specs

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    guard let kind = arguments.positionals.first else { throw UsageError("missing what to train: poses or actions") }
    guard kind == "poses" || kind == "actions" else { throw UsageError("train 'poses' or 'actions', not '\(kind)'") }
    guard arguments.positionals.count >= 2 else { throw UsageError("missing DIR (one folder per label)") }
    guard arguments.positionals.count == 2 else { throw UsageError("unexpected argument '\(arguments.positionals[2])'") }
    guard let output = arguments.value("--output") else { throw UsageError("missing -o MODEL (the model file to write)") }
    var options = GestureTraining.Options()
    options.seed = UInt64(try arguments.integer("--seed", in: 0...Int.max, default: 1))
    options.epochs = try arguments.integer("--epochs", in: 1...100_000, default: options.epochs)
    options.hiddenUnits = try arguments.integer("--hidden", in: 0...4096, default: options.hiddenUnits)
    options.window = try arguments.integer("--window", in: 4...600, default: options.window)
    options.stride = try arguments.integer("--stride", in: 1...30, default: options.stride)
    if let text = arguments.value("--validation-split") {
      guard let split = Double(text), split >= 0, split < 1 else {
        throw UsageError("option '--validation-split' needs a number from 0 to below 1, not '\(text)'")
      }
      options.validationSplit = split
    }
    let engine = try EngineOptions.parse(arguments)
    let fps = Double(try arguments.integer("--fps", in: 1...240, default: 25))
    let directory = URL(fileURLWithPath: arguments.positionals[1])
    let progress = ProgressPrinter()
    let pixels = TrainingLandmarks(options: engine, frameRate: fps)
    let result = kind == "poses"
      ? try GestureTraining.poses(from: directory, options: options, imageLandmarks: pixels.hands(onImage:), progress: progress.report)
      : try GestureTraining.actions(from: directory, options: options, clipLandmarks: pixels.sequence(ofClip:), progress: progress.report)
    for warning in result.warnings { printError("gestured train: warning: \(warning)") }
    print(result.report)
    if pixels.images > 0 {
      print("\nimages: \(pixels.images) read through the hand pose engine, \(pixels.imagesWithoutHands) without a hand (skipped)")
    }
    if pixels.clips > 0 {
      print("\nclips: \(pixels.clips) read through the hand pose engine (\(pixels.clipFrames) frames, \(pixels.skippedFrames) unreadable frames skipped)")
    }
    try result.model.write(to: URL(fileURLWithPath: output))
    let labels = result.model.labels.filter { $0 != GestureName.none }
    let background = result.model.labels.contains(GestureName.none) ? " (and none)" : " (no none: every motion is one of these)"
    print("\nwrote \(output): a\(result.model.kind == .action ? "n" : "") \(result.model.kind.rawValue) model for \(labels.joined(separator: ", "))\(background)")
    return 0
  }
}

/// Prints training progress to standard error: reading every tenth of the files, then about ten
/// epochs' lines, the first and the last always.
private final class ProgressPrinter {
  private var lastReadingTenth = -1

  func report(_ progress: GestureTraining.Progress) {
    switch progress {
    case .reading(let done, let total):
      let tenth = done * 10 / max(total, 1)
      if tenth != lastReadingTenth || done == total {
        lastReadingTenth = tenth
        printError("reading examples: \(done)/\(total) files")
      }
    case .training(let epoch, let epochs, let loss, let accuracy):
      let every = max(1, epochs / 10)
      if epoch == 1 || epoch == epochs || epoch % every == 0 {
        printError(String(format: "epoch %d/%d: loss %.4f, training accuracy %.1f%%", epoch, epochs, loss, 100 * accuracy))
      }
    }
  }
}

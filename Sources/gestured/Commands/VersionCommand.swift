import Foundation
import HandPose

/// `gestured version` (also `gestured --version`): what this gestured is and what it runs on.
enum VersionCommand: Subcommand {
  /// The version of gestured itself.
  static let number = "0.3.0"

  static let name = "version"
  static let abstract = "Print the version, the pinned inference runtime and models, and where their files are."
  static let usage = ""
  static let discussion = """
    Prints gestured's version, the versions of the inference runtime (LiteRT, from the PyPI wheel
    ai-edge-litert) and of the hand models (from the wheel mediapipe) that packaging/setup
    installs, and for each runtime file where it was found and whether it matches its pinned
    sha256. Exit status 1 when a runtime file is missing or damaged (the message says how to
    install it), 0 otherwise. 'gestured --version' is the same.
    """
  static let options: [OptionSpec] = []

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    guard arguments.positionals.isEmpty else { throw UsageError("unexpected argument '\(arguments.positionals[0])'") }
    print("gestured \(number)")
    print("inference runtime: LiteRT from \(RuntimeFiles.runtimeWheel)")
    print("hand models: MediaPipe Hands from \(RuntimeFiles.modelsWheel)")
    var missing: [String] = []
    for relative in RuntimeFiles.pinnedSHA256.keys.sorted() {
      do {
        print("  \(relative): \(try RuntimeFiles.locate(relative))")
      } catch {
        print("  \(relative): \(error)")
        missing.append(relative)
      }
    }
    guard missing.isEmpty else {
      printError("gestured version: error: \(missing.joined(separator: ", ")) missing or damaged; install with \(RuntimeFiles.setupCommand)")
      return 1
    }
    return 0
  }
}

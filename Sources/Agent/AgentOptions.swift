import Capture
import Foundation
import HandPose
import Rules

/// How `gestured run` was asked to run. Values left nil come from the rule file's `set` lines,
/// then from the defaults.
public struct AgentOptions: Sendable {
  /// The rule file; nil: the user's (`$XDG_CONFIG_HOME/gestured/gestured.rules`), created from the
  /// default rules on first run.
  public var rulesPath: String?
  /// A camera by path or index; nil: the rule file's `set camera`, else `/dev/video0`.
  public var camera: String?
  /// A recorded source (frame folder, .y4m, or a video through ffmpeg) instead of a camera.
  public var source: String?
  /// Read a recorded source as fast as possible instead of at its frame rate.
  public var unpaced = false
  /// Frames per second of a frame folder `source` (a folder carries no rate of its own; default
  /// 25). Y4M files and videos use their own rate.
  public var folderFrameRate = 25.0
  /// Print the actions instead of performing them.
  public var dryRun = false
  /// Show the preview window.
  public var preview: Bool?
  public var mirrored: Bool?
  public var maximumHandCount: Int?
  public var model: HandModel?
  public var threads: Int?

  public init() {}
}

/// The settings in force, after the command line, the rule file and the defaults.
struct ResolvedSettings {
  var camera: String
  var preview: Bool
  var engine: HandPoseOptions

  init(_ options: AgentOptions, _ settings: RuleSettings) {
    camera = options.camera ?? settings.camera.map(\.description) ?? "/dev/video0"
    preview = options.preview ?? settings.preview ?? false
    engine = HandPoseOptions()
    engine.mirrored = options.mirrored ?? settings.mirrored ?? false
    engine.maximumHandCount = options.maximumHandCount ?? settings.maxHands ?? 2
    engine.model = options.model ?? settings.model.flatMap { HandModel(rawValue: $0.rawValue) } ?? .full
    engine.threads = options.threads ?? settings.threads ?? 1
  }
}

/// Where the user's rules live, and the default rules that seed them.
enum RuleFileLocation {
  /// `$XDG_CONFIG_HOME/gestured/gestured.rules` (default `~/.config/gestured/gestured.rules`).
  static var userRules: String {
    let env = ProcessInfo.processInfo.environment
    let config = env["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory() + "/.config"
    return config + "/gestured/gestured.rules"
  }

  /// The user's rule file, created from the installed `default.rules` when it does not exist yet
  /// (mode 0644: a rule file others can write is refused). Returns the path and whether it was
  /// created just now.
  static func userRulesCreatingDefault() throws -> (path: String, created: Bool) {
    let path = userRules
    if FileManager.default.fileExists(atPath: path) { return (path, false) }
    let defaults = try RuntimeFiles.locate("rules/default.rules")
    let directory = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                              attributes: [.posixPermissions: 0o755])
      let text = try Data(contentsOf: URL(fileURLWithPath: defaults))
      guard FileManager.default.createFile(atPath: path, contents: text, attributes: [.posixPermissions: 0o644]) else {
        throw CocoaError(.fileWriteUnknown)
      }
    } catch {
      throw AgentError("cannot create \(path) from \(defaults): \((error as NSError).localizedDescription)")
    }
    return (path, true)
  }
}

/// A failure of the agent with a message for the user.
public struct AgentError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

import CLiteRT
import Foundation
import Synchronization

/// Finds the files `packaging/setup` installs: `lib/libLiteRt.so` and `models/*.tflite`.
///
/// Looked for, in order: `$GESTURED_DATA`; next to the executable (and `../share/gestured` for an
/// installed binary); `$XDG_DATA_HOME/gestured` (default `~/.local/share/gestured`); each of
/// `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`) + `/gestured`.
public enum RuntimeFiles {
  /// The command that installs the runtime files.
  public static let setupCommand = "packaging/setup (or 'make run')"
  /// Where the runtime files come from: the PyPI wheels `packaging/setup` pins (a test keeps
  /// these equal to its pins).
  public static let runtimeWheel = "ai-edge-litert==2.3.0"
  public static let modelsWheel = "mediapipe==0.10.14"

  /// The data directories searched, in order.
  public static var searchDirectories: [String] {
    let env = ProcessInfo.processInfo.environment
    var dirs: [String] = []
    if let data = env["GESTURED_DATA"], !data.isEmpty { dirs.append(data) }
    let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    dirs.append(exe.path)
    dirs.append(exe.deletingLastPathComponent().appendingPathComponent("share/gestured").path)
    let home = env["HOME"] ?? NSHomeDirectory()
    let dataHome = env["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
    dirs.append(dataHome + "/gestured")
    let dataDirs = env["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
    dirs += dataDirs.split(separator: ":").map { $0 + "/gestured" }
    return dirs
  }

  /// The sha256 of each file set-up installs; the same as `packaging/checksums.sha256` (a test
  /// keeps the two equal). The runtime trusts what it loads: a truncated model or a library of
  /// another version can crash it, so nothing is loaded unchecked.
  public static let pinnedSHA256 = [
    "lib/libLiteRt.so": "eec47eb35e2924b3166015887e652a58edc9af823ae38e02bf83bef2548300bb",
    "models/palm_detection_full.tflite": "1b14e9422c6ad006cde6581a46c8b90dd573c07ab7f3934b5589e7cea3f89a54",
    "models/palm_detection_lite.tflite": "e9a4aaddf90dda56a87235303cf00e4c2d3fb28725f68fd88772997dac905c18",
    "models/hand_landmark_full.tflite": "11c272b891e1a99ab034208e23937a8008388cf11ed2a9d776ed3d01d0ba00e3",
    "models/hand_landmark_lite.tflite": "048edd3645c9bf7397d19a9f6e3a42957d6e414c9bea6598030a2e9b624156e6",
  ]

  /// The path of `relative` (e.g. `models/hand_landmark_full.tflite`) in the first directory that
  /// has it, checked against its pinned sha256; an error says where it looked or what is wrong.
  public static func locate(_ relative: String) throws -> String {
    let dirs = searchDirectories
    for dir in dirs {
      let path = (dir as NSString).appendingPathComponent(relative)
      if FileManager.default.fileExists(atPath: path) {
        try verify(path, as: relative)
        return path
      }
    }
    throw InferenceError.missingFile(name: relative, searched: dirs)
  }

  /// Checks the file at `path` against the pinned sha256 of `relative`. A file checked once is
  /// not read again while its size and modification time stay the same.
  public static func verify(_ path: String, as relative: String) throws {
    guard let expected = pinnedSHA256[relative] else { return }
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw InferenceError.missingFile(name: path, searched: [(path as NSString).deletingLastPathComponent])
    }
    let key = "\(path)\u{0}\(info.st_size)\u{0}\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    if verified.withLock({ $0.contains(key) }) { return }
    var hex = [CChar](repeating: 0, count: 65)
    guard glrt_sha256_file(path, &hex) == 0 else {
      throw InferenceError.unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    let actual = String(decoding: hex.prefix(64).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard actual == expected else { throw InferenceError.damaged(path: path) }
    verified.withLock { _ = $0.insert(key) }
  }

  private static let verified = Mutex<Set<String>>([])
}

/// Why the inference runtime or a model could not be used. Each message names the file and, where
/// reinstalling helps, the set-up command.
public enum InferenceError: Error, CustomStringConvertible {
  case missingFile(name: String, searched: [String])
  case libraryUnloadable(path: String, reason: String)
  case modelUnloadable(path: String, status: Int32, log: String)
  case unexpectedModel(path: String, reason: String)
  case runtime(call: String, status: Int32)
  case damaged(path: String)
  case unreadable(path: String, reason: String)

  public var description: String {
    switch self {
    case .missingFile(let name, let searched):
      let shown = (name as NSString).lastPathComponent
      return "\(shown) not found (looked in \(searched.joined(separator: ", "))); install it with \(RuntimeFiles.setupCommand), or set GESTURED_DATA"
    case .libraryUnloadable(let path, let reason):
      return "\(path): cannot load the inference runtime: \(reason); reinstall it with \(RuntimeFiles.setupCommand)"
    case .modelUnloadable(let path, let status, let log):
      let detail = log.isEmpty ? "LiteRT status \(status)" : log
      return "\(path): not a usable model file (\(detail)); reinstall it with \(RuntimeFiles.setupCommand)"
    case .unexpectedModel(let path, let reason):
      return "\(path): \(reason); reinstall it with \(RuntimeFiles.setupCommand)"
    case .damaged(let path):
      return "\(path): damaged or of another version (its sha256 is not the pinned one); reinstall it with \(RuntimeFiles.setupCommand)"
    case .unreadable(let path, let reason):
      return "\(path): cannot read it: \(reason)"
    case .runtime(let call, let status):
      return "inference runtime: \(call) failed with LiteRT status \(status)"
    }
  }
}

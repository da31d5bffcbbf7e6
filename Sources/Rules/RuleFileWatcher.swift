/// Keeps the rules of one file in force and reloads them when the file changes.
///
/// No threads and no inotify: call `poll()` now and then (the agent does it twice a second) and
/// it compares the file's `stat` (device, inode, size, mode, owner, modification and change
/// times) with the version it last read. A broken new version is reported once and the rules in
/// force stay; the next change is tried again.
public struct RuleFileWatcher: Sendable {
  /// What a poll or reload found.
  public enum Change: Sendable {
    /// The file is as it was last read.
    case unchanged
    /// The file changed and its new version is now in force.
    case reloaded(RuleFile)
    /// The file changed but the new version was refused (`RuleFileError` with diagnostics, or
    /// `RuleFileAccessError`); `ruleFile` is still the old version.
    case failed(any Error)
  }

  /// The path being watched.
  public let path: String
  /// Custom gesture labels passed to the parser on every reload.
  public var extraGestures: Set<String>
  /// The rules in force: the last version that loaded cleanly.
  public private(set) var ruleFile: RuleFile
  private var seen: FileFingerprint?
  /// The changed file's fingerprint at the last poll, while it settles.
  private var changed: FileFingerprint??

  /// Loads the file for the first time.
  /// - Throws: as `RuleFile.load(path:extraGestures:)`.
  public init(path: String, extraGestures: Set<String> = []) throws {
    self.path = path
    self.extraGestures = extraGestures
    let (text, fingerprint) = try RuleFile.readChecked(path: path)
    ruleFile = try RuleFile.parse(text, path: path, extraGestures: extraGestures)
    seen = fingerprint
  }

  /// Reloads when the file changed since it was last read (successfully or not) and has then
  /// stayed the same from one poll to the next: an editor that truncates the file and writes it
  /// again in place is never caught half-way (an empty file would load as no rules at all).
  public mutating func poll() -> Change {
    let now = FileFingerprint.current(path)
    guard now != seen else {
      changed = nil
      return .unchanged
    }
    guard let candidate = changed, candidate == now else {
      changed = .some(now)
      return .unchanged
    }
    return reload()
  }

  /// Reads and parses the file now, whether it changed or not (for SIGHUP).
  public mutating func reload() -> Change {
    changed = nil
    let text: String
    do {
      (text, seen) = try RuleFile.readChecked(path: path)
    } catch {
      seen = FileFingerprint.current(path)  // nil while the file is gone: reported once
      return .failed(error)
    }
    do {
      ruleFile = try RuleFile.parse(text, path: path, extraGestures: extraGestures)
      return .reloaded(ruleFile)
    } catch {
      return .failed(error)
    }
  }
}

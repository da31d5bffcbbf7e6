import Foundation

/// A rule file that cannot be read or is refused for safety: not line-based, so not a
/// `Diagnostic`. The message says why and how to fix it.
public struct RuleFileAccessError: Error, Sendable, Equatable, CustomStringConvertible {
  public var path: String
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { "\(path): \(message)" }
}

extension RuleFile {
  /// The largest rule file accepted, in bytes.
  public static let maximumSize = 1 << 20

  /// Reads, checks and parses a rule file.
  ///
  /// A rule file can run commands, so it is refused when its group or other users can write it,
  /// or when it belongs to another user than the one running gestured (root-owned files, such as
  /// installed defaults, are accepted). The error names the `chmod`/`chown` command that fixes it.
  ///
  /// - Throws: `RuleFileAccessError` when the file cannot be read or is refused;
  ///   `RuleFileError` with every diagnostic when its text has errors.
  public static func load(path: String, extraGestures: Set<String> = []) throws -> RuleFile {
    let (text, _) = try readChecked(path: path)
    return try parse(text, path: path, extraGestures: extraGestures)
  }

  /// The file's text after the safety checks, with the identity of what was read.
  static func readChecked(path: String) throws(RuleFileAccessError) -> (text: String, fingerprint: FileFingerprint) {
    func refuse(_ message: String) -> RuleFileAccessError { RuleFileAccessError(path: path, message: message) }
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { throw refuse("cannot open: \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw refuse("cannot stat: \(String(cString: strerror(errno)))") }
    guard info.st_mode & S_IFMT == S_IFREG else { throw refuse("not a regular file") }
    if let problem = ownershipProblem(of: info, path: path) { throw refuse(problem) }
    guard info.st_size <= maximumSize else {
      throw refuse("too large for a rule file (\(info.st_size) bytes; at most \(maximumSize))")
    }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
    var count = 0
    while true {
      if count == bytes.count { bytes += [UInt8](repeating: 0, count: 4096) }
      let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
      if n < 0 && errno == EINTR { continue }
      guard n >= 0 else { throw refuse("cannot read: \(String(cString: strerror(errno)))") }
      if n == 0 { break }
      count += n
      guard count <= maximumSize else { throw refuse("too large for a rule file (at most \(maximumSize) bytes)") }
    }
    bytes.removeSubrange(count...)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      let valid = bytes.prefix { $0 < 0x80 }
      let line = valid.filter { $0 == 0x0a }.count + 1
      throw refuse("line \(line) is not UTF-8 text; a rule file is plain text")
    }
    return (text, FileFingerprint(info))
  }

  /// Why a file with this status must not be trusted with commands, and the fix; nil when fine.
  static func ownershipProblem(of info: stat, path: String) -> String? {
    let me = geteuid()
    let quotedPath = shellQuoted(path)
    if info.st_uid != me && info.st_uid != 0 {
      return "refused: it belongs to \(userName(info.st_uid)) (uid \(info.st_uid)), not to you, and a rule file can run commands; "
        + "fix it with: sudo chown \(userName(me)) \(quotedPath)"
    }
    let writers = [(S_IWGRP, "its group"), (S_IWOTH, "other users")].filter { info.st_mode & $0.0 != 0 }.map(\.1)
    if !writers.isEmpty {
      let mode = String(info.st_mode & 0o7777, radix: 8).leftPadded(to: 4)
      return "refused: \(writers.joined(separator: " and ")) can write it (mode \(mode)), and a rule file can run commands; "
        + "fix it with: chmod go-w \(quotedPath)"
    }
    return nil
  }

  private static func userName(_ uid: uid_t) -> String {
    var entry = passwd()
    var result: UnsafeMutablePointer<passwd>? = nil
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getpwuid_r(uid, &entry, &buffer, buffer.count, &result) == 0, result != nil, let name = entry.pw_name else {
      return "uid \(uid)"
    }
    return String(cString: name)
  }

  /// The path quoted for a shell when it holds anything but plain characters.
  static func shellQuoted(_ path: String) -> String {
    let plain = path.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "/._-+~,:@%".unicodeScalars.contains($0)) }
    return plain && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

/// The identity and version of a file as `stat` reports it: a change in any field means the file
/// was edited, replaced or had its permissions changed.
struct FileFingerprint: Sendable, Equatable {
  var device: UInt64, inode: UInt64, size: Int64, mode: UInt32, owner: UInt32
  var modified: timespec, changed: timespec

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    mode = UInt32(info.st_mode)
    owner = UInt32(info.st_uid)
    modified = info.st_mtim
    changed = info.st_ctim
  }

  /// The fingerprint of the file at `path` now (following symlinks), or nil when it is gone.
  static func current(_ path: String) -> FileFingerprint? {
    var info = stat()
    return stat(path, &info) == 0 ? FileFingerprint(info) : nil
  }

  static func == (a: FileFingerprint, b: FileFingerprint) -> Bool {
    a.device == b.device && a.inode == b.inode && a.size == b.size && a.mode == b.mode && a.owner == b.owner
      && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
      && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
  }
}

import Foundation
import Glibc
import Imaging

/// Why a snapshot was not written, naming the path.
public enum SnapshotError: Error, CustomStringConvertible, Equatable {
  case cannotCreateDirectory(path: String, reason: String)
  case cannotWrite(path: String, reason: String)
  case noFreeName(path: String)
  case encoding(reason: String)

  public var description: String {
    switch self {
    case .cannotCreateDirectory(let path, let reason): return "snapshot: cannot create folder \(path): \(reason)"
    case .cannotWrite(let path, let reason): return "snapshot: cannot write \(path): \(reason)"
    case .noFreeName(let path): return "snapshot: \(path) and its numbered variants up to -9999 all exist"
    case .encoding(let reason): return "snapshot: \(reason)"
    }
  }
}

/// Writes frames as JPEG files for `snapshot` actions: folders are created, an existing file is
/// never overwritten (the new one becomes `name-1.jpg`, `name-2.jpg`, ...).
public final class SnapshotWriter {
  private let encoder: JPEGEncoder

  /// A writer with the given JPEG quality, 1...100.
  public init(quality: Int = 92) {
    encoder = JPEGEncoder(quality: quality)
  }

  /// Encodes `frame` and writes it to the path `template` gives at `date` (see `SnapshotPath`).
  /// Returns the path written.
  @discardableResult
  public func write(_ frame: Frame, to template: String, at date: Date = Date()) throws -> String {
    let bytes: [UInt8]
    do { bytes = try encoder.encode(frame) } catch { throw SnapshotError.encoding(reason: "\(error)") }
    let path = SnapshotPath.expand(template, at: date)
    try Self.createDirectories(for: path)
    for n in 0..<10_000 {
      let candidate = SnapshotPath.numbered(path, n)
      let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      if fd < 0 {
        if errno == EEXIST { continue }
        throw SnapshotError.cannotWrite(path: candidate, reason: String(cString: strerror(errno)))
      }
      defer { close(fd) }
      if let code = Self.writeAll(fd, bytes) {
        unlink(candidate)
        throw SnapshotError.cannotWrite(path: candidate, reason: String(cString: strerror(code)))
      }
      return candidate
    }
    throw SnapshotError.noFreeName(path: path)
  }

  /// Creates the folders leading to `path` (like `mkdir -p` on its parent).
  static func createDirectories(for path: String) throws {
    var prefix = ""
    for component in path.split(separator: "/").dropLast() {
      prefix += "/" + component
      if mkdir(prefix, 0o755) == 0 || errno == EEXIST { continue }
      throw SnapshotError.cannotCreateDirectory(path: prefix, reason: String(cString: strerror(errno)))
    }
    var info = stat()
    let parent = prefix.isEmpty ? "/" : prefix
    if stat(parent, &info) != 0 || info.st_mode & S_IFMT != S_IFDIR {
      throw SnapshotError.cannotCreateDirectory(path: parent, reason: "Not a directory")
    }
  }

  /// Writes every byte, retrying short writes; returns the errno of a failure.
  private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
  }
}

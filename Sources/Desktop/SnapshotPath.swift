import Foundation
import Glibc

/// The file a snapshot goes to: a path template with `~` and strftime fields, made concrete.
///
/// `~/Pictures/gestured-%Y%m%d-%H%M%S.jpg` becomes `/home/ann/Pictures/gestured-20250305-140709.jpg`.
/// Fields take the wall-clock local time (file names are for people; gesture timing never uses
/// this). A relative path is taken from the home directory, since the agent's working directory is
/// not something the user chose (it is `/` under systemd). A path ending in `/` names a folder and
/// gets `defaultFileName`.
public enum SnapshotPath {
  /// Where a `snapshot` action without a path writes.
  public static let defaultTemplate = "~/Pictures/gestured-%Y%m%d-%H%M%S.jpg"
  /// The file name used when a template names only a folder.
  public static let defaultFileName = "gestured-%Y%m%d-%H%M%S.jpg"

  /// The absolute path for `template` at `date`.
  public static func expand(_ template: String, at date: Date = Date()) -> String {
    expand(template, at: date, home: homeDirectory())
  }

  static func expand(_ template: String, at date: Date, home: String) -> String {
    var path = template.isEmpty ? defaultTemplate : template
    if path.hasSuffix("/") { path += defaultFileName }
    if path == "~" || path.hasPrefix("~/") {
      path = home + path.dropFirst()
    } else if path.hasPrefix("~") {
      let user = path.dropFirst().prefix { $0 != "/" }
      if let entry = getpwnam(String(user)), let dir = entry.pointee.pw_dir {
        path = String(cString: dir) + path.dropFirst(1 + user.count)
      }
    }
    if !path.hasPrefix("/") { path = home + "/" + path }
    return strftime(path, date)
  }

  /// `format` with its strftime fields filled from `date` in local time.
  static func strftime(_ format: String, _ date: Date) -> String {
    var time = time_t(date.timeIntervalSince1970.rounded(.down))
    var fields = tm()
    localtime_r(&time, &fields)
    // A sentinel character tells an empty result from a buffer too small (both return 0).
    let sentinel = format + "|"
    var size = max(256, sentinel.utf8.count * 4)
    while size <= 1 << 16 {
      var buffer = [CChar](repeating: 0, count: size)
      let count = Glibc.strftime(&buffer, size, sentinel, &fields)
      if count > 0 {
        return String(decoding: buffer[..<(count - 1)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
      size *= 4
    }
    return format
  }

  /// `$HOME`, else the home directory in the password database, else `/`.
  static func homeDirectory() -> String {
    if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty { return home }
    if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir { return String(cString: dir) }
    return "/"
  }

  /// `path`, or when taken, the first free `name-1.ext`, `name-2.ext`, ...: the numbered name
  /// for attempt `n` (0 = the path itself).
  static func numbered(_ path: String, _ n: Int) -> String {
    guard n > 0 else { return path }
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    let name = path[slash...]
    if let dot = name.lastIndex(of: "."), dot != name.startIndex {
      return String(path[..<dot]) + "-\(n)" + String(path[dot...])
    }
    return path + "-\(n)"
  }
}

import Foundation

/// errno values as the text users know (`strerror`).
enum ErrnoText {
  /// `No such file or directory` for ENOENT.
  static func of(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// Seconds on the monotonic clock (CLOCK_MONOTONIC), the clock V4L2 stamps buffers with.
func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

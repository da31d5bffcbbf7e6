import Glibc

/// Seconds on the system's monotonic clock, for timeouts of the machinery (command deadlines,
/// keymap restores): not the frames' capture time, which gesture timing uses.
enum MonotonicClock {
  static func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
  }
}

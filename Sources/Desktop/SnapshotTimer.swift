/// Snapshots waiting for their self-timer, due at a frame timestamp (seconds, the frames' own
/// monotonic clock), so a delay behaves the same live and on a recorded clip.
public struct SnapshotTimer: Sendable {
  private var pending: [(due: Double, template: String)] = []

  public init() {}

  /// Whether nothing is waiting.
  public var isEmpty: Bool { pending.isEmpty }

  /// Queues a snapshot to `template` for the first frame at or after `due`.
  public mutating func schedule(_ template: String, at due: Double) {
    pending.append((due, template))
  }

  /// The templates due at `timestamp`, in the order they were scheduled, removed from the queue.
  /// Allocates nothing when none is due.
  public mutating func takeDue(at timestamp: Double) -> [String] {
    guard pending.contains(where: { $0.due <= timestamp }) else { return [] }
    let due = pending.filter { $0.due <= timestamp }.map(\.template)
    pending.removeAll { $0.due <= timestamp }
    return due
  }

  /// Drops everything waiting (on stop).
  public mutating func cancelAll() { pending.removeAll() }
}

import Capture
import Foundation

/// Counts and costs of the frames the agent has processed.
struct AgentStats {
  private(set) var frames = 0
  private var palmFrames = 0
  private var engineSeconds = 0.0
  private var restSeconds = 0.0
  private var recentTimes: [Double] = []
  private var lastReport = -Double.infinity
  /// The longest time one frame took in the run loop, from the engine to the actions handed on.
  private var longestFrame = 0.0

  mutating func add(engine: Double, rest: Double, palm: Bool) {
    frames += 1
    if palm { palmFrames += 1 }
    engineSeconds += engine
    restSeconds += rest
  }

  /// One frame's whole time in the run loop, seconds.
  mutating func addLoopTime(_ seconds: Double) { longestFrame = max(longestFrame, seconds) }

  /// Frames per second over the last 30 frames, by their capture times.
  mutating func framesPerSecond(at time: Double) -> Double {
    recentTimes.append(time)
    if recentTimes.count > 30 { recentTimes.removeFirst() }
    guard let first = recentTimes.first, recentTimes.count > 1, time > first else { return 0 }
    return Double(recentTimes.count - 1) / (time - first)
  }

  func summary(_ counts: CaptureThread.Counts) -> String {
    let perFrame = frames > 0 ? String(format: "%.1f ms engine + %.2f ms gestures and rules per frame, longest frame %.0f ms",
                                       engineSeconds / Double(frames) * 1000, restSeconds / Double(frames) * 1000, longestFrame * 1000) : "no frames"
    return "\(frames) frames processed (palm detection on \(palmFrames)), \(counts.dropped) dropped, \(counts.source.skipped) unreadable skipped; \(perFrame)"
  }

  /// A statistics line every ten seconds of frame time, else nil.
  mutating func periodicReport(at time: Double, _ counts: CaptureThread.Counts) -> String? {
    guard time - lastReport >= 10 else { return nil }
    lastReport = time
    return "stats: " + summary(counts)
  }
}

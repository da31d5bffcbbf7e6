import Foundation
import Imaging

/// Runs a frame source on a thread of its own and hands its frames to one consumer.
///
/// With `.newestOnly` (for a camera) the consumer always gets the newest frame: a frame the
/// consumer has not taken when a newer one arrives is dropped and counted, so a slow consumer
/// never falls behind. With `.everyFrame` (for a clip that must be processed whole) the source
/// waits until the consumer has taken each frame.
///
/// Three frame buffers circulate by swapping (the one the source fills, the newest, the one the
/// consumer holds): once their sizes settle nothing is allocated per frame, provided the consumer
/// does not keep copies of the frames it is handed.
public final class CaptureThread: @unchecked Sendable {
  /// What happens to a frame the consumer has not taken when the next one is ready.
  public enum Policy: Sendable, Equatable {
    /// It is dropped and counted; the consumer gets the newest frame.
    case newestOnly
    /// The source waits for the consumer; nothing is dropped.
    case everyFrame
  }

  /// What `take` did.
  public enum Taken: Sendable, Equatable {
    /// A frame newer than the one taken before was written.
    case frame
    /// No new frame within the timeout.
    case timedOut
    /// The source has ended and every frame was taken, or `stop` was called.
    case ended
  }

  /// Frames through the hand-off so far.
  public struct Counts: Sendable, Equatable {
    /// Frames the source delivered.
    public var captured = 0
    /// Frames the consumer took.
    public var taken = 0
    /// Frames replaced by a newer one before the consumer took them.
    public var dropped = 0
    /// The source's own counts: corrupt frames skipped, camera reconnects.
    public var source = SourceCounts()
  }

  /// The source, read on the capture thread.
  public let source: any FrameSource
  public let policy: Policy
  private let state: HandoffState
  private let wake: (read: Int32, write: Int32)
  private var thread: Thread?
  private let finished = DispatchSemaphore(value: 0)
  private var stopped = false

  /// Prepares the hand-off; `start` starts the thread.
  public init(source: any FrameSource, policy: Policy = .newestOnly) {
    self.source = source
    self.policy = policy
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends {
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      }
    }
    wake = (ends[0], ends[1])
    state = HandoffState(wake: wake)
  }

  deinit { stop() }

  /// A descriptor that becomes readable when a frame (or the end) is ready, for a run loop that
  /// polls several descriptors; `take` makes it unreadable again. -1 if the system had none.
  public var readyDescriptor: Int32 { wake.read }

  /// Starts reading the source on a new thread. Call once.
  public func start() {
    precondition(thread == nil, "CaptureThread.start called twice")
    let state = self.state, source = self.source, policy = self.policy, finished = self.finished
    let thread = Thread {
      state.produce(from: source, policy: policy)
      finished.signal()
    }
    thread.name = "gestured capture"
    thread.qualityOfService = .userInteractive
    self.thread = thread
    thread.start()
  }

  /// Waits up to `timeout` seconds for a frame newer than the last one taken and swaps it into
  /// `frame` (whose old storage goes back to the source). After the last frame of an ended
  /// source, returns `.ended`, or throws the error that ended it.
  public func take(into frame: inout Frame, timeout: Double) throws -> Taken {
    try state.take(into: &frame, timeout: timeout)
  }

  /// The counts so far; any thread.
  public var counts: Counts { state.snapshot() }

  /// Stops the source, joins the thread and releases the source (the camera is closed). Any
  /// thread but the capture thread; safe to call twice.
  public func stop() {
    guard !stopped else { return }
    stopped = true
    state.stop()
    source.cancel()
    if thread != nil { finished.wait() }
    source.close()
    if wake.read >= 0 {
      close(wake.read)
      close(wake.write)
    }
  }
}

/// The lock-protected state shared by the capture thread and the consumer.
private final class HandoffState: @unchecked Sendable {
  private let condition = NSCondition()
  private var newest = Frame(width: 0, height: 0)
  private var hasFresh = false
  private var ended = false
  private var stopping = false
  private var failure: Error?
  private var counts = CaptureThread.Counts()
  /// A pipe holding one byte while a frame or the end is ready.
  private let wake: (read: Int32, write: Int32)
  private var wakePending = false

  init(wake: (read: Int32, write: Int32)) { self.wake = wake }

  /// The capture thread's loop.
  func produce(from source: any FrameSource, policy: CaptureThread.Policy) {
    var filling = Frame(width: 0, height: 0)
    var error: Error?
    while true {
      do {
        guard try source.read(into: &filling) else { break }
      } catch let failure {
        error = failure
        break
      }
      condition.lock()
      while policy == .everyFrame && hasFresh && !stopping { condition.wait() }
      if stopping {
        condition.unlock()
        break
      }
      if hasFresh { counts.dropped += 1 }
      swap(&newest, &filling)
      hasFresh = true
      counts.captured += 1
      counts.source = source.counts
      signalReady()
      condition.unlock()
    }
    condition.lock()
    ended = true
    failure = error
    counts.source = source.counts
    signalReady()
    condition.unlock()
  }

  func take(into frame: inout Frame, timeout: Double) throws -> CaptureThread.Taken {
    condition.lock()
    defer { condition.unlock() }
    if stopping { return .ended }
    let deadline = Date(timeIntervalSinceNow: max(0, timeout))
    while !hasFresh && !ended {
      if !condition.wait(until: deadline) && !hasFresh && !ended { return .timedOut }
    }
    if hasFresh {
      swap(&frame, &newest)
      hasFresh = false
      counts.taken += 1
      drainReady()
      condition.broadcast()
      return .frame
    }
    if let failure { throw failure }
    return .ended
  }

  func stop() {
    condition.lock()
    stopping = true
    condition.broadcast()
    condition.unlock()
  }

  func snapshot() -> CaptureThread.Counts {
    condition.lock()
    defer { condition.unlock() }
    return counts
  }

  /// With the lock held: wakes `take` and makes the descriptor readable.
  private func signalReady() {
    condition.broadcast()
    if wake.write >= 0, !wakePending {
      var byte: UInt8 = 1
      wakePending = write(wake.write, &byte, 1) == 1
    }
  }

  /// With the lock held: makes the descriptor unreadable unless the source has ended.
  private func drainReady() {
    guard wake.read >= 0, wakePending, !ended else { return }
    var byte: UInt8 = 0
    if read(wake.read, &byte, 1) == 1 { wakePending = false }
  }
}

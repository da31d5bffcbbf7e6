import Foundation

/// What the user asks of a camera. Every field has a default; the camera gets as close as what it
/// offers allows.
public struct CameraSettings: Sendable, Equatable {
  /// Wanted frame width in pixels (default 640, as in the issue: enough for hands at arm's length,
  /// cheap to decode). When the camera lacks the size, the offered size nearest in area is used.
  public var width = 640
  /// Wanted frame height in pixels (default 480).
  public var height = 480
  /// The highest frame rate to use, in frames per second: the camera runs at the highest rate it
  /// offers up to this (default 60).
  public var maximumFrameRate = 60
  /// Memory-mapped buffers shared with the driver (default 4: one being filled, one being read,
  /// two spare so the driver never waits).
  public var bufferCount = 4
  /// Seconds without a frame, while streaming, after which the camera counts as stalled and is
  /// reopened (default 5).
  public var stallTimeout = 5.0

  public init(width: Int = 640, height: Int = 480, maximumFrameRate: Int = 60) {
    self.width = width
    self.height = height
    self.maximumFrameRate = maximumFrameRate
  }
}

/// The format, size and rate a camera was set to.
public struct CameraMode: Sendable, Equatable, CustomStringConvertible {
  /// What the camera sends: JPEG formats are decoded by gestured (libturbojpeg); any other format
  /// is converted to RGB24 by libv4l2.
  public var cameraFormat: PixelFormat
  /// Frame size in pixels.
  public var size: FrameSize
  /// Time per frame, or nil when the driver neither lists nor sets rates.
  public var interval: FrameInterval?

  public init(cameraFormat: PixelFormat, size: FrameSize, interval: FrameInterval?) {
    self.cameraFormat = cameraFormat
    self.size = size
    self.interval = interval
  }

  /// `640x480 MJPG at 30 fps`.
  public var description: String {
    "\(size) \(cameraFormat)" + (interval.map { " at \($0)" } ?? " (rate not reported)")
  }

  /// The best mode among the camera's offers for `settings`, in this order of importance:
  /// 1. the size: the wanted one, else the one nearest in area (ties: the larger);
  /// 2. the rate: the highest up to `maximumFrameRate`, else the lowest above it;
  /// 3. the format: uncompressed (converted by libv4l2) before JPEG, then the camera's order.
  /// Formats that are compressed but not JPEG (H.264, ...) are never chosen. Nil when nothing
  /// usable is offered, or when the driver lists no sizes (then the caller asks for the wanted
  /// size in RGB24 and takes what the driver sets).
  public static func choose(from offers: [FormatOffer], settings: CameraSettings) -> CameraMode? {
    let target = FrameSize(width: settings.width, height: settings.height)
    let cap = Double(settings.maximumFrameRate)
    var best: (mode: CameraMode, score: Score)? = nil
    for (order, offer) in offers.enumerated() {
      let format = offer.format
      guard format.format.isJPEG || !format.isCompressed else { continue }
      for sizeOffer in offer.sizes {
        let size = candidate(sizeOffer.size, target: target)
        let interval = bestInterval(sizeOffer.intervals, cap: cap)
        let score = Score(size: sizePenalty(size, target: target), area: size.area,
                          rate: rateRank(interval, cap: cap), jpeg: format.format.isJPEG, order: order)
        if best == nil || score < best!.score {
          best = (CameraMode(cameraFormat: format.format, size: size, interval: interval), score)
        }
      }
    }
    return best?.mode
  }

  /// Lexicographic: smaller is better.
  private struct Score: Comparable {
    var size: Double, area: Int, rate: Double, jpeg: Bool, order: Int
    static func < (a: Score, b: Score) -> Bool {
      if abs(a.size - b.size) > 1e-9 { return a.size < b.size }
      if a.area != b.area { return a.area > b.area }
      if a.rate != b.rate { return a.rate < b.rate }
      if a.jpeg != b.jpeg { return !a.jpeg }
      return a.order < b.order
    }
  }

  /// 0 for the wanted size; otherwise how far the area is, as |log(area ratio)|.
  private static func sizePenalty(_ size: FrameSize, target: FrameSize) -> Double {
    if size == target { return 0 }
    guard size.area > 0, target.area > 0 else { return .infinity }
    return abs(log(Double(size.area) / Double(target.area)))
  }

  /// Rates up to the cap rank first, highest first; then unknown rates; then rates above the cap,
  /// lowest first.
  private static func rateRank(_ interval: FrameInterval?, cap: Double) -> Double {
    guard let fps = interval?.framesPerSecond, fps > 0 else { return 0 }
    return fps <= cap + 1e-6 ? -fps : 1 + fps
  }

  /// The wanted size within a range of sizes, on its steps; a listed size as it is.
  static func candidate(_ entry: FrameSizeEntry, target: FrameSize) -> FrameSize {
    switch entry {
    case .discrete(let size): return size
    case .stepwise(let minimum, let maximum, let step):
      func fit(_ wanted: Int, _ low: Int, _ high: Int, _ step: Int) -> Int {
        let clamped = min(max(wanted, low), high)
        return low + (clamped - low) / max(step, 1) * max(step, 1)
      }
      return FrameSize(width: fit(target.width, minimum.width, maximum.width, step.width),
                       height: fit(target.height, minimum.height, maximum.height, step.height))
    }
  }

  /// The interval with the highest rate up to `cap`, else the lowest rate above it; nil when none
  /// are listed.
  static func bestInterval(_ entries: [FrameIntervalEntry], cap: Double) -> FrameInterval? {
    var options: [FrameInterval] = []
    for entry in entries {
      switch entry {
      case .discrete(let interval): options.append(interval)
      case .stepwise(let fastest, let slowest, _):
        options.append(fastest)
        options.append(slowest)
        // A range that spans the cap offers the cap itself.
        if cap > 0, fastest.framesPerSecond > cap, slowest.framesPerSecond < cap, cap == cap.rounded() {
          options.append(FrameInterval(fps: Int(cap)))
        }
      }
    }
    let valid = options.filter { $0.framesPerSecond > 0 }
    let within = valid.filter { $0.framesPerSecond <= cap + 1e-6 }
    if let fastest = within.max(by: { $0.framesPerSecond < $1.framesPerSecond }) { return fastest }
    return valid.min { $0.framesPerSecond < $1.framesPerSecond }
  }
}

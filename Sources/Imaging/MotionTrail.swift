/// Where the picture changed lately, and when: what a hand that the hand pose engine lost in a
/// fast move (blurred past recognition) still leaves behind.
///
/// Input, each frame: its pixels and capture time. Output, on request: how much of a line across
/// the picture changed after a given time (a hand that swept from one end to the other changed
/// all of it), and how much of the whole picture changed at most on one frame since then (a cut,
/// the camera moving, the lights going on change most of it).
///
/// The picture is reduced to a coarse grid of brightness cells, `rows` high; a cell changed on a
/// frame when its brightness differs from the previous frame's by more than `changeThreshold`
/// levels. Each cell keeps the time it last changed. Coordinates are normalised to the frame (x
/// right, y down, origin top-left). Every buffer is allocated when the frame size is first seen,
/// so following the picture does not allocate.
public struct MotionTrail: Sendable {
  /// Cells down the picture (across: as many as keep them square): about 10 pixels a cell at
  /// 480 lines, so the 30-100 pixel hand of a webcam covers several.
  public static let rows = 48
  /// 0-255 levels. Sensor noise and compression move a cell's mean by a few levels from frame to
  /// frame; a hand (even blurred) passing over a background moves it by tens.
  public static let changeThreshold = 20
  /// Frames whose share of changed cells is remembered.
  static let history = 64

  private var width = 0, height = 0, columns = 0
  /// Pixel offsets of the 3 x 3 samples of each cell (9 per cell, cell after cell).
  private var samples: [Int] = []
  private var brightness: [UInt8] = []
  private var changedAt: [Double] = []
  /// Per frame, newest last: its time and the share of cells that changed on it.
  private var frameTimes: [Double]
  private var frameShares: [Double]
  private var frameCount = 0
  private var hasPrevious = false

  public init() {
    frameTimes = Array(repeating: 0, count: Self.history)
    frameShares = Array(repeating: 0, count: Self.history)
  }

  /// Forgets what changed (a new clip, or a pause in following the picture).
  public mutating func reset() {
    guard hasPrevious else { return }
    hasPrevious = false
    frameCount = 0
    for index in changedAt.indices { changedAt[index] = -.infinity }
  }

  /// Takes the next frame.
  public mutating func add(_ frame: Frame) {
    guard frame.width > 0, frame.height > 0 else { return }
    if frame.width != width || frame.height != height { layOut(width: frame.width, height: frame.height) }
    let time = frame.timestamp
    var changed = 0
    frame.pixels.withUnsafeBufferPointer { pixels in
      for cell in 0..<(columns * Self.rows) {
        var sum = 0
        for sample in (cell * 9)..<(cell * 9 + 9) {
          let offset = samples[sample]
          sum += 77 * Int(pixels[offset]) + 150 * Int(pixels[offset + 1]) + 29 * Int(pixels[offset + 2])
        }
        let value = UInt8(truncatingIfNeeded: sum / (9 * 256))
        if hasPrevious && abs(Int(value) - Int(brightness[cell])) > Self.changeThreshold {
          changedAt[cell] = time
          changed += 1
        }
        brightness[cell] = value
      }
    }
    let slot = frameCount % Self.history
    frameTimes[slot] = time
    frameShares[slot] = hasPrevious ? Double(changed) / Double(columns * Self.rows) : 0
    frameCount += 1
    hasPrevious = true
  }

  /// The share (0...1) of `points` evenly spaced points on the line from `a` to `b` near which
  /// (within a cell) the picture changed after `time`.
  public func changedShare(from a: SIMD2<Double>, to b: SIMD2<Double>, after time: Double, points: Int = 11) -> Double {
    guard columns > 0, points > 1 else { return 0 }
    var hits = 0
    for step in 0..<points {
      let point = a + (b - a) * (Double(step) / Double(points - 1))
      let column = cell(point.x, count: columns), row = cell(point.y, count: Self.rows)
      search: for r in Swift.max(row - 1, 0)...Swift.min(row + 1, Self.rows - 1) {
        for c in Swift.max(column - 1, 0)...Swift.min(column + 1, columns - 1) where changedAt[r * columns + c] > time {
          hits += 1
          break search
        }
      }
    }
    return Double(hits) / Double(points)
  }

  /// The cell (0..<count) a normalised coordinate falls in; outside the picture, the nearest.
  private func cell(_ coordinate: Double, count: Int) -> Int {
    guard coordinate.isFinite else { return 0 }
    return Swift.min(Swift.max(Int((coordinate * Double(count)).rounded(.down)), 0), count - 1)
  }

  /// The share (0...1) of the picture that changed on the newest frame.
  public var latestChange: Double { frameCount > 0 ? frameShares[(frameCount - 1) % Self.history] : 0 }

  /// The largest share (0...1) of the picture that changed on any one frame after `time`.
  public func largestChange(after time: Double) -> Double {
    var largest = 0.0
    for back in 0..<Swift.min(frameCount, Self.history) {
      let slot = (frameCount - 1 - back) % Self.history
      guard frameTimes[slot] > time else { break }
      largest = Swift.max(largest, frameShares[slot])
    }
    return largest
  }

  private mutating func layOut(width: Int, height: Int) {
    self.width = width
    self.height = height
    columns = Swift.max(1, Int((Double(Self.rows) * Double(width) / Double(height)).rounded()))
    samples = []
    samples.reserveCapacity(columns * Self.rows * 9)
    for row in 0..<Self.rows {
      for column in 0..<columns {
        for v in 0..<3 {
          let y = Swift.min(height - 1, Int((Double(row) + (Double(v) + 0.5) / 3) * Double(height) / Double(Self.rows)))
          for u in 0..<3 {
            let x = Swift.min(width - 1, Int((Double(column) + (Double(u) + 0.5) / 3) * Double(width) / Double(columns)))
            samples.append((y * width + x) * 3)
          }
        }
      }
    }
    brightness = Array(repeating: 0, count: columns * Self.rows)
    changedAt = Array(repeating: -.infinity, count: columns * Self.rows)
    hasPrevious = false
    frameCount = 0
  }
}

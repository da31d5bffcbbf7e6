import Foundation
import HandPose
import Imaging

/// `gestured bench`: what each frame costs, stage by stage, on recorded clips.
enum BenchCommand: Subcommand {
  static let name = "bench"
  static let abstract = "Measure the per-frame cost of the hand pose engine on recorded clips."
  static let usage = "--source DIR [--repeat N] [--threads N] [--model full|lite] [--max-hands N]"
  static let discussion = """
    DIR is a folder of frame folders (like the shared clips) or one frame folder. Every frame is
    decoded once up front (decode time is measured then), then each clip is tracked --repeat
    times from a fresh start. Prints the median and 90th percentile of wall and CPU milliseconds
    per frame, split into frames where the palm detector ran ("detection") and frames that only
    followed known hands ("tracking"), plus per-stage medians and peak resident memory.
    Rows: "detect" runs every frame from scratch (palm detection, then landmarks; one pass);
    "track: palm" are tracking frames on which the palm detector ran (it runs while fewer than
    --max-hands hands are followed); "track: only" are frames that only followed known hands.
    """
  static let options = [
    OptionSpec("--source", value: "DIR", help: "Folder of clips (frame folders), or one clip."),
    OptionSpec("--repeat", value: "N", help: "Passes over each clip (default 3)."),
    OptionSpec("--fps", value: "N", help: "Frame rate of the clips (default 25)."),
  ] + EngineOptions.specs

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    guard let source = arguments.value("--source") else { throw UsageError("missing --source DIR") }
    let repeats = try arguments.integer("--repeat", in: 1...100, default: 3)
    let fps = Double(try arguments.integer("--fps", in: 1...240, default: 25))
    let options = try EngineOptions.parse(arguments)
    let clips = try clipFolders(source)
    let decoder = JPEGDecoder()
    var decode = Samples()
    var decoded: [(name: String, frames: [Frame])] = []
    for clip in clips {
      var frames: [Frame] = []
      for (index, path) in try FrameFolder.list(clip).enumerated() {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        var frame = Frame(width: 0, height: 0, timestamp: Double(index) / fps)
        let start = Clock.now()
        try bytes.withUnsafeBytes { try decoder.decode($0, into: &frame, source: path) }
        decode.add(wall: Clock.now() - start, cpu: 0)
        frames.append(frame)
      }
      decoded.append(((clip as NSString).lastPathComponent, frames))
    }
    let detector = try HandPoseDetector(options: options)
    var detection = Samples(), tracking = Samples(), palm = Samples(), landmarks = Samples(), fromScratch = Samples()
    for (_, frames) in decoded {
      for frame in frames {
        let wall = Clock.now(), cpu = Clock.cpu()
        _ = try detector.detect(in: frame)
        fromScratch.add(wall: Clock.now() - wall, cpu: Clock.cpu() - cpu)
      }
    }
    for _ in 0..<repeats {
      for (_, frames) in decoded {
        detector.reset()
        for frame in frames {
          let wall = Clock.now(), cpu = Clock.cpu()
          _ = try detector.track(frame)
          let spentWall = Clock.now() - wall, spentCPU = Clock.cpu() - cpu
          let timings = detector.timings
          if timings.ranPalmDetection {
            detection.add(wall: spentWall, cpu: spentCPU)
            palm.add(wall: timings.palmDetection, cpu: 0)
          } else {
            tracking.add(wall: spentWall, cpu: spentCPU)
          }
          if timings.landmarks > 0 { landmarks.add(wall: timings.landmarks, cpu: 0) }
        }
      }
    }
    print("gestured bench: \(decoded.count) clips, \(decoded.map(\.frames.count).reduce(0, +)) frames x \(repeats), model \(options.model.rawValue), \(options.threads) threads, max \(options.maximumHandCount) hands")
    print("frames        count  wall median  wall p90   cpu median  cpu p90   (ms)")
    for (label, samples) in [("detect", fromScratch), ("track: palm", detection), ("track: only", tracking), ("track: all", detection + tracking)] {
      print(samples.row(label))
    }
    print("stages (median ms): decode \(Samples.ms(decode.wallMedian))  palm detection \(Samples.ms(palm.wallMedian))  landmarks (all hands) \(Samples.ms(landmarks.wallMedian))")
    print("peak RSS: \(Clock.peakResidentMegabytes()) MB")
    return 0
  }

  /// The clip folders under `source`, or `source` itself when it holds frames.
  static func clipFolders(_ source: String) throws -> [String] {
    if (try? FrameFolder.list(source)) != nil { return [source] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: source)) ?? []
    let clips = names.sorted().map { (source as NSString).appendingPathComponent($0) }
      .filter { (try? FrameFolder.list($0)) != nil }
    guard !clips.isEmpty else { throw CommandError("\(source): no frame folders here") }
    return clips
  }
}

/// Wall and CPU durations of repeated work, in seconds.
struct Samples {
  private(set) var wall: [Double] = []
  private(set) var cpu: [Double] = []

  mutating func add(wall: Double, cpu: Double) {
    self.wall.append(wall)
    self.cpu.append(cpu)
  }

  static func + (a: Samples, b: Samples) -> Samples {
    Samples(wall: a.wall + b.wall, cpu: a.cpu + b.cpu)
  }

  static func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
  }

  var wallMedian: Double { Self.percentile(wall, 0.5) }
  var cpuMedian: Double { Self.percentile(cpu, 0.5) }
  var cpuMean: Double { cpu.isEmpty ? .nan : cpu.reduce(0, +) / Double(cpu.count) }

  static func ms(_ seconds: Double) -> String { seconds.isNaN ? "-" : String(format: "%.2f", seconds * 1000) }

  func row(_ label: String) -> String {
    let cells = [Self.percentile(wall, 0.5), Self.percentile(wall, 0.9), Self.percentile(cpu, 0.5), Self.percentile(cpu, 0.9)]
    return label.padding(toLength: 13, withPad: " ", startingAt: 0) + String(format: "%6d", wall.count)
      + cells.map { Self.ms($0).leftPadded(12) }.joined()
  }
}

extension String {
  func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}

/// Monotonic wall time, process CPU time and peak memory.
enum Clock {
  static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

  static func cpu() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  static func peakResidentMegabytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss / 1024
  }
}

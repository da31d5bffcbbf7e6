import Foundation
import HandPose

/// MediaPipe Hands' own timings on the bench clips, from packaging/mediapipe_bench.py.
struct MediaPipeTimings {
  private var handsByFrame: [String: Int] = [:]
  var noHand = Samples(), idle = Samples(), oneHand = Samples(), all = Samples()
  var peakResidentMegabytes = 0

  func hands(clip: String, frame: Int) -> Int? { handsByFrame["\(clip)/\(frame)"] }

  static func measure(python: String, script: String, clips: [BenchClip], options: HandPoseOptions, repeats: Int) throws -> MediaPipeTimings {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [script, "--hands", "\(options.maximumHandCount)", "--complexity", options.model == .full ? "1" : "0",
                         "--repeat", "\(repeats)"] + clips.map(\.path)
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch {
      throw CommandError("\(python): cannot run MediaPipe's timing script (\((error as NSError).localizedDescription)); run 'packaging/setup --bench'")
    }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CommandError("\(script) failed with status \(process.terminationStatus)") }
    var timings = MediaPipeTimings()
    let frameIndex = Dictionary(uniqueKeysWithValues: clips.map { clip in
      (clip.name, Dictionary(uniqueKeysWithValues: clip.frameNames.enumerated().map { ($1, $0) }))
    })
    var quiet = 0
    var lastClip = ""
    for line in data.split(separator: UInt8(ascii: "\n")) {
      guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else { continue }
      if let rss = object["peak_rss_mb"] as? Int { timings.peakResidentMegabytes = rss; continue }
      guard let clip = object["clip"] as? String, let name = object["frame"] as? String,
            let wall = object["wall_ms"] as? Double, let cpu = object["cpu_ms"] as? Double,
            let hands = object["hands"] as? Int, let index = frameIndex[clip]?[name] else { continue }
      if (object["pass"] as? Int) == 0 { timings.handsByFrame["\(clip)/\(index)"] = hands }
      let sample = (wall / 1000, cpu / 1000)
      if clip != lastClip || index == 0 { quiet = 0 }
      lastClip = clip
      quiet = hands == 0 ? quiet + 1 : 0
      timings.all.add(sample)
      if hands == 0 { timings.noHand.add(sample) } else if hands == 1 { timings.oneHand.add(sample) }
      if quiet > BenchReport.idleFrames { timings.idle.add(sample) }
    }
    return timings
  }
}

/// gestured's timings on the bench clips.
struct BenchReport {
  /// A frame is idle when no hand was seen on it nor on the 15 frames before (0.5 s at 30 fps).
  static let idleFrames = 15

  var noHand = Samples(), idle = Samples(), oneHand = Samples(), pipeline = Samples()
  /// The engine's frames by kind: palm detection ran, or the hands were only followed.
  var detecting = Samples(), following = Samples()
  var decode: [Double] = [], palm: [Double] = [], landmarks: [Double] = [], gestures: [Double] = []
  /// The landmark model's own time: on every frame it ran, and on the one-hand frames.
  var landmarkModel: [Double] = [], oneHandModel: [Double] = []
  var latencies: [Double] = []

  mutating func add(hands: Int, idle: Bool, engine: (Double, Double), pipeline: (Double, Double), decode: Double,
                    timings: HandPoseTimings, gestures: Double) {
    if hands == 0 { noHand.add(engine) } else if hands == 1 { oneHand.add(engine) }
    if idle { self.idle.add(engine) }
    self.pipeline.add(pipeline)
    if timings.ranPalmDetection { detecting.add(engine) } else if timings.landmarks > 0 || timings.reusedHands > 0 { following.add(engine) }
    self.decode.append(decode)
    if timings.ranPalmDetection { palm.append(timings.palmDetection) }
    if timings.landmarks > 0 { landmarks.append(timings.landmarks) }
    if timings.landmarkModel > 0 {
      landmarkModel.append(timings.landmarkModel)
      if hands == 1 { oneHandModel.append(timings.landmarkModel) }
    }
    self.gestures.append(gestures)
  }

  func text(clips: [BenchClip], frames size: String, repeats: Int, fps: Double, options: HandPoseOptions, reference: MediaPipeTimings?, keys: Bool) -> String {
    let frames = clips.map(\.frames.count).reduce(0, +)
    var lines = ["gestured bench: \(clips.count) clip\(clips.count == 1 ? "" : "s"), \(frames) frames of \(size) x \(repeats) pass\(repeats == 1 ? "" : "es"), timestamps at \(Int(fps)) fps; "
                 + "max \(options.maximumHandCount) hands, \(options.model.rawValue) models, \(options.threads) thread\(options.threads == 1 ? "" : "s") per model"]
    lines.append("case (ms per frame)                frames  wall med  wall p90   cpu med   cpu p90  cpu mean")
    func rows(_ label: String, _ ours: Samples, _ theirs: Samples?, ratioOf: (Samples) -> Double, ratioName: String) {
      lines.append(ours.row("\(label): gestured"))
      guard let theirs else { return }
      lines.append(theirs.row("\(label): mediapipe"))
      lines.append("  \(label): gestured / mediapipe, \(ratioName) CPU: " + String(format: "%.2fx", ratioOf(ours) / ratioOf(theirs)))
    }
    rows("no hand", noHand, reference?.noHand, ratioOf: \.cpuMean, ratioName: "mean")
    rows("idle, no hand for 0.5 s", idle, reference?.idle, ratioOf: \.cpuMean, ratioName: "mean")
    rows("one hand", oneHand, reference?.oneHand, ratioOf: \.cpuMedian, ratioName: "median")
    if let reference, options.threads == 1, !oneHandModel.isEmpty {
      // With one thread the model's wall time is its CPU time: no frame that runs it costs less.
      let model = Samples.percentile(oneHandModel, 0.5)
      lines.append("  one hand: the landmark model alone, median \(Samples.ms(model)) ms, is " + String(format: "%.2fx", model / reference.oneHand.cpuMedian) + " of MediaPipe's median CPU on them")
    }
    rows("pipeline", pipeline, reference?.all, ratioOf: \.cpuMean, ratioName: "mean")
    if reference != nil { lines.append("  (pipeline: gestured's engine + gestures + rules; MediaPipe's hands alone)") }
    lines.append(detecting.row("engine, palm detection ran"))
    lines.append(following.row("engine, hands only followed"))
    lines.append("stages, median ms: decode \(Samples.ms(Samples.percentile(decode, 0.5)))  palm detection \(Samples.ms(Samples.percentile(palm, 0.5))) (on \(palm.count) of \(decode.count) frames)  landmarks \(Samples.ms(Samples.percentile(landmarks, 0.5))) (model \(Samples.ms(Samples.percentile(landmarkModel, 0.5))))  gestures + rules \(Samples.ms(Samples.percentile(gestures, 0.5)))")
    lines.append("peak RSS: gestured \(Clock.peakResidentMegabytes()) MB" + (reference.map { ", mediapipe \($0.peakResidentMegabytes) MB" } ?? ""))
    if keys {
      lines.append("frame arrival to key event (XTest), swipe rules: median \(Samples.ms(Samples.percentile(latencies, 0.5))) ms, p90 \(Samples.ms(Samples.percentile(latencies, 0.9))) ms over \(latencies.count) key\(latencies.count == 1 ? "" : "s")")
    } else {
      lines.append("frame arrival to key event: not measured (no X display; run under Xvfb, as 'make bench' does)")
    }
    return lines.joined(separator: "\n")
  }
}

/// Wall and CPU durations of repeated work, in seconds.
struct Samples {
  private(set) var wall: [Double] = []
  private(set) var cpu: [Double] = []

  mutating func add(_ sample: (wall: Double, cpu: Double)) {
    wall.append(sample.wall)
    cpu.append(sample.cpu)
  }

  static func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
  }

  var cpuMedian: Double { Self.percentile(cpu, 0.5) }
  var cpuMean: Double { cpu.isEmpty ? .nan : cpu.reduce(0, +) / Double(cpu.count) }

  static func ms(_ seconds: Double) -> String { seconds.isNaN ? "-" : String(format: "%.2f", seconds * 1000) }

  func row(_ label: String) -> String {
    let cells = [Self.percentile(wall, 0.5), Self.percentile(wall, 0.9), Self.percentile(cpu, 0.5), Self.percentile(cpu, 0.9), cpuMean]
    return label.padding(toLength: 34, withPad: " ", startingAt: 0) + String(format: "%6d", wall.count)
      + cells.map { Self.ms($0).leftPadded(10) }.joined()
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

import Capture
import Foundation
import Gestures
import HandPose
import Imaging

/// Landmarks for `gestured train` from pixels: the hand pose engine on each training image
/// (`detect`, every photo on its own) and on every frame of each clip (`track`, as the agent
/// follows hands). The engine's models are loaded on the first image or clip, so training from
/// landmark files alone does not need them.
final class TrainingLandmarks {
  private let options: HandPoseOptions
  private let frameRate: Double
  private var detector: HandPoseDetector?
  private let decoder = JPEGDecoder()
  private var frame = Frame(width: 0, height: 0)
  /// Images read, and those of them on which no hand was found.
  private(set) var images = 0, imagesWithoutHands = 0
  /// Clips read, their frames, and the frames that could not be decoded (skipped).
  private(set) var clips = 0, clipFrames = 0, skippedFrames = 0

  /// `frameRate`: frames per second of frame folders, for the samples' times.
  init(options: HandPoseOptions, frameRate: Double) {
    self.options = options
    self.frameRate = frameRate
  }

  private func engine() throws -> HandPoseDetector {
    if let detector { return detector }
    let made = try HandPoseDetector(options: options)
    detector = made
    return made
  }

  /// The hands on one image, as shapes in the image's proportions.
  func hands(onImage url: URL) throws -> [HandShape] {
    let image = try decoder.decodeFile(url.path)
    let hands = try engine().detect(in: image)
    images += 1
    if hands.isEmpty { imagesWithoutHands += 1 }
    let aspectRatio = Double(image.width) / Double(max(image.height, 1))
    return hands.map { HandShape($0, aspectRatio: aspectRatio) }
  }

  /// The hands on every frame of a clip (a frame folder, a .y4m file or a video), followed from
  /// frame to frame from a fresh start.
  func sequence(ofClip url: URL) throws -> LandmarkSequence {
    let source = try FileSource.open(url.path, options: FileSource.Options(pacing: .asFastAsPossible, folderFrameRate: frameRate))
    defer { source.close() }
    let detector = try engine()
    detector.reset()
    var frames: [LandmarkSequence.Frame] = []
    var aspectRatio = 1.0
    while try source.read(into: &frame) {
      aspectRatio = Double(frame.width) / Double(max(frame.height, 1))
      frames.append(LandmarkSequence.Frame(time: frame.timestamp, hands: try detector.track(frame)))
    }
    clips += 1
    clipFrames += frames.count
    if source.counts.skipped > 0 {
      skippedFrames += source.counts.skipped
      printError("gestured train: warning: \(url.path): \(source.counts.skipped) unreadable frames skipped; the last: \(source.counts.lastSkipReason ?? "")")
    }
    return LandmarkSequence(aspectRatio: aspectRatio, mirrored: options.mirrored, frames: frames)
  }
}

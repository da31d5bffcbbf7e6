import Foundation
import Gestures
import HandPose
import Imaging

/// `gestured classify IMAGE...`: each hand's chirality and pose probabilities on photos, as JSON.
enum ClassifyCommand: Subcommand {
  static let name = "classify"
  static let abstract = "Classify the hand poses on photos and print each hand's pose probabilities as JSON."
  static let usage = "[--mirrored] [--classifier MODEL ...] [--rules FILE] [--max-hands N] [--model full|lite] [--threads N] IMAGE..."
  static let discussion = """
    Prints one JSON object per image, one per line:
      {"image", "width", "height", "hands": [{"chirality", "confidence", "pose",
       "probabilities": {"open_palm": p, "fist": p, ..., "none": p}}]}
    "chirality" is the person's real hand (pass --mirrored for selfie-view images), "confidence"
    the engine's hand presence, "probabilities" those of the built-in poses and of the labels of
    every trained pose model given with --classifier (a label given by several takes the highest
    probability). "pose" is the most probable label other than none when it reaches
    min_pose_confidence (0.5, or the --rules file's setting), else "none". A single photo shows
    no motion, so action models are not used; 'gestured events' reads clips.
    --model chooses the hand model (full or lite); trained models are given with --classifier.
    An image that cannot be read is reported on standard error and the exit status is 1.
    """
  static let options = EngineOptions.specs + [GestureOptions.classifier, GestureOptions.rules]

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    guard !arguments.positionals.isEmpty else { throw UsageError("no image given") }
    let engine = try EngineOptions.parse(arguments)
    let (settings, models) = try GestureOptions.parse(arguments)
    for model in models where model.kind == .action {
      printError("gestured classify: warning: an action model (\(model.labels.joined(separator: ", "))) is not used on single photos")
    }
    var classifier = PhotoPoseClassifier(models: models, minimumConfidence: settings.minPoseConfidence)
    let detector = try HandPoseDetector(options: engine)
    let decoder = JPEGDecoder()
    var failed = false
    for path in arguments.positionals {
      let frame: Frame
      do { frame = try decoder.decodeFile(path) } catch {
        printError("gestured classify: error: \(error)")
        failed = true
        continue
      }
      let aspectRatio = Double(frame.width) / Double(max(frame.height, 1))
      let hands = try detector.detect(in: frame).map { hand in
        let (pose, probabilities) = classifier.classify(hand, aspectRatio: aspectRatio)
        return HandJSON.pose(of: hand, pose: pose, labels: classifier.labels, probabilities: probabilities)
      }
      emit("{\"image\":\(HandJSON.string(path)),\"width\":\(frame.width),\"height\":\(frame.height),"
           + "\"hands\":[\(hands.joined(separator: ","))]}")
    }
    return failed ? 1 : 0
  }
}

/// Evidence before a decision, for one hand: the pose a hand holds changes only after enough
/// consecutive frames say so, like the classic pinch detector (possible -> confirmed -> released).
///
/// Input, each frame: the frame's label (an index into the recognizer's label table, `none`
/// included; a missing hand is reported as `none`) and its probability. Output: the new confirmed
/// label when it changes.
///
/// - A label other than the confirmed one starts a run; when the run reaches
///   `confirmFrames` and the confirmed pose has seen `releaseFrames` frames of other evidence
///   (none needed when nothing is confirmed), the run's label becomes the confirmed one.
/// - A run of `none` ends the confirmed pose once `releaseFrames` frames of other evidence have
///   passed; mixed evidence with no run long enough ends it after `releaseFrames + confirmFrames`.
/// - The confidence of a change is the mean probability over the run that made it (1 when mixed
///   evidence ended a pose).
/// So one noisy frame neither confirms nor ends a pose (both counts are at least 2 in practice).
struct PoseEvidence {
  /// The confirmed label (the `none` index when no pose is held).
  private(set) var confirmed: Int
  private let noneLabel: Int
  private var runLabel: Int
  private var runLength = 0
  private var runConfidence = 0.0
  private var otherFrames = 0

  init(none: Int) {
    noneLabel = none
    confirmed = none
    runLabel = none
  }

  /// Takes one frame's evidence; returns the newly confirmed label and its mean probability over
  /// the run that confirmed it, or nil when the confirmed label did not change.
  mutating func observe(_ label: Int, probability: Double, confirmFrames: Int, releaseFrames: Int)
    -> (label: Int, confidence: Double)?
  {
    if label == confirmed {
      otherFrames = 0
      runLength = 0
      return nil
    }
    otherFrames += 1
    if label == runLabel && runLength > 0 {
      runLength += 1
      runConfidence += probability
    } else {
      runLabel = label
      runLength = 1
      runConfidence = probability
    }
    guard confirmed == noneLabel || otherFrames >= releaseFrames else { return nil }
    if runLabel != noneLabel {
      if runLength >= confirmFrames { return confirmRun() }
      if confirmed != noneLabel && otherFrames >= releaseFrames + confirmFrames {
        // Other evidence for long enough, but no single pose held: the pose ends.
        confirmed = noneLabel
        otherFrames = 0
        return (noneLabel, 1)
      }
      return nil
    }
    // A run of `none` after enough other evidence ends the confirmed pose.
    return confirmed != noneLabel ? confirmRun() : nil
  }

  private mutating func confirmRun() -> (label: Int, confidence: Double) {
    let confidence = runConfidence / Double(runLength)
    confirmed = runLabel
    otherFrames = 0
    runLength = 0
    return (confirmed, confidence)
  }

  /// Forgets everything: no pose confirmed.
  mutating func reset() {
    confirmed = noneLabel
    runLabel = noneLabel
    runLength = 0
    otherFrames = 0
  }
}

import Foundation
import HandPose
import Imaging

@testable import Gestures

/// Real hands (MediaPipe's landmarks of the shared photos and clips) placed and moved in a frame,
/// for sequences that no committed clip shows. Each test that uses them says how it built its
/// sequence.
enum PlacedHands {
  /// The frame the hands are placed in: 640x360, as the shared clips.
  static let aspect = 640.0 / 360.0

  /// MediaPipe's hand on a shared photo, with its world landmarks.
  static func photo(_ name: String) throws -> (hand: ReferenceData.Hand, width: Double, height: Double) {
    let photo = try ReferenceData.photos().first { $0.name == name }!
    return (photo.hands[0], photo.width, photo.height)
  }

  /// The palm centre (wrist and four knuckles) of `landmarks` in pixels of a `width` x `height`
  /// image.
  static func palmCentre(_ landmarks: [[Double]], width: Double, height: Double) -> SIMD2<Double> {
    [0, 5, 9, 13, 17].map { SIMD2(landmarks[$0][0] * width, landmarks[$0][1] * height) }.reduce(.zero, +) / 5
  }

  /// The hand of a `width` x `height` image, scaled so its palm (wrist to middle knuckle) is
  /// `palm` of the frame's height and moved so its palm centre is at `centre` (x and y as fractions
  /// of the frame's width and height). The 3-D joints are kept: the hand's shape is the photo's.
  static func place(_ hand: ReferenceData.Hand, width: Double, height: Double, at centre: SIMD2<Double>,
                    palm: Double = 0.18, trackingID: Int = 1) -> HandObservation {
    let frameHeight = 360.0, frameWidth = 360.0 * aspect
    let points = hand.landmarks.map { SIMD2($0[0] * width, $0[1] * height) }
    let length = ((points[9] - points[0]) * (points[9] - points[0])).sum().squareRoot()
    let scale = palm * frameHeight / length
    let origin = palmCentre(hand.landmarks, width: width, height: height)
    let target = SIMD2(centre.x * frameWidth, centre.y * frameHeight)
    let joints = zip(points, hand.landmarks).map { point, landmark in
      let moved = target + (point - origin) * scale
      return Joint(x: moved.x / frameWidth, y: moved.y / frameHeight, z: landmark[2] * scale * width / frameWidth)
    }
    let world = (hand.world ?? []).map { SIMD3($0[0], $0[1], $0[2]) }
    return HandObservation(chirality: hand.chirality, chiralityConfidence: 0.95, confidence: 0.95, joints: joints,
                           worldJoints: world.isEmpty ? Array(repeating: .zero, count: 21) : world, trackingID: trackingID)
  }

  /// The events a recognizer gives on a sequence of frames at `fps`; with `pictures` (one per
  /// frame), it also sees where they changed.
  static func events(_ frames: [[HandObservation]], fps: Double = 25, settings: GestureSettings = GestureSettings(),
                     mirrored: Bool = false, pictures: [Frame]? = nil) -> [GestureEvent] {
    var recognizer = GestureRecognizer(settings: settings, mirrored: mirrored)
    var events: [GestureEvent] = []
    var motion = MotionTrail()
    for (index, hands) in frames.enumerated() {
      let time = Double(index) / fps
      if var picture = pictures?[index] {
        picture.timestamp = time
        motion.add(picture)
      }
      events += recognizer.process(hands, time: time, frame: index, aspectRatio: aspect, motion: pictures == nil ? nil : motion)
    }
    return events + recognizer.finish(time: Double(frames.count) / fps, frame: frames.count)
  }

  /// "hand gesture" for each action event.
  static func actions(_ events: [GestureEvent]) -> [String] {
    events.filter { $0.kind == .action }.map { "\($0.hand.rawValue) \($0.gesture)" }
  }
}

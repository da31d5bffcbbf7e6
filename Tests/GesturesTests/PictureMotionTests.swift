import Foundation
import HandPose
import Imaging
import TestSupport
import XCTest

@testable import Gestures

/// What the picture tells the gesture stage (`MotionTrail`). Swipes whose hand the engine lost
/// from the first frames of the motion, as on real footage at 10-17 fps (quic/sense
/// reactive_gesture_test_1.mp4 and a swipe demo of 87003697/Gesture_Recognition_Jester_Dmo, not
/// committed): the hand is seen still, then not at all while it sweeps across the picture blurred,
/// then again where it stops. Nothing in its landmarks says where it went; the picture does.
/// Built from the shared clip swipe_toward_image_left: MediaPipe's real landmarks with the moving
/// frames dropped, and the clip's real frames for the picture. And a picture that jumps (a cut,
/// the camera moved) is no motion of the hands.
final class PictureMotionTests: XCTestCase {
  /// The clip's landmarks (the left hand, still until frame ~9, then toward the image's left edge
  /// until ~28) and its frames.
  func clip() throws -> (hands: [ReferenceData.Hand?], pictures: [Frame]) {
    let hands = try ReferenceData.clip("swipe_toward_image_left").map { $0.first }
    let folder = try TestData.url("clips/swipe_toward_image_left")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.sorted()
    XCTAssertEqual(names.count, hands.count, "one reference entry per frame")
    let decoder = JPEGDecoder()
    return (hands, try names.map { try decoder.decodeFile(folder.appendingPathComponent($0).path) })
  }

  /// The hand on each frame, none on `lost`, with a new tracking ID after the gap.
  func frames(_ hands: [ReferenceData.Hand?], lost: ClosedRange<Int>) -> [[HandObservation]] {
    hands.enumerated().map { index, hand in
      guard let hand, !lost.contains(index) else { return [] }
      return [hand.observation(trackingID: index < lost.lowerBound ? 1 : 2, depth: true)]
    }
  }

  func testAStillHandLostForTheWholeSweepIsFoundByThePicture() throws {
    // The clip at twice its speed (every other frame, at 25 fps), as fast as the real blurred
    // sweeps: the hand is last seen still (frame 4), lost for the whole sweep (frames 6-24, 0.36
    // s) and found again where it stops, with a new tracking ID.
    let (hands, pictures) = try clip()
    for (every, fps) in [(2, 25.0), (4, 12.5)] {
      let kept = Array(stride(from: 0, to: hands.count, by: every))
      let sequence = frames(kept.map { hands[$0] }, lost: ((6 + every - 1) / every)...(24 / every))
      XCTAssertEqual(PlacedHands.actions(PlacedHands.events(sequence, fps: fps)), [],
                     "without the picture, a still hand lost and a hand found far away are not one hand (\(fps) fps)")
      XCTAssertEqual(PlacedHands.actions(PlacedHands.events(sequence, fps: fps, pictures: kept.map { pictures[$0] })),
                     ["left swipe_right"], "\(fps) fps")
    }
  }

  func testAHandFoundWhereNothingMovedIsNotTheLostHand() throws {
    // The same clip while the hand is still (frames 0-8): after the real hand's last sighting at
    // frame 3, a hand of the same side turns up 2.5 hand sizes above it, on the curtain, held
    // there (the real hand's landmarks moved). Nothing in the picture moved between the two:
    // that is not where the hand went, so no swipe.
    let (hands, pictures) = try clip()
    let still = try XCTUnwrap(hands[3])
    var above = still
    let palm = hypot((still.landmarks[9][0] - still.landmarks[0][0]) * PlacedHands.aspect, still.landmarks[9][1] - still.landmarks[0][1])
    above.landmarks = still.landmarks.map { [$0[0], $0[1] - 2.5 * palm, $0[2]] }
    var sequence: [[HandObservation]] = (0...3).map { [hands[$0]!.observation(trackingID: 1, depth: true)] }
    sequence += Array(repeating: [], count: 4)
    sequence += Array(repeating: [above.observation(trackingID: 2, depth: true)], count: 10)
    let stillPictures = Array(pictures[0..<sequence.count])
    XCTAssertEqual(PlacedHands.actions(PlacedHands.events(sequence, pictures: stillPictures)), [])
  }

  func testAHandRaisedAndSweptUnseenAtOnceSwipes() throws {
    // The action queue as it stood on the real quic/sense clip (16 fps, 640x480, not committed)
    // after its second swipe: the hand first seen rising from below (frame 31), seen once more
    // (33; it drifted 0.25 hand sizes along the swipe as it rose), unseen for the sweep, then
    // seen where it stopped (38, 39), and lost. Palm centres in the user's view, sizes and times
    // as measured there; the shape is the real open palm of hagrid_v2_palm. The swipe begins on
    // the second sighting: the first was the hand coming into view.
    let photo = try PlacedHands.photo("hagrid_v2_palm.jpg")
    let pose = PoseFeatures(HandShape(photo.hand.observation(), aspectRatio: photo.width / photo.height))
    let classifier = BuiltInPoseClassifier()
    let aspect = 640.0 / 480.0
    let sightings: [(time: Double, x: Double, y: Double, size: Double)] = [
      (1.875, 0.252, 0.621, 0.232), (2.0, 0.317, 0.479, 0.265), (2.3125, 1.164, 0.530, 0.186), (2.375, 1.143, 0.564, 0.190),
    ]
    var queue = ActionQueue(capacity: 45)
    for s in sightings {
      queue.append(time: s.time, palm: SIMD2(aspect - s.x, s.y), roll: 0, size: s.size, openness: classifier.openness(pose),
                   fingerOut: classifier.fingerOut(pose), pose: pose)
    }
    let found = BuiltInActionDetector().detect(&queue, handLost: true, aspectRatio: aspect)
    XCTAssertEqual(found.map { BuiltInActionDetector.labels[$0.action] }, "swipe_left")
  }

  func testAJumpOfThePictureIsNoMotionOfTheHand() throws {
    // The still frames of the clip (0-10), then a cut to the shared fist_then_thumbs_up (as when
    // a laptop's screen is tilted, or in an edited recording like a real make-up video, where the
    // hand's box jumped 350 pixels): the engine's tracking ID goes on, 1.5 hand sizes further on
    // each of the two frames after the cut, then still. The real open hand of hagrid_v2_palm,
    // placed. Read as a motion, that is a swipe; the picture says it was a jump.
    let (_, pictures) = try clip()
    let other = try JPEGDecoder().decodeFile(TestData.url("clips/fist_then_thumbs_up/0080.jpg").path)
    let photo = try PlacedHands.photo("hagrid_v2_palm.jpg")
    let step = 1.5 * 0.18 / PlacedHands.aspect
    let xs = Array(repeating: 0.3, count: 11) + [0.3 + step] + Array(repeating: 0.3 + 2 * step, count: 14)
    let sequence = xs.map { [PlacedHands.place(photo.hand, width: photo.width, height: photo.height, at: SIMD2($0, 0.5))] }
    let frames = Array(pictures[0...10]) + Array(repeating: other, count: xs.count - 11)
    XCTAssertEqual(PlacedHands.actions(PlacedHands.events(sequence)), ["left swipe_left"], "without the picture, a motion")
    XCTAssertEqual(PlacedHands.actions(PlacedHands.events(sequence, pictures: frames)), [])
  }
}

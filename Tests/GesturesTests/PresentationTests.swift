import Foundation
import HandPose
import XCTest

@testable import Gestures

/// Poses only when meant: a pose is presented while the hand is still and, for an open palm,
/// standing up with the palm toward the camera. Built from real hands of the shared photos (with
/// MediaPipe's 3-D joints) held or moved in a frame, and the real fist_then_thumbs_up landmarks.
final class PresentationTests: XCTestCase {
  /// Whether `gesture` was presented at the end of the sequence: its last pose or presentation
  /// event says so.
  func presentedAtEnd(_ events: [GestureEvent], _ gesture: String) -> Bool? {
    events.last { ($0.kind == .pose || $0.kind == .presentation) && $0.gesture == gesture }?.presented
  }

  func held(_ name: String, frames: Int = 40, at centre: SIMD2<Double> = SIMD2(0.5, 0.5),
            transform: (HandObservation) -> HandObservation = { $0 }) throws -> [[HandObservation]] {
    let photo = try PlacedHands.photo(name)
    return Array(repeating: [transform(PlacedHands.place(photo.hand, width: photo.width, height: photo.height, at: centre))],
                 count: frames)
  }

  func testAPalmHeldTowardTheCameraIsPresented() throws {
    for name in ["hagrid_v2_palm.jpg", "hagrid_v1_stop.jpg", "hagrid_v2_stop.jpg"] {
      let events = PlacedHands.events(try held(name))
      XCTAssertEqual(events.filter { $0.kind == .pose }.map(\.gesture), ["open_palm"], name)
      XCTAssertEqual(presentedAtEnd(events, "open_palm"), true, name)
    }
  }

  func testOtherPosesHeldStillArePresentedWhicheverWayTheyFace() throws {
    for (name, pose) in [("hagrid_v1_fist.jpg", "fist"), ("hagrid_v1_like.jpg", "thumbs_up"), ("hagrid_v1_peace_inverted.jpg", "victory")] {
      let events = PlacedHands.events(try held(name))
      XCTAssertEqual(presentedAtEnd(events, pose), true, name)
    }
  }

  /// `shape` (any units, y down) placed in the frame with its palm centre at the middle and its
  /// size 0.18 of the frame's height, as an observation without depth.
  func placed(_ shape: HandShape) -> HandObservation {
    let scale = 0.18 / shape.size, centre = shape.palmCentre
    let joints = JointName.allCases.map { joint -> Joint in
      let p = (shape[joint] - centre) * scale
      return Joint(x: 0.5 + p.x / PlacedHands.aspect, y: 0.5 + p.y, z: 0)
    }
    return HandObservation(chirality: shape.chirality, chiralityConfidence: 0.95, confidence: 0.95, joints: joints,
                           worldJoints: Array(repeating: .zero, count: 21), trackingID: 1)
  }

  func testAThumbThatDoesNotStandClearOfTheFistIsNotPresented() throws {
    // A TV host resting his fist with the thumb along its top (a real clip from a public
    // repository, not committed) read as a thumbs up held still, and the default rules raised the
    // volume: its thumb's tip stood 0.2-0.29 hand sizes above the fist's knuckles and middle
    // joints. The committed landmark sets show the same. Of kinivi's 4,787 webcam hands, fists
    // ("Close") held still for 1.6 s are recognised as a thumbs up 38 times and as a thumbs down
    // 10 times; their thumbs stand under 0.3 hand sizes clear that way, but for two of the thumbs
    // down: only those two are presented (all are, with `thumb_min_clearance -1`). Every one of
    // openhand's real thumbs up ("Super") and thumbs down ("Dislike") stands 0.52 or more clear,
    // and every one recognised as such is presented.
    func presented(_ shape: HandShape, settings: GestureSettings = GestureSettings()) -> (pose: String, presented: Bool)? {
      let events = PlacedHands.events(Array(repeating: [placed(shape)], count: 40), settings: settings)
      guard let pose = events.last(where: { $0.kind == .pose })?.gesture, pose == "thumbs_up" || pose == "thumbs_down" else { return nil }
      return (pose, presentedAtEnd(events, pose) == true)
    }
    var loose = GestureSettings()
    try loose.set("thumb_min_clearance", to: -1)
    var fists: [String: (read: Int, presented: Int)] = [:]
    for row in try ReferenceData.keypointRows() where row.label == 1 {
      let shape = HandShape(points: row.points.map { SIMD2(-$0.x, $0.y) }, chirality: .right)
      guard let result = presented(shape) else { continue }
      fists[result.pose, default: (0, 0)].read += 1
      if result.presented { fists[result.pose, default: (0, 0)].presented += 1 }
      XCTAssertEqual(presented(shape, settings: loose)?.presented, true, "thumb_min_clearance -1 turns the check off")
    }
    XCTAssertEqual(fists["thumbs_up"]?.read, 38)
    XCTAssertEqual(fists["thumbs_up"]?.presented, 0)
    XCTAssertEqual(fists["thumbs_down"]?.read, 10)
    XCTAssertEqual(fists["thumbs_down"]?.presented, 2)
    var thumbs = (read: 0, presented: 0)
    for (label, shape) in try ReferenceData.openHand() where label == "Super" || label == "Dislike" {
      guard let result = presented(shape), result.pose == ReferenceData.openHandPoses[label] else { continue }
      thumbs.read += 1
      if result.presented { thumbs.presented += 1 }
    }
    XCTAssertGreaterThan(thumbs.read, 800)
    XCTAssertEqual(thumbs.presented, thumbs.read)
  }

  func testThePalmOfAHandThatMovesIsNotPresented() throws {
    // The palm of hagrid_v2_palm circling as a hand does while its owner talks: 0.1 of the
    // frame's height around a point, once a second (about 3 hand sizes a second).
    let photo = try PlacedHands.photo("hagrid_v2_palm.jpg")
    let sequence = (0..<100).map { index -> [HandObservation] in
      let angle = 2 * Double.pi * Double(index) / 25
      let centre = SIMD2(0.5 + 0.1 * cos(angle) / PlacedHands.aspect, 0.5 + 0.1 * sin(angle))
      return [PlacedHands.place(photo.hand, width: photo.width, height: photo.height, at: centre)]
    }
    let events = PlacedHands.events(sequence)
    XCTAssertEqual(events.filter { $0.kind == .pose }.map(\.gesture), ["open_palm"], "the pose is still recognised")
    XCTAssertFalse(events.contains { $0.presented && $0.kind != .action }, "\(events)")
    // Looser in the rule file: up to 5 hand sizes a second counts as still.
    var loose = GestureSettings()
    loose.poseMaxSpeed = 5
    XCTAssertEqual(presentedAtEnd(PlacedHands.events(sequence, settings: loose), "open_palm"), true)
  }

  func testATwitchOfAHeldPalmDoesNotRestartItsHold() throws {
    // hagrid_v2_palm held still for 2 s, except that on two frames (0.08 s) in the middle it
    // jumps 0.3 hand sizes and back, as a hand held up twitches.
    let photo = try PlacedHands.photo("hagrid_v2_palm.jpg")
    let sequence = (0..<50).map { index -> [HandObservation] in
      let x = (25...26).contains(index) ? 0.5 + 0.3 * 0.18 / PlacedHands.aspect : 0.5
      return [PlacedHands.place(photo.hand, width: photo.width, height: photo.height, at: SIMD2(x, 0.5))]
    }
    let events = PlacedHands.events(sequence)
    XCTAssertEqual(events.filter { $0.kind == .presentation }.map(\.presented), [true], "\(events)")
  }

  func testTheBackOfAnOpenHandIsNotAPresentedPalm() throws {
    // hagrid_v2_stop_inverted: a real open hand with its back to the camera (as a guitar's
    // fretting hand, or a hand hanging by the side, shows it).
    let events = PlacedHands.events(try held("hagrid_v2_stop_inverted.jpg"))
    XCTAssertEqual(events.filter { $0.kind == .pose }.map(\.gesture), ["open_palm"])
    XCTAssertEqual(presentedAtEnd(events, "open_palm"), false)
    var off = GestureSettings()
    off.palmMinFacing = -1
    XCTAssertEqual(presentedAtEnd(PlacedHands.events(try held("hagrid_v2_stop_inverted.jpg"), settings: off), "open_palm"), true)
  }

  func testAPalmLyingSidewaysIsNotPresented() throws {
    // hagrid_v2_palm turned 90 degrees in the picture (fingers toward the image's side), its 3-D
    // joints turned the same way: a hand resting on a table edge or a guitar neck.
    func turned(_ hand: HandObservation) -> HandObservation {
      var hand = hand
      let centre = SIMD2(0.5 * PlacedHands.aspect, 0.5)
      hand.joints = hand.joints.map { joint in
        let offset = SIMD2(joint.x * PlacedHands.aspect, joint.y) - centre
        return Joint(x: (centre.x - offset.y) / PlacedHands.aspect, y: centre.y + offset.x, z: joint.z)
      }
      hand.worldJoints = hand.worldJoints.map { SIMD3(-$0.y, $0.x, $0.z) }
      return hand
    }
    let events = PlacedHands.events(try held("hagrid_v2_palm.jpg", transform: turned))
    XCTAssertEqual(events.filter { $0.kind == .pose }.map(\.gesture), ["open_palm"])
    XCTAssertEqual(presentedAtEnd(events, "open_palm"), false)
  }

  func testTheRealThumbsUpIsPresentedOnceHeld() throws {
    // fist_then_thumbs_up: the fist is raised (never still), the thumbs up is held from frame ~70.
    let clip = try ReferenceData.clip("fist_then_thumbs_up")
    let sequence = clip.map { $0.prefix(1).map { $0.observation(trackingID: 1, depth: true) } }
    let events = PlacedHands.events(sequence)
    XCTAssertEqual(events.filter { $0.kind == .pose }.map(\.gesture), ["fist", "thumbs_up"])
    let presented = try XCTUnwrap(events.first { $0.gesture == "thumbs_up" && $0.presented })
    XCTAssertTrue((60...80).contains(presented.frame), "thumbs up presented from frame \(presented.frame)")
    XCTAssertFalse(events.contains { $0.gesture == "thumbs_up" && !$0.presented && $0.frame > presented.frame })
  }
}

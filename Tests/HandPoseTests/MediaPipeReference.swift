import Foundation
import TestSupport

/// What MediaPipe Hands 0.10.14 reported on the shared photos and clips
/// (`reference/mediapipe-0.10.14` in the test data): the expected values of the parity tests.
struct MediaPipeReference {
  struct Hand: Decodable {
    /// The person's real hand on these un-mirrored images.
    let apparent: String
    let landmarks: [[Double]]
  }
  struct Photo: Decodable {
    let width: Int
    let height: Int
    let hands: [Hand]
  }
  struct ClipFrame: Decodable {
    let frame: String
    let hands: [Hand]
  }
  private struct Photos: Decodable { let photos: [String: Photo] }
  private struct Clip: Decodable { let frames: [ClipFrame] }

  static func photos() throws -> [String: Photo] {
    let url = try TestData.url("reference/mediapipe-0.10.14/photos.json")
    return try JSONDecoder().decode(Photos.self, from: Data(contentsOf: url)).photos
  }

  static func clip(_ name: String) throws -> [ClipFrame] {
    let url = try TestData.url("reference/mediapipe-0.10.14/clips/\(name).json")
    return try JSONDecoder().decode(Clip.self, from: Data(contentsOf: url)).frames
  }

  static let clipNames = [
    "swipe_toward_image_left", "swipe_toward_image_right", "swipe_toward_image_top",
    "swipe_toward_image_bottom", "fist_then_thumbs_up", "open_hand_rising",
  ]
}

import Foundation
import HandPose
import TestSupport
import XCTest

@testable import Gestures

/// Readers of the shared real data the tests use (../shared/data, see its README): MediaPipe
/// 0.10.14's own landmarks of the photos and clips, the photo labels, the kinivi keypoint CSV.
enum ReferenceData {
  struct Hand {
    /// The person's real hand ("apparent" in the reference files: un-mirrored images).
    var chirality: Chirality
    /// 21 [x, y, z], normalised to the image (x right, y down).
    var landmarks: [[Double]]
    /// 21 [x, y, z] in metres (MediaPipe's world landmarks), when the file has them.
    var world: [[Double]]? = nil

    /// The observation; with `depth`, carrying the world landmarks as its 3-D joints (otherwise
    /// zeros, as from a 2-D source).
    func observation(trackingID: Int = 0, depth: Bool = false) -> HandObservation {
      let worldJoints = depth ? (world ?? []).map { SIMD3($0[0], $0[1], $0[2]) } : Array(repeating: .zero, count: 21)
      return HandObservation(chirality: chirality, chiralityConfidence: 1, confidence: 1,
                             joints: landmarks.map { Joint(x: $0[0], y: $0[1], z: $0[2]) },
                             worldJoints: worldJoints, trackingID: trackingID)
    }

    /// The same hand on the horizontally flipped image: x -> 1 - x, chirality swapped (the
    /// person's hand looks like the other one in a mirror image).
    func flipped() -> Hand {
      Hand(chirality: chirality.opposite, landmarks: landmarks.map { [1 - $0[0], $0[1], $0[2]] },
           world: world?.map { [-$0[0], $0[1], $0[2]] })
    }
  }

  struct Photo {
    var name: String
    var width: Double
    var height: Double
    var hands: [Hand]
  }

  private struct HandRecord: Decodable {
    var apparent: String
    var landmarks: [[Double]]
    var world_landmarks: [[Double]]?
    var hand: Hand { Hand(chirality: Chirality(rawValue: apparent)!, landmarks: landmarks, world: world_landmarks) }
  }

  private struct PhotosFile: Decodable {
    struct Entry: Decodable {
      var width: Double
      var height: Double
      var hands: [HandRecord]
    }
    var photos: [String: Entry]
  }

  private struct ClipFile: Decodable {
    struct Frame: Decodable { var hands: [HandRecord] }
    var frames: [Frame]
  }

  static let reference = "reference/mediapipe-0.10.14"

  /// MediaPipe's landmarks for every photo, by file name order.
  static func photos() throws -> [Photo] {
    let data = try Data(contentsOf: TestData.url("\(reference)/photos.json"))
    let file = try JSONDecoder().decode(PhotosFile.self, from: data)
    return file.photos.keys.sorted().map { name in
      let entry = file.photos[name]!
      return Photo(name: name, width: entry.width, height: entry.height, hands: entry.hands.map(\.hand))
    }
  }

  /// MediaPipe's landmarks for every frame of a clip (25 fps, 640x360), in order.
  static func clip(_ name: String) throws -> [[Hand]] {
    let data = try Data(contentsOf: TestData.url("\(reference)/clips/\(name).json"))
    return try JSONDecoder().decode(ClipFile.self, from: data).frames.map { $0.hands.map(\.hand) }
  }

  /// The gesture column of photos/labels.csv by file name ("" where none applies).
  static func photoLabels() throws -> [String: String] {
    let text = try String(contentsOf: TestData.url("photos/labels.csv"), encoding: .utf8)
    var labels: [String: String] = [:]
    for line in text.split(whereSeparator: \.isNewline).dropFirst() {
      let fields = line.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false)
      labels[String(fields[0])] = String(fields[1])
    }
    return labels
  }

  /// The project's pose name for a labels.csv gesture ("pointing(at camera)" -> pointing,
  /// "open_palm/stop" -> open_palm, ...), or nil where the photo shows no project gesture.
  static func projectPose(_ label: String) -> String? {
    guard !label.isEmpty else { return nil }
    let base = label.split(separator: "(")[0].split(separator: "/")[0]
    return base == "pointing_up" ? "pointing" : String(base)
  }

  /// kinivi's keypoint_mediapipe.csv: class (0 open, 1 fist, 2 pointing, 3 ok) and 21 (x, y)
  /// relative to the wrist, divided by the row's largest absolute value, from MIRRORED frames.
  static func keypointRows() throws -> [(label: Int, points: [SIMD2<Double>])] {
    let text = try String(contentsOf: TestData.url("landmarks/keypoint_mediapipe.csv"), encoding: .utf8)
    return text.split(whereSeparator: \.isNewline).map { line in
      let values = line.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! }
      return (Int(values[0]), (0..<21).map { SIMD2(values[1 + 2 * $0], values[2 + 2 * $0]) })
    }
  }

  /// The openhand (pose-classification-kit) files, read by the product's own reader: label from
  /// the file name, one shape per entry.
  static func openHand() throws -> [(label: String, shape: HandShape)] {
    let folder = try TestData.url("landmarks/openhand")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
    var result: [(String, HandShape)] = []
    for file in files {
      let label = file.replacingOccurrences(of: "_left_hand.json", with: "").replacingOccurrences(of: "_right_hand.json", with: "")
      for shape in try LandmarkFile.hands(contentsOf: folder.appendingPathComponent(file)) { result.append((label, shape)) }
    }
    return result
  }

  /// The built-in pose each openhand class stands for (nil: "0", the O-shaped confuser).
  static let openHandPoses: [String: String] = [
    "5": "open_palm", "Stop": "open_palm", "Fight_Fist": "fist", "Power_Fist": "fist", "Super": "thumbs_up",
    "Dislike": "thumbs_down", "2": "victory", "1": "pointing", "Ok": "ok",
  ]
}

/// The label with the highest probability.
func best(_ probabilities: [Double], labels: [String] = BuiltInPoseClassifier.labels) -> String {
  labels[probabilities.indices.max { probabilities[$0] < probabilities[$1] }!]
}

import Foundation
import Imaging

/// What the landmark model says about one region.
struct LandmarkResult {
  /// The 21 joints normalised to the frame; z relative to the wrist, scaled like x.
  var joints: [Joint]
  /// Joints in metres, rotated back into the frame's orientation.
  var worldJoints: [SIMD3<Double>]
  /// Hand presence, 0...1.
  var presence: Double
  /// The model's probability of MediaPipe's label "Left", which assumes a mirrored (selfie)
  /// frame: on an un-mirrored frame a high value means the person's right hand.
  var mirroredLeftScore: Double
}

/// Input: a frame and a hand's rotated square region. Output: the hand's joints on the frame.
///
/// The region is resampled into the model's 224x224 input (edges replicated), and the model's
/// 21 (x, y, z) in crop pixels are normalised by 224 (z also by 0.4, MediaPipe's normalize_z) and
/// projected back through the region's rotation, size and centre (MediaPipe's
/// `hand_landmark_cpu.pbtxt`: TensorsToLandmarks, LandmarkProjection, WorldLandmarkProjection).
final class HandLandmarker {
  let model: InferenceModel
  private let size = 224
  private var raw = [Float](repeating: 0, count: 63)
  private var rawWorld = [Float](repeating: 0, count: 63)
  /// Wall seconds the model itself took on the last call (the rest is resampling and projection).
  private(set) var lastModelSeconds = 0.0

  init(model: InferenceModel) throws {
    let shapes = model.outputShapes.map { $0.reduce(1, *) }
    guard model.inputShapes.first == [1, size, size, 3], shapes.count >= 4,
          shapes[0] == 63, shapes[1] == 1, shapes[2] == 1, shapes[3] == 63 else {
      throw InferenceError.unexpectedModel(path: model.path, reason: "not MediaPipe's hand landmark model (shapes \(model.inputShapes) -> \(model.outputShapes))")
    }
    self.model = model
  }

  func landmarks(in frame: Frame, region: RotatedRect) throws -> LandmarkResult {
    try model.writeInput(0) { input in
      RegionSampler.sample(frame, region, border: .replicate, into: input.baseAddress!, width: size, height: size)
    }
    let start = DispatchTime.now().uptimeNanoseconds
    try model.run()
    lastModelSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    try model.readOutput(0) { out in _ = raw.withUnsafeMutableBufferPointer { $0.update(fromContentsOf: out) } }
    try model.readOutput(3) { out in _ = rawWorld.withUnsafeMutableBufferPointer { $0.update(fromContentsOf: out) } }
    let presence = try model.readOutput(1) { Double($0[0]) }
    let left = try model.readOutput(2) { Double($0[0]) }

    let c = cos(region.rotation), s = sin(region.rotation)
    let scale = 1 / Double(size)
    var joints: [Joint] = []
    var world: [SIMD3<Double>] = []
    joints.reserveCapacity(21)
    world.reserveCapacity(21)
    for j in 0..<21 {
      let x = Double(raw[j * 3]) * scale - 0.5, y = Double(raw[j * 3 + 1]) * scale - 0.5
      let z = Double(raw[j * 3 + 2]) * scale / 0.4
      joints.append(Joint(x: (c * x - s * y) * region.width + region.centerX,
                          y: (s * x + c * y) * region.height + region.centerY,
                          z: z * region.width, confidence: presence))
      let wx = Double(rawWorld[j * 3]), wy = Double(rawWorld[j * 3 + 1])
      world.append(SIMD3(c * wx - s * wy, s * wx + c * wy, Double(rawWorld[j * 3 + 2])))
    }
    return LandmarkResult(joints: joints, worldJoints: world, presence: presence, mirroredLeftScore: left)
  }
}

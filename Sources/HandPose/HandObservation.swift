/// One joint of an observed hand.
public struct Joint: Sendable, Equatable {
  /// Position normalised to the frame: x right, y down, origin top-left (Vision's origin is the
  /// bottom-left: flip y when porting code from Vision).
  public var x: Double
  public var y: Double
  /// Depth relative to the wrist, in the same units as x (smaller is nearer the camera).
  public var z: Double
  /// How sure the model is of this joint, 0...1 (the hand-landmark model gives one score per
  /// hand, so every joint of a hand carries the hand's presence score).
  public var confidence: Double

  public init(x: Double, y: Double, z: Double = 0, confidence: Double = 1) {
    self.x = x
    self.y = y
    self.z = z
    self.confidence = confidence
  }
}

/// An axis-aligned box normalised to the frame (origin top-left, y down).
public struct NormalizedBox: Sendable, Equatable {
  public var x: Double, y: Double, width: Double, height: Double
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}

/// One hand found on a frame.
public struct HandObservation: Sendable {
  /// The person's real hand (the camera's mirroring is already taken into account).
  public var chirality: Chirality
  /// How sure the model is of `chirality`, 0.5...1.
  public var chiralityConfidence: Double
  /// The hand-presence score of the landmark model, 0...1.
  public var confidence: Double
  /// The 21 joints in `JointName` order.
  public var joints: [Joint]
  /// The 21 joints in metres, origin near the hand's centre (x right, y down, z away from the
  /// camera), as the model's world landmarks give them.
  public var worldJoints: [SIMD3<Double>]
  /// Identity kept while the tracker follows the same hand from frame to frame.
  public var trackingID: Int

  public init(chirality: Chirality, chiralityConfidence: Double, confidence: Double,
              joints: [Joint], worldJoints: [SIMD3<Double>], trackingID: Int = 0) {
    precondition(joints.count == JointName.allCases.count, "a hand has 21 joints")
    self.chirality = chirality
    self.chiralityConfidence = chiralityConfidence
    self.confidence = confidence
    self.joints = joints
    self.worldJoints = worldJoints
    self.trackingID = trackingID
  }

  /// The joint by name.
  public subscript(_ name: JointName) -> Joint { joints[name.rawValue] }

  /// The joints of a group, base to tip.
  public func joints(in group: JointGroup) -> [Joint] { group.joints.map { joints[$0.rawValue] } }

  /// The smallest box around all 21 joints.
  public var boundingBox: NormalizedBox {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    for joint in joints {
      minX = min(minX, joint.x); maxX = max(maxX, joint.x)
      minY = min(minY, joint.y); maxY = max(maxY, joint.y)
    }
    return NormalizedBox(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}

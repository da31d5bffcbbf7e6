import HandPose

/// One hand as the preview draws it: plain data, filled in by the agent.
public struct PreviewHand: Sendable {
  /// The person's real hand.
  public var chirality: Chirality
  /// The 21 joints in `JointName` order, normalised to the frame (x right, y down, origin
  /// top-left).
  public var joints: [Joint]
  /// The current pose with its confidence, as shown (for example "open_palm 0.93"), or nil.
  public var pose: String?
  /// The last action with its confidence (for example "swipe_left 0.88"), or nil.
  public var action: String?

  public init(chirality: Chirality, joints: [Joint], pose: String? = nil, action: String? = nil) {
    self.chirality = chirality
    self.joints = joints
    self.pose = pose
    self.action = action
  }

  /// The hand of an observation.
  public init(_ observation: HandObservation, pose: String? = nil, action: String? = nil) {
    self.init(chirality: observation.chirality, joints: observation.joints, pose: pose, action: action)
  }

  /// The number of joints of a hand.
  static let jointCount = JointName.allCases.count

  /// The bones drawn between joints: each digit from the wrist to its tip, and the knuckle line
  /// across the palm (MediaPipe's 21 hand connections).
  static let bones: [(JointName, JointName)] = {
    var bones: [(JointName, JointName)] = []
    for digit in [JointGroup.thumb, .indexFinger, .middleFinger, .ringFinger, .littleFinger] {
      let joints = digit.joints
      if digit == .thumb || digit == .indexFinger || digit == .littleFinger { bones.append((.wrist, joints[0])) }
      for i in 1..<joints.count { bones.append((joints[i - 1], joints[i])) }
    }
    bones += [(.indexMCP, .middleMCP), (.middleMCP, .ringMCP), (.ringMCP, .littleMCP)]
    return bones
  }()

  /// The colour of a hand's joints and label: the left hand sky blue, the right hand orange.
  public static func color(of chirality: Chirality) -> PreviewColor {
    chirality == .left ? PreviewColor(red: 0, green: 190, blue: 255) : PreviewColor(red: 255, green: 130, blue: 0)
  }

  /// The colour of the bones.
  public static let boneColor = PreviewColor(red: 255, green: 255, blue: 255)
}

/// The 21 joints of a hand, in the order the hand-landmark model returns them (raw value = index).
///
/// ```
///                 middleTip
///       indexTip    |    ringTip
///          |     middleDIP  |     littleTip
///      indexDIP     |    ringDIP      |
///          |     middlePIP  |     littleDIP
///      indexPIP     |    ringPIP      |
///          |     middleMCP  |     littlePIP
///      indexMCP     |    ringMCP      |
///   thumbTip  \     |     /       littleMCP
///      |       \    |    /       /
///   thumbIP     \   |   /      /
///       \        \  |  /     /
///     thumbMP     \ | /    /
///         \        \|/   /
///       thumbCMC -- wrist
/// ```
/// Names follow Apple Vision (`VNHumanHandPoseObservation.JointName`): CMC, MP, IP for the thumb;
/// MCP, PIP, DIP for the fingers; "little" for the smallest finger.
public enum JointName: Int, CaseIterable, Sendable, Codable {
  case wrist = 0
  case thumbCMC, thumbMP, thumbIP, thumbTip
  case indexMCP, indexPIP, indexDIP, indexTip
  case middleMCP, middlePIP, middleDIP, middleTip
  case ringMCP, ringPIP, ringDIP, ringTip
  case littleMCP, littlePIP, littleDIP, littleTip
}

/// Groups of joints: one per digit, and all of them.
public enum JointGroup: Sendable, CaseIterable {
  case thumb, indexFinger, middleFinger, ringFinger, littleFinger, all

  /// The joints of this group from the base of the digit to its tip (`all`: every joint in order).
  public var joints: [JointName] {
    switch self {
    case .thumb: return [.thumbCMC, .thumbMP, .thumbIP, .thumbTip]
    case .indexFinger: return [.indexMCP, .indexPIP, .indexDIP, .indexTip]
    case .middleFinger: return [.middleMCP, .middlePIP, .middleDIP, .middleTip]
    case .ringFinger: return [.ringMCP, .ringPIP, .ringDIP, .ringTip]
    case .littleFinger: return [.littleMCP, .littlePIP, .littleDIP, .littleTip]
    case .all: return JointName.allCases
    }
  }
}

/// Which hand of the person: their real left or right hand, whatever the camera does.
public enum Chirality: String, Sendable, Codable, CaseIterable {
  case left, right

  /// The other hand.
  public var opposite: Chirality { self == .left ? .right : .left }
}

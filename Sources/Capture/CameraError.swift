import Foundation

/// Why a camera could not be opened or stopped delivering frames, with the device path and what
/// the user can do about it.
public enum CameraError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No device node at that path (or the node has no hardware behind it).
  case noSuchCamera(device: String)
  /// Another program is using the camera.
  case busy(device: String, call: String)
  /// The user may not open the device node.
  case permissionDenied(device: String)
  /// The camera went away while in use (ENODEV); `CameraSource` retries until it returns.
  case unplugged(device: String, call: String)
  /// The node is not a video capture device (for example a UVC metadata node, or not V4L2 at all).
  case notACamera(device: String, reason: String)
  /// The camera offers no format gestured can turn into RGB.
  case noUsableFormat(device: String, offered: [PixelFormat])
  /// No frame arrived for `seconds` although streaming was on.
  case stalled(device: String, seconds: Double)
  /// Any other failed call, with the errno text.
  case failed(device: String, call: String, reason: String)

  /// The device path the error is about.
  public var device: String {
    switch self {
    case .noSuchCamera(let d), .busy(let d, _), .permissionDenied(let d), .unplugged(let d, _),
         .notACamera(let d, _), .noUsableFormat(let d, _), .stalled(let d, _), .failed(let d, _, _):
      return d
    }
  }

  /// Whether waiting may cure it: the camera was unplugged or stalled mid-stream.
  public var isTransient: Bool {
    switch self {
    case .unplugged, .stalled: return true
    default: return false
    }
  }

  public var description: String {
    switch self {
    case .noSuchCamera(let device):
      return "\(device): no such camera; see 'gestured devices'"
    case .busy(let device, let call):
      return "\(device): the camera is busy (\(call): another program is using it); close that program (fuser \(device) names it) and try again"
    case .permissionDenied(let device):
      return "\(device): permission denied; cameras belong to the 'video' group: run 'sudo usermod -aG video $USER', then log out and back in"
    case .unplugged(let device, let call):
      return "\(device): the camera was unplugged (\(call): No such device)"
    case .notACamera(let device, let reason):
      return "\(device): not a video capture device (\(reason)); see 'gestured devices'"
    case .noUsableFormat(let device, let offered):
      let list = offered.map(\.description).joined(separator: ", ")
      return "\(device): the camera offers no format gestured can read (offered: \(list.isEmpty ? "none" : list))"
    case .stalled(let device, let seconds):
      return "\(device): no frame for \(FrameInterval.rateText(seconds)) s although the camera is streaming"
    case .failed(let device, let call, let reason):
      return "\(device): \(call): \(reason)"
    }
  }

  /// The error a failed device call means for the user, from its errno.
  static func from(_ error: DeviceCallError, device: String) -> CameraError {
    switch error.code {
    case ENOENT where error.call == "open", ENXIO where error.call == "open", ENODEV where error.call == "open":
      return .noSuchCamera(device: device)
    case EBUSY: return .busy(device: device, call: error.call)
    case EACCES, EPERM: return .permissionDenied(device: device)
    case ENODEV: return .unplugged(device: device, call: error.call)
    case ENOTTY where error.call == "VIDIOC_QUERYCAP":
      return .notACamera(device: device, reason: "\(error.call): \(ErrnoText.of(error.code))")
    default: return .failed(device: device, call: error.call, reason: ErrnoText.of(error.code))
    }
  }
}

/// What a camera offers in one pixel format: its sizes and, for each, its frame intervals
/// (VIDIOC_ENUM_FMT, VIDIOC_ENUM_FRAMESIZES, VIDIOC_ENUM_FRAMEINTERVALS).
public struct FormatOffer: Sendable, Equatable {
  public var format: FormatDescription
  /// Empty when the driver does not enumerate sizes.
  public var sizes: [SizeOffer]

  public init(format: FormatDescription, sizes: [SizeOffer]) {
    self.format = format
    self.sizes = sizes
  }
}

/// One size (or range of sizes) of a format, with the frame intervals offered at it.
public struct SizeOffer: Sendable, Equatable {
  public var size: FrameSizeEntry
  /// Empty when the driver does not enumerate intervals. For a range of sizes, the intervals
  /// offered at its largest size (which a smaller size can only match or beat).
  public var intervals: [FrameIntervalEntry]

  public init(size: FrameSizeEntry, intervals: [FrameIntervalEntry]) {
    self.size = size
    self.intervals = intervals
  }
}

/// One camera as `gestured devices` shows it.
public struct CameraDescription: Sendable, Equatable {
  /// The device node, `/dev/video0`.
  public var device: String
  public var capabilities: DeviceCapabilities
  /// The formats the camera itself delivers (libv4l2's emulated ones left out).
  public var offers: [FormatOffer]
}

/// Reading what cameras offer.
public enum CameraOffers {
  /// Enough for any real driver; a buggy one that never ends its lists stops here.
  static let maximumEntries = 256

  /// Every native format of an open device with its sizes and intervals.
  static func enumerate(_ calls: any VideoDeviceCalls, _ fd: Int32) throws(DeviceCallError) -> [FormatOffer] {
    var offers: [FormatOffer] = []
    for index in 0..<maximumEntries {
      guard let format = try calls.format(fd, at: index) else { break }
      if format.isEmulated { continue }
      var sizes: [SizeOffer] = []
      for sizeIndex in 0..<maximumEntries {
        guard let entry = try calls.frameSize(fd, format: format.format, at: sizeIndex) else { break }
        let probe: FrameSize
        switch entry {
        case .discrete(let size): probe = size
        case .stepwise(_, let maximum, _): probe = maximum
        }
        var intervals: [FrameIntervalEntry] = []
        for intervalIndex in 0..<maximumEntries {
          guard let interval = try calls.frameInterval(fd, format: format.format, size: probe, at: intervalIndex) else { break }
          intervals.append(interval)
          if case .stepwise = interval { break }
        }
        sizes.append(SizeOffer(size: entry, intervals: intervals))
        if case .stepwise = entry { break }
      }
      offers.append(FormatOffer(format: format, sizes: sizes))
    }
    return offers
  }

  /// Every camera present: for each `/dev/video*` node, what it is and what it offers, or why it
  /// could not be read (busy, permission denied, ...).
  public static func list(calls: any VideoDeviceCalls = LibV4L2Calls()) -> [Result<CameraDescription, CameraError>] {
    calls.devicePaths().map { path in
      let fd: Int32
      do throws(DeviceCallError) { fd = try calls.open(path) } catch { return .failure(CameraError.from(error, device: path)) }
      defer { calls.close(fd) }
      do throws(DeviceCallError) {
        let capabilities = try calls.capabilities(fd)
        let offers = capabilities.capturesVideo ? try enumerate(calls, fd) : []
        return .success(CameraDescription(device: path, capabilities: capabilities, offers: offers))
      } catch {
        return .failure(CameraError.from(error, device: path))
      }
    }
  }
}

extension CameraDescription {
  /// Several lines: the device and its name, one line per format and size with its rates, and
  /// the mode default settings choose.
  /// ```
  /// /dev/video0: HD Webcam C270 (uvcvideo, usb-0000:00:14.0-1)
  ///   MJPG (Motion-JPEG) 640x480 at 30, 25, 20, 15, 10, 5 fps
  ///   default mode: 640x480 MJPG at 30 fps
  /// ```
  public var text: String {
    let caps = capabilities
    var lines = ["\(device): \(caps.card) (\(caps.driver), \(caps.busInfo))"]
    guard caps.capturesVideo else {
      return lines[0] + "\n  not a video capture device (a metadata or output node); skip it"
    }
    if offers.isEmpty { lines.append("  (the driver lists no formats)") }
    for offer in offers {
      let label = "  \(offer.format.format) (\(offer.format.name))"
      if offer.sizes.isEmpty { lines.append("\(label) (sizes not listed by the driver)") }
      for size in offer.sizes {
        lines.append("\(label) \(Self.text(size.size))\(Self.text(size.intervals))")
      }
    }
    if let mode = CameraMode.choose(from: offers, settings: CameraSettings()) {
      lines.append("  default mode: \(mode)")
    }
    return lines.joined(separator: "\n")
  }

  static func text(_ size: FrameSizeEntry) -> String {
    switch size {
    case .discrete(let size): return size.description
    case .stepwise(let minimum, let maximum, let step):
      return "\(minimum) to \(maximum) in steps of \(step)"
    }
  }

  static func text(_ intervals: [FrameIntervalEntry]) -> String {
    var rates: [String] = []
    for interval in intervals {
      switch interval {
      case .discrete(let interval): rates.append(FrameInterval.rateText(interval.framesPerSecond))
      case .stepwise(let minimum, let maximum, _):
        rates.append("\(FrameInterval.rateText(maximum.framesPerSecond)) to \(FrameInterval.rateText(minimum.framesPerSecond))")
      }
    }
    return rates.isEmpty ? "" : " at \(rates.joined(separator: ", ")) fps"
  }
}

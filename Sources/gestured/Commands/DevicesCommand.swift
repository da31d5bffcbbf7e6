import Capture

/// `gestured devices [DEVICE]`: the cameras on this machine and what they offer.
enum DevicesCommand: Subcommand {
  static let name = "devices"
  static let abstract = "List the cameras (/dev/video*) with their formats, sizes and frame rates."
  static let usage = "[DEVICE]"
  static let discussion = """
    For each video device node: its name, driver and bus; each format it delivers (MJPG, YUYV,
    ...) with its frame sizes and the frame rates at each size; and the mode 'gestured run' would
    use by default (640x480 at the highest rate up to 60 fps, or the nearest size offered).
    Nodes that capture no video (the metadata nodes UVC cameras add) are named and marked.
    A node that cannot be opened is listed with the reason and what to do (busy: another program
    has the camera; permission denied: join the 'video' group).
    DEVICE (a path such as /dev/video2, or an index such as 2) lists that node only.

    Exit status: 0 when at least one camera can be used, 1 when none can (including when there
    is no /dev/video* node at all: "no cameras found"), 64 on a usage error.
    """
  static let options: [OptionSpec] = []

  static func run(_ arguments: ParsedArguments) throws -> Int32 {
    guard arguments.positionals.count <= 1 else { throw UsageError("unexpected argument '\(arguments.positionals[1])'") }
    var results = CameraOffers.list()
    if let wanted = arguments.positionals.first {
      let path = Camera.devicePath(wanted)
      results = results.filter { result in
        switch result {
        case .success(let camera): return camera.device == path
        case .failure(let error): return error.device == path
        }
      }
      guard !results.isEmpty else {
        printError("gestured devices: error: \(CameraError.noSuchCamera(device: path))")
        return 1
      }
    }
    guard !results.isEmpty else {
      printError("gestured devices: no cameras found (looked at /dev/video*); is a camera plugged in? "
                 + "'lsusb' lists USB devices, 'dmesg' shows whether the uvcvideo driver took it")
      return 1
    }
    var usable = 0
    for result in results {
      switch result {
      case .success(let camera):
        emit(camera.text)
        if camera.capabilities.capturesVideo { usable += 1 }
      case .failure(let error):
        emit("\(error)")
      }
    }
    if usable == 0 { printError("gestured devices: no usable camera among \(results.count) video device nodes") }
    return usable > 0 ? 0 : 1
  }
}

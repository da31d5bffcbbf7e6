// swift-tools-version:6.0
// gestured: hand poses and actions from a webcam, mapped to X11 keys and commands.
// Module layout and conventions: DESIGN.md in the shared folder; docs/architecture.md here.
import PackageDescription

let package = Package(
  name: "gestured",
  products: [
    .executable(name: "gestured", targets: ["gestured"])
  ],
  targets: [
    // C seams: one per C library.
    .target(name: "CLiteRT", linkerSettings: [.linkedLibrary("dl")]),
    .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg",
                   providers: [.apt(["libturbojpeg0-dev"])]),
    .systemLibrary(name: "CX11", pkgConfig: "x11 xtst",
                   providers: [.apt(["libx11-dev", "libxtst-dev"])]),
    .systemLibrary(name: "CV4L2", pkgConfig: "libv4l2", providers: [.apt(["libv4l-dev"])]),
    .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),

    // The data path.
    .target(name: "Imaging", dependencies: ["CTurboJPEG"]),
    .target(name: "HandPose", dependencies: ["CLiteRT", "Imaging"]),
    .target(name: "Gestures", dependencies: ["HandPose", "Imaging"]),
    .target(name: "Desktop", dependencies: ["CX11", "Imaging", "HandPose"]),
    .target(name: "Rules", dependencies: ["Gestures", "HandPose", "CX11", "SessionBus"]),
    .target(name: "Capture", dependencies: ["CV4L2", "Imaging"]),
    .target(name: "SessionBus", dependencies: ["CDBus"]),

    .target(name: "Agent", dependencies: ["Capture", "Desktop", "Gestures", "HandPose", "Imaging", "Rules", "SessionBus"]),

    // The command line.
    .executableTarget(name: "gestured", dependencies: ["Agent", "Capture", "Desktop", "Gestures", "HandPose", "Imaging", "Rules", "SessionBus"]),

    // Tests mirror Sources/. TestSupport finds the real data (GESTURED_TESTDATA) and the binary.
    .target(name: "TestSupport", dependencies: ["CX11"], path: "Tests/TestSupport"),
    .testTarget(name: "ImagingTests", dependencies: ["Imaging", "TestSupport"]),
    .testTarget(name: "HandPoseTests", dependencies: ["HandPose", "Imaging", "TestSupport"]),
    .testTarget(name: "GesturesTests", dependencies: ["Gestures", "Imaging", "TestSupport"]),
    .testTarget(name: "RulesTests", dependencies: ["Rules", "Gestures", "HandPose", "CX11", "SessionBus", "TestSupport"]),
    .testTarget(name: "DesktopTests", dependencies: ["Desktop", "CX11", "Imaging", "HandPose", "TestSupport"]),
    .testTarget(name: "CaptureTests", dependencies: ["Capture", "Imaging", "TestSupport"]),
    .testTarget(name: "SessionBusTests", dependencies: ["SessionBus", "TestSupport"]),
    .testTarget(name: "CommandLineTests", dependencies: ["Imaging", "Gestures", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

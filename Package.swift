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

    // The data path.
    .target(name: "Imaging", dependencies: ["CTurboJPEG"]),
    .target(name: "HandPose", dependencies: ["CLiteRT", "Imaging"]),
    .target(name: "Gestures", dependencies: ["HandPose"]),

    // The command line.
    .executableTarget(name: "gestured", dependencies: ["HandPose", "Imaging", "Gestures"]),

    // Tests mirror Sources/. TestSupport finds the real data (GESTURED_TESTDATA) and the binary.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "ImagingTests", dependencies: ["Imaging", "TestSupport"]),
    .testTarget(name: "GesturesTests", dependencies: ["Gestures", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

import Foundation
import Capture
import Imaging

/// One clip's frames as JPEG bytes.
struct BenchClip {
  let name: String
  let path: String
  /// File names of the frames, in order, and their bytes.
  let frameNames: [String]
  let frames: [Data]

  static func load(_ source: String) throws -> [BenchClip] {
    try folders(source).map { folder in
      let paths = try FrameFolderSource(folder: folder).framePaths
      return BenchClip(name: (folder as NSString).lastPathComponent, path: folder,
                       frameNames: paths.map { ($0 as NSString).lastPathComponent },
                       frames: try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) })
    }
  }

  /// The clip folders of `source`: itself when it is one, else the frame folders in it.
  static func folders(_ source: String) throws -> [String] {
    let folders: [String]
    if (try? FrameFolderSource(folder: source)) != nil {
      folders = [source]
    } else {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: source)) ?? []
      folders = names.sorted().map { (source as NSString).appendingPathComponent($0) }.filter { (try? FrameFolderSource(folder: $0)) != nil }
    }
    guard !folders.isEmpty else { throw CommandError("\(source): no frame folders here") }
    return folders
  }
}

extension BenchClip {
  /// The clips with every frame centred on a black `width` x `height` canvas (letterbox bars,
  /// no scaling), written as JPEG frame folders under `folder`, so both sides of the bench read
  /// the same padded frames; the frames are read one at a time from `source` (a clip folder or a
  /// folder of them). A frame larger than the canvas is an error.
  static func padded(_ source: String, width: Int, height: Int, into folder: String) throws -> [BenchClip] {
    let decoder = JPEGDecoder(), encoder = JPEGEncoder(quality: 95)
    var frame = Frame(width: 0, height: 0)
    var canvas = Frame(width: width, height: height)
    for clip in try folders(source) {
      let clipFolder = (folder as NSString).appendingPathComponent((clip as NSString).lastPathComponent)
      try FileManager.default.createDirectory(atPath: clipFolder, withIntermediateDirectories: true)
      for path in try FrameFolderSource(folder: clip).framePaths {
        frame = try decoder.decodeFile(path)
        guard frame.width <= width, frame.height <= height else {
          throw CommandError("\(path) is \(frame.width)x\(frame.height), larger than --pad-to \(width)x\(height)")
        }
        let left = (width - frame.width) / 2, top = (height - frame.height) / 2
        canvas.pixels.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        for row in 0..<frame.height {
          let from = row * frame.width * 3, to = ((top + row) * width + left) * 3
          canvas.pixels.replaceSubrange(to..<(to + frame.width * 3), with: frame.pixels[from..<(from + frame.width * 3)])
        }
        let padded = (clipFolder as NSString).appendingPathComponent((path as NSString).lastPathComponent)
        try Data(try encoder.encode(canvas)).write(to: URL(fileURLWithPath: padded))
      }
    }
    return try load(folder)
  }
}

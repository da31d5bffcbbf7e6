import Foundation
import Imaging

/// A folder of JPEG frames (`0000.jpg`, `0001.jpg`, ...) as a frame source, in name order (runs
/// of digits compare as numbers, so `2.jpg` comes before `10.jpg`). Frame n is timestamped
/// n / `frameRate` seconds, n counting every listed file, so a skipped frame leaves its gap.
///
/// A frame that does not decode, or whose file vanished, is skipped and counted; the run goes on.
/// If the folder itself disappears, `read` throws `SourceError.vanished`.
public final class FrameFolderSource: FrameSource, @unchecked Sendable {
  public let name: String
  public private(set) var counts = SourceCounts()
  /// The frame paths, in the order they are delivered.
  public let framePaths: [String]
  /// Frames per second the timestamps assume.
  public let rate: Double
  public var frameRate: Double? { rate }

  private var next = 0
  private var bytes: [UInt8] = []
  private let decoder = JPEGDecoder(rejectsWarnings: true)
  private var pacer: Pacer
  private let cancelled = CancelFlag()

  /// Lists the JPEG files in `folder` (`.jpg`, `.jpeg`, any case); 25 frames per second unless
  /// told (the rate of the shared clips).
  public init(folder: String, frameRate: Double = 25, pacing: Pacing = .clipRate) throws(SourceError) {
    name = folder
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw FileManager.default.fileExists(atPath: folder) ? SourceError.unreadable(path: folder, reason: "cannot list the folder")
                                                           : SourceError.notFound(path: folder)
    }
    let frames = names.filter {
      let ext = ($0 as NSString).pathExtension.lowercased()
      return ext == "jpg" || ext == "jpeg"
    }.sorted(by: FrameFolderSource.nameOrder)
    guard !frames.isEmpty else { throw SourceError.noFrames(path: folder) }
    framePaths = frames.map { (folder as NSString).appendingPathComponent($0) }
    rate = frameRate > 0 ? frameRate : 25
    pacer = Pacer(pacing)
  }

  public func read(into frame: inout Frame) throws -> Bool {
    while next < framePaths.count, !cancelled.isSet {
      let index = next, path = framePaths[index]
      next += 1
      switch readWholeFile(path, into: &bytes) {
      case .failure(let error):
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: name, isDirectory: &isDirectory) || !isDirectory.boolValue {
          throw SourceError.vanished(path: name, frames: counts.delivered)
        }
        skip("\(path): \(error.text)")
      case .success(let count):
        do {
          try bytes.withUnsafeBytes { try decoder.decode(UnsafeRawBufferPointer(rebasing: $0[0..<count]), into: &frame, source: path) }
        } catch {
          skip("\(error)")
          continue
        }
        frame.timestamp = Double(index) / rate
        counts.delivered += 1
        pacer.wait(until: frame.timestamp) { cancelled.isSet }
        return true
      }
    }
    return false
  }

  public func cancel() { cancelled.set() }

  public func close() {}

  private func skip(_ reason: String) {
    counts.skipped += 1
    counts.lastSkipReason = reason
  }

  /// Name order with runs of digits compared as numbers.
  static func nameOrder(_ a: String, _ b: String) -> Bool {
    var i = a.unicodeScalars.makeIterator(), j = b.unicodeScalars.makeIterator()
    var x = i.next(), y = j.next()
    while let cx = x, let cy = y {
      if cx.properties.numericType == .decimal, cy.properties.numericType == .decimal,
         cx.isASCII, cy.isASCII {
        var na = "", nb = ""
        while let c = x, c.isASCII, c.properties.numericType == .decimal { na.unicodeScalars.append(c); x = i.next() }
        while let c = y, c.isASCII, c.properties.numericType == .decimal { nb.unicodeScalars.append(c); y = j.next() }
        let ta = na.drop { $0 == "0" }, tb = nb.drop { $0 == "0" }
        if ta.count != tb.count { return ta.count < tb.count }
        if ta != tb { return ta < tb }
        if na.count != nb.count { return na.count < nb.count }
        continue
      }
      if cx != cy { return cx.value < cy.value }
      x = i.next()
      y = j.next()
    }
    return x == nil && y != nil
  }
}

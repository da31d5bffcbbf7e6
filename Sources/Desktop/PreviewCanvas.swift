import Glibc
import Imaging

/// An RGB colour, 8 bits per channel.
public struct PreviewColor: Sendable, Equatable {
  public var red: UInt8, green: UInt8, blue: UInt8
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }
}

/// The pixels of the preview window: 32-bit pixels in the X visual's layout (channel shifts from
/// its masks), drawn in software and handed to XPutImage. The storage is allocated once per size
/// and reused for every frame.
///
/// Coordinates are window pixels (origin top-left, y down); `place` maps a frame's normalised
/// coordinates onto the letterboxed picture.
final class PreviewCanvas {
  private(set) var width = 0
  private(set) var height = 0
  /// `width * height` pixels, row after row; allocated with malloc.
  private(set) var pixels: UnsafeMutablePointer<UInt32>?
  private let redShift: UInt32, greenShift: UInt32, blueShift: UInt32
  /// Where the frame lands in the window: origin and size in pixels.
  private(set) var pictureX = 0, pictureY = 0, pictureWidth = 0, pictureHeight = 0
  /// Source column for each window column of the picture (nearest neighbour), reused.
  private var sourceColumns: [Int] = []
  private var layoutKey = (frameWidth: -1, frameHeight: -1, mirrored: false)

  init(redShift: UInt32, greenShift: UInt32, blueShift: UInt32) {
    self.redShift = redShift
    self.greenShift = greenShift
    self.blueShift = blueShift
  }

  deinit { free(pixels) }

  /// Reallocates for a new window size (only when it changed). Returns true when it did.
  @discardableResult
  func resize(width: Int, height: Int) -> Bool {
    guard width != self.width || height != self.height, width > 0, height > 0 else { return false }
    free(pixels)
    pixels = malloc(width * height * 4)?.assumingMemoryBound(to: UInt32.self)
    self.width = width
    self.height = height
    layoutKey = (-1, -1, false)
    return true
  }

  /// The pixel value of a colour in the visual's layout.
  func pixel(_ color: PreviewColor) -> UInt32 {
    UInt32(color.red) << redShift | UInt32(color.green) << greenShift | UInt32(color.blue) << blueShift
  }

  /// Fills the canvas with `frame` scaled to fit (aspect kept, black bars), mirrored left to right
  /// when asked.
  func drawFrame(_ frame: Frame, mirrored: Bool) {
    guard let pixels, width > 0 else { return }
    layout(frame, mirrored: mirrored)
    pixels.update(repeating: 0, count: width * height)
    guard pictureWidth > 0, pictureHeight > 0 else { return }
    frame.pixels.withUnsafeBufferPointer { source in
      sourceColumns.withUnsafeBufferPointer { columns in
        for y in 0..<pictureHeight {
          let sourceRow = min(frame.height - 1, y * frame.height / pictureHeight) * frame.width * 3
          let row = pixels + (pictureY + y) * width + pictureX
          for x in 0..<pictureWidth {
            let s = sourceRow + columns[x]
            row[x] = UInt32(source[s]) << redShift | UInt32(source[s + 1]) << greenShift
              | UInt32(source[s + 2]) << blueShift
          }
        }
      }
    }
  }

  /// The window pixel of a point normalised to the frame (x right, y down, origin top-left).
  func place(x: Double, y: Double, mirrored: Bool) -> (x: Int, y: Int) {
    let nx = mirrored ? 1 - x : x
    return (pictureX + Int((nx * Double(pictureWidth)).rounded(.down)),
            pictureY + Int((y * Double(pictureHeight)).rounded(.down)))
  }

  /// A filled disc centred on a pixel (clipped to the canvas).
  func disc(_ cx: Int, _ cy: Int, radius: Int, _ color: PreviewColor) {
    guard let pixels else { return }
    let x0 = max(0, cx - radius), x1 = min(width - 1, cx + radius)
    let y0 = max(0, cy - radius), y1 = min(height - 1, cy + radius)
    guard x0 <= x1, y0 <= y1 else { return }
    let value = pixel(color)
    let r2 = radius * radius + radius  // rounder small discs
    for y in y0...y1 {
      let dy = y - cy
      for x in x0...x1 where (x - cx) * (x - cx) + dy * dy <= r2 { pixels[y * width + x] = value }
    }
  }

  /// A line `thickness` pixels wide between two pixels.
  func line(from a: (x: Int, y: Int), to b: (x: Int, y: Int), thickness: Int, _ color: PreviewColor) {
    let steps = max(abs(b.x - a.x), abs(b.y - a.y), 1)
    let radius = max(0, (thickness - 1) / 2)
    for i in 0...steps {
      let x = a.x + (b.x - a.x) * i / steps, y = a.y + (b.y - a.y) * i / steps
      disc(x, y, radius: radius, color)
    }
  }

  /// Darkens a rectangle to half its brightness (a backdrop that keeps text readable).
  func darken(x: Int, y: Int, width w: Int, height h: Int) {
    guard let pixels else { return }
    let mask = ~(UInt32(1) << redShift | UInt32(1) << greenShift | UInt32(1) << blueShift)
      & (UInt32(0xff) << redShift | UInt32(0xff) << greenShift | UInt32(0xff) << blueShift)
    let x0 = max(0, x), x1 = min(width, x + w), y0 = max(0, y), y1 = min(height, y + h)
    guard x0 < x1, y0 < y1 else { return }
    for row in y0..<y1 {
      for column in x0..<x1 { pixels[row * width + column] = (pixels[row * width + column] & mask) >> 1 }
    }
  }

  private func layout(_ frame: Frame, mirrored: Bool) {
    guard layoutKey != (frame.width, frame.height, mirrored) else { return }
    layoutKey = (frame.width, frame.height, mirrored)
    guard frame.width > 0, frame.height > 0 else {
      (pictureX, pictureY, pictureWidth, pictureHeight) = (0, 0, 0, 0)
      return
    }
    let scale = min(Double(width) / Double(frame.width), Double(height) / Double(frame.height))
    pictureWidth = max(1, min(width, Int((Double(frame.width) * scale).rounded())))
    pictureHeight = max(1, min(height, Int((Double(frame.height) * scale).rounded())))
    pictureX = (width - pictureWidth) / 2
    pictureY = (height - pictureHeight) / 2
    sourceColumns = (0..<pictureWidth).map { x in
      let column = min(frame.width - 1, x * frame.width / pictureWidth)
      return (mirrored ? frame.width - 1 - column : column) * 3
    }
  }
}

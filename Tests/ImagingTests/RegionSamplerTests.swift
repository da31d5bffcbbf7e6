import Imaging
import XCTest

final class RegionSamplerTests: XCTestCase {
  /// A 4x2 frame whose red channel is 10 * x + 100 * y.
  private func ramp() -> Frame {
    var frame = Frame(width: 4, height: 2)
    for y in 0..<2 { for x in 0..<4 { frame.pixels[(y * 4 + x) * 3] = UInt8(10 * x + 100 * y) } }
    return frame
  }

  func testIdentityRectReadsEachPixel() {
    let frame = ramp()
    var out = [Float](repeating: -1, count: 4 * 2 * 3)
    out.withUnsafeMutableBufferPointer {
      RegionSampler.sample(frame, RotatedRect(centerX: 0.5, centerY: 0.5, width: 1, height: 1),
                           border: .zero, into: $0.baseAddress!, width: 4, height: 2)
    }
    XCTAssertEqual(out[0] * 255, 0, accuracy: 1e-3)
    XCTAssertEqual(out[3] * 255, 10, accuracy: 1e-3)
    XCTAssertEqual(out[(1 * 4 + 2) * 3] * 255, 120, accuracy: 1e-3)
  }

  func testLetterboxPadsTheShortSideWithBlack() {
    let frame = ramp()
    let (rect, padding) = RegionSampler.letterbox(frame)
    XCTAssertEqual(padding.top, 0.25, accuracy: 1e-9)
    XCTAssertEqual(padding.left, 0, accuracy: 1e-9)
    var out = [Float](repeating: -1, count: 4 * 4 * 3)
    out.withUnsafeMutableBufferPointer {
      RegionSampler.sample(frame, rect, border: .zero, into: $0.baseAddress!, width: 4, height: 4)
    }
    XCTAssertEqual(out[0], 0, "top padding row is black")
    XCTAssertEqual(out[(1 * 4 + 1) * 3] * 255, 10, accuracy: 1e-3, "first image row starts at output row 1")
    XCTAssertEqual(out[(2 * 4 + 3) * 3] * 255, 130, accuracy: 1e-3)
  }

  func testHalfTurnReadsTheFrameUpsideDown() {
    let frame = ramp()
    var out = [Float](repeating: -1, count: 4 * 2 * 3)
    out.withUnsafeMutableBufferPointer {
      RegionSampler.sample(frame, RotatedRect(centerX: 0.5, centerY: 0.5, width: 1, height: 1, rotation: .pi),
                           border: .replicate, into: $0.baseAddress!, width: 4, height: 2)
    }
    // Output (u, v) reads source (4 - u, 2 - v); with the edge replicated, (0, 0) reads (3, 1).
    XCTAssertEqual(out[0] * 255, 130, accuracy: 1e-3)
    XCTAssertEqual(out[(1 * 4 + 3) * 3] * 255, 110, accuracy: 1e-3, "(3, 1) reads (1, 1)")
  }

  func testFlipSwapsColumns() {
    let flipped = ramp().flippedHorizontally()
    XCTAssertEqual(flipped.pixels[0], 30)
    XCTAssertEqual(flipped.pixels[3 * 3], 0)
  }
}

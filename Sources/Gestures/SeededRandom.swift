/// A small deterministic random number generator (SplitMix64): the same seed gives the same
/// numbers on every machine and Swift version, so training is reproducible to the byte. (The
/// standard library's shuffles may change their algorithm between versions; ours do not.)
struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform number in [0, 1).
  mutating func unit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// A uniform integer in 0..<bound (bound > 0).
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// Fisher-Yates shuffle in place.
  mutating func shuffle<T>(_ values: inout [T]) {
    guard values.count > 1 else { return }
    for index in stride(from: values.count - 1, to: 0, by: -1) {
      values.swapAt(index, below(index + 1))
    }
  }
}

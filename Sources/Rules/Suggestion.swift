/// "Did you mean" hints: the known names closest to a misspelt one.
enum Suggestion {
  /// The candidates nearest to `word` by edit distance (case-insensitive; a swap of two
  /// neighbouring letters counts as one edit), best first, at most `limit`; none when even the
  /// best is too far to be a typo.
  static func nearest(to word: String, in candidates: some Sequence<String>, limit: Int = 1) -> [String] {
    let target = Array(word.lowercased().unicodeScalars)
    guard !target.isEmpty else { return [] }
    let allowed = max(1, min(3, target.count / 3))
    var scored: [(distance: Int, name: String)] = []
    var seen: Set<String> = []
    for candidate in candidates where seen.insert(candidate).inserted {
      let other = Array(candidate.lowercased().unicodeScalars)
      guard abs(other.count - target.count) <= allowed else { continue }
      let distance = editDistance(target, other)
      if distance <= allowed { scored.append((distance, candidate)) }
    }
    scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
    return scored.prefix(limit).map(\.name)
  }

  /// `did you mean "x"?` for the nearest candidate, or nil.
  static func note(for word: String, in candidates: some Sequence<String>) -> String? {
    nearest(to: word, in: candidates).first.map { "did you mean \"\($0)\"?" }
  }

  /// Optimal string alignment distance: insertions, deletions, substitutions and transpositions
  /// of neighbours each cost one.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { best = min(best, previous2[j - 2] + 1) }
        current[j] = best
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}

/// The closest of a list of names to a mistyped one, for "did you mean" hints.
enum Suggestion {
  /// The candidate nearest to `word` by edit distance, if it is close enough to be a typo
  /// (at most a third of its length, and at least one edit).
  static func closest(to word: String, among candidates: [String]) -> String? {
    let scored = candidates.map { ($0, distance(word, $0)) }.min { $0.1 < $1.1 }
    guard let (best, distance) = scored, distance <= max(1, best.count / 3) else { return nil }
    return best
  }

  /// The Levenshtein distance between the UTF-8 bytes of `a` and `b`.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a.utf8)
    let b = Array(b.utf8)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}

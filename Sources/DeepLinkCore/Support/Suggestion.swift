/// "Did you mean": the known name a mistyped one was probably meant to be.
enum Suggestion {
  /// The candidate nearest to `word` by edit distance, if it is close enough to be a typo: at most
  /// a third of the candidate's length in characters, and at least one edit. Among candidates
  /// equally near, the first.
  ///
  /// A candidate is compared only within its own limit (the banded distance, ``distance(_:_:atMost:)``),
  /// so a word much longer than every candidate costs one length comparison each.
  ///
  /// - Complexity: O(*n* + Σ *m*ᵢ · *k*ᵢ), *n* the word's length, *m*ᵢ a candidate's length and
  ///   *k*ᵢ its limit: linear in the word, whatever its length.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let word = Array(word.utf8)
    var best: (candidate: String, distance: Int)? = nil
    for candidate in candidates {
      let limit = min(max(1, candidate.count / 3), (best?.distance ?? .max) - 1)
      guard limit >= 0, let distance = distance(word, Array(candidate.utf8), atMost: limit) else { continue }
      best = (candidate, distance)
    }
    return best?.candidate
  }

  /// The Levenshtein distance between the UTF-8 bytes of `a` and `b`, or `nil` when it is over
  /// `limit`: only the cells within `limit` of the diagonal are computed.
  ///
  /// - Complexity: O(1) when the lengths differ by more than `limit`, else O(min(*n*, *m*) · `limit`).
  static func distance(_ a: [UInt8], _ b: [UInt8], atMost limit: Int) -> Int? {
    guard abs(a.count - b.count) <= limit else { return nil }
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    let over = limit + 1
    var previous = [Int](repeating: over, count: b.count + 1)
    for column in 0...min(b.count, limit) { previous[column] = column }
    var current = [Int](repeating: over, count: b.count + 1)
    for row in 1...a.count {
      let low = max(1, row - limit)
      let high = min(b.count, row + limit)
      current[low - 1] = low == 1 && row <= limit ? row : over
      var smallest = current[low - 1]
      for column in low...high {
        let substitution = previous[column - 1] + (a[row - 1] == b[column - 1] ? 0 : 1)
        current[column] = min(previous[column] + 1, current[column - 1] + 1, substitution, over)
        smallest = min(smallest, current[column])
      }
      if high < b.count { current[high + 1] = over }
      guard smallest <= limit else { return nil }
      swap(&previous, &current)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }
}

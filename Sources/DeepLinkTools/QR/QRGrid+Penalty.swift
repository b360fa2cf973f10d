extension QRGrid {
  /// The penalty of the masked symbol by the four rules of ISO/IEC 18004:2015, 7.8.3.1 (table 11),
  /// judged before the format and version information are placed (their modules light), as the
  /// standard orders the steps (7.8 masks the encoding region; 7.9 and 7.10 follow):
  ///
  /// - N1 = 3: a run of 5 + i modules of one colour in a row or column scores 3 + i;
  /// - N2 = 3: each 2 × 2 block of one colour scores 3;
  /// - N3 = 40: each 1:1:3:1:1 dark-light-dark-light-dark run with 4 light modules before or
  ///   after it (the quiet zone outside the symbol is light); after one is counted the search
  ///   resumes past it;
  /// - N4 = 10: 10 for each full 5 % the dark proportion is away from 50 %.
  ///
  /// The lowest penalty wins; on a tie, the lower mask number.
  func penalty() -> Int {
    var score = 0
    var dark = 0
    var column = [Bool](repeating: false, count: size)
    for i in 0..<size {
      let row = modules[i]
      for j in 0..<size {
        column[j] = modules[j][i]
        if row[j] { dark += 1 }
        if i > 0, j > 0, row[j] == row[j - 1], row[j] == modules[i - 1][j], row[j] == modules[i - 1][j - 1] {
          score += 3
        }
      }
      score += Self.runPenalty(row) + Self.runPenalty(column)
      score += Self.finderLikePenalty(row) + Self.finderLikePenalty(column)
    }
    let total = size * size
    score += 10 * (abs(dark * 20 - total * 10) / total)
    return score
  }

  /// N1 over one line.
  static func runPenalty(_ line: [Bool]) -> Int {
    var score = 0
    var run = 0
    var previous: Bool? = nil
    for module in line {
      if module == previous {
        run += 1
      } else {
        if run >= 5 { score += run - 2 }
        run = 1
        previous = module
      }
    }
    if run >= 5 { score += run - 2 }
    return score
  }

  /// N3 over one line.
  static func finderLikePenalty(_ line: [Bool]) -> Int {
    let pattern = [true, false, true, true, true, false, true]
    let count = line.count
    func matches(at start: Int) -> Bool {
      for offset in 0..<7 where line[start + offset] != pattern[offset] { return false }
      return true
    }
    func light(_ range: Range<Int>) -> Bool {
      let clipped = range.clamped(to: 0..<count)
      return !line[clipped].contains(true)
    }
    var score = 0
    var start = 0
    while start + 7 <= count {
      guard matches(at: start) else {
        start += 1
        continue
      }
      if light((start - 4)..<start) || light((start + 7)..<(start + 11)) {
        score += 40
        start += 7
      } else {
        start += 4
      }
    }
    return score
  }
}

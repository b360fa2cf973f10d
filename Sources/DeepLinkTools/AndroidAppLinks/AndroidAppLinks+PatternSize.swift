extension AndroidAppLinks {
  /// The most entries Android's parser may have stored for a `pathAdvancedPattern` when it starts
  /// on another character of it: it has room for 2,048 and refuses the pattern ("Pattern is too
  /// large!") once more than 2,045 are used (AOSP's `PatternMatcher.parseAndVerifyAdvancedPattern`).
  static let parsedEntryLimit = 2_045

  /// The entries Android's parser has stored when it starts on the last character of `pattern`,
  /// an advanced pattern as it reaches `PatternMatcher` (before XML escaping): the most it checks
  /// against ``parsedEntryLimit``, since the count only grows.
  ///
  /// Each character outside a set (a literal, an escape with its character, `.`, `*`, `+`) is one
  /// entry; a set's `[` (or `[^`) and its `]` one each; a character in a set two (it is stored as
  /// a range of itself), a range's ends one each, each read as a character of its own; a count
  /// `{n,m}` three when its `{` is read and one for its `}`.
  static func parsedEntries(_ pattern: String) -> Int {
    let units = Array(pattern.utf16)
    func unit(_ character: Unicode.Scalar) -> UInt16 { UInt16(character.value) }
    var entries = 0
    var atLastStart = 0
    var inSet = false
    var inCount = false
    var rangeEnd = false
    var index = 0
    while index < units.count {
      atLastStart = entries
      var character = units[index]
      if inSet {
        if character == unit("]") && !rangeEnd {
          entries += 1
          inSet = false
          index += 1
          continue
        }
        if character == unit("\\"), index + 1 < units.count {
          index += 1
          character = units[index]
        }
        if rangeEnd {
          entries += 1
          rangeEnd = false
          index += 1
        } else if index + 2 < units.count, units[index + 1] == unit("-"), units[index + 2] != unit("]") {
          entries += 1
          rangeEnd = true
          index += 2
        } else {
          entries += 2
          index += 1
        }
        continue
      }
      switch character {
      case unit("["):
        entries += 1
        inSet = true
        index += index + 1 < units.count && units[index + 1] == unit("^") ? 2 : 1
      case unit("{"):
        entries += 3
        inCount = true
        index = units[index...].firstIndex(of: unit("}")) ?? units.count
      case unit("}"):
        if inCount { entries += 1 }
        inCount = false
        index += 1
      case unit("\\"):
        entries += 1
        index += 2
      default:
        entries += 1
        index += 1
      }
    }
    return atLastStart
  }
}

/// Eight bytes at a time: whether a run of bytes holds any a JSON string cannot hold as they are
/// (``JSONWriter/mayNeedEscape(_:)``: controls, LF, TAB and DEL among them, `"`, `\`, non-ASCII).
///
/// The scans over every line's bytes (`check`'s reader) test a word of eight bytes with a few
/// integer operations instead of each byte with three comparisons, and look at single bytes only
/// in a word that may hold one. Safe Swift: the word is assembled from a `Span`'s bytes.
package enum PlainBytes {
  /// Whether none of `bytes` is one to escape (exact), eight at a time.
  ///
  /// - Complexity: O(*n*).
  @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
  package static func arePlain(_ bytes: Span<UInt8>) -> Bool {
    var start = 0
    while start + 8 <= bytes.count {
      if mayHoldByteToEscape(bytes, at: start) {
        for index in start..<(start + 8) where JSONWriter.mayNeedEscape(bytes[index]) { return false }
      }
      start += 8
    }
    for index in start..<bytes.count where JSONWriter.mayNeedEscape(bytes[index]) { return false }
    return true
  }

  /// Whether `bytes[start..<start + 8]` may hold a byte to escape. `false` is exact: none of
  /// them is one; `true` may also be said of a word that holds none (then the caller looks at
  /// its bytes one by one).
  ///
  /// - Precondition: `start + 8 <= bytes.count`.
  @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
  @inline(__always)
  package static func mayHoldByteToEscape(_ bytes: Span<UInt8>, at start: Int) -> Bool {
    let eight = bytes.extracting(start..<(start + 8))
    var word: UInt64 = 0
    for index in 0..<8 { word |= UInt64(eight[index]) &<< (8 &* UInt64(index)) }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    // A byte at or above 0x80.
    if word & high != 0 { return true }
    // With every byte below 0x80, a byte below 0x20 leaves its lane's high bit set when 0x20 is
    // taken from each lane (a borrow can only add false alarms).
    if (word &- 0x20 &* ones) & high != 0 { return true }
    // A lane equal to `"`, `\` or DEL: a zero lane after the XOR (the classic zero-byte test, exact
    // for whether there is one).
    let quote = word ^ (0x22 &* ones)
    let backslash = word ^ (0x5C &* ones)
    let delete = word ^ (0x7F &* ones)
    return ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (delete &- ones) & ~delete) & high != 0
  }
}

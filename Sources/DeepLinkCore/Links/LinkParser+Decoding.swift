// The link parser's path segments and query items: percent-decoding into scratch memory
// (unsafe buffer writes) and the UTF-8, bracket and dot-segment checks that go with it.

extension LinkParser {
  /// Appends the segment `p[start..<end]`, decoded into `scratch` (see
  /// ``parseParts(_:_:scratch:)``) or, without escapes in the link, taken as it is.
  static func appendSegment(
    _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ scratch: UnsafeMutablePointer<UInt8>?, _ ascii: Bool,
    to segments: inout [String]
  ) throws(DeepLinkError) {
    guard segments.count < DeepLink.maximumPathSegments else {
      var total = segments.count + 1
      for i in end..<p.count {
        if p[i] == question || p[i] == hash { break }
        if p[i] == slash && i + 1 < p.count && p[i + 1] != slash && p[i + 1] != question && p[i + 1] != hash {
          total += 1
        }
      }
      throw .tooManyPathSegments(total)
    }
    guard let scratch else {
      // Nothing to decode: no `/` can hide in the segment and the scan refused backslashes.
      let length = end - start
      if p[start] == dot && (length == 1 || (length == 2 && p[start + 1] == dot)) { throw .dotSegment(offset: start) }
      segments.append(makeString(UnsafeBufferPointer(rebasing: p[start..<end]), isASCII: ascii))
      return
    }
    segments.append(try decodedString(p, start, end, plusIsSpace: false, isSegment: true, into: scratch))
  }

  /// The query item `p[start..<end]`, decoded into `scratch` (see ``parseParts(_:_:scratch:)``)
  /// or, without escapes in the link, taken as it is.
  static func readQueryItem(
    _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ scratch: UnsafeMutablePointer<UInt8>?, _ ascii: Bool
  ) throws(DeepLinkError) -> DeepLinkQueryItem {
    guard let scratch else {
      let equals = firstIndex(of: 0x3D, in: p, from: start, to: end)
      let name = makeString(UnsafeBufferPointer(rebasing: p[start..<equals]), isASCII: ascii)
      guard equals < end else { return DeepLinkQueryItem(name: name, value: nil) }
      return DeepLinkQueryItem(
        name: name, value: makeString(UnsafeBufferPointer(rebasing: p[(equals + 1)..<end]), isASCII: ascii))
    }
    return try decodeQueryItem(p, start, end, into: scratch)
  }

  /// Percent-decodes `p[start..<end]` once into a `String`, refusing malformed escapes, invalid
  /// UTF-8, control characters and brackets. `p` is a `String`'s UTF-8 and `start` and `end`
  /// fall on ASCII bytes (or the ends), so that bytes no escape changed are valid UTF-8.
  static func decode(
    _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, plusIsSpace: Bool
  ) throws(DeepLinkError) -> String {
    guard start < end else { return "" }
    return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: end - start) {
      (buffer) throws(DeepLinkError) -> String in
      try decodedString(
        p, start, end, plusIsSpace: plusIsSpace, isSegment: false, into: buffer.baseAddress.unsafelyUnwrapped)
    }
  }

  /// ``decode(_:_:_:plusIsSpace:)`` over a slice of an array's bytes: the safe entry for code
  /// outside the parser (the route pattern parser decodes literals and keys with it).
  static func decode(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) throws(DeepLinkError) -> String {
    try bytes.withUnsafeBufferPointer { (buffer) throws(DeepLinkError) -> String in
      try decode(buffer, 0, buffer.count, plusIsSpace: plusIsSpace)
    }
  }

  /// Percent-decodes `p[start..<end]` into `out` (room for `end - start` bytes) with
  /// ``decodeComponent(_:_:_:plusIsSpace:stopAtEquals:into:)``, then, for a path segment, refuses
  /// a dot segment and an encoded `/` or `\\`, and makes the `String` once, from the decoded
  /// bytes, at their length. The checks, and so the error reported, come in the same order as ever:
  /// bracket, malformed escape, invalid UTF-8 or control character, dot segment, encoded `/`,
  /// encoded `\\`.
  @inline(__always)
  static func decodedString(
    _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, plusIsSpace: Bool, isSegment: Bool,
    into out: UnsafeMutablePointer<UInt8>
  ) throws(DeepLinkError) -> String {
    guard start < end else { return "" }
    let (count, facts, _) = try decodeComponent(p, start, end, plusIsSpace: plusIsSpace, into: out)
    let decoded = UnsafeBufferPointer(start: out, count: count)
    if isSegment {
      if decoded[0] == dot && (count == 1 || (count == 2 && decoded[1] == dot)) {
        throw .dotSegment(offset: start)
      }
      if facts & DecodedFacts.slash != 0 { throw .encodedSlash(offset: start) }
      if facts & DecodedFacts.backslash != 0 { throw .backslash(offset: start) }
    }
    return makeString(decoded, isASCII: facts & DecodedFacts.nonASCII == 0)
  }

  /// The query item `p[start..<end]`, its name (up to the first `=`) and value each decoded as
  /// ``decode(_:_:_:plusIsSpace:)`` would, into `out` (room for `end - start` bytes). Decoding the
  /// name finds the `=`.
  private static func decodeQueryItem(
    _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, into out: UnsafeMutablePointer<UInt8>
  ) throws(DeepLinkError) -> DeepLinkQueryItem {
    let (nameCount, nameFacts, equals) = try decodeComponent(
      p, start, end, plusIsSpace: true, stopAtEquals: true, into: out)
    let name =
      nameCount == 0
      ? ""
      : makeString(UnsafeBufferPointer(start: out, count: nameCount), isASCII: nameFacts & DecodedFacts.nonASCII == 0)
    guard equals < end else { return DeepLinkQueryItem(name: name, value: nil) }
    guard equals + 1 < end else { return DeepLinkQueryItem(name: name, value: "") }
    let (count, facts, _) = try decodeComponent(p, equals + 1, end, plusIsSpace: true, into: out + nameCount)
    let value = makeString(
      UnsafeBufferPointer(start: out + nameCount, count: count), isASCII: facts & DecodedFacts.nonASCII == 0)
    return DeepLinkQueryItem(name: name, value: value)
  }

  /// Percent-decodes `p[start..<end]` in one pass into `out` (room for `end - start` bytes),
  /// refusing malformed escapes, invalid UTF-8, control characters and brackets, and noting while
  /// it decodes what the later checks need, so that each runs only where it can fail. Returns the
  /// decoded length, the ``DecodedFacts`` and where decoding stopped: `end`, or with
  /// `stopAtEquals` the first `=` (a query item's name), as if the component ended there.
  ///
  /// Raw bytes are valid UTF-8 without control characters (the caller's precondition), and so
  /// are printable ASCII bytes an escape or a `+` produced. An escape that produces a lead byte
  /// is read together with the escapes of its continuation bytes and checked as one sequence
  /// (Unicode's table 3-7, C1 controls refused); from the first escape that is anything else
  /// (an ASCII control, a stray continuation byte, a sequence cut short or out of range),
  /// ``UTF8Check/validate(_:)`` checks the rest of the decoded bytes, which start on a sequence
  /// boundary, and so finds what it would find over all of them. A bracket is reported before a
  /// malformed escape, and both before invalid UTF-8 or a control character.
  @inline(__always)
  private static func decodeComponent(
    _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, plusIsSpace: Bool, stopAtEquals: Bool = false,
    into out: UnsafeMutablePointer<UInt8>
  ) throws(DeepLinkError) -> (count: Int, facts: UInt8, end: Int) {
    let src = p.baseAddress.unsafelyUnwrapped
    var count = 0
    // What decoding noticed, as bits (see `DecodedFacts`).
    var facts: UInt8 = 0
    // Where in the decoded bytes `UTF8Check` has to start, if anywhere.
    var checkFrom = Int.max
    var i = start
    var stop = end
    decoding: while i < end {
      var b = src[i]
      i &+= 1
      if mayNeedDecoding(b) {
        switch b {
        case percent:
          // No escape takes in a `=`, which is not a hex digit (nor `%`, for `escapedSequence`).
          guard i &+ 1 < end, let decoded = escapedByte(src[i], src[i &+ 1]) else {
            // A bracket anywhere in the component is reported first.
            let componentEnd = stopAtEquals ? firstIndex(of: 0x3D, in: p, from: i, to: end) : end
            throw firstBracket(p, i, componentEnd) ?? .malformedPercentEscape(offset: i &- 1)
          }
          b = decoded
          i &+= 2
          if b &- 0x20 < 0x5F {
            facts |= DecodedFacts.ofPrintableEscape(b)
          } else {
            facts |= b >= 0x80 ? DecodedFacts.nonASCII : 0
            if checkFrom == Int.max {
              let length = escapedSequence(lead: b, src, i, end, into: out + count)
              if length > 0 {
                count &+= length
                i &+= 3 &* (length &- 1)
                continue
              }
              checkFrom = count
            }
          }
        case plus:
          if plusIsSpace { b = 0x20 }
        case 0x3D:
          if stopAtEquals {
            stop = i &- 1
            break decoding
          }
        case 0x5B, 0x5D: throw .invalidCharacter(Character(Unicode.Scalar(b)), offset: i &- 1)
        default: facts |= DecodedFacts.nonASCII
        }
      }
      out[count] = b
      count &+= 1
    }
    if checkFrom < count {
      switch UTF8Check.validate(UnsafeBufferPointer(start: out + checkFrom, count: count &- checkFrom)) {
      case .controlCharacter?: throw .controlCharacter(offset: start)
      case .invalidUTF8?: throw .invalidUTF8(offset: start)
      case nil: break
      }
    }
    return (count, facts, stop)
  }

  /// What ``decodeComponent(_:_:_:plusIsSpace:stopAtEquals:into:)`` notices while it decodes,
  /// one bit each.
  private enum DecodedFacts {
    /// A byte from 0x80, raw or decoded.
    static let nonASCII: UInt8 = 1
    /// An escape produced `/`.
    static let slash: UInt8 = 2
    /// An escape produced `\\`.
    static let backslash: UInt8 = 4

    /// The facts of an escape that produced the printable ASCII byte `b`, without a branch.
    @inline(__always)
    static func ofPrintableEscape(_ b: UInt8) -> UInt8 {
      (b == 0x2F ? slash : 0) | (b == 0x5C ? backslash : 0)
    }
  }

  /// The byte the escape `%` `high` `low` stands for, or `nil` when either is not a hex digit.
  @inline(__always)
  private static func escapedByte(_ high: UInt8, _ low: UInt8) -> UInt8? {
    let h = LinkByteTables.hexDigitValues[Int(high)]
    let l = LinkByteTables.hexDigitValues[Int(low)]
    guard h | l < 16 else { return nil }
    return h << 4 | l
  }

  /// Reads a UTF-8 sequence whose lead byte `lead` an escape produced, its continuation bytes
  /// from the escapes at `src[i...]` (before `end`), into `out`; returns its length, or 0 when
  /// `lead` does not start a sequence, a continuation is not an escape or out of range (Unicode's
  /// table 3-7), or the sequence is a C1 control (`C2 80`…`C2 9F`). Nothing is consumed then.
  @inline(__always)
  private static func escapedSequence(
    lead: UInt8, _ src: UnsafePointer<UInt8>, _ i: Int, _ end: Int, into out: UnsafeMutablePointer<UInt8>
  ) -> Int {
    guard let sequence = UTF8Check.sequence(startingWith: lead) else { return 0 }
    let length = sequence.length
    // C2 80…C2 9F are the C1 controls: left to the full check, which reports them.
    var lower = lead == 0xC2 ? 0xA0 : sequence.lower
    var upper = sequence.upper
    guard i &+ 3 &* (length &- 1) <= end else { return 0 }
    out[0] = lead
    var j = i
    for k in 1..<length {
      guard src[j] == percent, let b = escapedByte(src[j &+ 1], src[j &+ 2]), b &- lower <= upper &- lower else {
        return 0
      }
      out[k] = b
      j &+= 3
      lower = 0x80
      upper = 0xBF
    }
    return length
  }

  /// Whether raw byte `b` is one decoding looks at: `%`, `+`, `=`, a bracket, or one that needs
  /// the UTF-8 check (a control character, DEL or a byte from 0x80); every other byte is copied
  /// as it is.
  @inline(__always)
  private static func mayNeedDecoding(_ b: UInt8) -> Bool {
    LinkByteTables.flags[Int(b)] & LinkByteTables.decodedByte != 0
  }

  /// The error for the first `[` or `]` in `p[start..<end]`, if there is one.
  private static func firstBracket(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> DeepLinkError? {
    for i in start..<end where p[i] == 0x5B || p[i] == 0x5D {
      return .invalidCharacter(Character(Unicode.Scalar(p[i])), offset: i)
    }
    return nil
  }

  /// Percent-decodes `p[start..<end]` into `buffer` (at least `end - start` bytes), refusing a
  /// malformed escape; returns the decoded length. A host's reader uses it: a `+` stays a `+`.
  static func decodeBytes(
    _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, into buffer: UnsafeMutableBufferPointer<UInt8>
  ) throws(DeepLinkError) -> Int {
    var count = 0
    var i = start
    while i < end {
      var b = p[i]
      if b == percent {
        guard i + 2 < end, let high = PercentEncoding.hexValue(p[i + 1]),
          let low = PercentEncoding.hexValue(p[i + 2])
        else { throw .malformedPercentEscape(offset: i) }
        b = high << 4 | low
        i += 3
      } else {
        i += 1
      }
      buffer[count] = b
      count += 1
    }
    return count
  }
}

/// Reads the pattern syntax of ``RoutePattern`` over UTF-8.
enum RoutePatternParser {
  /// Reads `source` and calls `body` with what it read: byte ranges of `source` (or of decoded
  /// bytes, for percent escapes). No `String` is made but for a scheme or a host.
  ///
  /// - Throws: ``RoutePatternError`` quoting the pattern and pointing at the problem; `body` is
  ///   then not called.
  /// - Complexity: O(*n*) in the length of `source`, plus `body`.
  static func withScan<Result>(
    _ source: String, _ body: (ScannedPattern) -> Result
  ) throws(RoutePatternError) -> Result {
    var scanned = ScannedPattern(source: Array(source.utf8))
    try read(source, into: &scanned)
    // `body` is handed the scan itself, not a copy.
    let finished = consume scanned
    return body(finished)
  }

  /// Reads `source` into `output`, made over `source`'s UTF-8: what ``withScan(_:_:)`` hands its
  /// body, or a ``RoutePattern``'s values (``PatternValues``), made as the scan goes.
  ///
  /// - Throws: ``RoutePatternError`` quoting the pattern and pointing at the problem.
  /// - Complexity: O(*n*) in the length of `source`.
  static func read<Output: PatternScanOutput>(_ source: String, into output: inout Output) throws(RoutePatternError) {
    do {
      try scan(&output)
    } catch {
      throw RoutePatternError(pattern: source, offset: error.offset, problem: error.problem)
    }
  }

  /// What is wrong and where; the caller adds the pattern (so the scan does not hold it).
  private struct Failure: Error {
    var offset: Int
    var problem: RoutePatternError.Problem
  }

  private static func fail(_ offset: Int, _ problem: RoutePatternError.Problem) -> Failure {
    Failure(offset: offset, problem: problem)
  }

  private typealias Bytes = [UInt8]
  private typealias Text = ScannedPattern.Text

  private static func scan<Output: PatternScanOutput>(_ scanned: inout Output) throws(Failure) {
    let bytes = scanned.source
    // A `#` anywhere is refused before anything else: the pass over the path stops at the first
    // in the path, and any failure is reported as the fragment when the pattern holds one.
    do throws(Failure) {
      try scanParts(&scanned)
    } catch {
      if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) { throw fail(hash, .fragment) }
      throw error
    }
  }

  private static func scanParts<Output: PatternScanOutput>(_ scanned: inout Output) throws(Failure) {
    let bytes = scanned.source
    var pathStart = 0
    if bytes.first != UInt8(ascii: "/") {
      guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
        bytes.count >= colon + 3, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
      else { throw fail(0, .missingStart) }
      guard isScheme(bytes[0..<colon]) else {
        throw fail(0, .invalidScheme(String(decoding: bytes[0..<colon], as: UTF8.self)))
      }
      let lowered = lowercasedScheme(bytes[0..<colon])
      scanned.scheme = lowered
      pathStart = colon + 3
      if lowered == "http" || lowered == "https" {
        var hostEnd = pathStart
        while hostEnd < bytes.count && bytes[hostEnd] != UInt8(ascii: "/") && bytes[hostEnd] != UInt8(ascii: "?") {
          hostEnd += 1
        }
        guard let hostPattern = hostPattern(bytes[pathStart..<hostEnd]) else {
          throw fail(pathStart, .invalidHost(String(decoding: bytes[pathStart..<hostEnd], as: UTF8.self)))
        }
        scanned.namespace = .host(hostPattern)
        pathStart = hostEnd
      } else {
        scanned.namespace = .scheme(lowered)
      }
      if bytes[0..<pathStart].contains(UInt8(ascii: "#")) { throw fail(0, .fragment) }
    }

    // One pass over the path: it ends at the first `?` outside a capture (`{page?}` is an
    // optional capture); each `/` ends a segment, read with what the pass saw in it.
    var queryStart = bytes.count
    var insideCapture = false
    var segmentStart = pathStart
    var seen = SegmentBytes()
    var sawOptional = false
    var sawCatchAll = false
    var i = pathStart
    let count = bytes.count
    while true {
      // Letters, digits and most punctuation need no look: a tight loop over them.
      while i < count && isPlain(bytes[i]) { i += 1 }
      if i < count {
        let b = bytes[i]
        if b < 0x80 {
          switch b {
          case UInt8(ascii: "/"): break
          case UInt8(ascii: "?") where !insideCapture: queryStart = i
          case UInt8(ascii: "{"):
            insideCapture = true
            if seen.braces == 0 { seen.open = i }
            seen.braces += 1
          case UInt8(ascii: "}"):
            insideCapture = false
            if seen.braces == 1 { seen.close = i }
            seen.braces += 1
          case UInt8(ascii: ":"):
            if seen.colon < 0 { seen.colon = i }
          case UInt8(ascii: "#"): throw fail(i, .fragment)
          case UInt8(ascii: "%"): seen.hasEscapes = true
          default: seen.isLinkText = false
          }
          if b != UInt8(ascii: "/") && i != queryStart {
            i += 1
            continue
          }
        } else {
          // A C1 control character.
          if b == 0xC2 && i + 1 < bytes.count && bytes[i + 1] >= 0x80 && bytes[i + 1] <= 0x9F {
            seen.isLinkText = false
          }
          i += 1
          continue
        }
      }
      // `i` ends a segment: at a `/`, at the query or at the end.
      let isLast = i == queryStart
      if i == segmentStart {
        // Empty: allowed only as the leading or the trailing slash.
        if !(segmentStart == pathStart || isLast) { throw fail(i, .emptySegment) }
      } else {
        if sawCatchAll { throw fail(segmentStart, .misplacedCatchAll) }
        let segment =
          seen.isPlainLiteral && (i - segmentStart > 2 || !isDots(bytes, segmentStart, i))
          ? ScannedPattern.Segment(
            kind: .literal, type: .string, text: Text(start: Int32(segmentStart), end: Int32(i), isDecoded: false))
          : try readSegment(&scanned, segmentStart, i, seen)
        switch segment.kind {
        case .literal, .parameter:
          if sawOptional { throw fail(segmentStart, .optionalNotTrailing) }
        case .optional:
          sawOptional = true
        case .catchAll:
          if sawOptional { throw fail(segmentStart, .optionalNotTrailing) }
          sawCatchAll = true
        }
        if segment.kind != .literal, scanned.hasCapture(named: segment.text) {
          throw fail(segmentStart, .duplicateParameter(scanned.string(segment.text)))
        }
        scanned.append(segment)
      }
      if isLast { break }
      i += 1
      segmentStart = i
      seen = SegmentBytes()
    }

    guard queryStart < bytes.count else { return }
    if bytes[queryStart...].contains(UInt8(ascii: "#")) { throw fail(queryStart, .fragment) }
    var itemStart = queryStart + 1
    for i in itemStart...bytes.count where i == bytes.count || bytes[i] == UInt8(ascii: "&") {
      defer { itemStart = i + 1 }
      let item = bytes[itemStart..<i]
      func invalidItem() -> Failure {
        fail(itemStart, .invalidQueryItem(String(decoding: item, as: UTF8.self)))
      }
      guard let equals = item.firstIndex(of: UInt8(ascii: "=")), equals > itemStart,
        let key = decodedLiteral(&scanned, itemStart, equals)
      else { throw invalidItem() }
      if scanned.hasQueryKey(key) { throw invalidItem() }
      guard let capture = try readCapture(bytes, equals + 1, i) else { throw invalidItem() }
      guard capture.kind != .catchAll else { throw fail(equals + 1, .misplacedCatchAll) }
      guard !scanned.hasCapture(named: capture.name) else {
        throw fail(equals + 1, .duplicateParameter(scanned.string(capture.name)))
      }
      scanned.append(
        ScannedPattern.QueryCapture(
          key: key, name: capture.name, type: capture.type, isOptional: capture.kind == .optional))
    }
  }

  /// What the pass over the path saw in a segment's bytes.
  private struct SegmentBytes {
    /// How many `{` and `}`: with any, the segment is a capture (or malformed).
    var braces = 0
    /// Where the first `{` is when it is the first brace, and the second brace when it is
    /// a `}`, or -1.
    var open = -1
    var close = -1
    /// The first `:`, or -1.
    var colon = -1
    /// No byte a literal cannot hold as it is (see ``isRefused(_:)``), and no C1 control.
    var isLinkText = true
    /// A `%`: the literal is decoded.
    var hasEscapes = false

    /// A literal read as it is, unless it is `.` or `..`.
    var isPlainLiteral: Bool { braces == 0 && isLinkText && !hasEscapes }
  }

  /// A capture read from `{name[:type][?|...]}`: its kind, type and name.
  private struct Capture {
    var kind: ScannedPattern.Segment.Kind
    var type: ParameterType
    var name: Text
  }

  private static func readSegment<Output: PatternScanOutput>(
    _ scanned: inout Output, _ start: Int, _ end: Int, _ seen: SegmentBytes
  ) throws(Failure) -> ScannedPattern.Segment {
    let bytes = scanned.source
    if seen.braces == 2 && seen.open == start && seen.close == end - 1 {
      // `{…}` and no other brace: read without looking for braces again.
      let capture = try readCaptureInside(bytes, start, end, colon: seen.colon)
      if capture.kind == .catchAll && capture.type != .string { throw fail(start, .misplacedCatchAll) }
      return ScannedPattern.Segment(kind: capture.kind, type: capture.type, text: capture.name)
    }
    if seen.braces > 0, let capture = try readCapture(bytes, start, end) {
      if capture.kind == .catchAll && capture.type != .string { throw fail(start, .misplacedCatchAll) }
      return ScannedPattern.Segment(kind: capture.kind, type: capture.type, text: capture.name)
    }
    let raw = bytes[start..<end]
    func invalid() -> Failure { fail(start, .invalidLiteral(String(decoding: raw, as: UTF8.self))) }
    guard seen.isLinkText else { throw invalid() }
    guard seen.hasEscapes else {
      // Not decoded: the literal is the raw text (valid UTF-8: part of a `String` cut at ASCII
      // characters), which holds no `/` (segments split on it).
      if raw.count <= 2 && raw.allSatisfy({ $0 == UInt8(ascii: ".") }) { throw invalid() }
      return ScannedPattern.Segment(
        kind: .literal, type: .string, text: Text(start: Int32(start), end: Int32(end), isDecoded: false))
    }
    guard let literal = decoded(&scanned, start, end) else { throw invalid() }
    let decoded = scanned.bytes(literal)
    if (decoded.count <= 2 && decoded.allSatisfy { $0 == UInt8(ascii: ".") }) || decoded.contains(UInt8(ascii: "/")) {
      throw invalid()
    }
    return ScannedPattern.Segment(kind: .literal, type: .string, text: literal)
  }

  /// Whether the ASCII byte `b` may not stand in a literal or query key as it is: `?`, `&`,
  /// `=`, what ``LinkParserChecks/scan(_:)`` refuses (controls, space, `"`, `<`, `>`, `\\`,
  /// `^`, `` ` ``, `{`, `|`, `}`, DEL) and brackets, which
  /// ``LinkParser/decode(_:_:_:plusIsSpace:)`` refuses.
  @inline(__always)
  private static func isRefused(_ b: UInt8) -> Bool {
    let mask: UInt64 = b < 64 ? 0xF000_0045_FFFF_FFFF : 0xB800_0001_7800_0000
    return (mask >> UInt64(b & 63)) & 1 != 0
  }

  /// Whether `bytes[start..<end]` are all `.`.
  private static func isDots(_ bytes: Bytes, _ start: Int, _ end: Int) -> Bool {
    for i in start..<end where bytes[i] != UInt8(ascii: ".") { return false }
    return true
  }

  /// Whether the byte `b` is ASCII and not notable (``isNotable(_:)``): a letter first, the
  /// usual case.
  @inline(__always)
  private static func isPlain(_ b: UInt8) -> Bool {
    if (b | 0x20) &- 0x61 < 26 { return true }
    return b < 0x80 && !isNotable(b)
  }

  /// Whether the ASCII byte `b` is refused (``isRefused(_:)``) or is `%`, `/`, `:` or `#`.
  @inline(__always)
  private static func isNotable(_ b: UInt8) -> Bool {
    let mask: UInt64 = b < 64 ? 0xF400_806D_FFFF_FFFF : 0xB800_0001_7800_0000
    return (mask >> UInt64(b & 63)) & 1 != 0
  }

  /// Reads `{name[:type][?|...]}` filling `bytes[start..<end]`, or returns `nil` for a plain
  /// literal.
  private static func readCapture(
    _ bytes: Bytes, _ start: Int, _ end: Int
  ) throws(Failure) -> Capture? {
    var open = -1
    var close = -1
    for i in start..<end {
      let b = bytes[i]
      if b == UInt8(ascii: "{") && open < 0 { open = i }
      if b == UInt8(ascii: "}") && close < 0 { close = i }
    }
    switch (open >= 0, close >= 0) {
    case (false, false): return nil
    case (false, true): throw fail(close, .strayBrace)
    case (true, false): throw fail(open, .unclosedCapture)
    case (true, true):
      guard close > open else { throw fail(close, .strayBrace) }
      guard open == start, close == end - 1 else { throw fail(start, .partialSegmentCapture) }
    }
    for i in (start + 1)..<(end - 1) where bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "}") {
      throw fail(start + 1, .strayBrace)
    }
    let colon = bytes[(start + 1)..<(end - 1)].firstIndex(of: UInt8(ascii: ":")) ?? -1
    return try readCaptureInside(bytes, start, end, colon: colon)
  }

  /// Reads the capture `bytes[start..<end]`, which starts with `{`, ends with `}` and holds no
  /// other brace; `colon` is its first `:`, or -1.
  @inline(__always)
  private static func readCaptureInside(
    _ bytes: Bytes, _ start: Int, _ end: Int, colon: Int
  ) throws(Failure) -> Capture {
    var innerEnd = end - 1
    var kind = ScannedPattern.Segment.Kind.parameter
    let dot = UInt8(ascii: ".")
    if innerEnd - (start + 1) >= 3 && bytes[innerEnd - 1] == dot && bytes[innerEnd - 2] == dot
      && bytes[innerEnd - 3] == dot
    {
      kind = .catchAll
      innerEnd -= 3
    } else if innerEnd > start + 1 && bytes[innerEnd - 1] == UInt8(ascii: "?") {
      kind = .optional
      innerEnd -= 1
    }
    var type = ParameterType.string
    var nameEnd = innerEnd
    if colon >= 0 && colon < innerEnd {
      let typeName = bytes[(colon + 1)..<innerEnd]
      if let named = parameterType(typeName) {
        type = named
      } else {
        throw fail(start + 1, .unknownType(String(decoding: typeName, as: UTF8.self)))
      }
      nameEnd = colon
    }
    let name = bytes[(start + 1)..<nameEnd]
    guard isParameterName(name) else {
      throw fail(start + 1, .invalidParameterName(String(decoding: name, as: UTF8.self)))
    }
    return Capture(kind: kind, type: type, name: Text(start: Int32(start + 1), end: Int32(nameEnd), isDecoded: false))
  }

  /// The type named `int`, `uuid` or `string`.
  @inline(__always)
  private static func parameterType(_ name: ArraySlice<UInt8>) -> ParameterType? {
    func byte(_ i: Int, _ c: Unicode.Scalar) -> Bool { name[name.startIndex + i] == UInt8(ascii: c) }
    switch name.count {
    case 3 where byte(0, "i") && byte(1, "n") && byte(2, "t"): return .int
    case 4 where byte(0, "u") && byte(1, "u") && byte(2, "i") && byte(3, "d"): return .uuid
    case 6 where byte(0, "s") && byte(1, "t") && byte(2, "r") && byte(3, "i") && byte(4, "n") && byte(5, "g"):
      return .string
    default: return nil
    }
  }

  /// The query key `bytes[start..<end]`, decoded, or `nil` when it is empty or holds a character
  /// a link's component cannot (see ``isRefused(_:)``).
  private static func decodedLiteral<Output: PatternScanOutput>(
    _ scanned: inout Output, _ start: Int, _ end: Int
  ) -> Text? {
    let bytes = scanned.source
    var hasEscapes = false
    for i in start..<end {
      let b = bytes[i]
      if b < 0x80 {
        if isRefused(b) { return nil }
        if b == UInt8(ascii: "%") { hasEscapes = true }
      } else if b == 0xC2 && i + 1 < end && bytes[i + 1] >= 0x80 && bytes[i + 1] <= 0x9F {
        return nil
      }
    }
    guard start < end else { return nil }
    guard hasEscapes else { return Text(start: Int32(start), end: Int32(end), isDecoded: false) }
    return decoded(&scanned, start, end)
  }

  /// Percent-decodes `bytes[start..<end]` (checked by ``isRefused(_:)``) into the decoded
  /// bytes, or returns `nil` when an escape is malformed or makes invalid UTF-8 or a control
  /// character, or the result is empty.
  private static func decoded<Output: PatternScanOutput>(_ scanned: inout Output, _ start: Int, _ end: Int) -> Text? {
    guard let decoded = try? LinkParser.decode(scanned.source[start..<end], plusIsSpace: false), !decoded.isEmpty
    else {
      return nil
    }
    return scanned.appendDecoded(decoded)
  }

  /// The scheme `bytes` (``isScheme(_:)``: ASCII) lowercased; `https`, as most patterns spell it,
  /// recognised without making a string to lowercase.
  private static func lowercasedScheme(_ bytes: ArraySlice<UInt8>) -> String {
    let start = bytes.startIndex
    if bytes.count == 5 && bytes[start] == UInt8(ascii: "h") && bytes[start + 1] == UInt8(ascii: "t")
      && bytes[start + 2] == UInt8(ascii: "t") && bytes[start + 3] == UInt8(ascii: "p")
      && bytes[start + 4] == UInt8(ascii: "s")
    {
      return "https"
    }
    return String(decoding: bytes, as: UTF8.self).asciiLowercased
  }

  private static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard let first = bytes.first, (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A else { return false }
    return bytes.allSatisfy { b in
      ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x2D || b == 0x2E
    }
  }

  /// Whether `name` is `[A-Za-z_][A-Za-z0-9_]*`.
  private static func isParameterName(_ name: ArraySlice<UInt8>) -> Bool {
    // Only digits are name bytes below 0x40.
    guard let first = name.first, first >= 0x40, isNameByte(first) else { return false }
    for b in name where !isNameByte(b) { return false }
    return true
  }

  /// Whether `b` is an ASCII letter, digit or `_`: one bit test.
  @inline(__always)
  private static func isNameByte(_ b: UInt8) -> Bool {
    // Bits 48–57 are the digits; above 64, bits 1–26 the capitals, 31 `_` and 33–58 the small letters.
    let mask: UInt64 = b < 64 ? 0x03FF_0000_0000_0000 : 0x07FF_FFFE_87FF_FFFE
    return b < 0x80 && (mask >> UInt64(b & 63)) & 1 != 0
  }
}

extension RoutePattern.Segment {
  /// The capture's name, or `nil` for a literal.
  package var captureName: String? {
    switch self {
    case .literal: nil
    case .parameter(let name, _), .optional(let name, _), .catchAll(let name): name
    }
  }
}

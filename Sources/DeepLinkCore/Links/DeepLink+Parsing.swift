#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension DeepLink {
  /// Reads and normalises a link, refusing every input on which URL parsers could disagree.
  ///
  /// See ``DeepLink`` for the normalisation rules and ``DeepLinkError`` for every refusal.
  ///
  /// ```swift
  /// try DeepLink("shop://product/123").pathSegments   // ["product", "123"]
  /// try DeepLink("https://user@shop.example.com/")    // throws DeepLinkError.userInfo
  /// ```
  ///
  /// - Parameter string: the link as received.
  /// - Throws: ``DeepLinkError`` naming what was wrong.
  /// - Complexity: O(*n*) in the length of `string`: one table-driven scan of the whole link,
  ///   then one pass per component.
  public init(_ string: String) throws(DeepLinkError) {
    try self.init(string, knownHosts: nil)
  }

  /// ``init(_:)-(String)``, handing out the name in `knownHosts` for a host that is one of them
  /// (a decision's own domains) instead of making a string for it.
  @inline(__always)
  init(_ string: String, knownHosts: KnownHosts?) throws(DeepLinkError) {
    var input = string
    var failure = DeepLinkError.empty
    let parsed = input.withUTF8 { bytes -> Storage? in
      do throws(DeepLinkError) {
        return try LinkParser.parse(bytes, knownHosts: knownHosts).storage
      } catch {
        failure = error
        return nil
      }
    }
    guard let parsed else { throw failure }
    storage = parsed
  }
}

/// The RFC 3986 splitter behind ``DeepLink/init(_:)-(String)``.
enum LinkParser {
  private static let slash: UInt8 = 0x2F
  private static let question: UInt8 = 0x3F
  private static let hash: UInt8 = 0x23
  private static let colon: UInt8 = 0x3A
  private static let percent: UInt8 = 0x25
  private static let plus: UInt8 = 0x2B
  private static let dot: UInt8 = 0x2E

  /// Whether the byte tables are right, worked out once (debug builds assert it).
  private static let tablesAreConsistent = LinkByteTables.isConsistent

  static func parse(_ p: UnsafeBufferPointer<UInt8>, knownHosts: KnownHosts? = nil) throws(DeepLinkError) -> DeepLink {
    assert(tablesAreConsistent, "LinkByteTables disagree with their rules")
    let n = p.count
    guard n > 0 else { throw .empty }
    guard n <= DeepLink.maximumLength else { throw .tooLong(bytes: n) }
    let summary = try LinkParserChecks.scan(p)
    // Without `%`, `+` or brackets anywhere, no component needs decoding or bracket checks.
    // Otherwise the components are decoded in turn into one buffer on the stack, as long as the link.
    guard summary.hasEscapes else { return try parseParts(p, summary, scratch: nil, knownHosts) }
    return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) {
      (scratch) throws(DeepLinkError) -> DeepLink in
      try parseParts(p, summary, scratch: scratch.baseAddress, knownHosts)
    }
  }

  /// Splits and reads the link `p`, which `summary` describes. `scratch` holds `p.count` bytes
  /// for decoding into, or is `nil` when no component needs decoding. Inlined into both calls,
  /// so that a link without escapes takes a copy without the decoding.
  @inline(__always)
  private static func parseParts(
    _ p: UnsafeBufferPointer<UInt8>, _ summary: LinkParserChecks.Summary, scratch: UnsafeMutablePointer<UInt8>?,
    _ knownHosts: KnownHosts?
  ) throws(DeepLinkError) -> DeepLink {
    let n = p.count
    // Components of an ASCII link are ASCII too, which makes short ones cheaper to turn into strings.
    let ascii = !summary.hasNonASCII

    // scheme ":"
    var colonIndex = 0
    while colonIndex < n {
      let b = p[colonIndex]
      if b == colon || b == slash || b == question || b == hash { break }
      colonIndex += 1
    }
    guard colonIndex > 0, colonIndex < n, p[colonIndex] == colon else { throw .missingScheme }
    let (scheme, webPort) = try readScheme(UnsafeBufferPointer(rebasing: p[0..<colonIndex]))
    let isWeb = webPort != 0

    var cursor = colonIndex + 1
    var host: String? = nil
    var port: Int? = nil
    var segments: [String] = []
    segments.reserveCapacity(min(summary.slashes, DeepLink.maximumPathSegments) + 1)
    // Where the next look at the offsets of `/` and `&` the scan kept starts.
    var nextSlash = 0
    var nextAmpersand = 0
    let hasAuthority = cursor + 1 < n && p[cursor] == slash && p[cursor + 1] == slash
    if hasAuthority {
      let start = cursor + 2
      // The authority ends at the first `/`, `?` or `#` after it; the scan found the first `?`
      // and `#`, and neither can come before `start`.
      let end = summary.slashOffsets.first(
        from: start, to: min(summary.firstQuestion, summary.firstHash), cursor: &nextSlash, in: p)
      if isWeb {
        (host, port) = try readWebAuthority(p, start, end, defaultPort: webPort, knownHosts)
      } else {
        try checkCustomAuthority(p, start, end)
        // An empty authority (`shop:///product/1`, `shop://`) is no segment, like an empty path segment.
        if end > start { try appendSegment(p, start, end, scratch, ascii, to: &segments) }
      }
      cursor = end
    } else if isWeb {
      throw .missingHost
    }

    // path: up to the first `?` or `#`, which the scan found (neither can come before `cursor`)
    let pathEnd = min(summary.firstQuestion, summary.firstHash)
    var segmentStart = cursor
    while segmentStart <= pathEnd {
      let i = summary.slashOffsets.first(from: segmentStart, to: pathEnd, cursor: &nextSlash, in: p)
      if i > segmentStart { try appendSegment(p, segmentStart, i, scratch, ascii, to: &segments) }
      segmentStart = i + 1
    }

    // query
    var queryItems: [DeepLinkQueryItem] = []
    cursor = pathEnd
    if cursor < n && p[cursor] == question {
      queryItems.reserveCapacity(summary.ampersands + 1)
      let queryEnd = summary.firstHash
      var itemStart = cursor + 1
      while itemStart <= queryEnd {
        let i = summary.ampersandOffsets.first(from: itemStart, to: queryEnd, cursor: &nextAmpersand, in: p)
        if i > itemStart { queryItems.append(try readQueryItem(p, itemStart, i, scratch, ascii)) }
        itemStart = i + 1
      }
      cursor = queryEnd
    }

    // fragment
    var fragment: String? = nil
    if cursor < n && p[cursor] == hash {
      if let scratch {
        fragment = try decodedString(p, cursor + 1, n, plusIsSpace: false, isSegment: false, into: scratch)
      } else {
        fragment = try decode(p, cursor + 1, n, plusIsSpace: false)
      }
    }
    let link = DeepLink(
      scheme: scheme, host: host, port: port, pathSegments: segments, queryItems: queryItems, fragment: fragment)
    // Writing the normal form out can make it up to three times as long as the input (`+` → `%20`,
    // `:` in a segment → `%3A`, raw UTF-8 → escapes, `shop:` → `shop://`). A link whose normal form
    // is over the limit is refused too, so that `absoluteString` always parses back.
    if 3 * n + 3 > DeepLink.maximumLength {
      let normalLength = link.absoluteStringLength
      guard normalLength <= DeepLink.maximumLength else { throw .tooLong(bytes: normalLength) }
    }
    return link
  }
}

extension LinkParser {
  /// The offset of the first `byte` in `p[start..<end]`, or `end`: `memchr`, which reads a
  /// word or a vector at a time, instead of a loop over bytes.
  @inline(__always)
  static func firstIndex(of byte: UInt8, in p: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
    guard start < end, let base = p.baseAddress, let found = memchr(base + start, Int32(byte), end - start) else {
      return end
    }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// A `String` of `bytes`, which must be valid UTF-8 (and are all ASCII when `isASCII`): a
  /// slice of the link cut at ASCII bytes, or bytes
  /// ``decodeComponent(_:_:_:plusIsSpace:stopAtEquals:into:)`` decoded and checked.
  ///
  /// ``String/init(decoding:as:)`` would validate the bytes a second time and then copy them one
  /// at a time. A short ASCII string (up to 15 bytes, stored inline) is written in place instead,
  /// with only an ASCII check; any other is copied from a `UTF8Span` made without validation
  /// where the standard library has one (Swift 6.2).
  @inline(__always)
  static func makeString(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
    assert(String.validUTF8(bytes) != nil, "makeString takes valid UTF-8 only")
    if isASCII, bytes.count <= 15, let base = bytes.baseAddress {
      return String(unsafeUninitializedCapacity: bytes.count) { out in
        out.baseAddress.unsafelyUnwrapped.initialize(from: base, count: bytes.count)
        return bytes.count
      }
    }
    if #available(macOS 26, iOS 26, watchOS 26, tvOS 26, visionOS 26, *) {
      return unsafe String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Checks shared by links and pattern literals.
enum LinkParserChecks {
  /// What one pass over a link's raw bytes found.
  struct Summary {
    /// Where the `/` are (their count is an upper bound on the path segments).
    var slashOffsets = ByteOffsets(byte: 0x2F)
    /// Where the `&` are (their count is one less than an upper bound on the query items).
    var ampersandOffsets = ByteOffsets(byte: 0x26)
    /// How many `/`.
    var slashes: Int { slashOffsets.count }
    /// How many `&`.
    var ampersands: Int { ampersandOffsets.count }
    /// Whether a `%`, `+`, `[` or `]` occurs: without one, no component needs decoding.
    var hasEscapes = false
    /// Whether a byte from 0x80 occurs: without one, every component is ASCII.
    var hasNonASCII = false
    /// The offset of the first `?`, or the length.
    var firstQuestion: Int
    /// The offset of the first `#`, or the length.
    var firstHash: Int
  }

  /// Where one byte occurs in a link, in order: the offsets of the first ``capacity`` occurrences
  /// and how many there are in all. The scan records them as it stops at the byte, so that the
  /// parser finds where components end without searching the link again.
  struct ByteOffsets {
    /// How many offsets are kept.
    static let capacity = 16
    /// The byte.
    let byte: UInt8
    /// How many times the byte occurs.
    private(set) var count = 0
    /// The first ``capacity`` offsets (a link is at most 8 KiB, so each fits 16 bits).
    private var offsets: Kept = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private typealias Kept = (
      UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16,
      UInt16, UInt16
    )

    init(byte: UInt8) { self.byte = byte }

    /// Notes an occurrence at `offset`, after every one noted so far.
    @inline(__always)
    mutating func append(_ offset: Int) {
      if count < Self.capacity {
        let position = count &* 2
        withUnsafeMutableBytes(of: &offsets) {
          $0.storeBytes(of: UInt16(truncatingIfNeeded: offset), toByteOffset: position, as: UInt16.self)
        }
      }
      count &+= 1
    }

    /// The offset of the first occurrence in `start..<end`, or `end`. `cursor` is the index of
    /// the kept offset to look at first, and is moved past those before `start`, so that calls
    /// with `start` never decreasing read each kept offset once. Past the kept offsets, the link
    /// `p` (the one scanned) is searched.
    @inline(__always)
    func first(from start: Int, to end: Int, cursor: inout Int, in p: UnsafeBufferPointer<UInt8>) -> Int {
      let kept = Swift.min(count, Self.capacity)
      while cursor < kept {
        let position = cursor &* 2
        let offset = Int(withUnsafeBytes(of: offsets) { $0.load(fromByteOffset: position, as: UInt16.self) })
        if offset >= start { return Swift.min(offset, end) }
        cursor &+= 1
      }
      return count == kept ? end : LinkParser.firstIndex(of: byte, in: p, from: start, to: end)
    }
  }

  /// Refuses raw control characters (C0, DEL, C1), backslashes and the ASCII characters that are
  /// never valid unencoded, counting what the parser sizes its arrays by and keeping where the
  /// first `/` and `&` are. Brackets are checked per component (they mean an IPv6 host). `p` is
  /// at most ``DeepLink/maximumLength`` bytes.
  ///
  /// - Complexity: O(*n*), one table look-up per byte, four bytes at a time between the bytes
  ///   it stops at.
  @discardableResult
  static func scan(_ p: UnsafeBufferPointer<UInt8>) throws(DeepLinkError) -> Summary {
    let n = p.count
    var summary = Summary(firstQuestion: n, firstHash: n)
    // The classes of the bytes skipped, or-ed together.
    var seen: UInt8 = 0
    let stop = LinkByteTables.scanStop
    var i = 0
    while true {
      // Skip to the next byte to stop at, four at a time while four are left.
      while i &+ 4 <= n {
        let classes = flags(p[i]) | flags(p[i &+ 1]) | flags(p[i &+ 2]) | flags(p[i &+ 3])
        if classes & stop != 0 { break }
        seen |= classes
        i &+= 4
      }
      while i < n {
        let c = flags(p[i])
        if c & stop != 0 { break }
        seen |= c
        i &+= 1
      }
      guard i < n else { break }
      let b = p[i]
      switch b {
      case 0x00...0x1F, 0x7F: throw .controlCharacter(offset: i)
      case 0x5C: throw .backslash(offset: i)
      case 0x20, 0x22, 0x3C, 0x3E, 0x5E, 0x60, 0x7B, 0x7C, 0x7D:
        throw .invalidCharacter(Character(Unicode.Scalar(b)), offset: i)
      case 0x2F: summary.slashOffsets.append(i)
      case 0x26: summary.ampersandOffsets.append(i)
      case 0x3F: if summary.firstQuestion == n { summary.firstQuestion = i }
      case 0x23: if summary.firstHash == n { summary.firstHash = i }
      default:  // 0xC2
        if i + 1 < n && p[i + 1] >= 0x80 && p[i + 1] <= 0x9F { throw .controlCharacter(offset: i) }
        seen |= LinkByteTables.scanNonASCII
      }
      i &+= 1
    }
    summary.hasEscapes = seen & LinkByteTables.scanEscape != 0
    summary.hasNonASCII = seen & LinkByteTables.scanNonASCII != 0
    return summary
  }

  /// The ``LinkByteTables/flags`` of `b`.
  @inline(__always)
  private static func flags(_ b: UInt8) -> UInt8 { LinkByteTables.flags[Int(b)] }
}

extension LinkParser {
  /// The scheme, lowercased, and the default port of a web scheme (`http` 80, `https` 443), or 0
  /// for any other scheme.
  private static func readScheme(_ bytes: UnsafeBufferPointer<UInt8>) throws(DeepLinkError) -> (String, Int) {
    // Web links, whatever their case, take the constants: no string to make. `| 0x20` matches
    // exactly the two cases of a letter, so these schemes are valid.
    let n = bytes.count
    if n == 4 || n == 5, let base = bytes.baseAddress,
      UInt32(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt32.self)) | 0x2020_2020 == 0x7074_7468
    {
      if n == 4 { return ("http", 80) }
      if base[4] | 0x20 == 0x73 { return ("https", 443) }
    }
    var valid = true
    for i in 0..<n {
      let b = bytes[i]
      let isAlpha = (b | 0x20) &- 0x61 < 26
      let isOther = b &- 0x30 < 10 || b == plus || b == 0x2D || b == dot
      if !(isAlpha || (i > 0 && isOther)) { valid = false }
    }
    guard valid else { throw .invalidScheme(String(decoding: bytes, as: UTF8.self)) }
    let scheme = String(unsafeUninitializedCapacity: n) { out in
      for i in 0..<n {
        let b = bytes[i]
        out[i] = b &- 0x41 < 26 ? b | 0x20 : b
      }
      return n
    }
    return (scheme, 0)
  }

  /// The authority of a custom-scheme link is its first path segment; it may not look like
  /// userinfo, a port or an IPv6 literal.
  private static func checkCustomAuthority(
    _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
  ) throws(DeepLinkError) {
    for i in start..<end {
      switch p[i] {
      case 0x40: throw .userInfo
      case colon: throw .invalidPort(String(decoding: UnsafeBufferPointer(rebasing: p[start..<end]), as: UTF8.self))
      default: break
      }
    }
  }

  private static func readWebAuthority(
    _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, defaultPort: Int, _ knownHosts: KnownHosts?
  ) throws(DeepLinkError) -> (String, Int?) {
    // Most authorities are a host in normal form and nothing else (no userinfo, port or
    // brackets, none of which a normal host contains): one pass, which also tells whether a
    // label starts with `xn--` (most hosts have none, and skip the Punycode check).
    if end > start,
      let (host, hasPunycode) = readNormalHost(UnsafeBufferPointer(rebasing: p[start..<end]), knownHosts)
    {
      if hasPunycode { try PunycodeLabels.check(host) }
      return (host, nil)
    }
    var hostEnd = end
    for i in start..<end {
      switch p[i] {
      case 0x40: throw .userInfo
      case 0x5B, 0x5D:
        throw .ipAddressHost(String(decoding: UnsafeBufferPointer(rebasing: p[start..<end]), as: UTF8.self))
      case colon where hostEnd == end: hostEnd = i
      default: break
      }
    }
    var port: Int? = nil
    if hostEnd < end {
      let digits = UnsafeBufferPointer(rebasing: p[(hostEnd + 1)..<end])
      var value = 0
      var valid = !digits.isEmpty
      for b in digits {
        guard b >= 0x30 && b <= 0x39, value <= 65535 else {
          valid = false
          break
        }
        value = value * 10 + Int(b - 0x30)
      }
      guard valid, value <= 65535 else { throw .invalidPort(String(decoding: digits, as: UTF8.self)) }
      port = value == defaultPort ? nil : value
    }
    let host = try readHost(p, start, hostEnd)
    try PunycodeLabels.check(host)
    return (host, port)
  }

  /// Decodes percent-escapes, maps full-width and ideographic dots to `.`, lowercases, drops one
  /// trailing dot and checks labels, lengths and numeric (IPv4-like) hosts.
  private static func readHost(
    _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
  ) throws(DeepLinkError) -> String {
    let raw = UnsafeBufferPointer(rebasing: p[start..<end])
    guard !raw.isEmpty else { throw .missingHost }
    if let (host, _) = readNormalHost(raw, nil) { return host }
    let result = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { buffer in
      Result { () throws(DeepLinkError) -> String in
        var count: Int
        if raw.contains(percent) {
          count = try decodeBytes(p, start, end, into: buffer)
          let decoded = UnsafeBufferPointer(rebasing: buffer[0..<count])
          if let failure = UTF8Check.validate(decoded) {
            throw failure == .controlCharacter ? .controlCharacter(offset: start) : .invalidUTF8(offset: start)
          }
        } else {
          // Raw bytes of a `String` are valid UTF-8, and the scan refused every control character.
          _ = buffer.initialize(fromContentsOf: raw)
          count = raw.count
        }
        // Only errors quote the host as written.
        func rawHost() -> String { String(decoding: raw, as: UTF8.self) }
        // Map and lowercase in place; the output never outgrows the input.
        var out = 0
        var i = 0
        while i < count {
          let b = buffer[i]
          switch b {
          case 0x41...0x5A:
            buffer[out] = b | 0x20
            i += 1
          case 0x61...0x7A, 0x30...0x39, 0x2D, dot:
            buffer[out] = b
            i += 1
          case 0xE3 where i + 2 < count && buffer[i + 1] == 0x80 && buffer[i + 2] == 0x82,  // U+3002
            0xEF where i + 2 < count && buffer[i + 1] == 0xBC && buffer[i + 2] == 0x8E,  // U+FF0E
            0xEF where i + 2 < count && buffer[i + 1] == 0xBD && buffer[i + 2] == 0xA1:  // U+FF61
            buffer[out] = dot
            i += 3
          default:
            throw .invalidHost(rawHost())
          }
          out += 1
        }
        count = out
        if count > 0 && buffer[count - 1] == dot { count -= 1 }
        guard count > 0 else { throw .emptyHostLabel(rawHost()) }
        guard count <= 253 else { throw .hostTooLong(rawHost()) }
        var labelStart = 0
        for j in 0...count where j == count || buffer[j] == dot {
          let length = j - labelStart
          guard length > 0 else { throw .emptyHostLabel(rawHost()) }
          guard length <= 63 else { throw .hostTooLong(rawHost()) }
          if j == count && isNumericLabel(UnsafeBufferPointer(rebasing: buffer[labelStart..<j])) {
            throw .ipAddressHost(rawHost())
          }
          labelStart = j + 1
        }
        return makeString(UnsafeBufferPointer(rebasing: buffer[0..<count]), isASCII: true)
      }
    }
    return try result.get()
  }

  /// The host of most links, already in normal form (lower-case letters, digits, `-` and `.`,
  /// perhaps one trailing dot), read straight from the link's bytes, and whether one of its
  /// labels starts with `xn--`; `nil` for any other host, which ``readHost(_:_:_:)`` then
  /// decodes, maps and lowercases first.
  private static func readNormalHost(_ raw: UnsafeBufferPointer<UInt8>, _ knownHosts: KnownHosts?) -> (String, Bool)? {
    var count = raw.count
    guard let base = raw.baseAddress else { return nil }
    if base[count - 1] == dot { count -= 1 }
    guard count > 0, count <= 253 else { return nil }
    var labelStart = 0
    var hasPunycode = false
    var j = 0
    // Errors are left to the general reader, which quotes the host.
    while true {
      while j < count {
        // Lower-case letters, digits and `-`.
        guard LinkByteTables.flags[Int(base[j])] & LinkByteTables.normalHostByte != 0 else { break }
        j &+= 1
      }
      let length = j &- labelStart
      guard length > 0, length <= 63 else { return nil }
      // A label starting with `xn--`, read as one little-endian word.
      if length >= 4,
        UInt32(littleEndian: UnsafeRawPointer(base + labelStart).loadUnaligned(as: UInt32.self)) == 0x2D2D_6E78
      {
        hasPunycode = true
      }
      guard j < count else { break }
      guard base[j] == dot else { return nil }
      j &+= 1
      labelStart = j
    }
    if isNumericLabel(UnsafeBufferPointer(start: base + labelStart, count: count - labelStart)) { return nil }
    let host = UnsafeBufferPointer(start: base, count: count)
    return (knownHosts?.name(host) ?? makeString(host, isASCII: true), hasPunycode)
  }

  /// The WHATWG URL standard reads a host whose last label is a number (decimal, or `0x` hex)
  /// as an IPv4 address.
  private static func isNumericLabel(_ label: UnsafeBufferPointer<UInt8>) -> Bool {
    if label.count >= 2 && label[0] == 0x30 && (label[1] | 0x20) == 0x78 {
      return label.dropFirst(2).allSatisfy { PercentEncoding.hexValue($0) != nil }
    }
    return label.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }

  /// Appends the segment `p[start..<end]`, decoded into `scratch` (see
  /// ``parseParts(_:_:scratch:)``) or, without escapes in the link, taken as it is.
  private static func appendSegment(
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
  private static func readQueryItem(
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
  private static func decodedString(
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
    // What decoding noticed, as bits (see `DecodedFacts`), so that noting costs no branch.
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
  private static func decodeBytes(
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

extension DeepLink {
  /// Reads a link from raw bytes, as a file, a socket or a command line delivers them.
  ///
  /// Bytes that are not valid UTF-8 make the link invalid, exactly as their percent-encoded form
  /// does: they are never replaced with U+FFFD and decided.
  ///
  /// ```swift
  /// try DeepLink(utf8: Array("shop://cart".utf8))            // shop://cart
  /// try DeepLink(utf8: [0x73, 0x68, 0x6F, 0x70, 0x3A, 0xC0])  // throws DeepLinkError.invalidUTF8
  /// ```
  ///
  /// - Parameter bytes: the link's bytes, meant to be UTF-8.
  /// - Throws: ``DeepLinkError``; ``DeepLinkError/invalidUTF8(offset:)`` for bytes that are not UTF-8.
  /// - Complexity: O(*n*) in the number of bytes.
  public init(utf8 bytes: some Collection<UInt8>) throws(DeepLinkError) {
    guard let string = String.validUTF8(bytes) else {
      throw .invalidUTF8(offset: PercentEncoding.firstInvalidUTF8Offset(bytes) ?? 0)
    }
    try self.init(string)
  }
}

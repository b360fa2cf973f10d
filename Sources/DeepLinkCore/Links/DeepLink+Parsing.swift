// Reading a link: `DeepLink`'s initialisers and the entry of the link parser, which splits the
// link's UTF-8 in place (unsafe buffer reads); the parser's other parts are the `LinkParser*` files.

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
  /// try DeepLink("shop://product/123").pathSegments  // ["product", "123"]
  /// try DeepLink("https://user@shop.example.com/")  // throws DeepLinkError.userInfo
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
  static let slash: UInt8 = 0x2F
  static let question: UInt8 = 0x3F
  static let hash: UInt8 = 0x23
  static let colon: UInt8 = 0x3A
  static let percent: UInt8 = 0x25
  static let plus: UInt8 = 0x2B
  static let dot: UInt8 = 0x2E

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
    // Components of an ASCII link are ASCII too.
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
    var hostHadTrailingDot = false
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
        (host, port, hostHadTrailingDot) = try readWebAuthority(p, start, end, defaultPort: webPort, knownHosts)
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
      storage: DeepLink.Storage(
        scheme: scheme, host: host, port: port, pathSegments: segments, queryItems: queryItems, fragment: fragment,
        hostHadTrailingDot: hostHadTrailingDot))
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

extension DeepLink {
  /// Reads a link from raw bytes, as a file, a socket or a command line delivers them.
  ///
  /// Bytes that are not valid UTF-8 make the link invalid, exactly as their percent-encoded form
  /// does: they are never replaced with U+FFFD and decided.
  ///
  /// ```swift
  /// try DeepLink(utf8: Array("shop://cart".utf8))  // shop://cart
  /// try DeepLink(utf8: [0x73, 0x68, 0x6F, 0x70, 0x3A, 0xC0])  // throws DeepLinkError.invalidUTF8
  /// ```
  ///
  /// - Parameter bytes: the link's bytes, meant to be UTF-8.
  /// - Throws: ``DeepLinkError``; ``DeepLinkError/invalidUTF8(offset:)`` for bytes that are not UTF-8.
  /// - Complexity: O(*n*) in the number of bytes.
  package init(utf8 bytes: some Collection<UInt8>) throws(DeepLinkError) {
    guard let string = String.validUTF8(bytes) else {
      throw .invalidUTF8(offset: PercentEncoding.firstInvalidUTF8Offset(bytes) ?? 0)
    }
    try self.init(string)
  }
}

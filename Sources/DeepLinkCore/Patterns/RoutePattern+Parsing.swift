/// Reads the pattern syntax of ``RoutePattern`` over UTF-8.
enum RoutePatternParser {
  struct Parsed {
    var scheme: String?
    var namespace: RoutePattern.Namespace
    var segments: [RoutePattern.Segment]
    var queryCaptures: [RoutePattern.QueryCapture]
  }

  /// Reads `source` in one pass over its UTF-8, making a `String` only for what the pattern
  /// keeps (literals, names, keys).
  ///
  /// - Complexity: O(*n*) in the length of `source`.
  static func parse(_ source: String) throws(RoutePatternError) -> Parsed {
    var text = source
    let result = text.withUTF8 { bytes in
      Result { () throws(RoutePatternError) in try parse(bytes, source) }
    }
    return try result.get()
  }

  private typealias Bytes = UnsafeBufferPointer<UInt8>
  private typealias Fail = (Int, RoutePatternError.Problem) -> RoutePatternError

  private static func parse(_ bytes: Bytes, _ source: String) throws(RoutePatternError) -> Parsed {
    func fail(_ offset: Int, _ problem: RoutePatternError.Problem) -> RoutePatternError {
      RoutePatternError(pattern: source, offset: offset, problem: problem)
    }
    if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) { throw fail(hash, .fragment) }

    var scheme: String? = nil
    var namespace = RoutePattern.Namespace.app
    var pathStart = 0
    if bytes.first != UInt8(ascii: "/") {
      guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
        bytes.count >= colon + 3, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
      else { throw fail(0, .missingStart) }
      let name = String(decoding: bytes[0..<colon], as: UTF8.self)
      guard isScheme(bytes[0..<colon]) else { throw fail(0, .invalidScheme(name)) }
      let lowered = name.lowercased()
      scheme = lowered
      pathStart = colon + 3
      if lowered == "http" || lowered == "https" {
        var hostEnd = pathStart
        while hostEnd < bytes.count && bytes[hostEnd] != UInt8(ascii: "/") && bytes[hostEnd] != UInt8(ascii: "?") {
          hostEnd += 1
        }
        let host = String(decoding: bytes[pathStart..<hostEnd], as: UTF8.self)
        guard let hostPattern = hostPattern(host) else { throw fail(pathStart, .invalidHost(host)) }
        namespace = .host(hostPattern)
        pathStart = hostEnd
      } else {
        namespace = .scheme(lowered)
      }
    }

    // The query starts at the first `?` outside a capture (`{page?}` is an optional capture).
    var queryStart = bytes.count
    var insideCapture = false
    var segmentCount = 0
    for i in pathStart..<bytes.count {
      let b = bytes[i]
      if b == UInt8(ascii: "/") { segmentCount += 1 }
      if b == UInt8(ascii: "{") { insideCapture = true }
      if b == UInt8(ascii: "}") { insideCapture = false }
      if b == UInt8(ascii: "?") && !insideCapture {
        queryStart = i
        break
      }
    }
    var segments: [RoutePattern.Segment] = []
    segments.reserveCapacity(segmentCount + 1)
    var segmentStart = pathStart
    var sawOptional = false
    var sawCatchAll = false
    for i in pathStart...queryStart where i == queryStart || bytes[i] == UInt8(ascii: "/") {
      defer { segmentStart = i + 1 }
      if i == segmentStart {
        // Empty: allowed only as the leading or the trailing slash.
        if segmentStart == pathStart || i == queryStart { continue }
        throw fail(i, .emptySegment)
      }
      if sawCatchAll { throw fail(segmentStart, .misplacedCatchAll) }
      let segment = try readSegment(bytes, segmentStart, i, fail)
      switch segment {
      case .literal, .parameter:
        if sawOptional { throw fail(segmentStart, .optionalNotTrailing) }
      case .optional:
        sawOptional = true
      case .catchAll:
        if sawOptional { throw fail(segmentStart, .optionalNotTrailing) }
        sawCatchAll = true
      }
      if let name = segment.captureName, segments.contains(where: { $0.captureName == name }) {
        throw fail(segmentStart, .duplicateParameter(name))
      }
      segments.append(segment)
    }

    var queryCaptures: [RoutePattern.QueryCapture] = []
    if queryStart < bytes.count {
      var itemStart = queryStart + 1
      for i in itemStart...bytes.count where i == bytes.count || bytes[i] == UInt8(ascii: "&") {
        defer { itemStart = i + 1 }
        let item = bytes[itemStart..<i]
        guard let equals = item.firstIndex(of: UInt8(ascii: "=")), equals > itemStart,
          let key = decodedLiteral(bytes, itemStart, equals), !queryCaptures.contains(where: { $0.key == key })
        else { throw fail(itemStart, .invalidQueryItem(String(decoding: item, as: UTF8.self))) }
        guard case .capture(let name, let type, let kind) = try readCapture(bytes, equals + 1, i, fail) else {
          throw fail(itemStart, .invalidQueryItem(String(decoding: item, as: UTF8.self)))
        }
        guard kind != .catchAll else { throw fail(equals + 1, .misplacedCatchAll) }
        guard !segments.contains(where: { $0.captureName == name }), !queryCaptures.contains(where: { $0.name == name })
        else { throw fail(equals + 1, .duplicateParameter(name)) }
        queryCaptures.append(.init(key: key, name: name, type: type, isOptional: kind == .optional))
      }
    }
    return Parsed(scheme: scheme, namespace: namespace, segments: segments, queryCaptures: queryCaptures)
  }

  private enum CaptureKind { case required, optional, catchAll }
  private enum Piece {
    case literal
    case capture(String, ParameterType, CaptureKind)
  }

  private static func readSegment(
    _ bytes: Bytes, _ start: Int, _ end: Int, _ fail: Fail
  ) throws(RoutePatternError) -> RoutePattern.Segment {
    switch try readCapture(bytes, start, end, fail) {
    case .capture(let name, let type, .required): return .parameter(name: name, type: type)
    case .capture(let name, let type, .optional): return .optional(name: name, type: type)
    case .capture(let name, let type, .catchAll):
      guard type == .string else { throw fail(start, .misplacedCatchAll) }
      return .catchAll(name: name)
    case .literal:
      let raw = bytes[start..<end]
      func invalid() -> RoutePatternError { fail(start, .invalidLiteral(String(decoding: raw, as: UTF8.self))) }
      guard let literal = decodedLiteral(bytes, start, end) else { throw invalid() }
      if raw.contains(UInt8(ascii: "%")) {
        guard literal != ".", literal != "..", !literal.utf8.contains(UInt8(ascii: "/")) else { throw invalid() }
      } else if raw.allSatisfy({ $0 == UInt8(ascii: ".") }) && raw.count <= 2 {
        // Not decoded: the literal is the raw text, which holds no `/` (segments split on it).
        throw invalid()
      }
      return .literal(literal)
    }
  }

  /// Reads `{name[:type][?|...]}` filling `bytes[start..<end]`, or reports a plain literal.
  private static func readCapture(
    _ bytes: Bytes, _ start: Int, _ end: Int, _ fail: Fail
  ) throws(RoutePatternError) -> Piece {
    var open = -1
    var close = -1
    for i in start..<end {
      let b = bytes[i]
      if b == UInt8(ascii: "{") && open < 0 { open = i }
      if b == UInt8(ascii: "}") && close < 0 { close = i }
    }
    switch (open >= 0, close >= 0) {
    case (false, false): return .literal
    case (false, true): throw fail(close, .strayBrace)
    case (true, false): throw fail(open, .unclosedCapture)
    case (true, true):
      guard close > open else { throw fail(close, .strayBrace) }
      guard open == start, close == end - 1 else { throw fail(start, .partialSegmentCapture) }
    }
    var innerEnd = end - 1
    for i in (start + 1)..<innerEnd where bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "}") {
      throw fail(start + 1, .strayBrace)
    }
    var kind = CaptureKind.required
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
    if let colon = bytes[(start + 1)..<innerEnd].firstIndex(of: UInt8(ascii: ":")) {
      let typeName = bytes[(colon + 1)..<innerEnd]
      if typeName.elementsEqual("int".utf8) {
        type = .int
      } else if typeName.elementsEqual("uuid".utf8) {
        type = .uuid
      } else if typeName.elementsEqual("string".utf8) {
        type = .string
      } else {
        throw fail(start + 1, .unknownType(String(decoding: typeName, as: UTF8.self)))
      }
      nameEnd = colon
    }
    let name = bytes[(start + 1)..<nameEnd]
    guard isParameterName(name) else {
      throw fail(start + 1, .invalidParameterName(String(decoding: name, as: UTF8.self)))
    }
    return .capture(String(decoding: name, as: UTF8.self), type, kind)
  }

  private static func decodedLiteral(_ bytes: Bytes, _ start: Int, _ end: Int) -> String? {
    for b in bytes[start..<end] where b == UInt8(ascii: "?") || b == UInt8(ascii: "&") || b == UInt8(ascii: "=") {
      return nil
    }
    let result = Result { () throws(DeepLinkError) in
      try LinkParserChecks.scan(UnsafeBufferPointer(rebasing: bytes[start..<end]))
      return try LinkParser.decode(bytes, start, end, plusIsSpace: false)
    }
    guard case .success(let literal) = result, !literal.isEmpty else { return nil }
    return literal
  }

  private static func isScheme(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    guard let first = bytes.first, (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A else { return false }
    return bytes.allSatisfy { b in
      ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x2D || b == 0x2E
    }
  }

  private static func isParameterName(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    guard let first = name.first, first == 0x5F || ((first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A) else {
      return false
    }
    return name.allSatisfy { b in
      b == 0x5F || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) || (b >= 0x30 && b <= 0x39)
    }
  }

  /// Reads an exact host or `*.suffix`, by the same rules links' hosts follow.
  static func hostPattern(_ text: String) -> RoutePattern.HostPattern? {
    // ASCII only, checked before lowercasing: Unicode lowercasing turns the Kelvin sign into `k`.
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
    var host = text.lowercased()
    var wildcard = false
    if host.hasPrefix("*.") {
      wildcard = true
      host.removeFirst(2)
    }
    if host.hasSuffix(".") { host.removeLast() }
    guard let link = try? DeepLink("https://" + host + "/"), link.host == host, link.port == nil else { return nil }
    return wildcard ? .subdomains(of: host) : .exact(host)
  }
}

extension RoutePattern.Segment {
  /// The capture's name, or `nil` for a literal.
  public var captureName: String? {
    switch self {
    case .literal: nil
    case .parameter(let name, _), .optional(let name, _), .catchAll(let name): name
    }
  }
}

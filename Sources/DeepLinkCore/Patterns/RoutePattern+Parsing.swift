/// Reads the pattern syntax of ``RoutePattern`` over UTF-8.
enum RoutePatternParser {
  struct Parsed {
    var scheme: String?
    var namespace: RoutePattern.Namespace
    var segments: [RoutePattern.Segment]
    var queryCaptures: [RoutePattern.QueryCapture]
  }

  static func parse(_ source: String) throws(RoutePatternError) -> Parsed {
    let bytes = Array(source.utf8)
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
    for i in pathStart..<bytes.count {
      if bytes[i] == UInt8(ascii: "{") { insideCapture = true }
      if bytes[i] == UInt8(ascii: "}") { insideCapture = false }
      if bytes[i] == UInt8(ascii: "?") && !insideCapture {
        queryStart = i
        break
      }
    }
    var segments: [RoutePattern.Segment] = []
    var names = Set<String>()
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
      if let name = segment.captureName, !names.insert(name).inserted {
        throw fail(segmentStart, .duplicateParameter(name))
      }
      segments.append(segment)
    }

    var queryCaptures: [RoutePattern.QueryCapture] = []
    if queryStart < bytes.count {
      var keys = Set<String>()
      var itemStart = queryStart + 1
      for i in itemStart...bytes.count where i == bytes.count || bytes[i] == UInt8(ascii: "&") {
        defer { itemStart = i + 1 }
        let text = String(decoding: bytes[itemStart..<i], as: UTF8.self)
        guard let equals = bytes[itemStart..<i].firstIndex(of: UInt8(ascii: "=")), equals > itemStart,
          let key = decodedLiteral(bytes, itemStart, equals), keys.insert(key).inserted
        else { throw fail(itemStart, .invalidQueryItem(text)) }
        guard case .capture(let name, let type, let kind) = try readCapture(bytes, equals + 1, i, fail) else {
          throw fail(itemStart, .invalidQueryItem(text))
        }
        guard kind != .catchAll else { throw fail(equals + 1, .misplacedCatchAll) }
        guard names.insert(name).inserted else { throw fail(equals + 1, .duplicateParameter(name)) }
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
    _ bytes: [UInt8], _ start: Int, _ end: Int, _ fail: (Int, RoutePatternError.Problem) -> RoutePatternError
  ) throws(RoutePatternError) -> RoutePattern.Segment {
    switch try readCapture(bytes, start, end, fail) {
    case .capture(let name, let type, .required): return .parameter(name: name, type: type)
    case .capture(let name, let type, .optional): return .optional(name: name, type: type)
    case .capture(let name, let type, .catchAll):
      guard type == .string else { throw fail(start, .misplacedCatchAll) }
      return .catchAll(name: name)
    case .literal:
      let text = String(decoding: bytes[start..<end], as: UTF8.self)
      guard let literal = decodedLiteral(bytes, start, end), literal != ".", literal != "..",
        !literal.utf8.contains(UInt8(ascii: "/"))
      else { throw fail(start, .invalidLiteral(text)) }
      return .literal(literal)
    }
  }

  /// Reads `{name[:type][?|...]}` filling `bytes[start..<end]`, or reports a plain literal.
  private static func readCapture(
    _ bytes: [UInt8], _ start: Int, _ end: Int, _ fail: (Int, RoutePatternError.Problem) -> RoutePatternError
  ) throws(RoutePatternError) -> Piece {
    let open = bytes[start..<end].firstIndex(of: UInt8(ascii: "{"))
    let close = bytes[start..<end].firstIndex(of: UInt8(ascii: "}"))
    switch (open, close) {
    case (nil, nil): return .literal
    case (nil, let close?): throw fail(close, .strayBrace)
    case (let open?, nil): throw fail(open, .unclosedCapture)
    case (let open?, let close?):
      guard close > open else { throw fail(close, .strayBrace) }
      guard open == start, close == end - 1 else { throw fail(start, .partialSegmentCapture) }
    }
    var inner = String(decoding: bytes[(start + 1)..<(end - 1)], as: UTF8.self)
    if inner.contains("{") || inner.contains("}") { throw fail(start + 1, .strayBrace) }
    var kind = CaptureKind.required
    if inner.hasSuffix("...") {
      kind = .catchAll
      inner.removeLast(3)
    } else if inner.hasSuffix("?") {
      kind = .optional
      inner.removeLast()
    }
    var type = ParameterType.string
    if let colon = inner.firstIndex(of: ":") {
      let typeName = String(inner[inner.index(after: colon)...])
      guard let parsed = ParameterType(rawValue: typeName) else { throw fail(start + 1, .unknownType(typeName)) }
      type = parsed
      inner = String(inner[..<colon])
    }
    guard isParameterName(inner) else { throw fail(start + 1, .invalidParameterName(inner)) }
    return .capture(inner, type, kind)
  }

  private static func decodedLiteral(_ bytes: [UInt8], _ start: Int, _ end: Int) -> String? {
    for b in bytes[start..<end] where b == UInt8(ascii: "?") || b == UInt8(ascii: "&") || b == UInt8(ascii: "=") {
      return nil
    }
    let result = bytes.withUnsafeBufferPointer { p in
      Result { () throws(DeepLinkError) in
        try LinkParserChecks.scan(UnsafeBufferPointer(rebasing: p[start..<end]))
        return try LinkParser.decode(p, start, end, plusIsSpace: false)
      }
    }
    guard case .success(let literal) = result, !literal.isEmpty else { return nil }
    return literal
  }

  private static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard let first = bytes.first, (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A else { return false }
    return bytes.allSatisfy { b in
      ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x2D || b == 0x2E
    }
  }

  private static func isParameterName(_ name: String) -> Bool {
    guard let first = name.utf8.first, first == 0x5F || ((first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A) else {
      return false
    }
    return name.utf8.allSatisfy { b in
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

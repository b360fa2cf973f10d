/// Query values that are themselves links (`?redirect=https://evil.test/x`), which are not carried
/// through a rewrite and never reach a handler (`DESIGN.md`, "Link semantics").
///
/// A value is a link when, with leading spaces and controls dropped, it starts with a scheme
/// (`https:`, `javascript:`, `intent:`, any `letter *(letter / digit / + / - / .) :`) or with two
/// slashes or backslashes (`//evil.test`, a scheme-relative link), as it stands or once or twice
/// more percent-decoded (the parser already decoded it once).
enum NestedLink {
  /// How many more percent-decodings are looked through, beyond the parser's own.
  static let extraDecodings = 2

  /// `link` without its query items whose value is a link, but for those whose value is what one
  /// of the free-text captures `freeText` took (its value in `parameters`); `link` itself when it
  /// has none.
  ///
  /// - Complexity: O(*n*) in the length of the query values; a value without `:`, `%`, `/` or
  ///   `\` costs one scan.
  static func dropped(
    from link: DeepLink, keepingValuesOf freeText: [String] = [], in parameters: DeepLinkParameters = .init()
  ) -> DeepLink {
    let items = link.queryItems
    func drops(_ item: DeepLinkQueryItem) -> Bool {
      guard let value = item.value, isLink(value) else { return false }
      return freeText.isEmpty || !parameters.contains { freeText.contains($0.name) && $0.value == value }
    }
    guard !items.isEmpty, items.contains(where: drops) else { return link }
    return DeepLink(
      scheme: link.scheme, host: link.host, port: link.port, pathSegments: link.pathSegments,
      queryItems: items.filter { !drops($0) }, fragment: link.fragment)
  }

  /// Whether `item`'s value is a link.
  static func holdsLink(_ item: DeepLinkQueryItem) -> Bool {
    item.value.map(isLink) ?? false
  }

  /// Whether `value` (a query value, decoded once) is a link.
  static func isLink(_ value: String) -> Bool {
    guard value.utf8.containsByte(where: { $0 == 0x3A || $0 == 0x25 || $0 == 0x2F || $0 == 0x5C }) else { return false }
    var bytes = Array(value.utf8)
    for decoding in 0...extraDecodings {
      if startsLikeLink(bytes) { return true }
      guard decoding < extraDecodings, bytes.contains(0x25), let decoded = percentDecoded(bytes) else { return false }
      bytes = decoded
    }
    return false
  }

  private static func startsLikeLink(_ bytes: [UInt8]) -> Bool {
    var start = 0
    while start < bytes.count && (bytes[start] <= 0x20 || bytes[start] == 0x7F) { start += 1 }
    guard start < bytes.count else { return false }
    let first = bytes[start]
    if first == 0x2F || first == 0x5C {
      return start + 1 < bytes.count && (bytes[start + 1] == 0x2F || bytes[start + 1] == 0x5C)
    }
    guard (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A else { return false }
    var i = start + 1
    while i < bytes.count {
      let b = bytes[i]
      if b == 0x3A { return true }
      let isLetter = (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A
      let isOther = (b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x2D || b == 0x2E
      guard isLetter || isOther else { return false }
      i += 1
    }
    return false
  }

  /// `bytes` percent-decoded once (a `+` stays a `+`); `nil` when an escape is malformed.
  private static func percentDecoded(_ bytes: [UInt8]) -> [UInt8]? {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      if bytes[i] == 0x25 {
        guard i + 2 < bytes.count, let high = PercentEncoding.hexValue(bytes[i + 1]),
          let low = PercentEncoding.hexValue(bytes[i + 2])
        else { return nil }
        result.append(high << 4 | low)
        i += 3
      } else {
        result.append(bytes[i])
        i += 1
      }
    }
    return result
  }
}

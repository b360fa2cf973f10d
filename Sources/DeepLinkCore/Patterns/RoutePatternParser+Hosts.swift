extension RoutePatternParser {
  /// Reads an exact host or `*.suffix`, by the same rules links' hosts follow.
  ///
  /// A host as patterns usually spell it (lowercase letters, digits and inner hyphens, labels of
  /// 1 to 63 bytes, none Punycode, the last starting with a letter, so no IP address in any
  /// notation) is taken as it is; any other goes through the link parser
  /// (``parsedHostPattern(_:)``), which gives the same answer for the usual ones, as a test checks.
  ///
  /// - Complexity: O(*n*) in the host's length.
  static func hostPattern(_ text: String) -> RoutePattern.HostPattern? {
    hostPattern(Array(text.utf8)[...])
  }

  /// ``hostPattern(_:)`` of the host's UTF-8.
  static func hostPattern(_ bytes: ArraySlice<UInt8>) -> RoutePattern.HostPattern? {
    var start = bytes.startIndex
    var end = bytes.endIndex
    let wildcard = end - start >= 2 && bytes[start] == UInt8(ascii: "*") && bytes[start + 1] == UInt8(ascii: ".")
    if wildcard { start += 2 }
    if end > start && bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
    guard isUsualHost(bytes[start..<end]) else { return parsedHostPattern(String(decoding: bytes, as: UTF8.self)) }
    let host = String(decoding: bytes[start..<end], as: UTF8.self)
    return wildcard ? .subdomains(of: host) : .exact(host)
  }

  /// Whether `host` is lowercase letters, digits, `-` and `.`, in labels of 1 to 63 bytes that
  /// neither start nor end with `-` and do not start with `xn--`, at most 253 bytes, and its
  /// last label starts with a letter.
  private static func isUsualHost(_ host: ArraySlice<UInt8>) -> Bool {
    guard !host.isEmpty, host.count <= 253 else { return false }
    var labelStart = host.startIndex
    var previous: UInt8 = 0
    for index in host.startIndex..<host.endIndex {
      let b = host[index]
      let labelLength = index - labelStart
      if b == UInt8(ascii: ".") {
        guard labelLength > 0, previous != UInt8(ascii: "-") else { return false }
        labelStart = index + 1
      } else {
        let isLetter = b &- 0x61 < 26
        let isDigit = b &- 0x30 < 10
        guard isLetter || isDigit || (b == UInt8(ascii: "-") && labelLength > 0), labelLength < 63 else { return false }
        if labelLength == 3 && b == UInt8(ascii: "-") && previous == UInt8(ascii: "-") && host[labelStart] == 0x78
          && host[labelStart + 1] == 0x6E
        {
          return false  // `xn--`: Punycode, checked by the link parser
        }
      }
      previous = b
    }
    guard labelStart < host.endIndex, previous != UInt8(ascii: "-") else { return false }
    return host[labelStart] &- 0x61 < 26
  }

  /// ``hostPattern(_:)`` through the link parser: the host of `https://HOST/` must read back
  /// as itself, lowercased, without a port.
  static func parsedHostPattern(_ text: String) -> RoutePattern.HostPattern? {
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

import Foundation

extension AndroidAppLinkMatcher {
  /// A URI split as `android.net.Uri.parse` splits it, with the parts Android matches decoded as `Uri.getPath()`,
  /// `getHost()`, `getQuery()` and `getFragment()` decode them (`%XX` as UTF-8, malformed bytes as U+FFFD, `+` kept).
  struct URI: Sendable {
    /// Lower-cased (see the matcher's readings).
    var scheme: String?
    var hasAuthority = false
    var host: String?
    /// -1 without a port, as `Uri.getPort()`.
    var port = -1
    /// The decoded path as UTF-16, `nil` for an opaque URI (`mailto:x`).
    var path: [UInt16]?
    var query: String?
    var fragment: String?
    var schemeSpecificPart: [UInt16] = []

    init(_ text: String) {
      var rest = Substring(text)
      if let hash = rest.firstIndex(of: "#") {
        fragment = Self.decode(rest[rest.index(after: hash)...])
        rest = rest[..<hash]
      }
      if let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains(where: { "/?".contains($0) }) {
        scheme = rest[..<colon].lowercased()
        rest = rest[rest.index(after: colon)...]
      }
      schemeSpecificPart = Array(Self.decode(rest).utf16)
      guard rest.hasPrefix("/") else { return }
      if let question = rest.firstIndex(of: "?") {
        query = Self.decode(rest[rest.index(after: question)...])
        rest = rest[..<question]
      }
      if rest.hasPrefix("//") {
        hasAuthority = true
        let authorityStart = rest.index(rest.startIndex, offsetBy: 2)
        let authorityEnd = rest[authorityStart...].firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[authorityStart..<authorityEnd]
        rest = rest[authorityEnd...]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        // `Uri`'s port separator: the last `:` followed by digits only.
        let digits = authority.reversed().prefix { $0.isASCII && $0.isNumber }
        if digits.count < authority.count,
          authority[authority.index(authority.endIndex, offsetBy: -digits.count - 1)] == ":"
        {
          port = Int(String(digits.reversed())) ?? -1
          authority = authority.dropLast(digits.count + 1)
        }
        host = Self.decode(authority)
      }
      path = Array(Self.decode(rest).utf16)
    }

    /// The decoded query split into parameters at `&` (or at `;` when there is no `&`), as AOSP's
    /// `UriRelativeFilter` does; URG: "the order of the query parameters doesn't matter".
    var queryParameters: [String] {
      guard let query, !query.isEmpty else { return [] }
      let ampersand = query.split(separator: "&", omittingEmptySubsequences: true)
      let parts = ampersand.count > 1 ? ampersand : query.split(separator: ";", omittingEmptySubsequences: true)
      return parts.map(String.init)
    }

    /// `Uri.decode`: `%XX` sequences as UTF-8 (malformed bytes become U+FFFD), an invalid escape becomes U+FFFD.
    static func decode(_ text: Substring) -> String {
      var result = ""
      var bytes: [UInt8] = []
      func flush() {
        guard !bytes.isEmpty else { return }
        result += String(decoding: bytes, as: UTF8.self)
        bytes.removeAll()
      }
      var scalars = text.unicodeScalars.makeIterator()
      outer: while let scalar = scalars.next() {
        guard scalar == "%" else {
          flush()
          result.unicodeScalars.append(scalar)
          continue
        }
        var value: UInt8 = 0
        for _ in 0..<2 {
          guard let digit = scalars.next() else {
            flush()
            result += "\u{FFFD}"
            break outer
          }
          guard digit.isASCII, let number = UInt8(String(digit), radix: 16) else {
            flush()
            result += "\u{FFFD}"
            continue outer
          }
          value = value &* 16 &+ number
        }
        bytes.append(value)
      }
      flush()
      return result
    }
  }
}

// MARK: - XML

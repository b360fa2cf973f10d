import Foundation

extension AndroidAppLinkMatcher {
  /// A URI split as `android.net.Uri.parse` splits it (AOSP's `Uri.StringUri`), with the parts Android matches
  /// decoded as `Uri.getPath()`, `getHost()`, `getQuery()` and `getFragment()` decode them (`%XX` as UTF-8, malformed
  /// bytes as U+FFFD, `+` kept):
  /// - the scheme is everything before the first `:`, kept as written (`getScheme()`; `IntentFilter.matchData`
  ///   compares it exactly);
  /// - the fragment starts at the first `#` after it; the URI is hierarchical when a `/` follows the `:`;
  /// - after `//`, the authority runs to the first `/`, `\`, `?` or `#` (`parseAuthority`), and the path from
  ///   there to the first `?` or `#` (`parsePath`: empty when the authority is followed by `?` or `#`);
  /// - the query starts at the first `?` after the scheme and is absent when the fragment starts before it;
  /// - the port is the digits after the authority's last `:` when only digits follow it (`findPortSeparator`),
  ///   read as a Java `int` (`parsePort`: -1 without one or when it does not read), and the host lies between the
  ///   last `@` and that `:`.
  struct URI: Sendable {
    /// As written.
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
      let units = Array(text.utf16)
      func string(_ range: Range<Int>) -> Substring { Substring(String(decoding: units[range], as: UTF16.self)) }
      let colon = units.firstIndex(of: UInt16(UInt8(ascii: ":")))
      let afterScheme = colon.map { $0 + 1 } ?? 0
      let hash = units[afterScheme...].firstIndex(of: UInt16(UInt8(ascii: "#")))
      let end = hash ?? units.count
      if let hash { fragment = Self.decode(string((hash + 1)..<units.count)) }
      if let colon { scheme = String(string(0..<colon)) }
      schemeSpecificPart = Array(Self.decode(string(afterScheme..<end)).utf16)
      // Opaque: a scheme followed by anything but `/`.
      if colon != nil, afterScheme >= units.count || units[afterScheme] != Unit.slash { return }
      if let question = units[afterScheme...].firstIndex(of: Unit.question), question < end {
        query = Self.decode(string((question + 1)..<end))
      }
      var pathStart = afterScheme
      if afterScheme + 1 < units.count, units[afterScheme] == Unit.slash, units[afterScheme + 1] == Unit.slash {
        hasAuthority = true
        let authorityStart = afterScheme + 2
        let authorityEnd =
          units[authorityStart...].firstIndex { [Unit.slash, Unit.backslash, Unit.question, Unit.hash].contains($0) }
          ?? units.count
        let authority = Array(units[authorityStart..<authorityEnd])
        let at = authority.lastIndex(of: UInt16(UInt8(ascii: "@")))
        var hostEnd = authority.count
        // `findPortSeparator`: from the end, digits, then the `:`.
        if let separator = authority.lastIndex(where: { !(0x30...0x39).contains($0) }),
          authority[separator] == UInt16(UInt8(ascii: ":"))
        {
          hostEnd = separator
          let digits = String(decoding: authority[(separator + 1)...], as: UTF16.self)
          port = Int32(digits).map(Int.init) ?? -1
        }
        let hostStart = at.map { $0 + 1 } ?? 0
        host = Self.decode(Substring(String(decoding: authority[min(hostStart, hostEnd)..<hostEnd], as: UTF16.self)))
        pathStart = authorityEnd
      }
      let pathEnd = units[pathStart...].firstIndex { $0 == Unit.question || $0 == Unit.hash } ?? units.count
      path = Array(Self.decode(string(pathStart..<pathEnd)).utf16)
    }

    /// The decoded query split into parameters as AOSP's `UriRelativeFilter.matchQuery` splits it: Java's
    /// `String.split("&")`, and `split(";")` when that gives one part; `split` keeps empty parts but drops the empty
    /// ones at the end, and an empty query is one empty part. No query, no parameter. URG: "the order of the query
    /// parameters doesn't matter".
    var queryParameters: [String] {
      guard let query else { return [] }
      func javaSplit(_ separator: Character) -> [String] {
        guard !query.isEmpty else { return [""] }
        var parts = query.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        while parts.last?.isEmpty == true { parts.removeLast() }
        return parts
      }
      let ampersand = javaSplit("&")
      return ampersand.count == 1 ? javaSplit(";") : ampersand
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

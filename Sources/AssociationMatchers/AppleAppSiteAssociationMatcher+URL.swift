import Foundation

private typealias AASA = AppleAppSiteAssociationMatcher

/// A URL's path, query and fragment as written, and percent-decoding.
extension AppleAppSiteAssociationMatcher {
  // MARK: - URLs

  struct URLParts {
    var path: String
    var query: String?
    var fragment: String?

    /// RFC 3986 appendix B split of an `http`/`https` URL with a non-empty host, after checking that it is printable
    /// ASCII and that every `%` starts a `%XX` escape.
    init?(_ url: String) {
      let bytes = Array(url.utf8)
      let escapesValid = bytes.indices.allSatisfy { index in
        bytes[index] != UInt8(ascii: "%")
          || (index + 2 < bytes.count && AASA.hex(bytes[index + 1]) != nil && AASA.hex(bytes[index + 2]) != nil)
      }
      guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }), escapesValid else { return nil }
      // RFC 3986 appendix B by hand: `scheme://authority` then path, `?query`, `#fragment`.
      let lower = url.lowercased()
      let schemeLength = lower.hasPrefix("https://") ? 8 : lower.hasPrefix("http://") ? 7 : 0
      guard schemeLength > 0 else { return nil }
      var rest = Substring(url).dropFirst(schemeLength)
      var fragment: String? = nil
      if let hash = rest.firstIndex(of: "#") {
        fragment = String(rest[rest.index(after: hash)...])
        rest = rest[..<hash]
      }
      var query: String? = nil
      if let mark = rest.firstIndex(of: "?") {
        query = String(rest[rest.index(after: mark)...])
        rest = rest[..<mark]
      }
      let slash = rest.firstIndex(of: "/") ?? rest.endIndex
      var host = rest[..<slash]
      if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
      guard let first = host.first, first != ":" else { return nil }
      (self.path, self.query, self.fragment) = (String(rest[slash...]), query, fragment)
    }
  }

  static func hex(_ byte: UInt8) -> UInt8? {
    Character(Unicode.Scalar(byte)).hexDigitValue.map(UInt8.init)
  }

  /// RFC 3986 unreserved characters: ALPHA DIGIT - . _ ~
  static func isUnreserved(_ byte: UInt8) -> Bool {
    let character = Character(Unicode.Scalar(byte))
    return character.isASCII && (character.isLetter || character.isNumber || "-._~".contains(character))
  }

  /// With `decodeAll`, decodes every `%XX` (invalid UTF-8 becomes U+FFFD; `+` stays `+`). Without it, applies the
  /// `normalized` reading: decodes unreserved characters and upper-cases the hex digits of the rest.
  static func percent(_ text: String, decodeAll: Bool) -> String {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hex(bytes[index + 1]),
        let low = hex(bytes[index + 2])
      {
        let byte = high << 4 | low
        if decodeAll || isUnreserved(byte) {
          out.append(byte)
        } else {
          out += [UInt8(ascii: "%")] + Array(String(format: "%02X", byte).utf8)
        }
        index += 3
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}

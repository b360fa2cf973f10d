import Foundation

/// Query values that are themselves links (`?redirect=https://evil.test/x`), which are not carried
/// through a rewrite and never reach a handler (`DESIGN.md`, "Link semantics").
///
/// A value is a link when it starts with a scheme (`https:`, `javascript:`, `intent:`, any
/// `letter *(letter / digit / + / - / .) :`) or with two slashes or backslashes (`//evil.test`, a
/// scheme-relative link), judged as a browser would read it: after NFKC normalisation (full-width
/// `ｈｔｔｐｓ：／／` is `https://`), with leading spaces, controls and invisible characters (format
/// characters such as the byte-order mark, default-ignorable ones such as U+3164) ignored, and
/// with its percent-encodings undone up to ``extraDecodings`` more times (the parser already
/// decoded it once). A value that still holds a percent-escape after that many decodings is
/// treated as a link: past the bound, the item is refused.
enum NestedLink {
  /// How many more percent-decodings are looked through, beyond the parser's own.
  static let extraDecodings = 4

  /// `link` without its query items whose value is a link, but for the item a free-text capture
  /// took: the first item whose name `isCapturedKey` accepts (search's `q`); `link` itself when it
  /// has none.
  ///
  /// - Parameter isCapturedKey: asked only for an item whose value is a link.
  /// - Complexity: O(*n*) in the length of the query values; an ASCII value without `:`, `%`, `/`
  ///   or `\` costs one scan.
  static func dropped(from link: DeepLink, keepingCaptured isCapturedKey: (String) -> Bool = { _ in false })
    -> DeepLink
  {
    let items = link.queryItems
    func drops(_ position: Int) -> Bool {
      let item = items[position]
      guard let value = item.value, isLink(value) else { return false }
      guard isCapturedKey(item.name) else { return true }
      // Only the captured item, the first of its name, is the free text; any other is not.
      return items[..<position].contains { $0.name == item.name }
    }
    guard !items.isEmpty, let first = items.indices.first(where: drops) else { return link }
    var kept = Array(items[..<first])
    for position in items.indices.dropFirst(first + 1) where !drops(position) { kept.append(items[position]) }
    return DeepLink(
      scheme: link.scheme, host: link.host, port: link.port, pathSegments: link.pathSegments,
      queryItems: kept, fragment: link.fragment)
  }

  /// Whether `item`'s value is a link.
  static func holdsLink(_ item: DeepLinkQueryItem) -> Bool {
    item.value.map(isLink) ?? false
  }

  /// Whether `value` (a query value, decoded once) is a link.
  static func isLink(_ value: String) -> Bool {
    guard value.utf8.containsByte(where: { $0 == 0x3A || $0 == 0x25 || $0 == 0x2F || $0 == 0x5C || $0 >= 0x80 })
    else { return false }
    var bytes = Array(value.utf8)
    for decoding in 0...extraDecodings {
      if startsLikeLink(readable(bytes)) { return true }
      guard bytes.contains(0x25), let decoded = percentDecoded(bytes) else { return false }
      // Past the bound, a value that still holds an escape is refused.
      guard decoding < extraDecodings else { return true }
      bytes = decoded
    }
    return false
  }

  /// `bytes` as a browser reads them: ASCII as they are; otherwise NFKC-normalised, without the
  /// invisible characters (format and default-ignorable ones) and with leading white space dropped.
  private static func readable(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.contains(where: { $0 >= 0x80 }) else { return bytes }
    let normalized = String(decoding: bytes, as: UTF8.self).precomposedStringWithCompatibilityMapping
    var scalars = String.UnicodeScalarView()
    for scalar in normalized.unicodeScalars {
      let properties = scalar.properties
      if properties.generalCategory == .format || properties.isDefaultIgnorableCodePoint { continue }
      if scalars.isEmpty && (properties.isWhitespace || properties.generalCategory == .control) { continue }
      scalars.append(scalar)
    }
    return Array(String(scalars).utf8)
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

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
      if bytes.contains(where: { $0 >= 0x80 }) ? startsLikeLinkWhenRead(bytes) : startsLikeLink(bytes) { return true }
      guard bytes.contains(0x25), let decoded = percentDecoded(bytes) else { return false }
      // Past the bound, a value that still holds an escape is refused.
      guard decoding < extraDecodings else { return true }
      bytes = decoded
    }
    return false
  }

  /// Whether `bytes` (with a non-ASCII byte) start like a link as a browser reads them: each
  /// scalar NFKC-normalised, invisible characters (format and default-ignorable ones) skipped
  /// wherever they stand, leading white space and controls skipped. Scalars are decoded and
  /// normalised one at a time, only as far as the answer needs (NFKC never composes non-ASCII
  /// into the ASCII a scheme or a slash is made of, so one scalar at a time reads the same).
  ///
  /// - Complexity: O(*k*) in the length of the leading part that can still be a scheme.
  private static func startsLikeLinkWhenRead(_ bytes: [UInt8]) -> Bool {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    // 0: before the first visible character; 1: in a scheme; 2: after one slash or backslash.
    var state = 0
    while case .scalarValue(let original) = decoder.decode(&iterator) {
      let properties = original.properties
      if properties.generalCategory == .format || properties.isDefaultIgnorableCodePoint { continue }
      let mapped =
        original.isASCII ? String(original) : String(original).precomposedStringWithCompatibilityMapping
      for scalar in mapped.unicodeScalars {
        let value = scalar.value
        let isLetter = (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A
        switch state {
        case 0:
          if value <= 0x20 || value == 0x7F || scalar.properties.isWhitespace
            || scalar.properties.generalCategory == .control
          {
            continue
          }
          if value == 0x2F || value == 0x5C {
            state = 2
          } else if isLetter {
            state = 1
          } else {
            return false
          }
        case 1:
          if value == 0x3A { return true }
          guard isLetter || (value >= 0x30 && value <= 0x39) || value == 0x2B || value == 0x2D || value == 0x2E
          else { return false }
        default:
          return value == 0x2F || value == 0x5C
        }
      }
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
    PercentEncoding.decoded(bytes, plusIsSpace: false)
  }
}

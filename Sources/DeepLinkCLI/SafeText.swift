import DeepLinkCore

/// Keeps token-like values out of everything the tool prints.
///
/// Query values go through ``LinkRedactor``; a fragment's `name=value` pairs (OAuth puts
/// `access_token` there) and captured parameters with token-like names are redacted the same
/// way, and free text (trace lines, error messages) has every sensitive value found in the input
/// replaced.
enum SafeText {
  static let redacted = "REDACTED"

  /// Remembers which query and parameter names are token-like: a link table repeats a handful
  /// of names, and ``LinkRedactor/isSensitive(_:)`` lowercases and searches each time.
  struct NameCache {
    private var known: [String: Bool] = [:]
    /// The last name seen in each of 64 slots picked by length and end bytes, checked before
    /// `known`: comparing a short name is cheaper than hashing it.
    private var recent = [(name: String, answer: Bool)?](repeating: nil, count: 64)

    /// Whether values named `name` must be redacted.
    ///
    /// - Complexity: amortised O(*n*) in the name's length (a comparison, or one hash).
    mutating func isSensitive(_ name: String) -> Bool {
      let utf8 = name.utf8
      let slot = (utf8.count &* 7 &+ Int(utf8.first ?? 0) &* 31 &+ Int(utf8.last ?? 0)) & 63
      if let entry = recent[slot], entry.name == name { return entry.answer }
      let answer: Bool
      if let known = known[name] {
        answer = known
      } else {
        answer = LinkRedactor.isSensitive(name)
        if known.count < 4_096 { known[name] = answer }
      }
      recent[slot] = (name, answer)
      return answer
    }
  }

  /// The link as the tool shows it: the input as typed when it carries nothing sensitive,
  /// otherwise its redacted normal form; an unparseable input is cut and redacted.
  ///
  /// - Complexity: O(1) beyond parsing for a link without query items or fragment.
  static func url(of decision: DeepLinkDecision, names: inout NameCache) -> String {
    guard let link = decision.link else { return LinkRedactor.redact(raw: decision.input) }
    guard isSensitive(link, names: &names) else { return decision.input }
    return redactSensitive(link, names: &names)
  }

  /// `link` written out with sensitive query and fragment values replaced.
  static func redact(_ link: DeepLink, names: inout NameCache) -> String {
    guard isSensitive(link, names: &names) else { return link.absoluteString }
    return redactSensitive(link, names: &names)
  }

  /// ``redact(_:names:)`` for a link known to carry a sensitive value: ``LinkRedactor/redact(_:)``'s
  /// text (query values of token-like names replaced), with the names looked up in `names`, then the
  /// fragment's pairs redacted.
  private static func redactSensitive(_ link: DeepLink, names: inout NameCache) -> String {
    var redactedQuery = false
    let items = link.queryItems.map { item in
      guard item.value != nil, names.isSensitive(item.name) else { return item }
      redactedQuery = true
      return DeepLinkQueryItem(name: item.name, value: redacted)
    }
    let text =
      redactedQuery
      ? DeepLink(
        scheme: link.scheme, host: link.host, port: link.port, pathSegments: link.pathSegments, queryItems: items,
        fragment: link.fragment
      ).absoluteString : link.absoluteString
    guard link.fragment != nil, let hash = text.firstIndex(of: "#") else { return text }
    return String(text[...hash]) + redactPairs(text[text.index(after: hash)...])
  }

  /// Whether `link` has a sensitive query item or fragment pair.
  static func isSensitive(_ link: DeepLink, names: inout NameCache) -> Bool {
    for item in link.queryItems where item.value != nil && names.isSensitive(item.name) { return true }
    if let fragment = link.fragment, fragment.utf8.contains(UInt8(ascii: "=")) {
      return redactPairs(Substring(fragment)) != fragment
    }
    return false
  }

  /// The parameters to print, values of token-like names redacted, sorted by name.
  static func parameters(_ parameters: [String: String], names: inout NameCache) -> [(name: String, value: String)] {
    var result: [(name: String, value: String)] = []
    result.reserveCapacity(parameters.count)
    self.parameters(parameters, names: &names, into: &result)
    return result
  }

  /// ``parameters(_:names:)`` into `result`, which is emptied first and keeps its capacity
  /// (`check` reuses one array for every link).
  static func parameters(
    _ parameters: [String: String], names: inout NameCache, into result: inout [(name: String, value: String)]
  ) {
    result.removeAll(keepingCapacity: true)
    for (name, value) in parameters { result.append((name, names.isSensitive(name) ? redacted : value)) }
    if result.count > 1 { result.sort { $0.name < $1.name } }
  }

  /// `text` (a fragment or query: `a=1&token=2`) with the values of sensitive names replaced.
  static func redactPairs(_ text: Substring) -> String {
    text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
      guard let equals = pair.firstIndex(of: "="), LinkRedactor.isSensitive(String(pair[..<equals])) else {
        return String(pair)
      }
      return pair[...equals] + redacted
    }.joined(separator: "&")
  }

  /// Every sensitive value in `input`, raw and percent-decoded, longest first: what ``scrub(_:secrets:)``
  /// removes from free text.
  static func secrets(in input: String) -> [String] {
    var values: Set<String> = []
    var rest = Substring(input)
    while let equals = rest.firstIndex(of: "=") {
      let before = rest[..<equals]
      let nameStart =
        before.lastIndex(where: { "?&;#/ ".contains($0) }).map { before.index(after: $0) } ?? before.startIndex
      let name = String(before[nameStart...])
      rest = rest[rest.index(after: equals)...]
      let valueEnd = rest.firstIndex(where: { "&;# ".contains($0) }) ?? rest.endIndex
      let value = String(rest[..<valueEnd])
      if LinkRedactor.isSensitive(name) && !value.isEmpty {
        values.insert(value)
        if let decoded = value.replacingPlus().removingPercentEncodingSafely(), !decoded.isEmpty {
          values.insert(decoded)
        }
      }
      rest = rest[valueEnd...]
    }
    return values.sorted { $0.count > $1.count }
  }

  /// `text` with every one of `secrets` replaced by `REDACTED`.
  static func scrub(_ text: String, secrets: [String]) -> String {
    var text = text
    for secret in secrets { text = text.replacing(secret, with: redacted) }
    return text
  }
}

extension String {
  fileprivate func replacingPlus() -> String { replacing("+", with: " ") }

  /// Percent-decoding without Foundation; `nil` when an escape is malformed or the result is not UTF-8.
  fileprivate func removingPercentEncodingSafely() -> String? {
    var bytes: [UInt8] = []
    var iterator = utf8.makeIterator()
    while let byte = iterator.next() {
      guard byte == 0x25 else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
        return nil
      }
      bytes.append(high << 4 | low)
    }
    return String.validUTF8(bytes)
  }
}

private func hexValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case 0x30...0x39: byte - 0x30
  case 0x41...0x46: byte - 0x41 + 10
  case 0x61...0x66: byte - 0x61 + 10
  default: nil
  }
}

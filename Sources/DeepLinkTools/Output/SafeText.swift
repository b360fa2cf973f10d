import DeepLinkCore

/// Keeps token-like values out of everything the tool prints, and control characters off the terminal.
///
/// Redaction goes by structure, through ``LinkRedactor``: query values, segment pairs and
/// fragment pairs (OAuth puts `access_token` there) whose names, percent-decoded, are token-like,
/// and such pairs inside any value; captured parameters of such names; and in free text (trace lines, error messages) the values
/// of such `name=value` pairs, replaced where they stand. No text is searched for a secret's value,
/// so nothing else is changed. ``visible(_:)`` escapes what a terminal would obey.
package enum SafeText {
  package static let redacted = "REDACTED"

  /// Remembers which query and parameter names are token-like: a link table repeats a handful
  /// of names, and ``LinkRedactor/isSensitive(_:)`` lowercases and searches each time.
  package struct NameCache {
    private var known: [String: Bool] = [:]
    /// The last name seen in each of 64 slots picked by length and end bytes, checked before
    /// `known`. Made at the first name.
    private var recent: [(name: String, answer: Bool)?] = []

    /// An empty cache.
    package init() {}

    /// Whether values named `name` must be redacted.
    ///
    /// - Complexity: amortised O(*n*) in the name's length (a comparison, or one hash).
    package mutating func isSensitive(_ name: String) -> Bool {
      if recent.isEmpty { recent = Array(repeating: nil, count: 64) }
      let slot = Self.slot(name)
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

    /// One of 64 slots, by the name's length and end bytes.
    private static func slot(_ name: String) -> Int {
      let first: UInt8
      let last: UInt8
      if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        // The generic `last` of the view walks back a scalar; the bytes' `Span` indexes it.
        let utf8 = name.utf8.span
        if utf8.isEmpty { return 0 }
        (first, last) = (utf8[0], utf8[utf8.count - 1])
      } else {
        (first, last) = (name.utf8.first ?? 0, name.utf8.last ?? 0)
      }
      return (name.utf8.count &* 7 &+ Int(first) &* 31 &+ Int(last)) & 63
    }
  }

  /// The link as the tool shows it: the input as typed when it carries nothing sensitive,
  /// otherwise its redacted normal form; an unparseable input is cut and redacted (``unparsed(_:)``).
  ///
  /// - Complexity: O(1) beyond parsing for a link without query items, fragment or `;` in a segment.
  package static func url(of decision: DeepLinkDecision, names: inout NameCache) -> String {
    guard let link = decision.link, decision.reason?.isParserRefusal != true else { return unparsed(decision.input) }
    guard isSensitive(link, names: &names) else { return decision.input }
    return LinkRedactor.redact(link)
  }

  /// An input that does not parse as a link, as the tool shows it: cut after 512 characters (an
  /// invalid link is evidence, not payload), sensitive `name=value` pairs redacted, and every
  /// other character kept, for the output's escaper to show (``visible(_:)``, ``JSONWriter``):
  /// `shop://ca\u{1}rt` never reads as the valid `shop://ca?rt`.
  package static func unparsed(_ input: String) -> String {
    var text = String(input.prefix(512))
    if input.count > 512 { text += "…" }
    return LinkRedactor.redactPairs(inText: text)
  }

  /// `link` written out with sensitive query values, segment parameters and fragment pairs replaced.
  package static func redact(_ link: DeepLink, names: inout NameCache) -> String {
    guard isSensitive(link, names: &names) else { return link.absoluteString }
    return redacted(link, names: &names).absoluteString
  }

  /// `link` with sensitive query values, segment parameters and fragment pairs replaced, as a link:
  /// its ``DeepLink/absoluteString`` is `LinkRedactor.redact(link)`, with names judged through the
  /// cache (`check` writes it straight into its output).
  ///
  /// - Complexity: O(*n*) in the link's length.
  package static func redacted(_ link: DeepLink, names: inout NameCache) -> DeepLink {
    let items = link.queryItems.map { item in
      guard let value = item.value else { return item }
      let shown = parameterValue(name: item.name, value: value, names: &names)
      return shown == value ? item : DeepLinkQueryItem(name: item.name, value: shown)
    }
    // A segment without `=` has no pairs to redact (`redactSegmentParameters` returns it).
    let segments =
      link.pathSegments.contains { $0.utf8.containsByte(UInt8(ascii: "=")) }
      ? link.pathSegments.map(LinkRedactor.redactSegmentParameters) : link.pathSegments
    return DeepLink(
      scheme: link.scheme, host: link.host, port: link.port, pathSegments: segments, queryItems: items,
      fragment: link.fragment.map { LinkRedactor.redactPairs($0) })
  }

  /// Whether `link` has a sensitive query item, segment parameter or fragment pair (names compared
  /// percent-decoded).
  package static func isSensitive(_ link: DeepLink, names: inout NameCache) -> Bool {
    for item in link.queryItems {
      guard let value = item.value else { continue }
      if names.isSensitive(item.name) { return true }
      if value.utf8.containsByte(UInt8(ascii: "=")) && LinkRedactor.redactPairs(value) != value { return true }
    }
    if let fragment = link.fragment, fragment.utf8.containsByte(UInt8(ascii: "=")) {
      if LinkRedactor.redactPairs(fragment) != fragment { return true }
    }
    for segment in link.pathSegments where segment.utf8.containsByte(UInt8(ascii: "=")) {
      if LinkRedactor.redactSegmentParameters(segment) != segment { return true }
    }
    return false
  }

  /// The parameters to print, values of token-like names redacted, sorted by name.
  package static func parameters(_ parameters: DeepLinkParameters, names: inout NameCache) -> [(
    name: String, value: String
  )] {
    var result: [(name: String, value: String)] = []
    result.reserveCapacity(parameters.count)
    self.parameters(parameters, names: &names, into: &result)
    return result
  }

  /// ``parameters(_:names:)`` into `result`, which is emptied first and keeps its capacity. A value
  /// of another name keeps its text, with the `name=value` pairs of token-like names inside it
  /// (`x;token=abc`) redacted (``parameterValue(name:value:names:)``; `check` writes them through
  /// that without building the pairs).
  package static func parameters(
    _ parameters: DeepLinkParameters, names: inout NameCache, into result: inout [(name: String, value: String)]
  ) {
    result.removeAll(keepingCapacity: true)
    for (name, value) in parameters {
      // The name is judged once, through the cache; other names keep their values, with the
      // token-like `name=value` pairs inside them redacted.
      result.append((name, parameterValue(name: name, value: value, names: &names)))
    }
    if result.count > 1 { result.sort { $0.name < $1.name } }
  }

  /// A parameter's value as it is printed: ``redacted`` for a token-like name, else the value with
  /// the `name=value` pairs of token-like names inside it redacted.
  package static func parameterValue(name: String, value: String, names: inout NameCache) -> String {
    if names.isSensitive(name) { return redacted }
    // No `=`, no pair: what `LinkRedactor.redactPairs` returns first, without the call.
    return value.utf8.containsByte(0x3D) ? LinkRedactor.redactPairs(value) : value
  }

  /// `text` (a fragment or query: `a=1&token=2`) with the values of sensitive names replaced.
  package static func redactPairs(_ text: Substring) -> String {
    LinkRedactor.redactPairs(String(text))
  }

  /// Free text (a trace line, an error message) with the values of sensitive `name=value` pairs
  /// replaced where they stand; nothing else in the text changes.
  package static func redactFreeText(_ text: String) -> String {
    LinkRedactor.redactPairs(inText: text)
  }

  /// `text` as a terminal shows it safely on one line: C0 controls (LF and CR among them), DEL,
  /// C1 controls, U+2028/U+2029, bidi controls and the other invisible format characters written
  /// as `\u{XXXX}`, so that no input can move the cursor, reorder the line or split it. The one
  /// escaper of the tool's text output; JSON output escapes the same set through ``JSONWriter``.
  ///
  /// - Complexity: O(*n*); a string of printable ASCII is returned as it is after one scan.
  package static func visible(_ text: String) -> String {
    let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    if plain { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether an output format escapes `scalar`: controls (C0, DEL, C1), line and paragraph
  /// separators, and format characters (bidi controls U+202A–U+202E and U+2066–U+2069, marks,
  /// zero-width characters, the byte-order mark).
  package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return true }
    if scalar.value < 0xA0 { return false }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: return true
    default: return false
    }
  }
}

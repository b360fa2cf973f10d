/// Replaces the values of token-like query items with `REDACTED` before a link reaches
/// telemetry, `debugInfo` or `deeplink explain`.
///
/// A query name is token-like when, lowercased, it is one of ``sensitiveNames`` or contains
/// `token`, `password`, `secret`, `session` or `auth`.
public enum LinkRedactor {
  /// Query names whose values are always redacted.
  public static let sensitiveNames: Set<String> = [
    "token", "code", "password", "passwd", "pwd", "session", "sessionid", "session_id", "secret", "auth",
    "authorization", "key", "apikey", "api_key", "otp", "pin", "sig", "signature", "access_token", "refresh_token",
    "id_token", "client_secret", "credential", "credentials", "jwt", "nonce", "state", "ticket",
  ]

  private static let sensitiveFragments = ["token", "password", "secret", "session", "auth"]

  /// Whether the value of a query item called `name` must not be recorded.
  public static func isSensitive(_ name: String) -> Bool {
    let lowered = name.lowercased()
    return sensitiveNames.contains(lowered) || sensitiveFragments.contains { containsBytes(lowered, $0) }
  }

  /// Whether `text` contains `part`, comparing UTF-8 bytes (no Foundation, no locale).
  private static func containsBytes(_ text: String, _ part: String) -> Bool {
    let haystack = Array(text.utf8)
    let needle = Array(part.utf8)
    guard needle.count <= haystack.count else { return false }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<(start + needle.count)].elementsEqual(needle) {
      return true
    }
    return false
  }

  /// `link` written out with sensitive query values replaced.
  public static func redact(_ link: DeepLink) -> String {
    guard link.queryItems.contains(where: { $0.value != nil && isSensitive($0.name) }) else {
      return link.absoluteString
    }
    let items = link.queryItems.map { item in
      guard item.value != nil, isSensitive(item.name) else { return item }
      return DeepLinkQueryItem(name: item.name, value: "REDACTED")
    }
    return DeepLink(
      scheme: link.scheme, host: link.host, port: link.port, pathSegments: link.pathSegments, queryItems: items,
      fragment: link.fragment
    ).absoluteString
  }

  /// A raw input, possibly unparseable, with sensitive `name=value` pairs replaced; inputs
  /// over 512 characters are cut (an invalid link is evidence, not payload).
  public static func redact(raw input: String) -> String {
    if let link = try? DeepLink(input) { return redact(link) }
    var text = String(input.prefix(512))
    if input.count > 512 { text += "…" }
    // Redact every `name=value` whose name is sensitive, wherever separators fall.
    var output = ""
    var rest = Substring(text)
    while let equals = rest.firstIndex(of: "=") {
      let before = rest[..<equals]
      let nameStart =
        before.lastIndex(where: { "?&;#/ ".contains($0) }).map { before.index(after: $0) } ?? before.startIndex
      let name = String(before[nameStart...])
      output += rest[...equals]
      rest = rest[rest.index(after: equals)...]
      let valueEnd = rest.firstIndex(where: { "&;# ".contains($0) }) ?? rest.endIndex
      if isSensitive(name) {
        output += "REDACTED"
      } else {
        output += rest[..<valueEnd]
      }
      rest = rest[valueEnd...]
    }
    return (output + rest).unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }.joined()
  }
}

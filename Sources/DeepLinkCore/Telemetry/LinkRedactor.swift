/// Replaces the values of token-like names with `REDACTED` before a link reaches telemetry,
/// `debugInfo` or the `deeplink` tool's output.
///
/// Redaction goes by the link's structure, never by searching for a secret's text: a query
/// item's value, a path segment's `name=value` pairs (`;jsessionid=…`, a whole segment such as
/// `token=…`), a fragment's `name=value` pairs (also behind a fragment route's path and `?`:
/// `#/callback?code=…`) and the `name=value` pairs inside any value are replaced where they stand
/// when their name, percent-decoded (and `+` read as a space), is token-like. A name is token-like
/// when, lowercased, it is one of ``sensitiveNames`` or contains one of ``sensitiveNameParts``.
/// Every field of every output (a decision's input, link, rewritten link, parameters, trace, the
/// tool's formats, telemetry, snapshots) redacts by these same rules, so a secret is either
/// replaced everywhere or shown nowhere differently.
///
/// The lists come from what common frameworks filter from their logs and what standard
/// protocols put in URLs: Rails' generated `filter_parameter_logging.rb` (`passw`, `secret`,
/// `token`, `_key`, `crypt`, `salt`, `certificate`, `otp`, `ssn`, `cvv`, `cvc`, matched as parts),
/// Django's `SafeExceptionReporterFilter.hidden_settings` (`API`, `AUTH`, `TOKEN`, `KEY`, `SECRET`,
/// `PASS`, `SIGNATURE`), OAuth 2.0 and OpenID Connect (`code`, `state`, `nonce`, `access_token`,
/// `id_token`), AWS Signature Version 4 query authentication (`X-Amz-Signature`,
/// `X-Amz-Credential`, `X-Amz-Security-Token`), the SAML HTTP-Redirect binding (`SAMLRequest`,
/// `SAMLResponse`, `Signature`), the OWASP Logging Cheat Sheet's list of data never to log
/// (session identifiers, access tokens, passwords, keys, payment card data), and common session
/// and CSRF names (`sid`, `jsessionid`, `csrf`, `xsrf`).
///
/// ```swift
/// LinkRedactor.redact(try DeepLink("shop://cart?%74oken=abc+def"))  // "shop://cart?token=REDACTED"
/// LinkRedactor.redact(try DeepLink("shop://cart;jsessionid=x"))  // "shop://cart;jsessionid=REDACTED"
/// ```
package enum LinkRedactor {
  /// Names whose values are always redacted, compared lowercased.
  package static let sensitiveNames: Set<String> = [
    "token", "code", "password", "passwd", "pwd", "pass", "passcode", "passphrase", "session", "sessionid",
    "session_id", "sid", "secret", "auth", "authorization", "key", "apikey", "api_key", "api-key", "x-api-key",
    "otp", "pin", "sig", "signature", "access_token", "refresh_token", "id_token", "client_secret", "credential",
    "credentials", "jwt", "nonce", "state", "ticket", "csrf", "xsrf", "samlrequest", "samlresponse", "private_key",
    "privatekey", "cvv", "cvv2", "cvc", "ssn",
  ]

  /// Parts of a name that make it token-like wherever they stand, compared lowercased:
  /// `x-amz-signature`, `csrfmiddlewaretoken`, `my_api_key` and `db_password` are all token-like.
  package static let sensitiveNameParts: [String] = [
    "token", "passw", "secret", "session", "auth", "signature", "csrf", "xsrf", "credential", "private",
    "passcode", "passphrase", "apikey", "api_key", "api-key", "_key", "saml", "crypt", "certificate",
  ]

  /// What replaces a sensitive value.
  package static let replacement = "REDACTED"

  private static let sensitiveFragmentBytes = sensitiveNameParts.map { Array($0.utf8) }

  /// Whether the value of a query item, segment parameter or fragment pair called `name` must not
  /// be recorded. `name` is compared as it is and percent-decoded (up to twice, `+` read as a
  /// space), so `%74oken` is `token`.
  package static func isSensitive(_ name: String) -> Bool {
    if isSensitiveAsWritten(name) { return true }
    var current = name
    for _ in 0..<2 {
      guard current.utf8.contains(where: { $0 == 0x25 || $0 == 0x2B }), let decoded = decodedName(current) else {
        return false
      }
      if isSensitiveAsWritten(decoded) { return true }
      current = decoded
    }
    return false
  }

  private static func isSensitiveAsWritten(_ name: String) -> Bool {
    let lowered = name.lowercased()
    if sensitiveNames.contains(lowered) { return true }
    let bytes = Array(lowered.utf8)
    return sensitiveFragmentBytes.contains { fragment in
      fragment.count <= bytes.count
        && (0...(bytes.count - fragment.count)).contains { bytes[$0..<($0 + fragment.count)].elementsEqual(fragment) }
    }
  }

  /// `name` percent-decoded once, `+` read as a space; `nil` for a malformed escape or bytes that
  /// are not UTF-8.
  private static func decodedName(_ name: String) -> String? {
    PercentEncoding.decoded(name.utf8, plusIsSpace: true).flatMap(String.validUTF8)
  }

  /// Whether `link` has a value to redact: a query item, segment parameter or fragment pair
  /// with a token-like name.
  package static func hasSensitiveValue(_ link: DeepLink) -> Bool {
    hasSensitiveQueryValue(link) || hasSensitivePathParameter(link)
      || (link.fragment.map { redactPairs($0) != $0 } ?? false)
  }

  /// Whether a query value of `link` is redacted: its name is token-like, or it holds a
  /// `name=value` pair whose name is.
  private static func hasSensitiveQueryValue(_ link: DeepLink) -> Bool {
    link.queryItems.contains { item in
      guard let value = item.value else { return false }
      return redactParameter(name: item.name, value: value) != value
    }
  }

  private static func hasSensitivePathParameter(_ link: DeepLink) -> Bool {
    link.pathSegments.contains { redactSegmentParameters($0) != $0 }
  }

  /// `link` written out with sensitive values replaced: query values, `;name=value` segment
  /// parameters and fragment pairs.
  ///
  /// - Complexity: O(*n*) in the link's length.
  package static func redact(_ link: DeepLink) -> String {
    let sensitiveQuery = hasSensitiveQueryValue(link)
    let sensitivePath = hasSensitivePathParameter(link)
    let fragment = link.fragment.map { redactPairs($0) }
    guard sensitiveQuery || sensitivePath || fragment != link.fragment else { return link.absoluteString }
    return redacted(link, query: sensitiveQuery, path: sensitivePath).absoluteString
  }

  /// `link` with sensitive values replaced, as a link.
  static func redacted(_ link: DeepLink, query: Bool = true, path: Bool = true) -> DeepLink {
    let items =
      query
      ? link.queryItems.map { item in
        guard let value = item.value else { return item }
        let shown = redactParameter(name: item.name, value: value)
        return shown == value ? item : DeepLinkQueryItem(name: item.name, value: shown)
      } : link.queryItems
    return DeepLink(
      scheme: link.scheme, host: link.host, port: link.port,
      pathSegments: path ? link.pathSegments.map(redactSegmentParameters) : link.pathSegments, queryItems: items,
      fragment: link.fragment.map { redactPairs($0) })
  }

  /// The decoded path of `link` (`/cart;jsessionid=REDACTED`), segment parameters redacted.
  package static func redactPath(_ link: DeepLink) -> String {
    hasSensitivePathParameter(link)
      ? "/" + link.pathSegments.map(redactSegmentParameters).joined(separator: "/") : link.path
  }

  /// A captured parameter's value as it may be shown: `REDACTED` for a token-like name, else the
  /// value with its `;name=value` parameters and `name=value` pairs of token-like names redacted.
  package static func redactParameter(name: String, value: String) -> String {
    if isSensitive(name) { return replacement }
    guard value.utf8.containsByte(0x3D) else { return value }
    return redactPairs(value)
  }

  /// A path segment with the values of its token-like `name=value` pairs replaced: `;` segment
  /// parameters (`cart;jsessionid=…`) and a segment that is itself a pair (`token=…`), as a
  /// captured value of it is shown.
  package static func redactSegmentParameters(_ segment: String) -> String {
    guard segment.utf8.containsByte(0x3D) else { return segment }
    return redactPairs(segment)
  }

  /// `text` (`a=1&token=2;b=3`) with the values of token-like names replaced; `&` and `;` separate pairs.
  package static func redactPairs(_ text: String) -> String {
    guard text.utf8.containsByte(0x3D) else { return text }
    var output = ""
    var piece = ""
    for character in text {
      if character == "&" || character == ";" {
        output += redactPair(piece)
        output.append(character)
        piece = ""
      } else {
        piece.append(character)
      }
    }
    return output + redactPair(piece)
  }

  /// `name=value` with the value replaced when the name is token-like. The name starts after the
  /// last `/`, `?` or `#` before the `=`, so a fragment route's query (`/callback?code=…`) is read
  /// as its pairs.
  private static func redactPair(_ pair: String) -> String {
    guard let equals = pair.firstIndex(of: "=") else { return pair }
    let before = pair[..<equals]
    let nameStart = before.lastIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }).map(before.index(after:))
    guard isSensitive(String(before[(nameStart ?? before.startIndex)...])) else { return pair }
    return pair[...equals] + replacement
  }

  /// A raw input, possibly unparseable, with sensitive `name=value` pairs replaced; inputs
  /// over 512 characters are cut (an invalid link is evidence, not payload) and control
  /// characters shown as `?`.
  ///
  /// A pair's name starts after `?`, `&`, `;`, `#`, `/`, a space or a backquote and is compared
  /// percent-decoded; its value runs to the next `&`, `#`, space or backquote, and for a pair
  /// that follows `;` (a segment parameter) also to the next `;`, `/` or `?`.
  package static func redact(raw input: String) -> String {
    if let link = try? DeepLink(input) { return redact(link) }
    var text = String(input.prefix(512))
    if input.count > 512 { text += "…" }
    return redactPairs(inText: text).unicodeScalars.map {
      $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) ? "?" : String($0)
    }.joined()
  }

  /// Free text (an error message, a trace line, a link that does not parse) with the values of
  /// sensitive `name=value` pairs and the user info of every `scheme://user:password@host`
  /// replaced where they stand, as ``redact(raw:)`` finds them; nothing else changes.
  package static func redactPairs(inText original: String) -> String {
    let text = redactUserInfo(inText: original)
    guard text.contains("=") else { return text }
    var output = ""
    var rest = Substring(text)
    while let equals = rest.firstIndex(of: "=") {
      let before = rest[..<equals]
      let separator = before.lastIndex(where: { "?&;#/ `".contains($0) })
      let nameStart = separator.map { before.index(after: $0) } ?? before.startIndex
      let afterSemicolon = separator.map { before[$0] == ";" } ?? false
      let name = String(before[nameStart...])
      output += rest[...equals]
      rest = rest[rest.index(after: equals)...]
      let ends: String = afterSemicolon ? "&# `;/?" : "&# `"
      let valueEnd = rest.firstIndex(where: { ends.contains($0) }) ?? rest.endIndex
      if isSensitive(name) && valueEnd > rest.startIndex {
        output += replacement
      } else {
        output += rest[..<valueEnd]
      }
      rest = rest[valueEnd...]
    }
    return output + rest
  }

  /// `text` with the user info of each authority in it (what comes after `://` and before its last
  /// `@`, the authority ending at `/`, `\`, `?`, `#`, a space or a backtick) replaced.
  private static func redactUserInfo(inText text: String) -> String {
    guard text.contains("@"), text.contains("://") else { return text }
    var output = ""
    var rest = Substring(text)
    while let separator = rest.range(of: "://") {
      output += rest[..<separator.upperBound]
      rest = rest[separator.upperBound...]
      let authorityEnd = rest.firstIndex(where: { "/\\?# `".contains($0) }) ?? rest.endIndex
      if let at = rest[..<authorityEnd].lastIndex(of: "@") {
        output += replacement
        rest = rest[at...]
      }
    }
    return output + rest
  }
}

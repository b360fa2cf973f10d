import DeepLinkCore

/// The `applinks` components of an apple-app-site-association file, derived from the rewrite
/// rules the router applies to one domain.
///
/// Each rule becomes an included component: literals as written, each capture `?*`, an optional
/// trailing capture two components (with and without it), a required query capture a `?`
/// component. AASA's `*` also matches `/`, so for a rule with captures, paths with more segments
/// are excluded first (unless another rule of the same prefix needs them). What AASA cannot say:
/// capture types and plugins' own checks; a claimed link whose value a typed route rejects
/// (`/ip/desk/abc` for `/product/{id:int}`) opens the app, which shows it in the browser.
package struct AppleAppSiteAssociation: Sendable, Hashable {
  /// One entry of `components`.
  package struct Component: Sendable, Hashable {
    /// The `/` path pattern.
    package var path: String
    /// The `?` query patterns by item name; empty when the rule needs no query item.
    package var query: [String: String]
    /// Whether links matching it are excluded rather than claimed.
    package var exclude: Bool
    /// Whether path literals compare ignoring case (written as `"caseSensitive": false`).
    package var caseInsensitive: Bool
    /// The rule it came from, for people reading the file.
    package var comment: String
  }

  /// The components, excluding ones first, then more specific ones.
  package let components: [Component]

  /// The components for the rules that apply to links of `host`.
  package init(rules: [CompiledRewrite], host: String) {
    let applicable = rules.filter { rule in
      if case .host(let pattern) = rule.pattern.namespace { return pattern.matches(host) }
      return false
    }
    var includes: [Component] = []
    var excludes: [Component] = []
    for rule in applicable {
      let segments = rule.pattern.segments
      let query = Dictionary(
        rule.pattern.queryCaptures.filter { !$0.isOptional }.map { ($0.key, "?*") }, uniquingKeysWith: { a, _ in a })
      let comment = "\(Self.webPath(rule.pattern.source)) → \(rule.target.source)"
      let caseInsensitive = rule.pattern.isCaseInsensitive
      var paths = [Self.path(segments)]
      if case .optional? = segments.last { paths.insert(Self.path(segments.dropLast()), at: 0) }
      for path in paths {
        includes.append(
          Component(path: path, query: query, exclude: false, caseInsensitive: caseInsensitive, comment: comment))
      }
      if let overflow = Self.overflow(of: rule.pattern, among: applicable.map(\.pattern)) {
        excludes.append(
          Component(
            path: overflow, query: [:], exclude: true, caseInsensitive: caseInsensitive,
            comment: "more segments than \(Self.webPath(rule.pattern.source))"))
      }
    }
    let ordered = includes.enumerated().sorted { a, b in
      let (x, y) = (Self.specificity(a.element), Self.specificity(b.element))
      return x != y ? x > y : a.offset < b.offset
    }.map(\.element)
    var seen: Set<String> = []
    components = (excludes + ordered).filter { seen.insert("\($0.exclude) \($0.path) \($0.query)").inserted }
  }

  /// `/fr/panier` for `https://shop.example.ca/fr/panier`: what the comments quote, the same on every domain.
  static func webPath(_ source: String) -> String {
    guard let scheme = source.range(of: "://") else { return source }
    let rest = source[scheme.upperBound...]
    return rest.firstIndex(where: { $0 == "/" || $0 == "?" }).map { String(rest[$0...]) } ?? "/"
  }

  /// `/en/ip/?*/?*` for `/en/ip/{slug}/{id}`.
  static func path(_ segments: some Collection<RoutePattern.Segment>) -> String {
    guard !segments.isEmpty else { return "/" }
    return segments.map { segment -> String in
      switch segment {
      case .literal(let text): "/" + text
      case .parameter, .optional, .catchAll: "/?*"
      }
    }.joined()
  }

  /// The exclusion for paths with more segments than `pattern` (its captures, as `?*`, would
  /// otherwise span them), unless another rule that can share its leading literals has more segments.
  static func overflow(of pattern: RoutePattern, among patterns: [RoutePattern]) -> String? {
    let segments = pattern.segments
    var prefix: [String] = []
    for segment in segments {
      guard case .literal(let text) = segment else { break }
      prefix.append(text.lowercased())
    }
    let onlyPlainCaptures = segments.allSatisfy {
      switch $0 {
      case .literal, .parameter: true
      case .optional, .catchAll: false
      }
    }
    guard onlyPlainCaptures, !prefix.isEmpty, prefix.count < segments.count else { return nil }
    for other in patterns where other != pattern && other.segments.count > segments.count {
      let shares = prefix.indices.allSatisfy { index in
        guard case .literal(let text) = other.segments[index] else { return true }
        return text.lowercased() == prefix[index]
      }
      if shares { return nil }
    }
    return path(segments) + "/?*"
  }

  private static func specificity(_ component: Component) -> Int {
    let literals = component.path.split(separator: "/").filter { $0 != "?*" }.count
    let wildcards = component.path.split(separator: "/").count - literals
    return literals * 100 - wildcards + component.query.count
  }

  /// The file: `{"applinks":{"details":[{"appIDs":[…],"components":[…]}]}}`, pretty-printed.
  package func json(appID: String) -> String {
    var text = "{\n  \"applinks\": {\n    \"details\": [\n      {\n"
    text += "        \"appIDs\": [\(quoted(appID))],\n        \"components\": [\n"
    text += components.map { component in
      var fields = ["\"/\": \(quoted(component.path))"]
      if !component.query.isEmpty {
        let query = component.query.sorted { $0.key < $1.key }.map { "\(quoted($0.key)): \(quoted($0.value))" }
        fields.append("\"?\": { " + query.joined(separator: ", ") + " }")
      }
      if component.exclude { fields.append("\"exclude\": true") }
      if component.caseInsensitive { fields.append("\"caseSensitive\": false") }
      fields.append("\"comment\": \(quoted(component.comment))")
      return "          { " + fields.joined(separator: ", ") + " }"
    }.joined(separator: ",\n")
    text += "\n        ]\n      }\n    ]\n  }\n}\n"
    return text
  }
}

/// Android's Digital Asset Links statement for an app.
package enum AssetLinks {
  /// `[{"relation":["delegate_permission/common.handle_all_urls"],"target":{…}}]`, pretty-printed.
  package static func json(package: String, fingerprint: String) -> String {
    """
    [
      {
        "relation": ["delegate_permission/common.handle_all_urls"],
        "target": {
          "namespace": "android_app",
          "package_name": \(quoted(package)),
          "sha256_cert_fingerprints": [\(quoted(fingerprint))]
        }
      }
    ]

    """
  }

  /// `fingerprint` as Android writes it (`14:6D:…`, 32 upper-case hex bytes), or `nil` when it
  /// is not a SHA-256 (with or without colons).
  package static func normalizedFingerprint(_ fingerprint: String) -> String? {
    let hex = fingerprint.filter { $0 != ":" }.uppercased()
    guard hex.count == 64, hex.allSatisfy({ $0.isHexDigit && $0.isASCII }) else { return nil }
    var pairs: [String] = []
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      pairs.append(String(hex[index..<next]))
      index = next
    }
    return pairs.joined(separator: ":")
  }
}

private func quoted(_ text: String) -> String {
  var json = JSONWriter()
  json.string(text)
  return String(decoding: json.bytes, as: UTF8.self)
}

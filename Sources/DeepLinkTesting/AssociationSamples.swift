@_exported import AssociationMatchers
import DeepLinkCore

/// Links to judge an association file by: every rule of a domain filled with typical and edge
/// values (extra and missing segments, repeated and trailing slashes, case, escapes, query
/// variants, fragments), plus paths no rule has. Each carries the variant it tests, so a suite
/// can say which shapes may stay in the browser.
package enum AssociationSamples {
  /// One link to judge.
  package struct Sample: Sendable, Hashable, CustomStringConvertible {
    /// The whole link, `https://host/…`.
    package let link: String
    /// What it varies (`typical`, `escapedLiteral`, `fourSlashes`, …).
    package let variant: String
    /// The rule it was made from, as written, or `nil` for an unrelated path.
    package let rule: String?

    package var description: String { "\(link) [\(variant)\(rule.map { ", from \($0)" } ?? "")]" }
  }

  /// Values a capture of each type is filled with: typical first, then the edge values the router must judge.
  package static let captureValues: [(value: String, variant: String)] = [
    ("abc", "notAnInt"), ("42;jsessionid=x", "matrixParameter"), ("1234567890123456789", "nineteenDigits"),
    ("123456789012345678", "eighteenDigits"), ("%EF%BC%91%EF%BC%92", "fullWidthDigits"), ("%34%32", "escapedInt"),
    ("-5", "signedInt"), ("0", "zero"), ("4*2", "literalStar"), ("a%2Fb", "escapedSlash"), ("%2E%2E", "dotSegment"),
    ("..", "dotSegment"), (".", "dotSegment"), ("%EF%BC%8E%EF%BC%8E", "dotSegment"), ("a%00b", "control"),
    ("a%e2%80%aeb", "bidi"), ("caf%C3%A9", "unicode"), ("a.b", "dotted"), ("%41", "escapedLetter"),
    ("a+b", "plus"), ("a%20b", "space"), ("a%EF%BC%8Fb", "fullWidthSlash"), ("a%5Cb", "escapedBackslash"),
    ("123e4567-e89b-12d3-a456-426614174000", "uuid"), ("123E4567-E89B-12D3-A456-42661417400", "shortUUID"),
    ("a:b", "linkShaped"), ("javascript%EF%BC%9Aalert(1)", "linkShaped"), ("a%E2%88%96b", "slashLookAlike"),
    ("a%E2%81%84b", "slashLookAlike"), ("%E3%80%82", "dotSegment"), ("%EF%BD%A1", "dotSegment"),
    ("a%E2%80%A8b", "separator"), ("a%D8%9Cb", "format"), ("a%F3%A0%80%81b", "supplementaryFormat"),
    ("a%FFb", "invalidUTF8"),
    ("a%ED%A0%80b", "invalidUTF8"),
    ("a..b", "twoDots"), ("...", "twoDots"), ("%E2%80%A6", "twoDots"), ("a%EF%BC%8E.b", "twoDots"),
    ("a%C2%A0b", "invisible"), ("a%E3%85%A4b", "invisible"), ("a%EF%B8%8Fb", "invisible"), ("%E2%80%89x", "invisible"),
  ]

  /// The samples for the rules of `configuration` that apply to `host`.
  ///
  /// - Parameters:
  ///   - configuration: the compiled configuration whose rules are sampled.
  ///   - host: the host whose rules apply.
  ///   - examples: the market's example links: a capture's typical value is the one the first
  ///     example routed through the same rule holds (a market's plugin may check its values),
  ///     else a generic one (`123` for an int, `standing-desk` for a string).
  package static func samples(
    _ configuration: DeepLinkConfiguration, host: String, examples: [String] = []
  ) -> [Sample] {
    var known: [String: [String: String]] = [:]  // rule pattern → capture values
    for example in examples {
      let decision = configuration.decide(example)
      guard decision.outcome == .routed, let rule = decision.rewriteRule, known[rule.pattern] == nil else { continue }
      known[rule.pattern] = decision.parameters.dictionary
    }
    var samples: [Sample] = []
    for path in ["/", "/help", "/en", "/fr/aide", "/cart", "/product/123", "/en/panier", "/x/en/cart"] {
      samples.append(Sample(link: "https://\(host)\(path)", variant: "unrelated", rule: nil))
    }
    for rule in configuration.universalLinks {
      guard let compiled = try? rule.compile(), case .host(let hostPattern) = compiled.pattern.namespace,
        hostPattern.matches(host)
      else { continue }
      samples += Self.samples(compiled, host: host, known: known)
    }
    return samples
  }

  private static func samples(_ rule: CompiledRewrite, host: String, known: [String: [String: String]]) -> [Sample] {
    let source = rule.rule.pattern
    var types: [String: ParameterType] = [:]
    for segment in rule.target.segments {
      switch segment {
      case .parameter(let name, let type), .optional(let name, let type): types[name] = type
      case .literal, .catchAll: break
      }
    }
    // The same rule on another domain has the same path: look the values up by path.
    let values =
      known.first { AssociationSamples.path(of: $0.key) == AssociationSamples.path(of: source) }?.value ?? [:]
    func typical(_ name: String) -> String {
      if let value = values[name], value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != 0x2F && $0 != 0x25 }) {
        return value
      }
      switch types[name] ?? .string {
      case .int: return "123"
      case .uuid: return "123e4567-e89b-12d3-a456-426614174000"
      case .string: return "standing-desk"
      }
    }
    let segments = rule.pattern.segments
    func pieces(_ value: (Int, String) -> String) -> [String] {
      segments.enumerated().map { index, segment in
        switch segment {
        case .literal(let text): value(index, text)
        case .parameter(let name, _), .optional(let name, _), .catchAll(let name): value(index, typical(name))
        }
      }
    }
    let plain = pieces { $1 }
    var out: [Sample] = []
    func add(_ path: String, _ variant: String, query: String? = nil, fragment: String? = nil) {
      var link = "https://\(host)\(path)"
      let items = query ?? Self.requiredQuery(rule)
      if !items.isEmpty { link += "?" + items }
      if let fragment { link += "#" + fragment }
      out.append(Sample(link: link, variant: variant, rule: source))
    }
    let path = "/" + plain.joined(separator: "/")
    add(path, "typical")
    add(path + "/", "trailingSlash")
    add(path + "//", "trailingSlashes")
    // Two to four slashes at the start are one run of variant `leadingSlashes`; five, one more than the file lists.
    for run in 1...3 { add(String(repeating: "/", count: run) + path, "leadingSlashes") }
    add("////" + path, "fiveLeadingSlashes")
    add("/" + plain.joined(separator: "//"), "innerSlashes")
    add("/" + plain.joined(separator: "///"), "threeSlashes")
    add("/" + plain.joined(separator: "////"), "fourSlashes")
    add(path + "/extra", "extraSegment")
    add("/extra" + path, "extraLeadingSegment")
    if plain.count > 1 { add("/" + plain.dropLast().joined(separator: "/"), "missingSegment") }
    add(path.uppercased(), "upperCase")
    if let escaped = Self.escapingFirstLetter(of: plain, segments: segments) { add(escaped, "escapedLiteral") }
    add(path, "fragment", fragment: "top")
    add(path, "handOffFragment", fragment: "no_universal_links")
    add(path, "controlInFragment", fragment: "a%00")
    let required = rule.pattern.queryCaptures.filter { !$0.isOptional }
    add(
      path, "extraQuery",
      query: [Self.requiredQuery(rule), "utm_source=mail"].filter { !$0.isEmpty }.joined(separator: "&"))
    add(
      path, "controlInQuery", query: [Self.requiredQuery(rule), "x=%01"].filter { !$0.isEmpty }.joined(separator: "&"))
    if let first = required.first {
      let others = required.dropFirst().map { "\($0.key)=chair" }
      func with(_ items: [String]) -> String { (items + others).joined(separator: "&") }
      add(path, "missingQuery", query: with([]))
      add(path, "emptyQuery", query: with(["\(first.key)="]))
      add(path, "repeatedQuery", query: with(["\(first.key)=a", "\(first.key)=b"]))
      add(path, "emptyFirstQuery", query: with(["\(first.key)=", "\(first.key)=a"]))
      add(path, "emptyLastQuery", query: with(["\(first.key)=a", "\(first.key)="]))
      add(path, "escapedQueryName", query: with([Self.percentEncoded(first.key) + "=a"]))
      add(path, "nestedLinkQuery", query: with(["\(first.key)=https://evil.test"]))
      add(path, "controlQueryValue", query: with(["\(first.key)=a%00"]))
    }
    for (index, segment) in segments.enumerated() {
      switch segment {
      case .literal: continue
      case .parameter, .optional, .catchAll: break
      }
      for (value, variant) in captureValues {
        let filled = pieces { $0 == index ? value : $1 }
        add("/" + filled.joined(separator: "/"), variant)
      }
    }
    return out
  }

  /// `/fr/panier` of `https://shop.example.ca/fr/panier`.
  private static func path(of pattern: String) -> Substring {
    guard let scheme = pattern.range(of: "://") else { return Substring(pattern) }
    let rest = pattern[scheme.upperBound...]
    return rest[(rest.firstIndex(of: "/") ?? rest.endIndex)...]
  }

  private static func requiredQuery(_ rule: CompiledRewrite) -> String {
    rule.pattern.queryCaptures.filter { !$0.isOptional }.map { "\($0.key)=chair" }.joined(separator: "&")
  }

  /// The path with the first letter of its first literal written as a percent-escape (`/%65n/cart`).
  private static func escapingFirstLetter(of pieces: [String], segments: [RoutePattern.Segment]) -> String? {
    var pieces = pieces
    guard let index = segments.firstIndex(where: { if case .literal = $0 { true } else { false } }),
      let letter = pieces[index].unicodeScalars.first, letter.isASCII
    else { return nil }
    pieces[index] = Self.percentEncoded(String(letter)) + pieces[index].dropFirst()
    return "/" + pieces.joined(separator: "/")
  }

  private static func percentEncoded(_ text: String) -> String {
    text.utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
  }
}

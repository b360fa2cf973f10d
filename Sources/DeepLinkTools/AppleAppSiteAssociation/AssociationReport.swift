import DeepLinkCore

/// What the association files and the router do not agree on, shape by shape, with the reason:
/// `deeplink aasa --report` prints it, `Docs/AssociationFiles.md` explains it.
package struct AssociationReport: Sendable, Hashable {
  /// One shape of link and why the file treats it differently from the router.
  package struct Shape: Sendable, Hashable {
    /// A word for the shape (`escapedLiteral`), the variant ``AssociationSamples`` gives such links.
    package var kind: String
    /// The rule it belongs to (`/en/ip/{slug}/{id} → /product/{id:int}`), or `nil` for every path.
    package var rule: String? = nil
    /// An example link path of the shape.
    package var example: String
    /// Why.
    package var reason: String
  }

  /// Links the router keeps in the app that iOS does not hand to it: they open in the browser.
  package let staysInBrowser: [Shape]
  /// Links iOS hands to the app that the router does not route; each is decided inside the app
  /// (never sent back to the browser) or cannot be written in Apple's patterns.
  package let claimedNotRouted: [Shape]

  /// The report for the rules of one domain, as ``AppleAppSiteAssociation`` writes them.
  ///
  /// - Parameter leadingSlashRuns: whether the file claims links starting with two to four
  ///   slashes (``AppleAppSiteAssociation/leadingSlashRuns``).
  package init(rules: [CompiledRewrite], host: String, leadingSlashRuns: Bool = true) {
    let domainRules = rules.filter { rule in
      if case .host(let pattern) = rule.pattern.namespace { return pattern.matches(host) }
      return false
    }
    // Examples from the market's own paths: its first path of literals only, its first query rule.
    let literal =
      domainRules.first { rule in
        rule.pattern.queryCaptures.isEmpty
          && rule.pattern.segments.allSatisfy { if case .literal = $0 { true } else { false } }
      }.map { AppleAppSiteAssociation.webPath($0.pattern.source) } ?? "/cart"
    let query =
      domainRules.first { $0.pattern.queryCaptures.contains { !$0.isOptional } }.map { rule in
        (
          AppleAppSiteAssociation.webPath(rule.pattern.source).prefix { $0 != "?" },
          rule.pattern.queryCaptures.first { !$0.isOptional }!.key
        )
      } ?? ("/search", "q")
    let escapedName = query.1.utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
    var stays: [Shape] = [
      Shape(
        kind: "escapedLiteral",
        example: "/%" + String(literal.utf8.dropFirst().first ?? 0x61, radix: 16, uppercase: true)
          + literal.dropFirst(2),
        reason:
          "a literal segment written with percent-escapes: Apple compares the path as written (percentEncoded), "
          + "and `false` would let an escaped slash split a capture"),
      Shape(
        kind: "fiveLeadingSlashes", example: "////" + literal,
        reason:
          "five or more slashes at the start: a pattern starts with one literal `/`, as all of Apple's examples do, "
          + "and each rule's copy for a leading run with `/$(s)`, two to four"),
      Shape(
        kind: "fourSlashes", example: literal + "////",
        reason:
          "four or more slashes in a row, between segments or after the last: `$(s)` and `$(e)` list one to three"),
      Shape(
        kind: "handOffFragment", example: literal + "#" + DeepLinkDecision.browserHandOffFragment,
        reason: "the browser hand-off fragment: excluded so that a link the app hands to the browser cannot loop"),
      Shape(
        kind: "escapedQueryName", example: "\(query.0)?utm_source=mail&\(escapedName)=desk",
        reason:
          "a query name written with percent-escapes, if iOS compares names as written (undocumented), unless it is "
          + "the query's first item, fully escaped, for a rule's only required item, a string"),
      Shape(
        kind: "emptyLastQuery", example: "\(query.0)?utm_source=mail&\(query.1)=desk&\(query.1)=",
        reason:
          "a required query item repeated with an empty value: iOS may require every instance to match (WWDC19) or "
          + "refuse on any empty one, unless the item is the query's first, for a rule's only required item, a string"),
    ]
    if !leadingSlashRuns {
      stays.insert(
        Shape(
          kind: "leadingSlashes", example: "/" + literal,
          reason:
            "repeated slashes at the start: each rule's copy for them is left out, since the file would pass "
            + "Apple's 128 KB with it"),
        at: 1)
    }
    var claimed: [Shape] = []
    for rule in domainRules {
      let name = "\(AppleAppSiteAssociation.webPath(rule.pattern.source)) → \(rule.target.source)"
      var types: [String: ParameterType] = [:]
      for segment in rule.target.segments {
        if case .parameter(let name, let type) = segment { types[name] = type }
      }
      let segments = rule.pattern.segments
      let ints = segments.compactMap { segment -> String? in
        guard case .parameter(let name, let type) = segment, (types[name] ?? type) == .int else { return nil }
        return name
      }
      if !ints.isEmpty {
        stays.append(
          Shape(
            kind: "escapedInt", rule: name, example: "…/%34%32",
            reason: "an int capture written with percent-escapes: `%` is excluded from int captures"))
      }
      if segments.contains(where: { if case .literal = $0 { false } else { true } }) {
        claimed.append(
          Shape(
            kind: "literalStar", rule: name, example: ints.isEmpty ? "…/a*/b" : "…/4*2",
            reason:
              "a literal `*` in a capture (inside an int, or just before a slash that splits a capture): Apple's "
              + "patterns have no escape for `*`, so it cannot be excluded; the router decides it external and "
              + "the app hands it to the browser with the hand-off fragment"))
      }
    }
    claimed.append(
      Shape(
        kind: "pluginCheck", example: "/pago-en-tienda/short",
        reason:
          "a value a route's plugin refuses (`acceptsParameters`): the file cannot see a plugin's code; the link "
          + "reaches the app and is notFound there"))
    self.staysInBrowser = stays
    self.claimedNotRouted = claimed
  }

  /// The report as text: two sections, a shape a line.
  package func text(market: String, host: String, fileSize: Int) -> String {
    var text = "Market\(market) \(host): apple-app-site-association of \(fileSize) bytes "
    text += "(Apple's limit \(AppleAppSiteAssociation.sizeLimit))\n\n"
    text += "routed by the app, not claimed by the file (they open in the browser):\n"
    text += Self.lines(staysInBrowser)
    text += "\nclaimed by the file, not routed (decided inside the app):\n"
    text += claimedNotRouted.isEmpty ? "  none\n" : Self.lines(claimedNotRouted)
    return text
  }

  private static func lines(_ shapes: [Shape]) -> String {
    shapes.map { shape in
      "  \(shape.example)" + (shape.rule.map { "  [\($0)]" } ?? "") + "\n      \(shape.reason)\n"
    }.joined()
  }
}

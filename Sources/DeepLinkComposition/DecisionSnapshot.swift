import DeepLinkCore
import PlatformLinks

/// The decision of every link of a corpus, one line each, so that any change to a link's
/// decision shows up as a difference a person must accept (`deeplink snapshot --update`).
///
/// A market's corpus is its example links plus links made from every rule and route it owns:
/// one with a value of each capture's type, one with a value the type refuses. The platform's
/// corpus is made the same way from its own rules and routes, and is decided by the platform
/// alone and by every market composition: no market may change a platform link's decision.
///
/// Each line is `link`, outcome, route, parameters, barriers and what decided it (the rule or
/// route and its owner), separated by tabs, sorted by link.
///
/// ```swift
/// let snapshot = try DecisionSnapshot(market: "CA", examples: ["https://shop.example.ca/fr/panier"])
/// snapshot.differences(from: storedText)  // [] when nothing changed
/// ```
package struct DecisionSnapshot: Sendable, Equatable {
  /// One line per link, sorted by link.
  package let lines: [String]

  /// The snapshot of `market`'s corpus decided by its composition, or of the platform's corpus
  /// by the platform alone for `nil`.
  ///
  /// - Throws: ``DeepLinkComposition/CompositionError`` when the market does not compose.
  package init(market: String?, examples: [String] = []) throws(CompositionError) {
    let configuration = try DeepLinkAssembly.configuration(market: market)
    let owner = market.map(LinkOwner.market) ?? .platform
    self.init(configuration: configuration, links: examples + Self.corpus(of: owner, in: configuration))
  }

  /// The platform corpus's snapshot as `market`'s composition decides it: equal to the
  /// platform's own snapshot unless the market changes a platform link.
  package static func platform(composedWith market: String) throws(CompositionError) -> DecisionSnapshot {
    let platform = try DeepLinkAssembly.configuration(market: nil)
    let combined = try DeepLinkAssembly.configuration(market: market)
    return DecisionSnapshot(configuration: combined, links: corpus(of: .platform, in: platform))
  }

  /// The snapshot of `links` decided by `configuration`.
  package init(configuration: DeepLinkConfiguration, links: [String]) {
    var seen: Set<String> = []
    lines = links.filter { seen.insert($0).inserted }.sorted().map { Self.line(configuration.decide($0)) }
  }

  /// The snapshot read back from its text (comment lines start with `#`).
  package init(text: String) {
    lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init).filter { !$0.hasPrefix("#") }
  }

  /// The links of an example-links file: the part of each line before a tab; comment lines
  /// (`#`) and blank lines skipped.
  package static func exampleLinks(in text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      let link = line.split(separator: "\t", maxSplits: 1).first.map(String.init) ?? ""
      return link.isEmpty || link.hasPrefix("#") ? nil : link
    }
  }

  /// The text stored in a snapshot file.
  package var text: String {
    "# Decision snapshot: link, outcome, route, parameters, barriers, decided by. "
      + "Regenerate with `deeplink snapshot --update`.\n" + lines.map { $0 + "\n" }.joined()
  }

  /// Every link whose line differs from `stored`, as a sentence naming the link, its stored
  /// and its current decision (the rule or route that decides it now, and its owner).
  package func differences(from stored: DecisionSnapshot) -> [String] {
    func byLink(_ lines: [String]) -> [String: String] {
      Dictionary(
        lines.map { (String($0.split(separator: "\t", maxSplits: 1)[0]), $0) }, uniquingKeysWith: { a, _ in a })
    }
    let now = byLink(lines)
    let before = byLink(stored.lines)
    var result: [String] = []
    for link in Set(now.keys).union(before.keys).sorted() where now[link] != before[link] {
      switch (before[link], now[link]) {
      case (let old?, let new?):
        result.append("`\(link)` changed: was \(Self.summary(old)); now \(Self.summary(new))")
      case (nil, let new?):
        result.append("`\(link)` is new: \(Self.summary(new))")
      case (let old?, nil):
        result.append("`\(link)` is gone: was \(Self.summary(old))")
      case (nil, nil):
        break
      }
    }
    return result
  }

  private static func summary(_ line: String) -> String {
    line.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().filter { !$0.isEmpty }
      .joined(separator: ", ")
  }

  private static func line(_ decision: DeepLinkDecision) -> String {
    // Secrets are redacted here as in every output (`LinkRedactor`): the input's and the parameters'.
    let parameters = decision.parameters.sorted { $0.name < $1.name }.map {
      "\($0.name)=\(LinkRedactor.redactParameter(name: $0.name, value: $0.value))"
    }
    let input =
      decision.link.map { LinkRedactor.hasSensitiveValue($0) ? LinkRedactor.redact($0) : decision.input }
      ?? LinkRedactor.redactPairs(inText: decision.input)
    var decidedBy: [String] = []
    if let rule = decision.rewriteRule { decidedBy.append("rule `\(rule.pattern)` of \(rule.owner)") }
    if let owner = decision.owner, let route = decision.route { decidedBy.append("route `\(route)` of \(owner)") }
    if decision.outcome != .routed, let reason = decision.reason { decidedBy.append(reason.rawValue) }
    return [
      input, decision.outcome.rawValue, decision.route?.description ?? "", parameters.joined(separator: "&"),
      decision.barriers.map(\.rawValue).joined(separator: ","), decidedBy.joined(separator: "; "),
    ].map(escaped).joined(separator: "\t")
  }

  private static func escaped(_ field: String) -> String {
    field.replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\n", with: "\\n")
  }

  /// Links made from every rule and route `owner` declares in `configuration`.
  static func corpus(of owner: LinkOwner, in configuration: DeepLinkConfiguration) -> [String] {
    var links: [String] = []
    for rule in configuration.universalLinks where rule.owner == owner {
      guard let compiled = try? rule.compile() else { continue }
      var host: String? = nil
      if case .host(let pattern) = compiled.pattern.namespace {
        guard case .exact(let exact) = pattern else { continue }
        host = exact
      }
      links += sampleLinks(compiled.pattern, scheme: compiled.pattern.scheme, host: host)
    }
    let scheme = configuration.urlSchemes.first { $0.owner == owner }?.scheme ?? configuration.appScheme
    for route in configuration.routeDescriptions where route.owner == owner {
      links += sampleLinks(route.pattern, scheme: scheme, host: nil)
    }
    return links
  }

  /// One link with a value of each capture's type and, where a capture is typed, one with a
  /// value the type refuses.
  private static func sampleLinks(_ pattern: RoutePattern, scheme: String?, host: String?) -> [String] {
    func link(refusing: Bool) -> String {
      func value(_ type: ParameterType) -> String { refusing && type != .string ? "not-a-\(type)" : sample(type) }
      var path: [String] = []
      for segment in pattern.segments {
        switch segment {
        case .literal(let text): path.append(text)
        case .parameter(_, let type), .optional(_, let type): path.append(value(type))
        case .catchAll: path.append("a/b")
        }
      }
      let query = pattern.queryCaptures.map { "\($0.key)=\(value($0.type))" }
      let prefix = host.map { "https://\($0)" } ?? "\(scheme ?? "shop")://"
      let separator = host == nil ? "" : "/"
      return prefix + separator + path.joined(separator: "/")
        + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }
    let isTyped =
      pattern.segments.contains {
        switch $0 {
        case .parameter(_, let type), .optional(_, let type): type != .string
        case .literal, .catchAll: false
        }
      } || pattern.queryCaptures.contains { $0.type != .string }
    return isTyped ? [link(refusing: false), link(refusing: true)] : [link(refusing: false)]
  }

  private static func sample(_ type: ParameterType) -> String {
    switch type {
    case .string: "sample"
    case .int: "12345"
    case .uuid: "123e4567-e89b-12d3-a456-426614174000"
    }
  }
}

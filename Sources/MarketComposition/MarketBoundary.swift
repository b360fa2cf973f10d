import DeepLinkCore
import PlatformLinks

/// The checks that keep a market inside its own link space, decided exactly from patterns.
///
/// A market may claim only domains and schemes no one else claims; its rules may only read its
/// own hosts and scheme; no rule, route or plugin of it may capture a link the platform routes
/// or sends to the browser (chained links included); its barriers may not take a name the
/// platform reserves; and it overrides a platform rule only where the platform allows it. Each
/// problem names both sides.
///
/// Built once over the platform and the catalogue's other markets, then asked about one market
/// at a time; the platform's routes are indexed by their first segment so a market of a
/// thousand rules is checked against ten thousand platform routes in milliseconds.
///
/// ```swift
/// let boundary = MarketBoundary(platform: platform, reservedBarriers: ["authentication"], markets: catalogue)
/// let problems = boundary.problems(of: market)  // [] when the market stays in its space
/// ```
package struct MarketBoundary: Sendable {
  /// One route (or plugin route) as a side declares it.
  package struct Route: Sendable, Hashable {
    /// The route's or plugin's name.
    package var name: String
    /// Its pattern, parsed where the route is declared.
    package var pattern: RoutePattern

    /// Creates a route.
    package init(name: String, pattern: RoutePattern) {
      self.name = name
      self.pattern = pattern
    }
  }

  /// What one side (the platform or a market) declares.
  package struct Side: Sendable {
    /// Who declares it.
    package var owner: LinkOwner
    /// The domains claimed.
    package var domains: [Domain]
    /// The custom schemes claimed.
    package var schemes: [URLScheme]
    /// The rewrite rules.
    package var rules: [UniversalLink]
    /// The routes and plugins' routes.
    package var routes: [Route]
    /// The names of the barriers installed.
    package var barriers: [BarrierName]

    /// Creates a side.
    package init(
      owner: LinkOwner, domains: [Domain] = [], schemes: [URLScheme] = [], rules: [UniversalLink] = [],
      routes: [Route] = [], barriers: [BarrierName] = []
    ) {
      self.owner = owner
      self.domains = domains
      self.schemes = schemes
      self.rules = rules
      self.routes = routes
      self.barriers = barriers
    }
  }

  /// The market's declaration a problem names, spelled only when there is a problem: most
  /// declarations have none, and a market has thousands.
  private enum Declaration {
    case rule(UniversalLink)
    case route(Route)

    var text: String {
      switch self {
      case .rule(let rule): "rule `\(rule)`"
      case .route(let route): "route `\(route.pattern.source)` (`\(route.name)`)"
      }
    }
  }

  private let platform: Side
  private let markets: [Side]
  private let reservedBarriers: Set<BarrierName>
  private let overrides: [MarketOverride]
  /// The platform's rules on each of its hosts, compiled.
  private let platformRules: [CompiledRewrite]
  /// The platform's app routes, their paths merged into one trie.
  private let platformRoutes: [Route]
  private let routeTrie: PatternTrie
  /// Chained links: one or more steps, each a path of a chainable route.
  private let chain: (name: String, language: PathLanguage)?
  /// What can read a chained link's first segment (`nil` when there is no chain, or a chained
  /// link may be empty): a path none of them reads is no chained link, known without a search.
  private let chainFirstSegments: PathLanguage.FirstSegments?

  /// Prepares the checks.
  ///
  /// - Parameters:
  ///   - platform: the platform's domains, schemes, rules, routes and barriers.
  ///   - chainSteps: the patterns of the chainable routes, and the chained-link plugin's name.
  ///   - reservedBarriers: barrier names no market may use (the platform's own).
  ///   - overrides: the platform rules each market may replace.
  ///   - markets: every market of the catalogue; the one checked is skipped by its owner.
  package init(
    platform: Side, chainSteps: (name: String, patterns: [RoutePattern])? = nil, reservedBarriers: Set<BarrierName>,
    overrides: [MarketOverride] = [], markets: [Side]
  ) {
    self.platform = platform
    self.markets = markets
    self.reservedBarriers = reservedBarriers.union(platform.barriers)
    self.overrides = overrides
    self.platformRules = platform.rules.compactMap { try? $0.compile() }
    self.platformRoutes = platform.routes
    self.routeTrie = PatternTrie(platform.routes.map(\.pattern))
    if let chainSteps {
      let language = PathLanguage.chain(of: chainSteps.patterns)
      self.chain = (chainSteps.name, language)
      self.chainFirstSegments = language.firstSegments()
    } else {
      self.chain = nil
      self.chainFirstSegments = nil
    }
  }

  /// Every way `market` leaves its own link space; empty when it stays inside.
  ///
  /// - Complexity: for each of the market's rules and routes, proportional to the nodes of the
  ///   platform's route trie the pattern can reach, not to the number of platform routes.
  package func problems(of market: Side) -> [CompositionProblem] {
    let id = market.owner.marketID ?? "?"
    // The platform, then every other market: made once, not at each declaration.
    let sides = [platform] + markets.filter { $0.owner != market.owner }
    var problems: [CompositionProblem] = []

    for domain in market.domains where domain.isValid {
      for side in sides {
        for claimed in side.domains
        where claimed.isValid && domain.hostPattern.commonHost(with: claimed.hostPattern) != nil {
          problems.append(
            .domainCollision(market: id, domain: domain.description, owner: side.owner, claimed: claimed.description))
        }
      }
    }
    for scheme in market.schemes {
      for side in sides where side.schemes.contains(where: { $0.scheme == scheme.scheme }) {
        problems.append(.schemeCollision(market: id, scheme: scheme.scheme, owner: side.owner))
      }
    }
    for barrier in market.barriers where reservedBarriers.contains(barrier) {
      problems.append(.reservedBarrier(market: id, barrier: barrier))
    }
    for compiled in market.rules.compactMap({ try? $0.compile() }) {  // one that does not compile is reported then
      problems += self.problems(ofRule: compiled.rule, compiled.pattern, market: market, sides: sides)
    }
    for route in market.routes {
      let pattern = route.pattern
      let declaration = Declaration.route(route)
      problems += scopeProblems(declaration, pattern.namespace, market: market, sides: sides)
      problems += captures(declaration, pattern, market: market)
    }
    return problems
  }

  private func problems(
    ofRule rule: UniversalLink, _ pattern: RoutePattern, market: Side, sides: [Side]
  ) -> [CompositionProblem] {
    let id = market.owner.marketID ?? "?"
    let declaration = Declaration.rule(rule)
    if rule.isOverride {
      let granted = overrides.filter { $0.market.asciiLowercased == id.asciiLowercased }
      let replacesAGrantedRule = platformRules.contains { platformRule in
        granted.contains { $0.platformRule == platformRule.rule.pattern }
          && platformRule.pattern.matchesTheSameLinks(as: pattern)
      }
      return replacesAGrantedRule ? [] : [.selfDeclaredOverride(market: id, rule: rule.description)]
    }
    let scope = scopeProblems(declaration, pattern.namespace, market: market, sides: sides)
    let captured = captures(declaration, pattern, market: market)
    return scope.isEmpty ? captured : scope + captured
  }

  /// The platform links a market's rule or route captures: on a platform host, the platform's
  /// rules and the browser-bound paths; on the market's scheme or as an app path, the platform's
  /// routes and chained links.
  private func captures(_ declaration: Declaration, _ pattern: RoutePattern, market: Side) -> [CompositionProblem] {
    let id = market.owner.marketID ?? "?"
    switch pattern.namespace {
    case .host(let host):
      guard Self.firstDomain(in: platform.domains, claiming: host) != nil else { return [] }
      return webCaptures(declaration, pattern, market: id)
    case .scheme(let scheme):
      guard let claimed = market.schemes.first(where: { $0.scheme == scheme }) else { return [] }
      var problems = appCaptures(declaration, pattern, market: id, scheme: scheme)
      // `shopca://ca/product/1` means `/product/1`: the paths after the custom host too.
      if let customHost = claimed.customHost, Self.firstSegment(of: pattern, canRead: customHost) {
        let residual = PathLanguage(pattern).residual(after: customHost)
        problems += appCaptures(
          declaration, pattern, language: residual, market: id, prefix: "\(scheme)://\(customHost)/")
      }
      return problems
    case .app:
      return appCaptures(declaration, pattern, market: id, scheme: nil)
    }
  }

  /// Whether the first segment of `pattern` can read `segment`: any capture, or a literal equal to
  /// it (ignoring ASCII case where the pattern does). When it cannot, no path of the pattern
  /// starts with `segment`, and the paths after it are none: not worth building.
  private static func firstSegment(of pattern: RoutePattern, canRead segment: String) -> Bool {
    guard case .literal(let text)? = pattern.segments.first else { return true }
    return text == segment || (pattern.isCaseInsensitive && text.asciiLowercased == segment.asciiLowercased)
  }

  /// Whether a host or scheme `market` reads is its own; names who owns it otherwise.
  private func scopeProblems(
    _ declaration: Declaration, _ namespace: RoutePattern.Namespace, market: Side, sides: [Side]
  ) -> [CompositionProblem] {
    let id = market.owner.marketID ?? "?"
    switch namespace {
    case .app:
      return []
    case .scheme(let scheme):
      if market.schemes.contains(where: { $0.scheme == scheme }) { return [] }
      let owner = (sides).first { $0.schemes.contains { $0.scheme == scheme } }?.owner
      return [.outOfScope(market: id, declaration: declaration.text, place: "scheme `\(scheme)`", owner: owner)]
    case .host(let host):
      for index in sides.indices {
        guard let claimed = Self.firstDomain(in: sides[index].domains, claiming: host) else { continue }
        // The platform's hosts are reported as captures (naming the platform rule) below.
        if sides[index].owner == .platform { return [] }
        return [
          .outOfScope(
            market: id, declaration: declaration.text, place: "host `\(host)`", owner: sides[index].owner,
            claimed: sides[index].domains[claimed].description)
        ]
      }
      if market.domains.contains(where: { $0.isValid && $0.hostPattern.covers(host) }) { return [] }
      return [.outOfScope(market: id, declaration: declaration.text, place: "host `\(host)`", owner: nil)]
    }
  }

  /// The index of the first valid domain of `domains` that shares a host with `host`, if any.
  private static func firstDomain(in domains: [Domain], claiming host: RoutePattern.HostPattern) -> Int? {
    for index in domains.indices
    where domains[index].isValid && host.commonHost(with: domains[index].hostPattern) != nil {
      return index
    }
    return nil
  }

  /// A web pattern of a market on a platform host: every platform rule it overlaps, or the
  /// browser-bound links it captures.
  private func webCaptures(_ declaration: Declaration, _ pattern: RoutePattern, market: String) -> [CompositionProblem]
  {
    var problems: [CompositionProblem] = []
    for platformRule in platformRules {
      guard let link = pattern.commonLink(with: platformRule.pattern) else { continue }
      problems.append(
        .capturesPlatformLink(
          market: market, declaration: declaration.text, link: link,
          platformRoute: platformRule.rule.target.description,
          platformDeclaration: "rule `\(platformRule.rule)`"))
    }
    if problems.isEmpty, let link = pattern.commonLink(with: pattern) {
      problems.append(.capturesBrowserLink(market: market, declaration: declaration.text, link: link))
    }
    return problems
  }

  /// An app path (a route, or a market-scheme rule, whose links map onto app paths) against
  /// every platform route and the chained links.
  private func appCaptures(
    _ declaration: Declaration, _ pattern: RoutePattern, market: String, scheme: String?
  ) -> [CompositionProblem] {
    appCaptures(
      declaration, pattern, language: PathLanguage(pattern), market: market,
      prefix: (scheme ?? PlatformLinks.scheme) + "://")
  }

  private func appCaptures(
    _ declaration: Declaration, _ pattern: RoutePattern, language: PathLanguage, market: String, prefix: String
  ) -> [CompositionProblem] {
    var problems: [CompositionProblem] = []
    for overlap in routeTrie.overlaps(with: language) {
      let route = platformRoutes[overlap.pattern]
      guard let query = pattern.commonQuery(with: route.pattern) else { continue }
      let path = overlap.path
      problems.append(
        .capturesPlatformLink(
          market: market, declaration: declaration.text, link: prefix + path.joined(separator: "/") + query,
          platformRoute: route.pattern.source, platformDeclaration: "route `\(route.name)`"))
    }
    if let chain, mayBeChained(language), let path = language.commonPath(with: chain.language) {
      problems.append(
        .capturesPlatformLink(
          market: market, declaration: declaration.text, link: prefix + path.joined(separator: "/"),
          platformRoute: "chained links", platformDeclaration: "plugin `\(chain.name)`"))
    }
    return problems
  }
}

extension MarketBoundary {
  /// Whether a path of `language` may be a chained link: `false` when its first segment cannot
  /// start one.
  private func mayBeChained(_ language: PathLanguage) -> Bool {
    guard let chainFirstSegments else { return true }
    return language.mayStart(like: chainFirstSegments)
  }
}

extension RoutePattern.HostPattern {
  /// Whether every host `other` accepts, this accepts too.
  func covers(_ other: Self) -> Bool {
    switch (self, other) {
    case (.exact(let a), .exact(let b)): a == b
    case (.subdomains, .exact(let host)): matches(host)
    case (.exact, .subdomains): false
    case (.subdomains(let a), .subdomains(let b)): a == b || b.hasSuffix("." + a)
    }
  }
}

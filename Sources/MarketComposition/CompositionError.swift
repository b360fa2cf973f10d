import DeepLinkCore

/// One reason a market cannot be composed with the platform. Each names both sides: the
/// market's declaration and what it collides with, and who owns that.
public enum CompositionProblem: Sendable, Hashable, CustomStringConvertible {
  /// The combined configuration of `market` (`nil`: the platform alone) does not compile
  /// (malformed rule, unknown barrier…).
  case configuration(DeepLinkConfigurationError, market: String?)
  /// Two routes, or two rules, of the combined configuration match exactly the same links: the
  /// market's `declaration` and `other`, which `owner` declares (the market itself, the platform or
  /// another market).
  case conflict(market: String, declaration: String, other: String, owner: LinkOwner)
  /// A route of the market's own (``PlatformLinks/MarketModule/marketRoutes``) that none of its
  /// plugins handles: its links would reach no handler.
  case unhandledMarketRoute(market: String, route: String, pattern: String)
  /// A market rule, route or plugin captures a link the platform routes (chained links
  /// included): `link` is one such link, `platformRoute` where the platform sends it and
  /// `platformDeclaration` the platform's rule, route or plugin that does.
  case capturesPlatformLink(
    market: String, declaration: String, link: String, platformRoute: String, platformDeclaration: String)
  /// A market rule on a platform domain captures a path the platform sends to the browser.
  case capturesBrowserLink(market: String, declaration: String, link: String)
  /// A market rule or route reads a host or scheme that is not the market's: another side's
  /// (`owner`, with the domain that claims it), or no one's (`owner` is `nil`).
  case outOfScope(market: String, declaration: String, place: String, owner: LinkOwner?, claimed: String? = nil)
  /// A market barrier takes a name the platform reserves for its own barriers.
  case reservedBarrier(market: String, barrier: BarrierName)
  /// A market rule declares itself an override, which only the platform's catalogue can allow.
  case selfDeclaredOverride(market: String, rule: String)
  /// A market claims a domain that overlaps one another side claims.
  case domainCollision(market: String, domain: String, owner: LinkOwner, claimed: String)
  /// A market registers a scheme another side registers.
  case schemeCollision(market: String, scheme: String, owner: LinkOwner)
  /// A rewrite rule of `market` (`nil`: the platform's) targets a route no route or plugin handles.
  case unroutedTarget(market: String?, rule: String, target: RouteID)
  /// A market route's pattern is malformed or not an app pattern.
  case invalidRoute(market: String, route: String, RoutePatternError)
  /// No market has this identifier; `known` lists the markets there are.
  case unknownMarket(String, known: [String])

  /// The market the problem is about, if any.
  package var market: String? {
    switch self {
    case .capturesPlatformLink(let market, _, _, _, _), .capturesBrowserLink(let market, _, _),
      .outOfScope(let market, _, _, _, _), .reservedBarrier(let market, _), .selfDeclaredOverride(let market, _),
      .domainCollision(let market, _, _, _), .schemeCollision(let market, _, _), .invalidRoute(let market, _, _),
      .conflict(let market, _, _, _), .unhandledMarketRoute(let market, _, _):
      market
    case .configuration(_, let market), .unroutedTarget(let market, _, _):
      market
    case .unknownMarket:
      nil
    }
  }

  public var description: String {
    switch self {
    case .configuration(let error, let market):
      market.map { "market \($0): " + error.description } ?? error.description
    case .conflict(let market, let declaration, let other, let owner):
      "\(declaration) of market \(market) matches exactly the same links as \(other) of \(owner); "
        + "remove one, or make one more specific (a literal, a type, a required query capture)"
    case .unhandledMarketRoute(let market, let route, let pattern):
      "route `\(pattern)` (`\(route)`) of market \(market) is one of its marketRoutes, but no plugin of market "
        + "\(market) handles it; return a plugin for it from plugins(services:) or remove the route"
    case .capturesPlatformLink(let market, let declaration, let link, let platformRoute, let platformDeclaration):
      "\(declaration) of market \(market) captures `\(link)`, which the platform routes to `\(platformRoute)` by its "
        + "\(platformDeclaration); change the pattern, or ask the platform team to allow an override"
    case .capturesBrowserLink(let market, let declaration, let link):
      "\(declaration) of market \(market) captures `\(link)`, which the platform sends to the browser; "
        + "markets route only their own domains"
    case .outOfScope(let market, let declaration, let place, let owner, let claimed):
      if let owner {
        "\(declaration) of market \(market) reads \(place), which \(owner) claims"
          + (claimed.map { " (domain `\($0)`)" } ?? "")
          + "; a market's rules and routes read only its own links: remove the rule, or let \(owner) declare it"
      } else {
        "\(declaration) of market \(market) reads \(place), which market \(market) does not claim; "
          + "add it to the market's domains or schemes, or fix the rule"
      }
    case .reservedBarrier(let market, let barrier):
      "barrier `\(barrier)` of market \(market) takes a name the platform reserves for its own barrier; "
        + "a market adds barriers under names of its own (`\(market.lowercased()).\(barrier)`)"
    case .selfDeclaredOverride(let market, let rule):
      "rule `\(rule)` of market \(market) declares itself an override, but the platform's catalogue allows "
        + "market \(market) no override of a platform rule for exactly these links; "
        + "only the platform team can allow one (PlatformLinks.marketOverrides)"
    case .domainCollision(let market, let domain, let owner, let claimed):
      "market \(market) claims domain `\(domain)`, which overlaps `\(claimed)` of \(owner); "
        + "each domain belongs to one side: remove it from market \(market) or narrow it"
    case .schemeCollision(let market, let scheme, let owner):
      "market \(market) registers scheme `\(scheme)`, which \(owner) registers; give the market a scheme of its own"
    case .unroutedTarget(let market, let rule, let target):
      "rule `\(rule)` of \(market.map { "market \($0)" } ?? "the platform") rewrites to `\(target)`, which no "
        + "route or plugin of the platform or of \(market.map { "market \($0)" } ?? "the platform") handles; "
        + "add the route or fix the target"
    case .invalidRoute(let market, let route, let error):
      "route `\(route)` of market \(market): \(error.description)"
    case .unknownMarket(let id, let known):
      "there is no market `\(id)`; known markets: " + known.joined(separator: ", ")
    }
  }
}

extension CompositionProblem {
  /// The texts of the market's declaration the problem is about, as the market writes them (a
  /// pattern, a domain, a scheme, a barrier or route name): where a build-time diagnostic points.
  package var declarationTexts: [String] {
    switch self {
    case .capturesPlatformLink(_, let declaration, _, _, _), .capturesBrowserLink(_, let declaration, _),
      .outOfScope(_, let declaration, _, _, _), .conflict(_, let declaration, _, _):
      Self.quoted(in: declaration)
    case .reservedBarrier(_, let barrier): [barrier.rawValue]
    case .selfDeclaredOverride(_, let rule): Self.quoted(in: "`\(rule)`")
    case .domainCollision(_, let domain, _, _): [domain]
    case .schemeCollision(_, let scheme, _): [scheme]
    case .unroutedTarget(_, let rule, let target): [rule, target.description]
    case .invalidRoute(_, let route, let error): [error.pattern, route]
    case .unhandledMarketRoute(_, let route, let pattern): [pattern, route]
    case .configuration(let error, _): Self.quoted(in: error.description)
    case .unknownMarket: []
    }
  }

  /// The spans of `text` between backticks, each cut at a rule's arrow (`pattern → target`).
  private static func quoted(in text: String) -> [String] {
    text.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { index, span in
      guard index % 2 == 1, !span.isEmpty else { return nil }
      let arrow = span.range(of: " → ")?.lowerBound ?? span.endIndex
      return String(span[..<arrow])
    }
  }
}

/// Why composition failed: every problem found, not just the first.
public struct CompositionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The market composed (`nil` for the platform alone or the whole catalogue).
  public let market: String?
  /// The problems, in the order found.
  public let problems: [CompositionProblem]

  /// Creates an error.
  package init(market: String?, problems: [CompositionProblem]) {
    self.market = market
    self.problems = problems
  }

  public var description: String {
    "composition of \(market.map { "market \($0)" } ?? "the platform") failed:\n"
      + problems.map { "  - \($0)" }.joined(separator: "\n")
  }
}

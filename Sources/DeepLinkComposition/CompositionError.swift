import DeepLinkCore

/// One reason a market cannot be composed with the platform.
public enum CompositionProblem: Sendable, Hashable, CustomStringConvertible {
  /// The combined configuration does not compile (malformed rule, conflict, unknown barrier…).
  case configuration(DeepLinkConfigurationError)
  /// A market rule captures a link the platform itself routes, without being declared an override.
  case capturesPlatformLink(market: String, rule: String, platformRoute: String, sample: String)
  /// A market registers the platform's own scheme.
  case schemeCollision(market: String, scheme: String)
  /// A market claims one of the platform's domains.
  case domainCollision(market: String, domain: String)
  /// Two markets claim the same domain.
  case domainClaimedTwice(domain: String, markets: [String])
  /// Two markets register the same scheme.
  case schemeClaimedTwice(scheme: String, markets: [String])
  /// A rewrite rule's target is a pattern no route or plugin handles.
  case unroutedTarget(rule: String, target: String)
  /// A market route's pattern is malformed or not an app pattern.
  case invalidRoute(market: String, route: String, RoutePatternError)
  /// No market has this identifier.
  case unknownMarket(String)

  public var description: String {
    switch self {
    case .configuration(let error):
      error.description
    case .capturesPlatformLink(let market, let rule, let platformRoute, let sample):
      "rule `\(rule)` from Market\(market) captures `\(sample)`, which the platform routes to `\(platformRoute)`; "
        + "declare the rule as an override or change its pattern"
    case .schemeCollision(let market, let scheme):
      "Market\(market) registers the platform's scheme `\(scheme)`; give the market a scheme of its own"
    case .domainCollision(let market, let domain):
      "Market\(market) claims the platform domain `\(domain)`; markets declare their own domains"
    case .domainClaimedTwice(let domain, let markets):
      "domain `\(domain)` is claimed by " + markets.map { "Market\($0)" }.joined(separator: " and ")
        + "; each domain belongs to one market"
    case .schemeClaimedTwice(let scheme, let markets):
      "scheme `\(scheme)` is registered by " + markets.map { "Market\($0)" }.joined(separator: " and ")
        + "; each scheme belongs to one market"
    case .unroutedTarget(let rule, let target):
      "rule `\(rule)` rewrites to `\(target)`, which no route or plugin handles; add the route or fix the target"
    case .invalidRoute(let market, let route, let error):
      "route `\(route)` of Market\(market): \(error.description)"
    case .unknownMarket(let id):
      "there is no market `\(id)`; known markets: " + MarketCatalogue.ids.joined(separator: ", ")
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
  public init(market: String?, problems: [CompositionProblem]) {
    self.market = market
    self.problems = problems
  }

  public var description: String {
    "composition of \(market.map { "Market\($0)" } ?? "the platform") failed:\n"
      + problems.map { "  - \($0)" }.joined(separator: "\n")
  }
}

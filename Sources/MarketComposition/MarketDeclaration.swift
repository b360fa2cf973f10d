import DeepLinkCore
import PlatformLinks

/// What one market declares, read once from its module: its plugins and barriers made over the
/// services, and its side of the boundary.
struct MarketDeclaration {
  var plugins: [any DeepLinkHandlerPlugin]
  var barriers: [any DeepLinkHandlingBarrier]
  var side: MarketBoundary.Side
  /// The market's own routes (``PlatformLinks/MarketModule/marketRoutes``).
  var marketRoutes: [PlatformRoute]

  init(_ market: any MarketModule, services: MarketServices) {
    plugins = market.plugins(services: services)
    barriers = market.barriers(services: services)
    marketRoutes = market.marketRoutes
    side = MarketBoundary.Side(
      owner: .market(market.id), domains: market.domains, schemes: market.urlSchemes,
      rules: market.universalLinks,
      routes: plugins.compactMap(\.pathMatching).map { MarketBoundary.Route(name: $0.name, pattern: $0.matchingPath) },
      barriers: barriers.map(\.name))
  }

  /// The market's identifier.
  var id: String { side.owner.marketID ?? "" }

  /// What the build's check of the market saw, in one line: its domains, schemes, rules, routes
  /// and barriers. A launch whose market declares anything else runs the checks again.
  var summary: String {
    let parts: [String] =
      side.domains.map(\.description) + side.schemes.map(\.scheme) + side.rules.map(Self.summary(of:))
      + side.routes.map { "\($0.name) \($0.pattern)" } + side.barriers.map(\.rawValue)
    return parts.joined(separator: "\n")
  }

  /// A rule as the check read it: its patterns, fixed parameters and whether it is an override.
  private static func summary(of rule: UniversalLink) -> String {
    let parameters = rule.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    return ([rule.description] + parameters + (rule.isOverride ? ["override"] : [])).joined(separator: " ")
  }

  /// The market's own routes that are malformed, and those no plugin of the market handles.
  var routeProblems: [CompositionProblem] {
    var problems: [CompositionProblem] = []
    let handled = Set(side.routes.map(\.pattern))
    for route in marketRoutes {
      do {
        _ = try route.pattern
      } catch {
        problems.append(.invalidRoute(market: id, route: route.name, error))
        continue
      }
      if !handled.contains(route.source) {
        problems.append(.unhandledMarketRoute(market: id, route: route.name, pattern: route.source))
      }
    }
    return problems
  }
}

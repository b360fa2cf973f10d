import DeepLinkCore
import PlatformLinks

/// Composes the platform with one market of a catalogue: assigns every declaration its owner,
/// runs the boundary checks against the platform and every other market of the catalogue,
/// and compiles the result.
///
/// ``DeepLinkComposition/DeepLinkAssembly`` is the short way for the built-in catalogue; a
/// composer is for tests and tools that compose a market of their own or a platform that allows
/// overrides. Every composer checks; the built-in catalogue is also checked when the package is
/// built (`MarketCheckPlugin`), which is why an app's launch does not check it again.
///
/// ```swift
/// let composer = MarketComposer(catalogue: MarketCatalogue.markets)
/// let configuration = try composer.configuration(for: MarketCatalogue.market(id: "CA"))
/// ```
package struct MarketComposer: Sendable {
  /// The markets every composed market is checked against (domains, schemes, hosts).
  package var catalogue: [any MarketModule]
  /// The platform rules a market may replace.
  package var overrides: [MarketOverride]
  /// Whether composition checks each route's destination type against its route and the rules
  /// onto it (``DeepLinkCore/DestinationMismatch``). On by default.
  package var checksDestinations: Bool
  /// What the package's build checked: the fingerprint of a market's declarations
  /// (``MarketDeclaration/fingerprint``) by its identifier. A market whose declarations have the
  /// fingerprint the build checked composes without the checks again. None (every market checked)
  /// unless the composer is the app's launch composer.
  package var checkedWhenBuilt: @Sendable (String) -> UInt64? = { _ in nil }

  /// A composer over `catalogue` with the platform's own overrides.
  package init(
    catalogue: [any MarketModule],
    overrides: [MarketOverride] = PlatformLinks.marketOverrides,
    checksDestinations: Bool = true
  ) {
    self.catalogue = catalogue
    self.overrides = overrides
    self.checksDestinations = checksDestinations
  }

  /// The pure, `Sendable` configuration for `market` (the platform alone for `nil`).
  ///
  /// - Throws: ``CompositionError`` with every problem found.
  package func configuration(for market: (any MarketModule)?) throws(CompositionError) -> DeepLinkConfiguration {
    try compose(market, services: .decisionOnly).configuration
  }

  /// Every problem of `market` (empty when it composes).
  package func problems(of market: any MarketModule) -> [CompositionProblem] {
    do {
      _ = try configuration(for: market)
      return []
    } catch {
      return error.problems
    }
  }

  /// Every problem of every market of the catalogue; a collision between two markets is
  /// reported once, from the market listed first.
  package func catalogueProblems() -> [CompositionProblem] {
    var seenCollisions: Set<Set<String>> = []
    var result: [CompositionProblem] = []
    for market in catalogue {
      for problem in problems(of: market) {
        switch problem {
        case .domainCollision(let id, let domain, .market(let other), let claimed):
          guard seenCollisions.insert(["\(id) \(domain)", "\(other) \(claimed)"]).inserted else { continue }
        case .schemeCollision(let id, let scheme, .market(let other)):
          guard seenCollisions.insert(["\(id) \(scheme)", "\(other) \(scheme)"]).inserted else { continue }
        default:
          break
        }
        result.append(problem)
      }
    }
    return result
  }

  /// A composed market: what the linker is configured from, and its compiled configuration.
  package struct Composed: Sendable {
    package var specification: DeepLinkSpecification
    package var configuration: DeepLinkConfiguration
  }

  /// Combines the platform and `market` (the platform alone for `nil`), runs the checks (unless
  /// the build checked exactly this market, see ``checkedWhenBuilt``) and compiles.
  ///
  /// - Throws: ``CompositionError`` with every problem found.
  package func compose(_ market: (any MarketModule)?, services: MarketServices) throws(CompositionError) -> Composed {
    var specification = try Self.platformSpecification(services: services)
    guard let market else {
      specification.checksDestinations = checksDestinations
      return try compile(specification, market: nil, problems: [])
    }
    let declared = MarketDeclaration(market, services: services)
    let checks = checkedWhenBuilt(market.id) != declared.fingerprint
    specification.checksDestinations = checksDestinations && checks

    var problems: [CompositionProblem] = []
    if checks {
      problems += declared.routeProblems
      problems += boundary(platform: specification, checked: market.id).problems(of: declared.side)
    }
    specification.add(declared)
    let composed = try compile(specification, market: market.id, problems: problems)
    if checks {
      problems += Self.unroutedTargets(of: composed.configuration, market: market.id)
      guard problems.isEmpty else { throw CompositionError(market: market.id, problems: problems) }
    }
    return composed
  }

  /// Compiles `specification`; a compile error joins the `problems` found before it.
  private func compile(
    _ specification: DeepLinkSpecification, market: String?, problems: [CompositionProblem]
  ) throws(CompositionError) -> Composed {
    do {
      return Composed(specification: specification, configuration: try DeepLinkConfiguration(compiling: specification))
    } catch {
      let problem = market.flatMap { Self.conflict(error, in: specification, market: $0) }
      throw CompositionError(market: market, problems: problems + [problem ?? .configuration(error, market: market)])
    }
  }

  /// A conflict of two routes or two rules, one of them `market`'s, with both owners named.
  private static func conflict(
    _ error: DeepLinkConfigurationError, in specification: DeepLinkSpecification, market: String
  ) -> CompositionProblem? {
    let declarations: [(text: String, pattern: String, owner: LinkOwner)]
    let existing: String
    let new: String
    switch error {
    case .conflictingRoutes(.conflict(let first, let second)):
      (existing, new) = (first, second)
      declarations = specification.plugins.indices.flatMap { index in
        let plugin = specification.plugins[index]
        return plugin.routes.map {
          ("route `\($0.source)` (`\(plugin.name)`)", $0.source, specification.owner(ofPlugin: index))
        }
      }
    case .conflictingRewrites(let first, let second):
      (existing, new) = (first, second)
      declarations = specification.universalLinks.map { ("rule `\($0)`", $0.pattern, $0.owner) }
    default:
      return nil
    }
    let owner = LinkOwner.market(market)
    let ours =
      declarations.last { $0.pattern == new && $0.owner == owner }
      ?? declarations.last { $0.pattern == existing && $0.owner == owner }
    guard let ours else { return nil }
    let otherPattern = ours.pattern == new ? existing : new
    guard
      let other = declarations.first(where: { $0.pattern == otherPattern && $0.text != ours.text })
        ?? declarations.first(where: { $0.pattern == otherPattern })
    else { return nil }
    return .conflict(market: market, declaration: ours.text, other: other.text, owner: other.owner)
  }

  /// The platform's specification: its schemes, domains, rules, route plugins, chained links and
  /// barriers, every declaration owned by the platform.
  package static func platformSpecification(services: MarketServices) throws(CompositionError) -> DeepLinkSpecification
  {
    var specification = DeepLinkSpecification()
    PlatformLinks().declare(in: &specification)
    for route in PlatformRoute.platformCatalogue {
      specification.install(PlatformRoutePlugin(route: route, navigator: services.navigator), owner: .platform)
    }
    do {
      specification.install(try PlatformChains.plugin(navigator: services.navigator), owner: .platform)
    } catch {
      throw CompositionError(market: nil, problems: [.configuration(error, market: nil)])
    }
    specification.install(AuthenticationBarrier(session: services.session), owner: .platform)
    let confirmation = ConfirmationBarrier(navigator: services.navigator)
    specification.install(confirmation, owner: .platform)
    specification.confirmationBarrier = confirmation.name
    return specification
  }

  /// The boundary over the platform (its specification before a market joins it) and the
  /// catalogue's other markets, read for their domains and schemes.
  private func boundary(platform: DeepLinkSpecification, checked id: String) -> MarketBoundary {
    // A platform route whose pattern does not parse is reported when the platform is compiled.
    let chainable = PlatformRoute.platformCatalogue.filter(\.isChainable).compactMap { try? $0.pattern }
    let platformSide = MarketBoundary.Side(
      owner: .platform, domains: platform.domains, schemes: platform.urlSchemes, rules: platform.universalLinks,
      routes: PlatformRoute.platformCatalogue.compactMap { route in
        (try? route.pattern).map { MarketBoundary.Route(name: route.name, pattern: $0) }
      },
      barriers: BarrierName.platformReserved)
    let others = catalogue.filter { $0.id != id }.map {
      MarketBoundary.Side(owner: .market($0.id), domains: $0.domains, schemes: $0.urlSchemes)
    }
    return MarketBoundary(
      platform: platformSide, chainSteps: (PlatformChains.name, chainable),
      reservedBarriers: Set(BarrierName.platformReserved), overrides: overrides, markets: others)
  }

  /// Rewrite targets of `market`'s configuration that no route or plugin handles.
  private static func unroutedTargets(of configuration: DeepLinkConfiguration, market: String) -> [CompositionProblem] {
    let routed = Set(configuration.routeDescriptions.map(\.pattern))
    var reported: Set<String> = []
    return configuration.rewriteRules.compactMap { compiled in
      let rule = compiled.rule
      guard !routed.contains(compiled.target), reported.insert(rule.description).inserted else { return nil }
      return .unroutedTarget(market: rule.owner.marketID, rule: rule.pattern, target: rule.target)
    }
  }
}

extension DeepLinkSpecification {
  /// Adds what `market` declares, owned by it: its schemes (but one the platform registers
  /// already, which the boundary reports), domains, rules, plugins and barriers (but one named
  /// like a platform barrier, which the boundary reports).
  mutating func add(_ market: MarketDeclaration) {
    let owner = market.side.owner
    let platformSchemes = Set(urlSchemes.map(\.scheme))
    urlSchemes += market.side.schemes.filter { !platformSchemes.contains($0.scheme) }.map { $0.owned(by: owner) }
    domains += market.side.domains.map { $0.owned(by: owner) }
    universalLinks += market.side.rules.map { $0.owned(by: owner) }
    for plugin in market.plugins { install(plugin, owner: owner) }
    for barrier in market.barriers where !BarrierName.platformReserved.contains(barrier.name) {
      install(barrier, owner: owner)
    }
  }
}

extension MarketServices {
  /// Services for deciding links without handling them: nothing is ever shown.
  package static var decisionOnly: MarketServices {
    MarketServices(navigator: DecisionOnlyNavigator(), session: DecisionOnlyNavigator())
  }
}

/// The navigator and session of tools that only decide links; handlers never run there, so
/// showing a screen or signing in refuses (the completion gets `false`).
struct DecisionOnlyNavigator: Navigator, Session {
  @MainActor func show(_ destinations: [any LinkDestination]) {}
  @MainActor func confirm(_ link: DeepLink, completion: @escaping @Sendable (Bool) -> Void) { completion(false) }
  @MainActor var isSignedIn: Bool { false }
  @MainActor func signIn(completion: @escaping @Sendable (Bool) -> Void) { completion(false) }
}

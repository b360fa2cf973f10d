import DeepLinkCore
import PlatformLinks

/// Composes the platform with one market of a catalogue: assigns every declaration its owner,
/// runs the boundary checks against the platform and every other market of the catalogue,
/// and compiles the result.
///
/// ``DeepLinkAssembly`` is the short way for the built-in catalogue; a composer is for tests
/// and tools that compose a market of their own or a platform that allows overrides.
///
/// ```swift
/// let composer = MarketComposer()
/// let configuration = try composer.configuration(for: MarketCatalogue.market(id: "CA"))
/// ```
public struct MarketComposer: Sendable {
  /// The markets every composed market is checked against (domains, schemes, hosts).
  public var catalogue: [any MarketModule]
  /// The platform rules a market may replace.
  public var overrides: [MarketOverride]
  /// Whether composition checks each route's destination type against its route and the rules
  /// onto it (``DeepLinkCore/DestinationMismatch``). The check reads each type through its
  /// `Decodable` conformance, which costs about 230,000 instructions per type the first time in a
  /// process; its result depends on the code only. On by default; an app's release launch turns
  /// it off (``DeepLinkAssembly/checksDestinationsAtLaunch``).
  public var checksDestinations: Bool

  /// A composer over `catalogue` with the platform's own overrides.
  public init(
    catalogue: [any MarketModule] = MarketCatalogue.markets,
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
  public func configuration(for market: (any MarketModule)?) throws(CompositionError) -> DeepLinkConfiguration {
    try compose(market, services: .decisionOnly).configuration
  }

  /// Every problem of `market` (empty when it composes).
  public func problems(of market: any MarketModule) -> [CompositionProblem] {
    do {
      _ = try configuration(for: market)
      return []
    } catch {
      return error.problems
    }
  }

  /// Every problem of every market of the catalogue; a collision between two markets is
  /// reported once, from the market listed first.
  public func catalogueProblems() -> [CompositionProblem] {
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

  /// A ready linker for `market` (the platform alone for `nil`), using the container's
  /// `any Navigator` and `any Session` (required) and `any DeepLinkTelemetry` and
  /// `any DeepLinkClock` (optional). The linker's configuration is the checked composition.
  ///
  /// - Throws: ``CompositionError`` for a missing service or any composition problem.
  @MainActor
  public func makeDeepLinker(
    for market: (any MarketModule)?, container: DependencyContainer,
    configure: (DeepLinker.Configurator) -> DeepLinker.Configurator = { $0 }
  ) throws -> DeepLinker {
    let services = MarketServices(
      navigator: try container.resolve((any Navigator).self), session: try container.resolve((any Session).self))
    // The linker runs the configuration the composition checked, compiled once.
    let composed = try compose(market, services: services)
    var configurator = DeepLinker.configure().adopting(composed.specification, compiled: composed.configuration)
    if container.isRegistered((any DeepLinkTelemetry).self) {
      configurator = configurator.with(telemetry: try container.resolve((any DeepLinkTelemetry).self))
    }
    if container.isRegistered((any DeepLinkClock).self) {
      configurator = configurator.with(clock: try container.resolve((any DeepLinkClock).self))
    }
    do {
      return try configure(configurator).initialize()
    } catch {
      throw CompositionError(market: market?.id, problems: [.configuration(error)])
    }
  }

  struct Composed: Sendable {
    var specification: DeepLinkSpecification
    var configuration: DeepLinkConfiguration
  }

  /// The platform's specification, every declaration owned by the platform, with room for
  /// `marketPlugins` more plugins and `marketRules` more rules.
  static func platformSpecification(
    services: MarketServices, marketPlugins: Int = 0, marketRules: Int = 0
  ) throws(CompositionError) -> DeepLinkSpecification {
    var specification = DeepLinkSpecification()
    // Room for every plugin up front: a list that grows copies its plugins through their
    // existential's metadata, one more type made at launch.
    let pluginCount = PlatformRoute.platformCatalogue.count + 1 + marketPlugins  // 1: the chains
    specification.plugins.reserveCapacity(pluginCount)
    if marketPlugins > 0 { specification.pluginOwners.reserveCapacity(pluginCount) }
    PlatformLinks().declare(in: &specification, roomForRules: marketRules)
    // One route at a time, not through a list of `PlatformRoutePlugin` (a type made at launch).
    for route in PlatformRoute.platformCatalogue {
      specification.install(PlatformRoutePlugin(route: route, navigator: services.navigator), owner: .platform)
    }
    do {
      specification.install(try PlatformChains.plugin(navigator: services.navigator), owner: .platform)
    } catch {
      throw CompositionError(market: nil, problems: [.configuration(error)])
    }
    specification.install(AuthenticationBarrier(session: services.session), owner: .platform)
    let confirmation = ConfirmationBarrier(navigator: services.navigator)
    specification.install(confirmation, owner: .platform)
    specification.confirmationBarrier = confirmation.name
    return specification
  }

  /// Combines the platform and `market` (the platform alone for `nil`), runs the boundary checks
  /// and compiles.
  func compose(_ market: (any MarketModule)?, services: MarketServices) throws(CompositionError) -> Composed {
    guard let market else { return try composePlatform(services: services) }
    return try compose(market: market, services: services)
  }

  /// The platform alone, compiled.
  func composePlatform(services: MarketServices) throws(CompositionError) -> Composed {
    var specification = try Self.platformSpecification(services: services)
    specification.checksDestinations = checksDestinations
    do {
      return Composed(specification: specification, configuration: try DeepLinkConfiguration(compiling: specification))
    } catch {
      throw CompositionError(market: nil, problems: [.configuration(error)])
    }
  }

  /// Combines the platform and `market`, runs the boundary checks and compiles.
  ///
  /// Takes the market, not an optional one: copying an optional market is a type made at launch.
  func compose(market: any MarketModule, services: MarketServices) throws(CompositionError) -> Composed {
    let declared = MarketDeclaration(market, services: services)
    var specification = try Self.platformSpecification(
      services: services, marketPlugins: declared.plugins.count, marketRules: declared.side.rules.count)
    specification.checksDestinations = checksDestinations
    // Counted here, as the specification is made: read later, the list is copied for it and the
    // copy destroyed through its type's metadata (one more type made at launch).
    let platformRules = specification.universalLinks.count
    let platformSchemes = specification.urlSchemes.count
    let owner = LinkOwner.market(market.id)
    var problems: [CompositionProblem] = []
    for route in market.marketRoutes {
      do {
        _ = try route.pattern
      } catch {
        problems.append(.invalidRoute(market: market.id, route: route.name, error))
      }
    }
    // Every rule is compiled once, for the checks and for the configuration, and each target
    // once. Lists of the rules that compile (and a count of those that do not), not of optional
    // rules: a list of optionals is two more types made at launch, and its rules copied out.
    var targets = SmallStringMap<CompiledRewrite>()
    var failures = 0
    func compile(_ rule: UniversalLink, into result: inout [CompiledRewrite]) {
      if let compiled = try? rule.compile(targets: &targets) { result.append(compiled) } else { failures += 1 }
    }
    // The platform's rules compiled into the list the configuration gets, in place (made to size
    // for the market's too by the platform's declaration); the market's are compiled into their
    // own list for the checks, then copied in.
    for index in 0..<platformRules {
      compile(specification.universalLinks[index], into: &specification.compiledRules)
    }
    var marketCompiled: [CompiledRewrite] = []
    marketCompiled.reserveCapacity(declared.side.rules.count)
    for index in declared.side.rules.indices {
      compile(declared.side.rules[index].owned(by: owner), into: &marketCompiled)
    }
    // The boundary is let go before the lists it shares are grown below (alive, it would hold the
    // platform's compiled rules, and appending the market's would copy them); what compiling
    // needs of it, the platform routes' patterns, is kept.
    let platformPatterns: [RoutePattern]
    do {
      let checks = boundary(platform: specification, compiledRules: specification.compiledRules, checked: market.id)
      problems += checks.problems(of: declared.side, compiledRules: marketCompiled)
      platformPatterns = checks.platformPatterns
    }

    // The market's declarations appended in place, one by one: a list made by `map` or
    // `filter` and added with `+=` is copied element by element through its type's metadata.
    for index in declared.side.schemes.indices {
      let scheme = declared.side.schemes[index]
      if !specification.urlSchemes[..<platformSchemes].contains(where: { $0.scheme == scheme.scheme }) {
        specification.urlSchemes.append(scheme.owned(by: owner))
      }
    }
    for index in declared.side.domains.indices {
      specification.domains.append(declared.side.domains[index].owned(by: owner))
    }
    // A market's own override flag counts only where the boundary checks found the platform's
    // permission; without it the rule was refused above. When every rule compiled, each rule
    // appended is the very rule its compiled form holds (the configuration then compares them by
    // identity); when one does not, the configuration compiles them again and reports the first
    // (a list shorter than the rules is not used).
    if failures == 0 {
      for index in marketCompiled.indices {
        specification.universalLinks.append(marketCompiled[index].rule)
        specification.compiledRules.append(marketCompiled[index])
      }
    } else {
      for index in declared.side.rules.indices {
        specification.universalLinks.append(declared.side.rules[index].owned(by: owner))
      }
      specification.compiledRules.removeAll()
    }
    // By index: a `for … in` over the declaration's lists copies each list and destroys the copy
    // through its type's metadata, a type made at launch for each.
    for index in declared.plugins.indices { specification.install(declared.plugins[index], owner: owner) }
    for index in declared.barriers.indices
    where !PlatformBarrierName.reservedList.contains(declared.barriers[index].name) {
      specification.install(declared.barriers[index], owner: owner)
    }

    let combined: DeepLinkConfiguration
    do {
      // The platform's routes are its first plugins, in the catalogue's order: their patterns,
      // read for the boundary, are not read again.
      combined = try DeepLinkConfiguration(compiling: specification, parsedPluginPatterns: platformPatterns)
    } catch {
      throw CompositionError(market: market.id, problems: problems + [.configuration(error)])
    }
    problems += Self.unroutedTargets(combined, targets: targets)
    guard problems.isEmpty else { throw CompositionError(market: market.id, problems: problems) }
    return Composed(specification: specification, configuration: combined)
  }

  /// The boundary over the platform and the whole catalogue: `platform` is the platform's
  /// specification before a market joins it, its rules compiled in `compiledRules` (those that
  /// compile; see ``MarketBoundary/init(platform:compiledRules:chainSteps:reservedBarriers:overrides:markets:)``).
  /// Its domains and schemes are read from there, not declared again.
  ///
  /// The catalogue's markets are read for their domains and schemes only: that is all the checks
  /// compare another market's declarations by. The market `checked` is left out: the boundary
  /// skips it by its owner, so its declarations are not read again.
  func boundary(
    platform: DeepLinkSpecification, compiledRules: [CompiledRewrite], checked: String
  ) -> MarketBoundary {
    let routes = PlatformRoute.platformCatalogue.map { MarketBoundary.Route(name: $0.name, pattern: $0.source) }
    let chainable = PlatformRoute.platformCatalogue.filter(\.isChainable).map(\.source)
    // The domains and schemes appended one by one, not the lists copied: a copied list is copied
    // through its type's metadata, one more type made at launch.
    var domains: [Domain] = []
    domains.reserveCapacity(platform.domains.count)
    for index in platform.domains.indices { domains.append(platform.domains[index]) }
    var schemes: [URLScheme] = []
    schemes.reserveCapacity(platform.urlSchemes.count)
    for index in platform.urlSchemes.indices { schemes.append(platform.urlSchemes[index]) }
    return MarketBoundary(
      platform: MarketBoundary.Side(
        // No rules: the boundary reads them compiled, from `compiledRules` (a list of rules copied
        // in is copied through its type's metadata, one more type made at launch).
        owner: .platform, domains: domains, schemes: schemes, routes: routes,
        barriers: [PlatformBarrierName.authentication, PlatformBarrierName.confirmation]),
      compiledRules: compiledRules, chainSteps: (PlatformChains.name, chainable),
      reservedBarriers: PlatformBarrierName.reservedList, overrides: overrides,
      markets: otherMarkets(than: checked))
  }

  /// The sides of the catalogue's markets but the one with identifier `id`.
  private func otherMarkets(than id: String) -> [MarketBoundary.Side] {
    var sides: [MarketBoundary.Side] = []
    sides.reserveCapacity(catalogue.count)
    for index in catalogue.indices where catalogue[index].id != id {
      let market = catalogue[index]
      sides.append(MarketBoundary.Side(owner: .market(market.id), domains: market.domains, schemes: market.urlSchemes))
    }
    return sides
  }

  /// Rewrite targets that no route or plugin of the combined table handles. `targets` holds the
  /// target of every rule compiled, each once: when each of those few is routed, no rule's
  /// target is unrouted, and the rules are not read one by one.
  private static func unroutedTargets(
    _ configuration: DeepLinkConfiguration, targets: SmallStringMap<CompiledRewrite>
  ) -> [CompositionProblem] {
    // Counted by looking each route up among the targets, not with a set of the routes: no set
    // made. The table refuses two routes of one pattern, so no target counts twice.
    // The configuration's list read in place (`routeList` copies it).
    var routedTargets = 0
    for index in configuration.routeSources.indices
    where targets.contains(configuration.routeSources[index]) {
      routedTargets += 1
    }
    guard routedTargets < targets.count else { return [] }
    let routed = Set(configuration.routeSources)
    return configuration.rewriteRules.compactMap { compiled in
      routed.contains(compiled.rule.target)
        ? nil : .unroutedTarget(rule: compiled.rule.pattern, target: compiled.rule.target)
    }
  }
}

/// What one market declares, read once from its module.
struct MarketDeclaration {
  var plugins: [any DeepLinkHandlerPlugin]
  var barriers: [any DeepLinkHandlingBarrier]
  var side: MarketBoundary.Side

  init(_ market: any MarketModule, services: MarketServices) {
    plugins = market.plugins(services: services)
    barriers = market.barriers(services: services)
    side = MarketBoundary.Side(
      owner: .market(market.id), domains: market.domains, schemes: market.urlSchemes,
      rules: market.universalLinks,
      routes: Self.routes(of: plugins),
      barriers: barriers.map(\.name))
  }

  /// The routes of the path-matching plugins among `plugins`. A loop with `if let`, not
  /// `compactMap` over `Optional.map`, which copies each optional plugin through its metadata.
  private static func routes(of plugins: [any DeepLinkHandlerPlugin]) -> [MarketBoundary.Route] {
    var routes: [MarketBoundary.Route] = []
    routes.reserveCapacity(plugins.count)
    for index in plugins.indices {
      if let matching = plugins[index].pathMatching {
        routes.append(MarketBoundary.Route(name: matching.name, pattern: matching.matchingPath))
      }
    }
    return routes
  }
}

import DeepLinkCore
import PlatformLinks

/// Builds a ready ``DeepLinker`` (or its pure configuration) from the platform, one market and
/// the container's services, after the composition checks.
///
/// ```swift
/// let container = DependencyContainer()
/// container.register((any Navigator).self) { _ in AppNavigator() }
/// container.register((any Session).self) { _ in AppSession() }
/// let linker = try DeepLinkAssembly.makeDeepLinker(market: "CA", container: container)
/// linker.route("https://shop.example.ca/fr/panier")
/// ```
public enum DeepLinkAssembly {
  /// The linker for `market` (or the platform alone for `nil`), using the container's
  /// `any Navigator` and `any Session` (required) and `any DeepLinkTelemetry` and
  /// `any DeepLinkClock` (optional).
  ///
  /// - Throws: ``CompositionError`` for an unknown market, a missing service or any
  ///   composition problem.
  @MainActor
  public static func makeDeepLinker(
    market: String?, container: DependencyContainer,
    configure: (DeepLinker.Configurator) -> DeepLinker.Configurator = { $0 }
  ) throws -> DeepLinker {
    let services = MarketServices(
      navigator: try container.resolve((any Navigator).self), session: try container.resolve((any Session).self))
    let parts = try parts(market: market, services: services)
    var configurator = DeepLinker.configure()
      .set(urlSchemes: parts.specification.urlSchemes)
      .set(allowedDomains: parts.specification.domains.map { $0.name })
      .add(universalLinks: parts.specification.universalLinks)
    for plugin in parts.specification.plugins { configurator = configurator.install(plugin: plugin) }
    for barrier in parts.specification.barriers.values { configurator = configurator.install(barrier: barrier) }
    if let confirmation = parts.specification.confirmationBarrier,
      let barrier = parts.specification.barriers[confirmation]
    {
      configurator = configurator.set(confirmationBarrier: barrier)
    }
    if container.isRegistered((any DeepLinkTelemetry).self) {
      configurator = configurator.with(telemetry: try container.resolve((any DeepLinkTelemetry).self))
    }
    if container.isRegistered((any DeepLinkClock).self) {
      configurator = configurator.with(clock: try container.resolve((any DeepLinkClock).self))
    }
    do {
      return try configure(configurator).initialize()
    } catch {
      throw CompositionError(market: market, problems: [.configuration(error)])
    }
  }

  /// The pure, `Sendable` configuration for `market` (or the platform alone), for tools that
  /// decide links without handling them (the `deeplink` command, benchmarks, validation).
  ///
  /// - Throws: ``CompositionError``.
  public static func configuration(market: String?) throws(CompositionError) -> DeepLinkConfiguration {
    try parts(market: market, services: .decisionOnly).configuration
  }

  /// Every composition problem of `market` against the platform (empty when it composes).
  public static func validate(market: String) -> [CompositionProblem] {
    do {
      _ = try configuration(market: market)
      return []
    } catch {
      return error.problems
    }
  }

  /// Every problem of every market, plus domains and schemes claimed by two markets.
  public static func validateCatalogue() -> [CompositionProblem] {
    var problems = MarketCatalogue.ids.flatMap(validate(market:))
    var domainOwners: [String: [String]] = [:]
    var schemeOwners: [String: [String]] = [:]
    for market in MarketCatalogue.markets {
      for domain in market.routeProvider.domains {
        domainOwners[domain.description.lowercased(), default: []].append(market.id)
      }
      for scheme in market.routeProvider.urlSchemes { schemeOwners[scheme.scheme, default: []].append(market.id) }
    }
    for (domain, owners) in domainOwners.sorted(by: { $0.key < $1.key }) where owners.count > 1 {
      problems.append(.domainClaimedTwice(domain: domain, markets: owners))
    }
    for (scheme, owners) in schemeOwners.sorted(by: { $0.key < $1.key }) where owners.count > 1 {
      problems.append(.schemeClaimedTwice(scheme: scheme, markets: owners))
    }
    return problems
  }

  struct Parts {
    var specification: DeepLinkSpecification
    var configuration: DeepLinkConfiguration
  }

  /// Combines the platform and the market, compiles, and runs the composition checks.
  static func parts(market id: String?, services: MarketServices) throws(CompositionError) -> Parts {
    let platform = PlatformLinks()
    var specification = DeepLinkSpecification()
    specification.urlSchemes = platform.urlSchemes
    specification.domains = platform.domains
    specification.universalLinks = platform.universalLinks
    specification.plugins = PlatformRoutePlugin.plugins(
      for: PlatformRoute.platformCatalogue, navigator: services.navigator)
    do {
      specification.plugins.append(try PlatformChains.plugin(navigator: services.navigator))
    } catch {
      throw CompositionError(market: nil, problems: [.configuration(error)])
    }
    let authentication = AuthenticationBarrier(session: services.session)
    let confirmation = ConfirmationBarrier(navigator: services.navigator)
    specification.barriers = [authentication.name: authentication, confirmation.name: confirmation]
    specification.confirmationBarrier = confirmation.name

    let platformOnly: DeepLinkConfiguration
    do {
      platformOnly = try DeepLinkConfiguration(compiling: specification)
    } catch {
      throw CompositionError(market: nil, problems: [.configuration(error)])
    }
    guard let id else { return Parts(specification: specification, configuration: platformOnly) }
    guard let market = MarketCatalogue.market(id: id) else {
      throw CompositionError(market: id, problems: [.unknownMarket(id)])
    }

    var problems: [CompositionProblem] = []
    for route in market.marketRoutes {
      do {
        _ = try route.pattern
      } catch {
        problems.append(.invalidRoute(market: market.id, route: route.name, error))
      }
    }
    let provider = market.routeProvider
    let platformSchemes = Set(platform.urlSchemes.map(\.scheme))
    for scheme in provider.urlSchemes where platformSchemes.contains(scheme.scheme) {
      problems.append(.schemeCollision(market: market.id, scheme: scheme.scheme))
    }
    for domain in provider.domains where platform.domains.contains(where: { $0.description == domain.description }) {
      problems.append(.domainCollision(market: market.id, domain: domain.description))
    }
    specification.urlSchemes += provider.urlSchemes.filter { !platformSchemes.contains($0.scheme) }
    specification.domains += provider.domains
    specification.universalLinks += provider.universalLinks
    specification.plugins += market.plugins(services: services)
    for barrier in market.barriers(services: services) { specification.barriers[barrier.name] = barrier }

    let combined: DeepLinkConfiguration
    do {
      combined = try DeepLinkConfiguration(compiling: specification)
    } catch {
      throw CompositionError(market: market.id, problems: problems + [.configuration(error)])
    }
    problems += capturedPlatformLinks(platformOnly, combined, market: market.id)
    problems += unroutedTargets(combined)
    guard problems.isEmpty else { throw CompositionError(market: market.id, problems: problems) }
    return Parts(specification: specification, configuration: combined)
  }

  /// Decides a sample of every platform link (web rules and app routes) with and without the
  /// market; a sample the market decides differently is captured, unless an override did it.
  private static func capturedPlatformLinks(
    _ platform: DeepLinkConfiguration, _ combined: DeepLinkConfiguration, market: String
  ) -> [CompositionProblem] {
    var samples: [String] = []
    for rule in platform.universalLinks {
      guard let compiled = try? rule.compile(), case .host(.exact(let host)) = compiled.pattern.namespace,
        let link = try? compiled.pattern.link(SampleValues.parameters(for: compiled.pattern), host: host)
      else { continue }
      samples.append(link.absoluteString)
    }
    for route in PlatformRoute.platformCatalogue {
      if let pattern = try? route.pattern, let link = try? route.link(SampleValues.parameters(for: pattern)) {
        samples.append(link.absoluteString)
      }
    }
    var problems: [CompositionProblem] = []
    for sample in samples {
      let before = platform.decide(sample)
      let after = combined.decide(sample)
      guard before.route != after.route || before.rewrittenTo != after.rewrittenTo else { continue }
      if after.rewriteRule?.isOverride == true { continue }
      problems.append(
        .capturesPlatformLink(
          market: market, rule: after.rewriteRule?.pattern ?? after.route ?? "?",
          platformRoute: before.route ?? "?", sample: sample))
    }
    return problems
  }

  /// Rewrite targets that no route or plugin of the combined table handles.
  private static func unroutedTargets(_ configuration: DeepLinkConfiguration) -> [CompositionProblem] {
    let routed = Set(configuration.routeList.map(\.pattern))
    return configuration.universalLinks.compactMap { rule in
      routed.contains(rule.target) ? nil : .unroutedTarget(rule: rule.pattern, target: rule.target)
    }
  }
}

/// Values that fit each capture's type, for sample links.
enum SampleValues {
  static func parameters(for pattern: RoutePattern) -> [String: String] {
    var values: [String: String] = [:]
    for segment in pattern.segments {
      switch segment {
      case .literal: break
      case .parameter(let name, let type), .optional(let name, let type): values[name] = sample(type)
      case .catchAll(let name): values[name] = "a/b"
      }
    }
    for capture in pattern.queryCaptures { values[capture.name] = sample(capture.type) }
    return values
  }

  private static func sample(_ type: ParameterType) -> String {
    switch type {
    case .string: "sample"
    case .int: "12345"
    case .uuid: "123e4567-e89b-12d3-a456-426614174000"
    }
  }
}

extension MarketServices {
  /// Services for deciding links without handling them: nothing is ever shown.
  static var decisionOnly: MarketServices {
    MarketServices(navigator: DecisionOnlyNavigator(), session: DecisionOnlyNavigator())
  }
}

/// The navigator and session of tools that only decide links; handlers never run there, so
/// showing a screen or signing in refuses (the completion gets `false`).
struct DecisionOnlyNavigator: Navigator, Session {
  @MainActor func show(_ screens: [Screen]) {}
  @MainActor func confirm(_ link: DeepLink, completion: @escaping @Sendable (Bool) -> Void) { completion(false) }
  @MainActor var isSignedIn: Bool { false }
  @MainActor func signIn(completion: @escaping @Sendable (Bool) -> Void) { completion(false) }
}

import DeepLinkCore
import PlatformLinks

/// Builds a ready ``DeepLinkCore/DeepLinker`` (or its pure configuration) from the platform, one
/// market of the catalogue and the container's services.
///
/// Every market of the catalogue was checked when the package was built (`MarketCheckPlugin`:
/// a market mistake fails the build), so a launch composes without checking again; a market
/// whose declarations differ from what the build checked (they depend on something only known at
/// run time) is checked in full, as a test composes.
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
  /// - Throws: ``DeepLinkComposition/CompositionError`` for an unknown market, a missing service or a composition
  ///   problem the build could not see.
  @MainActor
  public static func makeDeepLinker(
    market: String?, container: DependencyContainer,
    configure: (DeepLinker.Configurator) -> DeepLinker.Configurator = { $0 }
  ) throws -> DeepLinker {
    try launchComposer.makeDeepLinker(for: try module(market), container: container, configure: configure)
  }

  /// The pure, `Sendable` configuration for `market` (or the platform alone), composed as a
  /// launch composes, for tools that decide links without handling them (the `deeplink` command,
  /// benchmarks, share sheets).
  ///
  /// - Parameter market: the market's identifier, `nil` for the platform alone.
  /// - Throws: ``DeepLinkComposition/CompositionError``.
  public static func configuration(market: String?) throws(CompositionError) -> DeepLinkConfiguration {
    try launchComposer.compose(try module(market), services: .decisionOnly).configuration
  }

  /// Every composition problem of `market` against the platform and every other market of the
  /// catalogue (empty when it composes), every check run.
  package static func validate(market: String) -> [CompositionProblem] {
    guard let module = MarketCatalogue.market(id: market) else {
      return [.unknownMarket(market, known: MarketCatalogue.ids)]
    }
    return MarketComposer().problems(of: module)
  }

  /// Every problem of every market, collisions between two markets included.
  package static func validateCatalogue() -> [CompositionProblem] {
    MarketComposer().catalogueProblems()
  }

  /// The composer of an app's launch: a market declared as the build checked it is not checked
  /// again.
  static var launchComposer: MarketComposer {
    var composer = MarketComposer()
    composer.checkedWhenBuilt = checkedWhenBuilt(market:)
    return composer
  }

  /// The catalogue's market with identifier `id`, `nil` for `nil`.
  static func module(_ id: String?) throws(CompositionError) -> (any MarketModule)? {
    guard let id else { return nil }
    guard let market = MarketCatalogue.market(id: id) else {
      throw CompositionError(market: id, problems: [.unknownMarket(id, known: MarketCatalogue.ids)])
    }
    return market
  }
}

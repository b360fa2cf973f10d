import DeepLinkCore
import PlatformLinks

/// Builds a ready ``DeepLinkCore/DeepLinker`` (or its pure configuration) from the platform, one
/// market and the container's services, after the composition checks.
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
    try MarketComposer().makeDeepLinker(for: try module(market), container: container, configure: configure)
  }

  /// The pure, `Sendable` configuration for `market` (or the platform alone), for tools that
  /// decide links without handling them (the `deeplink` command, benchmarks, validation).
  ///
  /// - Throws: ``CompositionError``.
  public static func configuration(market: String?) throws(CompositionError) -> DeepLinkConfiguration {
    try MarketComposer().configuration(for: try module(market))
  }

  /// Every composition problem of `market` against the platform and every other market of the
  /// catalogue (empty when it composes).
  public static func validate(market: String) -> [CompositionProblem] {
    guard let module = MarketCatalogue.market(id: market) else { return [.unknownMarket(market)] }
    return MarketComposer().problems(of: module)
  }

  /// Every problem of every market, collisions between two markets included.
  public static func validateCatalogue() -> [CompositionProblem] {
    MarketComposer().catalogueProblems()
  }

  /// The catalogue's market with identifier `id`, `nil` for `nil`.
  private static func module(_ id: String?) throws(CompositionError) -> (any MarketModule)? {
    guard let id else { return nil }
    guard let market = MarketCatalogue.market(id: id) else {
      throw CompositionError(market: id, problems: [.unknownMarket(id)])
    }
    return market
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
  @MainActor func show(_ destinations: [any LinkDestination]) {}
  @MainActor func confirm(_ link: DeepLink, completion: @escaping @Sendable (Bool) -> Void) { completion(false) }
  @MainActor var isSignedIn: Bool { false }
  @MainActor func signIn(completion: @escaping @Sendable (Bool) -> Void) { completion(false) }
}

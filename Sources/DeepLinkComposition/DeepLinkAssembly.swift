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
    try MarketComposer(checksDestinations: checksDestinationsAtLaunch).makeDeepLinker(
      for: try module(market), container: container, configure: configure)
  }

  /// Whether an app's launch (``makeDeepLinker(market:container:configure:)``,
  /// ``startDeepLinker(market:container:configure:)``) checks the routes' destination types: in a
  /// debug build of the package, yes; in a release build, no. The check's result depends on the
  /// code only, every test composition and `deeplink validate` run it, and it costs about 230,000
  /// instructions per destination type in a fresh process (`Docs/Destinations.md`). The
  /// `deeplink` commands other than `validate` compose as a launch does.
  public static let checksDestinationsAtLaunch: Bool = {
    #if DEBUG
      true
    #else
      false
    #endif
  }()

  /// The pure, `Sendable` configuration for `market` (or the platform alone), for tools that
  /// decide links without handling them (the `deeplink` command, benchmarks, validation).
  ///
  /// - Parameters:
  ///   - market: the market's identifier, `nil` for the platform alone.
  ///   - checkingDestinations: whether to check the routes' destination types
  ///     (``MarketComposer/checksDestinations``); on by default.
  /// - Throws: ``CompositionError``.
  public static func configuration(
    market: String?, checkingDestinations: Bool = true
  ) throws(CompositionError) -> DeepLinkConfiguration {
    let composer = MarketComposer(checksDestinations: checkingDestinations)
    guard let market else { return try composer.composePlatform(services: .decisionOnly).configuration }
    return try composer.compose(market: try module(id: market), services: .decisionOnly).configuration
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
    return try module(id: id)
  }

  /// The catalogue's market with identifier `id`.
  private static func module(id: String) throws(CompositionError) -> any MarketModule {
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

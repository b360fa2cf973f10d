import DeepLinkCore

/// The services a market's plugins and barriers are built from.
public struct MarketServices: Sendable {
  /// Shows screens.
  public let navigator: any Navigator
  /// The signed-in state.
  public let session: any Session

  /// Creates the services.
  public init(navigator: any Navigator, session: any Session) {
    self.navigator = navigator
    self.session = session
  }
}

/// One market: its identifier, its link provider, and its own routes, plugins and barriers.
///
/// A market target (`Markets/<ID>`) defines one conforming type; the composition's market
/// catalogue lists it.
public protocol MarketModule: Sendable {
  /// The market's identifier (`CA`).
  var id: String { get }
  /// Domains, web paths and schemes, rewritten onto platform routes.
  var routeProvider: any CustomDeeplinkRouteProvider { get }
  /// Routes of the market's own features (`/flyer/{store_id}`), handled by its plugins.
  var marketRoutes: [PlatformRoute] { get }
  /// The market's plugins. Defaults to the default plugin of each market route.
  func plugins(services: MarketServices) -> [any DeepLinkHandlerPlugin]
  /// The market's own barriers. Defaults to none.
  func barriers(services: MarketServices) -> [any DeepLinkHandlingBarrier]
}

extension MarketModule {
  public var marketRoutes: [PlatformRoute] { [] }

  public func plugins(services: MarketServices) -> [any DeepLinkHandlerPlugin] {
    PlatformRoutePlugin.plugins(for: marketRoutes, navigator: services.navigator)
  }

  public func barriers(services: MarketServices) -> [any DeepLinkHandlingBarrier] { [] }
}

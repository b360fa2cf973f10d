import DeepLinkCore

/// The services a market's plugins and barriers are built from.
public struct MarketServices: Sendable {
  /// Shows screens.
  public let navigator: any Navigator
  /// The signed-in state.
  public let session: any Session

  /// Creates the services.
  package init(navigator: any Navigator, session: any Session) {
    self.navigator = navigator
    self.session = session
  }
}

/// One market, declared in one type: its identifier, domains, custom schemes, web paths and
/// rules, and its own routes, plugins and barriers.
///
/// A market target (`Markets/<ID>`) defines one conforming type, `<ID>Market`, with an `init()`;
/// the generated market catalogue lists it. `<ID>` is two uppercase letters (`CA`), and ``id``
/// returns it. The smallest market names its domains, its scheme
/// and its web paths:
///
/// ```swift
/// public struct BRMarket: MarketModule {
///   public init() {}
///   public var id: String { "BR" }
///   public var domains: [Domain] { ["shop.example.com.br"] }
///   public var urlSchemes: [URLScheme] { [URLScheme("shopbr", customHost: "br")] }
///   public var webPaths: [WebPath] { [WebPath("/carrinho", to: .cart)] }
/// }
/// ```
///
/// The market is its own ``DeepLinkCore/CustomDeeplinkRouteProvider``: composition reads
/// ``DeepLinkCore/CustomDeeplinkRouteProvider/domains``, ``urlSchemes`` and ``universalLinks`` from
/// it, and checks every one of them against the platform and the other markets before anything is
/// routed.
public protocol MarketModule: CustomDeeplinkRouteProvider {
  /// The market's identifier (`CA`).
  var id: String { get }
  /// Web paths served the same way on every one of the market's
  /// ``DeepLinkCore/CustomDeeplinkRouteProvider/domains``. Defaults to none.
  var webPaths: [WebPath] { get }
  /// Rules beyond ``webPaths``: a path on one domain only, or a rule of the market's scheme
  /// (`shopca://flyer/{id}`). Defaults to none.
  var rules: [UniversalLink] { get }
  /// Routes of the market's own features (`/flyer/{store_id}`), handled by its plugins.
  var marketRoutes: [PlatformRoute] { get }
  /// The market's plugins. Defaults to the default plugin of each market route.
  func plugins(services: MarketServices) -> [any DeepLinkHandlerPlugin]
  /// The market's own barriers. Defaults to none.
  func barriers(services: MarketServices) -> [any DeepLinkHandlingBarrier]
}

extension MarketModule {
  public var urlSchemes: [URLScheme] { [] }
  public var webPaths: [WebPath] { [] }
  public var rules: [UniversalLink] { [] }
  public var marketRoutes: [PlatformRoute] { [] }

  /// Every web path on every domain (domains first, then paths in order), then ``rules``.
  public var universalLinks: [UniversalLink] {
    UniversalLink.rules(hosts: domains.map(\.name), webPaths) + rules
  }

  public func plugins(services: MarketServices) -> [any DeepLinkHandlerPlugin] {
    marketRoutes.map { PlatformRoutePlugin(route: $0, navigator: services.navigator) }
  }

  public func barriers(services: MarketServices) -> [any DeepLinkHandlingBarrier] { [] }
}

/// A web path of a market (`/fr/panier`) and the platform route it opens, with fixed parameters
/// passed on to the handler (`locale`); the market serves it on each of its domains.
///
/// The path may hold captures (`/fr/ip/{slug}/{id}`) and a query capture
/// (`/buscar?q={query}`); captures the route does not take are passed on as parameters.
/// Literal segments ignore ASCII case.
public struct WebPath: Sendable, Hashable {
  /// The path pattern, starting with `/`.
  package let path: String
  /// The platform (or market) route it opens.
  package let route: PlatformRoute
  /// Fixed parameters passed on with every link of the path.
  package let parameters: [String: String]

  /// Declares a web path.
  public init(_ path: String, to route: PlatformRoute, parameters: [String: String] = [:]) {
    self.path = path
    self.route = route
    self.parameters = parameters
  }
}

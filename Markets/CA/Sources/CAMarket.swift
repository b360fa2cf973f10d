import DeepLinkCore
import PlatformLinks

/// Market CA (Canada): scheme `shopca`, domains `shop.example.ca`, English and French web paths,
/// and the flyer, a CA-only feature.
public struct CAMarket: MarketModule {
  /// Creates the market.
  public init() {}

  public var id: String { "CA" }
  public var routeProvider: any CustomDeeplinkRouteProvider { CARouteProvider() }
  public var marketRoutes: [PlatformRoute] { [.flyer] }
}

extension PlatformRoute {
  /// A store's weekly flyer: CA only.
  public static let flyer = PlatformRoute("flyer", "/flyer/{store_id:int}")
}

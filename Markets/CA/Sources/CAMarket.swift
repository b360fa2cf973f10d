import DeepLinkCore
import PlatformLinks

/// Market CA (Canada): scheme `shopca`, domains `shop.example.ca`, English and French web paths
/// (the brief's `LINKS.md`, "Market CA"), and the flyer, a CA-only feature.
///
/// Every web path starts with a language, `en` or `fr`, passed on as the parameter `locale`;
/// `/ip/{slug}/{id}` without one opens the product too. `shopca://ca/<platform path>` and
/// `shopca://<platform path>` mean the platform link.
public struct CAMarket: MarketModule {
  /// Creates the market.
  public init() {}

  public var id: String { "CA" }
  public var domains: [Domain] { ["shop.example.ca", "www.shop.example.ca"] }
  public var urlSchemes: [URLScheme] { [URLScheme("shopca", customHost: "ca")] }
  public var marketRoutes: [PlatformRoute] { [.flyer] }

  public var webPaths: [WebPath] {
    let english = ["locale": "en"]
    let french = ["locale": "fr"]
    return [
      WebPath("/en/ip/{slug}/{id}", to: .product, parameters: english),
      WebPath("/fr/ip/{slug}/{id}", to: .product, parameters: french),
      WebPath("/ip/{slug}/{id}", to: .product),
      WebPath("/en/search?q={query}", to: .search, parameters: english),
      WebPath("/fr/recherche?q={query}", to: .search, parameters: french),
      WebPath("/en/cart", to: .cart, parameters: english),
      WebPath("/fr/panier", to: .cart, parameters: french),
      WebPath("/en/browse/{slug}/{id}", to: .category, parameters: english),
      WebPath("/fr/parcourir/{slug}/{id}", to: .category, parameters: french),
      WebPath("/en/account/orders/{id}", to: .order, parameters: english),
      WebPath("/fr/compte/commandes/{id}", to: .order, parameters: french),
      WebPath("/en/flyer/{store_id}", to: .flyer, parameters: english),
      WebPath("/fr/circulaire/{store_id}", to: .flyer, parameters: french),
    ]
  }
}

extension PlatformRoute {
  /// A store's weekly flyer: CA only.
  public static let flyer = PlatformRoute(
    "flyer", "/flyer/{store_id:int}", destination: FlyerPage.self, placement: LinkPlacement(tab: .home))
}

/// A store's weekly flyer (`/flyer/{store_id:int}`): CA only.
public struct FlyerPage: LinkDestination {
  /// The store.
  public let storeID: Int
  /// The language of the web path that opened it (`en`, `fr`), if any.
  public let locale: String?

  /// Creates the destination.
  public init(storeID: Int, locale: String? = nil) {
    self.storeID = storeID
    self.locale = locale
  }

  enum CodingKeys: String, CodingKey {
    case storeID = "store_id"
    case locale
  }
}

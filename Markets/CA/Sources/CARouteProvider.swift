import DeepLinkCore
import PlatformLinks

/// The CA market's links (the brief's `LINKS.md`, "Market CA"). Every web path may start with a language,
/// `en` or `fr`, passed on as the parameter `locale`.
public struct CARouteProvider: CustomDeeplinkRouteProvider {
  /// The market's universal-link domains.
  public static let domainNames = ["shop.example.ca", "www.shop.example.ca"]

  /// Creates the provider.
  public init() {}

  public var domains: [Domain] { Self.domainNames.map(Domain.init) }

  /// `shopca://ca/<platform path>` and `shopca://<platform path>` mean the platform link.
  public var urlSchemes: [URLScheme] { [URLScheme("shopca", customHost: "ca")] }

  public var universalLinks: [UniversalLink] {
    let english = ["locale": "en"]
    let french = ["locale": "fr"]
    return UniversalLink.rules(
      hosts: Self.domainNames,
      [
        ("/en/ip/{slug}/{id}", .product, english),
        ("/fr/ip/{slug}/{id}", .product, french),
        ("/ip/{slug}/{id}", .product, [:]),
        ("/en/search?q={query}", .search, english),
        ("/fr/recherche?q={query}", .search, french),
        ("/en/cart", .cart, english),
        ("/fr/panier", .cart, french),
        ("/en/browse/{slug}/{id}", .category, english),
        ("/fr/parcourir/{slug}/{id}", .category, french),
        ("/en/account/orders/{id}", .order, english),
        ("/fr/compte/commandes/{id}", .order, french),
        ("/en/flyer/{store_id}", .flyer, english),
        ("/fr/circulaire/{store_id}", .flyer, french),
      ])
  }
}

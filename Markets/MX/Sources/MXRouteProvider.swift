import DeepLinkCore
import PlatformLinks

/// The MX market's links (the brief's `LINKS.md`, "Market MX").
public struct MXRouteProvider: CustomDeeplinkRouteProvider {
  /// The market's universal-link domains.
  public static let domainNames = ["shop.example.com.mx", "www.shop.example.com.mx"]

  /// Creates the provider.
  public init() {}

  public var domains: [Domain] { Self.domainNames.map(Domain.init) }

  /// `shopmx://mx/<platform path>` and `shopmx://<platform path>` mean the platform link.
  public var urlSchemes: [URLScheme] { [URLScheme("shopmx", customHost: "mx")] }

  public var universalLinks: [UniversalLink] {
    UniversalLink.rules(
      hosts: Self.domainNames,
      [
        ("/producto/{slug}/{id}", .product, [:]),
        ("/ip/{slug}/{id}", .product, [:]),
        ("/buscar?q={query}", .search, [:]),
        ("/carrito", .cart, [:]),
        ("/categoria/{slug}/{id}", .category, [:]),
        ("/mis-pedidos/{id}", .order, [:]),
        ("/pago-en-tienda/{reference}", .payInStore, [:]),
      ])
  }
}

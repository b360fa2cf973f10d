import DeepLinkCore
import Foundation
import PlatformLinks

/// Market MX (Mexico): scheme `shopmx`, domains `shop.example.com.mx`, Spanish web paths (the
/// brief's `LINKS.md`, "Market MX"), and pay-in-store, an MX-only feature behind authentication
/// and confirmation. `shopmx://mx/<platform path>` and `shopmx://<platform path>` mean the
/// platform link.
public struct MXMarket: MarketModule {
  /// Creates the market.
  public init() {}

  public var id: String { "MX" }
  public var domains: [Domain] { ["shop.example.com.mx", "www.shop.example.com.mx"] }
  public var urlSchemes: [URLScheme] { [URLScheme("shopmx", customHost: "mx")] }
  public var marketRoutes: [PlatformRoute] { [.payInStore] }

  public var webPaths: [WebPath] {
    [
      WebPath("/producto/{slug}/{id}", to: .product),
      WebPath("/ip/{slug}/{id}", to: .product),
      WebPath("/buscar?q={query}", to: .search),
      WebPath("/carrito", to: .cart),
      WebPath("/categoria/{slug}/{id}", to: .category),
      WebPath("/mis-pedidos/{id}", to: .order),
      WebPath("/pago-en-tienda/{reference}", to: .payInStore),
    ]
  }

  public func plugins(services: MarketServices) -> [any DeepLinkHandlerPlugin] {
    [PayInStorePlugin(navigator: services.navigator)]
  }
}

extension PlatformRoute {
  /// Pay an order at a store with a reference: MX only, changes state.
  public static let payInStore = PlatformRoute(
    "payInStore", "/pay-in-store/{reference}", barriers: [.authentication], changesState: true,
    destination: PayInStorePage.self, placement: LinkPlacement(tab: .account, parents: [OrderHistoryPage.self]))
}

/// Paying an order at a store (`/pay-in-store/{reference}`): MX only.
public struct PayInStorePage: LinkDestination {
  /// The payment reference, 10 to 20 ASCII letters or digits.
  public let reference: String

  /// Creates the destination.
  public init(reference: String) {
    self.reference = reference
  }
}

/// Shows pay-in-store for a reference of 10 to 20 ASCII letters or digits; other references do
/// not match, so the link is `notFound` rather than a payment screen with a bad reference.
public struct PayInStorePlugin: DeepLinkHandlerPlugin {
  private let navigator: any Navigator
  /// The pay-in-store route; a reference that is not 10 to 20 letters or digits does not match it.
  public let routes = [PluginRoute(.payInStore, accepts: PayInStorePlugin.isReference)]

  /// Creates the plugin.
  public init(navigator: any Navigator) {
    self.navigator = navigator
  }

  public var name: String { PlatformRoute.payInStore.name }

  /// Whether the captured reference is 10 to 20 ASCII letters or digits.
  @Sendable static func isReference(_ parameters: DeepLinkParameters) -> Bool {
    guard let reference = parameters["reference"] else { return false }
    let bytes = reference.utf8
    return (10...20).contains(bytes.count)
      && bytes.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) }
  }

  /// Shows pay-in-store through the navigator.
  @MainActor public func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) {
    if let navigation = state.navigation {
      navigator.navigate(to: navigation)
    } else {
      navigator.show([PlatformRoute.payInStore.destination(from: state.parameters)])
    }
    completion()
  }
}

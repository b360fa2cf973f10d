import DeepLinkCore
import PlatformLinks

/// A market made of plain values, for tests of what composition accepts and refuses.
///
/// ```swift
/// var market = DeclaredMarket(id: "BR")
/// market.rules = [UniversalLink("https://shop.example.com/ip/{slug}/{id:int}", to: .cart)]
/// compositionMessages(market)  // one message naming the market's rule and the platform's
/// ```
package struct DeclaredMarket: MarketModule {
  /// The identifier.
  package var id: String
  /// The domains claimed.
  package var domains: [Domain]
  /// The schemes claimed.
  package var urlSchemes: [URLScheme]
  /// The rewrite rules.
  package var rules: [UniversalLink]
  /// The market's routes, each handled by its default plugin.
  package var routes: [PlatformRoute]
  /// The names of the market's barriers (each passes every link).
  package var barrierNames: [BarrierName]

  /// A market `id` with domain `shop.example.<id>` and scheme `shop<id>` (custom host `<id>`),
  /// lowercased, and nothing else.
  package init(
    id: String, domains: [Domain]? = nil, schemes: [URLScheme]? = nil, rules: [UniversalLink] = [],
    routes: [PlatformRoute] = [], barrierNames: [BarrierName] = []
  ) {
    let lowercased = id.lowercased()
    self.id = id
    self.domains = domains ?? [Domain("shop.example.\(lowercased)")]
    self.urlSchemes = schemes ?? [URLScheme("shop\(lowercased)", customHost: lowercased)]
    self.rules = rules
    self.routes = routes
    self.barrierNames = barrierNames
  }

  package var marketRoutes: [PlatformRoute] { routes }

  /// A market `id` with `rules` generated rules, each pattern distinct and inside the market's
  /// own space: web rules on its host to the product, search and cart routes and rules of its
  /// scheme to the product route, in turn (the shape `deeplink-bench`'s `launch` section composes).
  ///
  /// ```swift
  /// var market = DeclaredMarket.generated(id: "G", rules: 1_000)
  /// market.rules.insert(UniversalLink("https://shop.example.com/ip/{slug}/{id:int}", to: .cart), at: 500)
  /// ```
  package static func generated(id: String, rules count: Int) -> DeclaredMarket {
    var market = DeclaredMarket(id: id)
    let host = "shop.example.\(id.lowercased())"
    let scheme = "shop\(id.lowercased())"
    market.rules.reserveCapacity(count)
    for index in 0..<count {
      switch index % 4 {
      case 0: market.rules.append(UniversalLink("https://\(host)/p\(index)/{slug}/{id}", to: .product))
      case 1: market.rules.append(UniversalLink("https://\(host)/s\(index)?q={query}", to: .search))
      case 2: market.rules.append(UniversalLink("\(scheme)://q\(index)/{id}", to: .product))
      default:
        market.rules.append(
          UniversalLink("https://\(host)/c\(index)", to: .cart, parameters: ["campaign": "c\(index)"]))
      }
    }
    return market
  }

  package func barriers(services: MarketServices) -> [any DeepLinkHandlingBarrier] {
    barrierNames.map(PassingBarrier.init)
  }
}

/// A barrier that lets every link through.
package struct PassingBarrier: DeepLinkHandlingBarrier {
  /// The barrier's name.
  package let name: BarrierName

  /// Creates the barrier.
  package init(name: BarrierName) {
    self.name = name
  }

  @MainActor package func status(for deepLink: DeepLink) -> DeepLinkBarrierStatus { .passed }

  @MainActor package func performCheck(deepLink: DeepLink, completion: @escaping @Sendable (Bool) -> Void) {
    completion(true)
  }
}

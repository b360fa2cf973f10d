import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import PlatformLinks
import Testing

// Docs/AddingAMarket.md, "3. Declare the market": the smallest market.

public struct BRMarket: MarketModule {
  public init() {}
  public var id: String { "BR" }
  public var domains: [Domain] { ["shop.example.com.br"] }
  public var urlSchemes: [URLScheme] { [URLScheme("shopbr", customHost: "br")] }
  public var webPaths: [WebPath] { [WebPath("/carrinho", to: .cart)] }
}

// "4. Add the market's own features" (the real CA market is in Markets/CA).

extension PlatformRoute {
  public static let flyer = PlatformRoute("flyer", "/flyer/{store_id:int}", destination: FlyerPage.self)
}

public struct FlyerPage: LinkDestination {
  public let storeID: Int
  public let locale: String?  // passed on by the web paths; nil for shop://flyer/3021
  enum CodingKeys: String, CodingKey {
    case storeID = "store_id"
    case locale
  }
}

public struct CAMarket: MarketModule {
  public init() {}
  public var id: String { "CA" }
  public var domains: [Domain] { ["shop.example.ca", "www.shop.example.ca"] }
  // shopca://ca/cart and shopca://cart both mean shop://cart
  public var urlSchemes: [URLScheme] { [URLScheme("shopca", customHost: "ca")] }
  public var marketRoutes: [PlatformRoute] { [.flyer] }  // default plugins show these
  public var webPaths: [WebPath] {
    [
      WebPath("/en/ip/{slug}/{id}", to: .product, parameters: ["locale": "en"]),
      WebPath("/fr/panier", to: .cart, parameters: ["locale": "fr"]),
      WebPath("/fr/circulaire/{store_id}", to: .flyer, parameters: ["locale": "fr"]),
      // …
    ]
  }
}

// A feature that needs more: a plugin of its own, with typed parameters.

extension PlatformRoute {
  public static let payInStore = PlatformRoute(
    "payInStore", "/pay-in-store/{reference}", barriers: [.authentication], changesState: true,
    destination: PayInStorePage.self)
}

public struct PayInStorePage: LinkDestination {
  public let reference: String
}

public struct PayInStorePlugin: DeepLinkHandlerPlugin {
  let navigator: any Navigator
  // The route, parsed where PlatformRoute.payInStore declares it, with its barriers, destination
  // and changesState; `accepts:` would add a check of the captured values.
  public let routes = [PluginRoute(.payInStore)]
  // The name screens, explanations and telemetry show; without it, the type's name.
  public var name: String { PlatformRoute.payInStore.name }
  @MainActor public func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) {
    navigator.show([PlatformRoute.payInStore.destination(from: state.parameters)])
    completion()
  }
}

// "6. Test it as a link table".

@Suite struct BRLinkTableTests {
  static let rows: [DecisionExpectation] = [
    .init("https://shop.example.com.br/carrinho", route: "/cart"),
    .init("shopbr://br/orders/77", route: "/orders/{id:int}", parameters: ["id": "77"], barriers: ["authentication"]),
    .init("https://shop.example.com.br/sobre", outcome: .external),
  ]
  @Test(arguments: rows) func link(_ row: DecisionExpectation) throws {
    let configuration = try #require(composedConfiguration(BRMarket()))
    expectDecision(row, in: configuration)
  }
}

@Suite struct AddingAMarketExamples {
  @Test("the smallest market routes its web path and its scheme, and sends its other paths to the browser")
  func smallestMarket() throws {
    let configuration = try #require(composedConfiguration(BRMarket()))
    let rows: [DecisionExpectation] = [
      .init("https://SHOP.example.com.br/Carrinho", route: "/cart", parameters: [:]),
      .init("shopbr://cart", route: "/cart"),
      .init("https://www.shop.example.com.br/carrinho", outcome: .external),
    ]
    for row in rows { expectDecision(row, in: configuration) }
  }

  @Test("the pay-in-store plugin shows its screen with the reference, after sign-in and confirmation")
  @MainActor func payInStorePlugin() async throws {
    let navigator = RecordingNavigator()
    let linker = try DeepLinker.configure()
      .add(urlSchemes: [URLScheme("shop")])
      .install(plugin: PayInStorePlugin(navigator: navigator))
      .install(barrier: AuthenticationBarrier(session: navigator))
      .set(confirmationBarrier: ConfirmationBarrier(navigator: navigator))
      .initialize()
    #expect(
      await linker.handle("shop://pay-in-store/AB12CD34EF")
        == .handled(route: RouteID(name: "payInStore", pattern: "/pay-in-store/{reference}")))
    #expect(navigator.shownValues == [[PayInStorePage(reference: "AB12CD34EF")]])
    #expect(navigator.confirmations.map(\.absoluteString) == ["shop://pay-in-store/AB12CD34EF"])
  }

  @Test("the CA example serves each web path on both domains, then routes the flyer itself")
  func caExample() {
    let market = CAMarket()
    #expect(market.universalLinks.count == 6)
    #expect(market.universalLinks.last?.pattern == "https://www.shop.example.ca/fr/circulaire/{store_id}")
    #expect(market.marketRoutes.map(\.source) == ["/flyer/{store_id:int}"])
  }
}

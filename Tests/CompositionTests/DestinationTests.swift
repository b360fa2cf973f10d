import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import Foundation
import MarketCA
import MarketMX
import PlatformLinks
import Testing

/// Typed destinations: a routed link reaches the app as its route's `LinkDestination` value,
/// made from the checked parameters; composition refuses a destination that does not fit its
/// route; `link(to:)` makes the market's share link from a value.
@Suite struct DestinationTests {
  struct Row: Sendable, CustomTestStringConvertible {
    let market: String?
    let link: String
    let destination: any LinkDestination
    var testDescription: String { "\(market ?? "platform") \(link)" }
  }

  static let rows: [Row] = [
    Row(market: "CA", link: "https://shop.example.ca/fr/ip/tv/123", destination: ProductPage(id: 123, locale: "fr")),
    Row(market: "CA", link: "https://shop.example.ca/ip/tv/123", destination: ProductPage(id: 123)),
    Row(market: "CA", link: "shopca://ca/product/9", destination: ProductPage(id: 9)),
    Row(
      market: "CA", link: "https://shop.example.ca/en/search?q=desk%20lamp",
      destination: SearchResults(query: "desk lamp", locale: "en")),
    Row(market: "CA", link: "https://www.shop.example.ca/fr/panier", destination: CartPage(locale: "fr")),
    Row(
      market: "CA", link: "https://shop.example.ca/fr/parcourir/bureaux/44",
      destination: CategoryPage(id: 44, locale: "fr")),
    Row(
      market: "CA", link: "https://shop.example.ca/fr/compte/commandes/5", destination: OrderPage(id: 5, locale: "fr")),
    Row(
      market: "CA", link: "https://shop.example.ca/fr/circulaire/3021",
      destination: FlyerPage(storeID: 3021, locale: "fr")),
    Row(market: "CA", link: "shopca://flyer/77", destination: FlyerPage(storeID: 77)),
    Row(market: "MX", link: "https://shop.example.com.mx/producto/tv/5", destination: ProductPage(id: 5)),
    Row(
      market: "MX", link: "https://shop.example.com.mx/pago-en-tienda/ABC123DEF456",
      destination: PayInStorePage(reference: "ABC123DEF456")),
    Row(market: nil, link: "shop://", destination: HomePage()),
    Row(market: nil, link: "shop://home", destination: HomePage()),
    Row(market: nil, link: "shop://deals", destination: DealsPage()),
    Row(market: nil, link: "shop://deals/7", destination: DealsPage(id: 7)),
    Row(market: nil, link: "shop://pay?order_id=55", destination: PaymentPage(orderID: 55)),
    Row(market: nil, link: "shop://transaction/tx-88", destination: TransactionPage(transactionID: "tx-88")),
    Row(market: nil, link: "shop://checkout", destination: CheckoutPage()),
    Row(market: nil, link: "shop://orders", destination: OrderHistoryPage()),
    Row(market: nil, link: "shop://store/12", destination: StorePage(id: 12)),
    Row(market: nil, link: "https://shop.example.com/cp/desks/31", destination: CategoryPage(id: 31)),
  ]

  @Test("a routed link makes its route's destination from the checked parameters", arguments: rows)
  func destination(_ row: Row) throws {
    let configuration = try DeepLinkAssembly.configuration(market: row.market)
    let decision = configuration.decide(row.link)
    #expect(decision.outcome == .routed)
    let destination = try #require(configuration.destination(for: decision))
    #expect(AnyHashable(destination) == AnyHashable(row.destination))
  }

  @Test(
    "the navigator receives destinations, chained links one per step",
    arguments: [
      (
        "shop://productlist/12/productdetail/34",
        [ProductListPage(id: 12), ProductDetailPage(id: 34)] as [any LinkDestination]
      ),
      ("https://shop.example.ca/en/flyer/3021", [FlyerPage(storeID: 3021, locale: "en")]),
      ("https://shop.example.ca/fr/ip/tv/123", [ProductPage(id: 123, locale: "fr")]),
    ])
  @MainActor func navigatorReceivesValues(_ link: String, _ expected: [any LinkDestination]) async throws {
    let navigator = RecordingNavigator()
    let linker = try #require(composedLinker(CAMarket(), navigator: navigator))
    _ = await linker.handle(link)
    #expect(navigator.shownValues == [expected.map { AnyHashable($0) }])
  }

  @Test("a chained link makes no single destination: the chain's plugin shows one a step")
  func chainedLinkHasNoSingleDestination() throws {
    let configuration = try DeepLinkAssembly.configuration(market: "CA")
    let decision = configuration.decide("shop://productlist/12/productdetail/34")
    #expect(decision.outcome == .routed)
    #expect(decision.steps.count == 2)
    #expect(configuration.destination(for: decision) == nil)
  }

  @Test("every platform route, and the built-in markets' own routes, declare their destinations")
  func everyRouteDeclaresOne() {
    // A market's route may leave it out (its links then arrive as a `Screen`); CA's and MX's do not.
    let routes = PlatformRoute.platformCatalogue + CAMarket().marketRoutes + MXMarket().marketRoutes
    #expect(routes.filter { $0.destination == nil }.map(\.source) == [])
  }

  @Test(
    "every example link of each market that is routed to a table route makes its destination, and its app link decides back to it"
  )
  func examplesRoundTrip() throws {
    // Market routes that declare no destination (a market may leave it out): their links make none.
    let undeclared = MarketCatalogue.markets.flatMap(\.marketRoutes).filter { $0.destination == nil }.map(\.id)
    for market in MarketCatalogue.ids {
      let configuration = try DeepLinkAssembly.configuration(market: market)
      let text = try String(contentsOf: PackageManifest.exampleLinks(market: market), encoding: .utf8)
      var made = 0
      for example in DecisionSnapshot.exampleLinks(in: text) {
        let decision = configuration.decide(example)
        guard decision.outcome == .routed, decision.steps.isEmpty else { continue }
        guard let destination = configuration.destination(for: decision) else {
          #expect(undeclared.contains { $0 == decision.route }, "\(market) \(example) made no destination")
          continue
        }
        let appLink = try configuration.appLink(to: destination)
        let back = configuration.decide(appLink.absoluteString, source: .inApp)
        #expect(back.route == decision.route, "\(market) \(example) → \(appLink)")
        let backDestination = try #require(configuration.destination(for: back))
        // The app link carries the route's captures only: `locale`, which web paths pass on, stays behind.
        var expected = try DeepLinkParameters(encoding: destination)
        expected["locale"] = nil
        #expect(try DeepLinkParameters(encoding: backDestination) == expected, "\(market) \(example)")
        made += 1
      }
      #expect(made > 0, "\(market): no routed example to prove anything")
    }
  }

  @Test("link(to:) makes the market's share link from a value; the app link is in the app scheme")
  func shareLinks() throws {
    let ca = try DeepLinkAssembly.configuration(market: "CA")
    #expect(try ca.link(to: ProductPage(id: 123, locale: "fr")).absoluteString == "https://shop.example.ca/fr/ip/-/123")
    #expect(try ca.link(to: ProductPage(id: 123, locale: "en")).absoluteString == "https://shop.example.ca/en/ip/-/123")
    #expect(try ca.link(to: CartPage(locale: "fr")).absoluteString == "https://shop.example.ca/fr/panier")
    #expect(
      try ca.link(to: FlyerPage(storeID: 3021, locale: "fr")).absoluteString
        == "https://shop.example.ca/fr/circulaire/3021")
    #expect(try ca.appLink(to: PaymentPage(orderID: 55)).absoluteString == "shop://pay?order_id=55")
    #expect(try ca.appLink(to: DealsPage()).absoluteString == "shop://deals")
    // A market's route is reached by the market's own scheme only.
    #expect(try ca.appLink(to: FlyerPage(storeID: 3021)).absoluteString == "shopca://flyer/3021")
    let mx = try DeepLinkAssembly.configuration(market: "MX")
    #expect(try mx.link(to: ProductPage(id: 5)).absoluteString == "https://shop.example.com.mx/producto/-/5")
    #expect(throws: ShareLinkError.noWebRule(route: PlatformRoute.pay.id, owner: .market("MX"))) {
      try mx.link(to: PaymentPage(orderID: 1))
    }
    // No CA web path carries `de`: a link that would open `ProductPage(id: 1)` is refused.
    #expect(throws: ShareLinkError.self) { try ca.link(to: ProductPage(id: 1, locale: "de")) }
    // The flyer is CA's: MX has no route for it.
    #expect(throws: ShareLinkError.unknownDestination("FlyerPage")) { try mx.link(to: FlyerPage(storeID: 1)) }
  }

  @Test("a linker composing in the background refuses share links until it is ready, then makes them")
  @MainActor func shareLinkBeforeReady() async throws {
    let container = DependencyContainer()
    let navigator = RecordingNavigator()
    container.register((any Navigator).self) { _ in navigator }
    container.register((any Session).self) { _ in navigator }
    let startup = try DeepLinkAssembly.startDeepLinker(market: "CA", container: container)
    #expect(throws: ShareLinkError.notComposed) { try startup.linker.link(to: CartPage(locale: "fr")) }
    let linker = try await startup.ready.value
    #expect(try linker.link(to: CartPage(locale: "fr")).absoluteString == "https://shop.example.ca/fr/panier")
  }
}

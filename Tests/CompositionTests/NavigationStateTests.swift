import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import Foundation
import MarketCA
import PlatformLinks
import Testing

/// A link's navigation state (its tab and its path, parents first) through the composed
/// configurations: every platform route's place, the checks on a placement, and what the linker
/// hands the navigator (Docs/Navigation.md).
@Suite struct NavigationStateTests {
  struct Row: Sendable, CustomTestStringConvertible {
    var link: String
    var tab: NavigationTab
    var path: [any LinkDestination]
    var isTabRoot = false
    var policy: NavigationPolicy = .replace
    var testDescription: String { link }
  }

  /// One link per platform route, from outside the app (through CA's composition, for its web paths).
  static let rows: [Row] = [
    Row(link: "shop://", tab: .home, path: [HomePage()], isTabRoot: true),
    Row(link: "shop://home", tab: .home, path: [HomePage()], isTabRoot: true),
    Row(link: "https://shop.example.ca/fr/ip/bureau/123", tab: .home, path: [ProductPage(id: 123, locale: "fr")]),
    Row(link: "shop://category/4", tab: .home, path: [CategoryPage(id: 4)]),
    Row(link: "shop://store/8", tab: .home, path: [StorePage(id: 8)]),
    Row(link: "shop://deals", tab: .home, path: [DealsPage(id: nil)]),
    Row(link: "shop://productlist/12", tab: .home, path: [ProductListPage(id: 12)]),
    Row(link: "shop://search?q=desk", tab: .search, path: [SearchResults(query: "desk")], policy: .update),
    Row(link: "https://shop.example.ca/fr/panier", tab: .cart, path: [CartPage(locale: "fr")], isTabRoot: true),
    Row(link: "shop://checkout", tab: .cart, path: [CheckoutPage()]),
    Row(link: "shop://pay?order_id=55", tab: .cart, path: [CheckoutPage(), PaymentPage(orderID: 55)]),
    Row(link: "shop://orders", tab: .account, path: [OrderHistoryPage()]),
    Row(
      link: "https://shop.example.ca/fr/compte/commandes/9001", tab: .account,
      path: [OrderHistoryPage(), OrderPage(id: 9001, locale: "fr")], policy: .update),
    Row(
      link: "shop://transaction/t-77", tab: .account,
      path: [OrderHistoryPage(), TransactionPage(transactionID: "t-77")]),
    Row(link: "shop://account", tab: .account, path: [AccountPage()], isTabRoot: true),
    Row(link: "shop://login", tab: .account, path: [LoginPage()]),
    Row(link: "shop://productdetail/34", tab: .home, path: [ProductDetailPage(id: 34)]),
  ]

  @Test("each route's link carries its tab and its path, parents first, its own destination last", arguments: rows)
  func decisionCarriesNavigation(row: Row) throws {
    let configuration = try #require(composedConfiguration(CAMarket()))
    let decision = configuration.decide(row.link)
    #expect(decision.outcome == .routed)
    let navigation = try #require(configuration.navigation(for: decision))
    #expect(navigation.tab == row.tab)
    #expect(navigation.path.map { AnyHashable($0) } == row.path.map { AnyHashable($0) })
    #expect(navigation.isTabRoot == row.isTabRoot)
    #expect(navigation.policy == row.policy)
    #expect(navigation.stack.count == (row.isTabRoot ? 0 : row.path.count))
    #expect(
      navigation.destination.map { AnyHashable($0) } == configuration.destination(for: decision).map { AnyHashable($0) }
    )
  }

  @Test("a link that is not routed, or routed by a plugin, carries no navigation state")
  func noNavigation() throws {
    let configuration = try #require(composedConfiguration(CAMarket()))
    for link in [
      "shop://nowhere", "javascript:alert(1)", "https://www.example.org/", "shop://productlist/12/productdetail/34",
    ] {
      #expect(configuration.navigation(for: configuration.decide(link)) == nil, "\(link)")
    }
  }

  @MainActor
  @Test("the linker hands the navigator the state, after sign-in for a signed-out link")
  func linkerNavigates() async throws {
    let navigator = RecordingNavigator(isSignedIn: false)
    let linker = try #require(composedLinker(CAMarket(), navigator: navigator))
    #expect(
      await linker.handle("https://shop.example.ca/fr/compte/commandes/9001") == .handled(route: PlatformRoute.order.id)
    )
    #expect(navigator.signInRequests == 1)
    let navigation = try #require(navigator.navigations.last)
    #expect(navigation.tab == .account)
    #expect(navigation.path.map { AnyHashable($0) } == [OrderHistoryPage(), OrderPage(id: 9001, locale: "fr")])
    #expect(navigator.shownValues.last == navigation.path.map { AnyHashable($0) })
  }

  @MainActor
  @Test("a chained link arrives in the same shape: the first step's tab, each step's destination")
  func chainedLink() async throws {
    let navigator = RecordingNavigator()
    let linker = try #require(composedLinker(CAMarket(), navigator: navigator))
    _ = await linker.handle("shop://productlist/12/productdetail/34")
    #expect(
      navigator.navigations == [
        LinkNavigation(tab: .home, path: [ProductListPage(id: 12), ProductDetailPage(id: 34)])
      ])
  }

  @Test("the configuration lists every destination type a link can show, parents included, once each")
  func destinationTypes() throws {
    let configuration = try #require(composedConfiguration(CAMarket()))
    let names = configuration.destinationTypes.map { String(describing: $0) }
    #expect(Set(names).count == names.count)
    for name in ["OrderHistoryPage", "OrderPage", "CheckoutPage", "PaymentPage", "HomePage"] {
      #expect(names.contains(name), "\(name)")
    }
  }

  static let flyerInStore = PlatformRoute(
    "flyer", "/zn-flyer/{store_id:int}", destination: FlyerPage.self,
    placement: LinkPlacement(tab: .home, parents: [StorePage.self]))

  @Test("a parent a link cannot make is refused when composed, naming the route and the parent")
  func parentNotCarried() {
    let market = DeclaredMarket(id: "ZN", routes: [Self.flyerInStore])
    #expect(
      compositionMessages(market) == [
        "market ZN: route `/zn-flyer/{store_id:int}`, parent `StorePage`: field `id` (Int) is not optional, "
          + "but not every link of the route carries it; a parent is made from the link's own values: make the "
          + "parent a list screen (no required field) or leave it out"
      ])
  }

  @Test("a placement without a destination type is refused when composed")
  func placementWithoutDestination() {
    let route = PlatformRoute("nowhere", "/zn-nowhere", placement: LinkPlacement(tab: .home))
    #expect(
      compositionMessages(DeclaredMarket(id: "ZN", routes: [route])) == [
        "market ZN: route `/zn-nowhere` declares its tab and parents but no destination type; declare the destination"
      ])
  }

  @Test("a market cannot move a platform route to another tab: the boundary names both sides")
  func marketCannotMovePlatformRoute() {
    let moved = PlatformRoute(
      "order", "/orders/{id:int}", barriers: [.authentication], destination: OrderPage.self,
      placement: LinkPlacement(tab: .home))
    let messages = compositionMessages(DeclaredMarket(id: "ZN", routes: [moved]))
    #expect(!messages.isEmpty)
    #expect(messages.allSatisfy { $0.contains("ZN") && $0.contains("/orders/{id:int}") && $0.contains("platform") })
  }
}

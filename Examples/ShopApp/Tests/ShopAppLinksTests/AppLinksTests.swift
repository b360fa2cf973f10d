import DeepLinkApple
import DeepLinkCore
import DeepLinkTesting
import Foundation
import PlatformLinks
import ShopAppLinks
import Testing

/// The example app's links, through the products only, as the app would use them.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct AppLinksTests {
  struct Row: Sendable, CustomStringConvertible {
    var market: String
    var link: String
    var result: DeepLinkResult
    var destination: (any LinkDestination)?
    var description: String { "\(market) \(link)" }
  }

  nonisolated static let rows: [Row] = [
    Row(
      market: "CA", link: "https://shop.example.ca/fr/ip/bureau-debout/123",
      result: .handled(route: PlatformRoute.product.id),
      destination: ProductPage(id: 123, locale: "fr")),
    Row(
      market: "CA", link: "shopca://ca/cart", result: .handled(route: PlatformRoute.cart.id), destination: CartPage()),
    Row(
      market: "CA", link: "shop://product/7", result: .handled(route: PlatformRoute.product.id),
      destination: ProductPage(id: 7)),
    Row(market: "MX", link: "shop://cart", result: .handled(route: PlatformRoute.cart.id), destination: CartPage()),
    Row(market: "CA", link: "shop://nowhere", result: .notFound, destination: nil),
    Row(market: "CA", link: "javascript:alert(1)", result: .invalid(reason: .unregisteredScheme), destination: nil),
  ]

  @Test("a market's links show their destinations, as typed values", arguments: rows)
  func routed(row: Row) async throws {
    let navigator = AppNavigator()
    let linker = try AppLinks.makeLinker(
      market: row.market, navigator: navigator, session: AppSession(isSignedIn: true))
    #expect(await linker.handle(row.link) == row.result)
    #expect(navigator.top.map { AnyHashable($0) } == row.destination.map { AnyHashable($0) })
  }

  @Test("links that arrive while the router composes in the background open their screens in order")
  func backgroundLaunch() async throws {
    let navigator = AppNavigator()
    let startup = try AppLinks.startLinker(market: "CA", navigator: navigator, session: AppSession(isSignedIn: true))
    #expect(startup.linker.route("https://shop.example.ca/fr/panier"))
    #expect(startup.linker.route("shopca://ca/product/7"))
    #expect(navigator.path.isEmpty)
    let linker = try await startup.ready.value
    await linker.waitUntilIdle()
    #expect(navigator.path.map { AnyHashable($0) } == [ProductPage(id: 7)])
    #expect(await linker.handle("https://shop.example.ca/fr/aide") == .external)
  }

  @Test("a web link that is not the app's goes to the browser")
  func external() async throws {
    var opened: [URL] = []
    let navigator = AppNavigator { opened.append($0) }
    let linker = try AppLinks.makeLinker(market: "CA", navigator: navigator, session: AppSession())
    #expect(await linker.handle("https://www.example.org/") == .external)
    #expect(opened == [URL(string: "https://www.example.org/")!])
    #expect(navigator.path.isEmpty)
  }

  @Test("an order link waits for sign-in, then shows the order; giving up drops it")
  func signIn() async throws {
    let navigator = AppNavigator()
    let session = AppSession()
    let linker = try AppLinks.makeLinker(market: "CA", navigator: navigator, session: session)
    let signedIn = Task { await linker.handle("https://shop.example.ca/fr/compte/commandes/9001") }
    await session.waitForSignIn()
    #expect(navigator.path.isEmpty)
    session.finishSignIn(succeeded: true)
    #expect(await signedIn.value == .handled(route: PlatformRoute.order.id))
    #expect(navigator.path.map { AnyHashable($0) } == [OrderHistoryPage(), OrderPage(id: 9001, locale: "fr")])
    #expect(navigator.titles == ["Orders", "Order 9001"])

    session.signOut()
    let gaveUp = Task { await linker.handle("shop://orders/1") }
    await session.waitForSignIn()
    session.finishSignIn(succeeded: false)
    #expect(await gaveUp.value == .dropped(reason: .barrierFailed))
  }

  @Test("a universal link from a user activity is routed as one")
  func userActivity() async throws {
    let navigator = AppNavigator()
    let linker = try AppLinks.makeLinker(market: "CA", navigator: navigator, session: AppSession())
    let link = try #require(
      IncomingLink(
        userActivityType: IncomingLink.browsingWebActivityType,
        webpageURL: URL(string: "https://shop.example.ca/fr/panier")))
    #expect(await linker.handle(link) == .handled(route: PlatformRoute.cart.id))
    #expect(navigator.state.selectedTab == .cart)
    #expect(navigator.top.map { AnyHashable($0) } == AnyHashable(CartPage(locale: "fr")))
    #expect(navigator.top.map(AppNavigator.title(of:)) == "Panier")
  }

  @Test("links are decided without handling, off the main actor")
  func decide() async throws {
    let decision = try await Task.detached {
      try AppLinks.decide("https://shop.example.ca/fr/panier", market: "CA")
    }.value
    #expect(decision.outcome == .routed)
    #expect(decision.route?.description == "/cart")
    #expect(decision.parameters == ["locale": "fr"])
  }
}

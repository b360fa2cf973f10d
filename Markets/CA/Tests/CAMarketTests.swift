import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import MarketCA
import PlatformLinks
import Testing

@MainActor
@Suite struct CAMarketTests {
  func makeLinker(_ navigator: RecordingNavigator) throws -> DeepLinker {
    let container = DependencyContainer()
    container.register((any Navigator).self) { _ in navigator }
    container.register((any Session).self) { _ in navigator }
    return try DeepLinkAssembly.makeDeepLinker(market: "CA", container: container)
  }

  @Test("the flyer plugin shows the flyer with the store and the language")
  func flyer() async throws {
    let navigator = RecordingNavigator()
    let linker = try makeLinker(navigator)
    #expect(
      await linker.handle("https://shop.example.ca/fr/circulaire/3021")
        == .handled(route: RouteID(name: "flyer", pattern: "/flyer/{store_id:int}")))
    #expect(navigator.shownValues == [[FlyerPage(storeID: 3021, locale: "fr")]])
  }

  @Test("a French cart link shows the cart in French")
  func cart() async throws {
    let navigator = RecordingNavigator()
    let linker = try makeLinker(navigator)
    #expect(await linker.handle("https://www.shop.example.ca/fr/panier") == .handled(route: PlatformRoute.cart.id))
    #expect(navigator.shownValues == [[CartPage(locale: "fr")]])
  }

  @Test("an order link asks the signed-out user to sign in first")
  func orderNeedsSignIn() async throws {
    let navigator = RecordingNavigator(isSignedIn: false, signInSucceeds: false)
    let linker = try makeLinker(navigator)
    #expect(await linker.handle("https://shop.example.ca/en/account/orders/5") == .dropped(reason: .barrierFailed))
    #expect(navigator.signInRequests == 1)
    #expect(navigator.shown.isEmpty)
  }

  @Test("the CA market composes with the platform without problems")
  func composes() {
    #expect(DeepLinkAssembly.validate(market: "CA") == [])
  }
}

/// Where CA's own route lives (Docs/Navigation.md): the home tab.
@Suite struct CANavigationTests {
  @Test("a flyer link opens the home tab with the flyer")
  func flyer() throws {
    let configuration = try DeepLinkAssembly.configuration(market: "CA")
    let decision = configuration.decide("https://shop.example.ca/fr/circulaire/3021")
    let navigation = try #require(configuration.navigation(for: decision))
    #expect(navigation.tab == .home)
    #expect(navigation.path.map { AnyHashable($0) } == [AnyHashable(FlyerPage(storeID: 3021, locale: "fr"))])
  }
}

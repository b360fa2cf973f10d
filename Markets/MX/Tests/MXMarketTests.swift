import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import MarketMX
import PlatformLinks
import Testing

@MainActor
@Suite struct MXMarketTests {
  func makeLinker(_ navigator: RecordingNavigator) throws -> DeepLinker {
    let container = DependencyContainer()
    container.register((any Navigator).self) { _ in navigator }
    container.register((any Session).self) { _ in navigator }
    return try DeepLinkAssembly.makeDeepLinker(market: "MX", container: container)
  }

  @Test("pay-in-store from outside asks for confirmation, then shows the payment")
  func payInStore() async throws {
    let navigator = RecordingNavigator()
    let linker = try makeLinker(navigator)
    let result = await linker.handle("https://shop.example.com.mx/pago-en-tienda/ABC123DEF456")
    #expect(result == .handled(route: RouteID(name: "payInStore", pattern: "/pay-in-store/{reference}")))
    #expect(navigator.confirmations.count == 1)
    #expect(navigator.shownValues == [[OrderHistoryPage(), PayInStorePage(reference: "ABC123DEF456")]])
    #expect(navigator.navigations.map(\.tab) == [.account])
  }

  @Test("a refused confirmation drops pay-in-store without showing it")
  func refused() async throws {
    let navigator = RecordingNavigator(confirms: false)
    let linker = try makeLinker(navigator)
    #expect(await linker.handle("shopmx://mx/pay-in-store/ABC123DEF456") == .dropped(reason: .barrierFailed))
    #expect(navigator.shown.isEmpty)
  }

  @Test("the MX market composes with the platform without problems")
  func composes() {
    #expect(DeepLinkAssembly.validate(market: "MX") == [])
  }
}

/// Where MX's own route lives (Docs/Navigation.md): the account tab, above the order history.
@Suite struct MXNavigationTests {
  @Test("a pay-in-store link opens the account tab above the order history")
  func payInStore() throws {
    let configuration = try DeepLinkAssembly.configuration(market: "MX")
    let decision = configuration.decide("https://shop.example.com.mx/pago-en-tienda/ABC123DEF456")
    let navigation = try #require(configuration.navigation(for: decision))
    #expect(navigation.tab == .account)
    #expect(
      navigation.path.map { AnyHashable($0) } == [
        AnyHashable(OrderHistoryPage()), AnyHashable(PayInStorePage(reference: "ABC123DEF456")),
      ])
  }
}

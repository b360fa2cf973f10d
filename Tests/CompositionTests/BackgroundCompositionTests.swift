import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import MarketCA
import PlatformLinks
import Testing

/// `startDeepLinker` hands the app a router at once and composes its configuration on a
/// background task: links that arrive meanwhile wait in the cold-start buffer and are routed in
/// order once it is ready, each exactly once; a failed composition drops them, never loses them.
@MainActor
@Suite struct BackgroundCompositionTests {
  struct Launch {
    let navigator = RecordingNavigator()
    let telemetry = RecordingTelemetry()
    let clock = ManualClock()
    let container = DependencyContainer()

    init() {
      let (navigator, telemetry, clock) = (self.navigator, self.telemetry, self.clock)
      container.register((any Navigator).self) { _ in navigator }
      container.register((any Session).self) { _ in navigator }
      container.register((any DeepLinkTelemetry).self) { _ in telemetry }
      container.register((any DeepLinkClock).self) { _ in clock }
    }
  }

  @Test("links that arrive while the router composes are routed once it is ready, in order, each once")
  func coldStartLinksWait() async throws {
    let launch = Launch()
    let startup = try DeepLinkAssembly.startDeepLinker(market: "CA", container: launch.container)
    // The main actor has not suspended since: composition cannot have finished.
    #expect(startup.linker.configuration == nil)
    let early = [
      "https://shop.example.ca/fr/panier", "shopca://ca/product/1", "https://www.shop.example.ca/en/flyer/77",
    ]
    for link in early { #expect(startup.linker.route(link)) }
    #expect(launch.navigator.shown.isEmpty)

    let linker = try await startup.ready.value
    #expect(linker === startup.linker)
    await linker.waitUntilIdle()
    #expect(
      launch.navigator.shownValues == [
        [CartPage(locale: "fr")], [ProductPage(id: 1)], [FlyerPage(storeID: 77, locale: "en")],
      ])
    #expect(launch.telemetry.finalEventCounts.values.sorted() == [1, 1, 1])
    #expect(Set(launch.telemetry.finalKinds.values) == [.handled])

    // After launch a link is routed at once.
    #expect(await linker.handle("https://shop.example.ca/en/cart") == .handled(route: PlatformRoute.cart.id))
    #expect(launch.navigator.shown.count == 4)
  }

  @Test("a link awaited before the router is ready gets its final result when it is")
  func awaitedResult() async throws {
    let launch = Launch()
    let startup = try DeepLinkAssembly.startDeepLinker(market: "MX", container: launch.container)
    let result = await startup.linker.handle("https://shop.example.com.mx/carrito")
    #expect(result == .handled(route: PlatformRoute.cart.id))
    #expect(startup.linker.configuration != nil)
  }

  @Test("a composition that fails throws from ready and drops the links that waited, each once")
  func failedComposition() async throws {
    let launch = Launch()
    // A market that claims the platform's own domain: composition refuses it.
    let takeover = DeclaredMarket(id: "BR", domains: [Domain("shop.example.com")])
    let startup = try MarketComposer(catalogue: [takeover]).startDeepLinker(
      for: takeover, container: launch.container)
    #expect(startup.linker.route("shop://cart"))
    await #expect(throws: CompositionError.self) { try await startup.ready.value }
    #expect(launch.telemetry.finalKinds.values.sorted { $0.rawValue < $1.rawValue } == [.dropped])
    #expect(
      launch.telemetry.events.contains { $0.kind == .dropped && $0.reason == DeepLinkReason.notComposed.rawValue })
    #expect(launch.navigator.shown.isEmpty)
    // A link handed over after the failure is dropped at once, not left waiting.
    #expect(await startup.linker.handle("shop://cart") == .dropped(reason: .notComposed))
  }

  @Test("an unknown market is refused before anything starts")
  func unknownMarket() {
    let launch = Launch()
    #expect(throws: CompositionError.self) {
      _ = try DeepLinkAssembly.startDeepLinker(market: "XX", container: launch.container)
    }
  }
}

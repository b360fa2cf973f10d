import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import PlatformLinks
import Testing

/// A plugin that counts how often its routes are read: once per compilation of a configuration
/// that holds it (and when composition declares the market's routes).
struct PatternReadCountingPlugin: DeepLinkHandlerPlugin {
  let reads: Locked<Int>
  var name: String { "qqOnly" }
  var routes: [PluginRoute] {
    reads.withLock { $0 += 1 }
    return [PluginRoute("/qq-only/{id:int}")]
  }
  @MainActor func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) {
    completion()
  }
}

/// A market whose only feature is the counting plugin.
struct PatternReadCountingMarket: MarketModule {
  let reads = Locked(0)
  var id: String { "QQ" }
  var domains: [Domain] { DeclaredMarket(id: "QQ").domains }
  var urlSchemes: [URLScheme] { DeclaredMarket(id: "QQ").urlSchemes }
  func plugins(services: MarketServices) -> [any DeepLinkHandlerPlugin] { [PatternReadCountingPlugin(reads: reads)] }
}

@Suite struct ComposeOnceTests {
  @Test("a composed market's linker runs the configuration composition checked, compiled once")
  @MainActor func linkerAdoptsTheCheckedConfiguration() throws {
    let market = PatternReadCountingMarket()
    let composer = MarketComposer(catalogue: [market])
    _ = try composer.configuration(for: market)
    let readsToCompose = market.reads.withLock { $0 }
    market.reads.withLock { $0 = 0 }
    let container = DependencyContainer()
    let navigator = RecordingNavigator()
    container.register((any Navigator).self) { _ in navigator }
    container.register((any Session).self) { _ in navigator }
    let linker = try composer.makeDeepLinker(for: market, container: container)
    // Making the linker composes (and so compiles) exactly as much as making the configuration.
    #expect(market.reads.withLock { $0 } == readsToCompose)
    #expect(linker.configuration?.decide("shopqq://qq/qq-only/7").route?.description == "/qq-only/{id:int}")
  }
}

import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// An opaque plugin that takes `shop://opaque/…` links with the data it is built with and
/// records the data its handler receives.
struct DataEchoPlugin: DeepLinkHandlerPlugin {
  let data: Data?
  let received = Locked<[Data?]>([])

  func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption {
    link.pathSegments.first == "opaque" ? .yes(data: data) : .no
  }

  func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) {
    received.withLock { $0.append(data as? Data) }
    completion()
  }
}

/// Seed 000's barrier: named by its type, installed without a name.
@MainActor final class AuthenticationDeepLinkBarrier: TypeNamedBarrier {
  var signedIn = false
  var checks = 0
  func status(for deepLink: DeepLink) -> DeepLinkBarrierStatus { signedIn ? .passed : .needToCheck }
  func performCheck(deepLink: DeepLink, completion: @escaping @Sendable (Bool) -> Void) {
    checks += 1
    completion(true)
  }
}

/// Seed 000's payment plugin: `pay` behind the authentication barrier, named by its type.
struct PaymentDeepLinkHandlerPlugin: DeepLinkHandlerPlugin {
  let received = Locked<[Data?]>([])
  func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption {
    link.pathSegments == ["pay"]
      ? .yesWithBarrier(AuthenticationDeepLinkBarrier.self, data: Data((link.queryValue("order_id") ?? "").utf8))
      : .no
  }
  func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) {
    received.withLock { $0.append(data as? Data) }
    completion()
  }
}

/// A market-like provider: a domain, a web rule onto an app link, a market scheme.
struct ShopCAProvider: CustomDeeplinkRouteProvider {
  var domains: [Domain] { [Domain("shop.example.ca")] }
  var universalLinks: [UniversalLink] {
    [UniversalLink("https://shop.example.ca/fr/panier", to: "/cart", parameters: ["locale": "fr"])]
  }
  var urlSchemes: [URLScheme] { [URLScheme("shopca", customHost: "ca")] }
}

/// The API the source documents promise: data passed through as given, `URL` everywhere a
/// string is taken, a route provider installed directly, list setters that add.
@MainActor
@Suite struct SeedAPITests {
  @Test(
    "an opaque plugin's handler receives exactly the data it returned, nil included",
    arguments: [nil, Data(), Data("order=1".utf8)] as [Data?])
  func opaqueData(data: Data?) async throws {
    let plugin = DataEchoPlugin(data: data)
    let linker = try DeepLinker.configure().add(urlSchemes: [URLScheme("shop")]).install(plugin: plugin).initialize()
    #expect(await linker.handle("shop://opaque/1") == .handled(route: RouteID(name: "DataEchoPlugin")))
    #expect(plugin.received.withLock { $0 } == [data])
  }

  @Test("a barrier is referenced by its type, as seed 000 writes it, and passes before the handler runs")
  func barrierByType() async throws {
    let barrier = AuthenticationDeepLinkBarrier()
    let plugin = PaymentDeepLinkHandlerPlugin()
    let linker = try DeepLinker.configure().add(urlSchemes: [URLScheme("shop")])
      .install(plugin: plugin).install(barrier: barrier).initialize()
    #expect(BarrierName(AuthenticationDeepLinkBarrier.self) == "AuthenticationDeepLinkBarrier")
    #expect(linker.configuration?.decide("shop://pay?order_id=7").barriers == ["AuthenticationDeepLinkBarrier"])
    #expect(
      await linker.handle("shop://pay?order_id=7") == .handled(route: RouteID(name: "PaymentDeepLinkHandlerPlugin")))
    #expect(barrier.checks == 1)
    #expect(plugin.received.withLock { $0 } == [Data("7".utf8)])

    // Not installed, the same answer is decided notFound, never dropped at run time.
    let bare = try DeepLinker.configure().add(urlSchemes: [URLScheme("shop")])
      .install(plugin: PaymentDeepLinkHandlerPlugin()).initialize()
    #expect(bare.configuration?.decide("shop://pay?order_id=7").reason == .unknownBarrier)
  }

  @Test("handle takes a URL and decides it as its string")
  func handleURL() async throws {
    let linker = try DeepLinker.configure().add(urlSchemes: [URLScheme("shop")]).initialize()
    try linker.addRoute("/product/{id:int}") { _, _ in true }
    #expect(
      await linker.handle(URL(string: "shop://product/1")!) == .handled(route: RouteID(pattern: "/product/{id:int}")))
    #expect(await linker.handle(URL(string: "shop://nowhere")!) == .notFound)
    #expect(await linker.handle(URL(string: "https://www.example.org/")!, source: .inApp) == .external)
  }

  struct Row: Sendable, CustomStringConvertible {
    var link: String
    var outcome: DeepLinkOutcome
    var route: String?
    var description: String { link }
  }

  nonisolated static let providerRows: [Row] = [
    Row(link: "https://shop.example.ca/fr/panier", outcome: .routed, route: "/cart"),
    Row(link: "shopca://ca/cart", outcome: .routed, route: "/cart"),
    Row(link: "shop://cart", outcome: .routed, route: "/cart"),
    Row(link: "https://shop.example.ca/fr/aide", outcome: .external, route: nil),
    Row(link: "https://www.example.org/", outcome: .external, route: nil),
  ]

  @Test("install(provider:) installs a provider's domains, rules and schemes", arguments: providerRows)
  func provider(row: Row) throws {
    let linker = try DeepLinker.configure()
      .add(urlSchemes: [URLScheme("shop")])
      .install(provider: ShopCAProvider())
      .initialize()
    try linker.addRoute("/cart") { _, _ in true }
    #expect(linker.allowedDomains == [Domain("shop.example.ca")])
    #expect(linker.urlSchemes.map(\.scheme) == ["shop", "shopca"])
    let decision = try #require(linker.configuration).decide(row.link)
    #expect(decision.outcome == row.outcome)
    #expect(decision.route?.description == row.route)
  }

  @Test("a provider's rule rewrites with its fixed parameters")
  func providerParameters() throws {
    let linker = try DeepLinker.configure().add(urlSchemes: [URLScheme("shop")]).install(provider: ShopCAProvider())
      .initialize()
    try linker.addRoute("/cart") { _, _ in true }
    #expect(linker.configuration?.decide("https://shop.example.ca/fr/panier").parameters == ["locale": "fr"])
  }

  nonisolated static let setterRows: [Row] = [
    Row(link: "https://a.example.com/p/1", outcome: .routed, route: "https://a.example.com/p/{id}"),
    Row(link: "https://b.example.com/p/1", outcome: .routed, route: "https://b.example.com/p/{id}"),
    Row(link: "shop://p/1", outcome: .routed, route: "/p/{id}"),
    Row(link: "app://p/1", outcome: .routed, route: "/p/{id}"),
    Row(link: "https://ads.example.com/x", outcome: .forbidden, route: nil),
    Row(link: "https://tracker.example.com/x", outcome: .forbidden, route: nil),
    Row(link: "https://mute.example.com/x", outcome: .ignored, route: nil),
    Row(link: "https://quiet.example.com/x", outcome: .ignored, route: nil),
    Row(link: "fb://x", outcome: .ignored, route: nil),
    Row(link: "tw://x", outcome: .ignored, route: nil),
  ]

  @Test("list setters add to what earlier calls set, from strings or Domain values", arguments: setterRows)
  func settersAppend(row: Row) throws {
    let linker = try DeepLinker.configure()
      .add(urlSchemes: [URLScheme("shop")])
      .add(urlSchemes: [URLScheme("app")])
      .add(allowedDomains: ["a.example.com"])
      .add(allowedDomains: [Domain("b.example.com")])
      .add(blacklistHosts: ["ads.example.com"])
      .add(blacklistHosts: [Domain("tracker.example.com")])
      .add(excludedHosts: [Domain("mute.example.com")])
      .add(excludedHosts: ["quiet.example.com"])
      .add(excludedSchemes: ["fb"])
      .add(excludedSchemes: ["TW"])
      .initialize()
    try linker.addRoute("/p/{id}") { _, _ in true }
    try linker.addRoute("https://a.example.com/p/{id}") { _, _ in true }
    try linker.addRoute("https://b.example.com/p/{id}") { _, _ in true }
    let decision = try #require(linker.configuration).decide(row.link)
    #expect(decision.outcome == row.outcome)
    #expect(decision.route?.description == row.route)
  }

  @Test("whitelists add too: every listed scheme and host passes, others are forbidden")
  func whitelistsAppend() throws {
    let linker = try DeepLinker.configure()
      .add(urlSchemes: [URLScheme("shop")])
      .add(allowedDomains: ["a.example.com", "b.example.com"])
      .add(whitelistSchemes: ["shop"])
      .add(whitelistSchemes: ["https"])
      .add(whitelistHosts: ["a.example.com"])
      .add(whitelistHosts: [Domain("b.example.com")])
      .initialize()
    let configuration = try #require(linker.configuration)
    #expect(configuration.decide("https://a.example.com/x").outcome != .forbidden)
    #expect(configuration.decide("https://b.example.com/x").outcome != .forbidden)
    #expect(configuration.decide("https://c.example.com/x").outcome == .forbidden)
    #expect(configuration.decide("shop://x").outcome != .forbidden)
  }
}

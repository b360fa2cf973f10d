import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import Foundation
import PlatformLinks
import Testing

/// One identity for a route: the decision carries a `RouteID` with the route's stable name and
/// its pattern, the same value a `PlatformRoute` has; a route added by pattern only is named after
/// its pattern, and an opaque plugin has its name alone.
@Suite struct RouteIdentityTests {
  static let rows: [(market: String, link: String, route: PlatformRoute)] = [
    ("CA", "https://shop.example.ca/fr/panier", .cart),
    ("CA", "https://shop.example.ca/en/ip/standing-desk/123456", .product),
    ("CA", "shopca://ca/product/123", .product),
    ("MX", "shop://cart", .cart),
  ]

  @Test("a platform route's decision carries its identity: name and pattern", arguments: rows)
  func platformRoute(_ row: (market: String, link: String, route: PlatformRoute)) throws {
    let configuration = try DeepLinkAssembly.configuration(market: row.market)
    let decision = configuration.decide(row.link)
    #expect(decision.route == row.route.id)
    #expect(configuration.routeDescriptions.filter { $0.id == row.route.id }.count == 1, "the catalogue lists it once")
    #expect(decision.route?.name == row.route.name)
    #expect(decision.route?.pattern == row.route.source)
    #expect(decision.route?.description == row.route.source)
  }

  @Test(
    "a route added by pattern only is named after its pattern, in the decision and in telemetry; an opaque plugin has only its name"
  )
  @MainActor
  func patternOnlyAndOpaque() async throws {
    let telemetry = RecordingTelemetry()
    let linker = try DeepLinker.configure().add(urlSchemes: [URLScheme("shop")])
      .install(plugin: EveryLinkPlugin()).with(telemetry: telemetry).initialize()
    try linker.addRoute("/cart") { _, _ in true }
    let configuration = try #require(linker.configuration)
    #expect(configuration.decide("shop://cart").route == RouteID(name: "/cart", pattern: "/cart"))
    let opaque = configuration.decide("shop://anything")
    #expect(opaque.route == RouteID(name: "EveryLinkPlugin"))
    #expect(opaque.route?.pattern == nil)
    #expect(opaque.route?.description == "EveryLinkPlugin")
    #expect(await linker.handle("shop://cart") == .handled(route: RouteID(pattern: "/cart")))
    #expect(await linker.handle("shop://anything") == .handled(route: RouteID(name: "EveryLinkPlugin")))
    let matched = telemetry.events.filter { $0.kind == .matched }.map(\.route)
    #expect(matched == [RouteID(name: "/cart", pattern: "/cart"), RouteID(name: "EveryLinkPlugin")])
  }
}

/// An opaque plugin that takes every link.
private struct EveryLinkPlugin: DeepLinkHandlerPlugin {
  func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption { .yes(data: nil) }
  func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) { completion() }
}

import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import PlatformLinks
import Testing

/// Every market against the platform, and the safety rules of composition.
@Suite struct CompositionTests {
  @Test("every market in the catalogue composes with the platform, and no two share a domain or scheme")
  func catalogue() {
    #expect(DeepLinkAssembly.validateCatalogue() == [])
    #expect(MarketCatalogue.ids == (try? PackageManifest.marketList()))
  }

  @Test(
    "every platform link decides the same with each market as with the platform alone", arguments: MarketCatalogue.ids)
  func platformLinksSurvive(market: String) throws {
    let platform = try DeepLinkAssembly.configuration(market: nil)
    let combined = try DeepLinkAssembly.configuration(market: market)
    let links = [
      "shop://", "shop://home", "shop://product/1", "shop://search?q=x", "shop://category/2", "shop://cart",
      "shop://checkout", "shop://pay?order_id=3", "shop://transaction/t9", "shop://orders", "shop://orders/4",
      "shop://account", "shop://login", "shop://store/5", "shop://deals", "shop://deals/6", "shop://productlist/7",
      "shop://productdetail/8", "https://shop.example.com/ip/desk/1", "https://shop.example.com/ip/1",
      "https://www.shop.example.com/search?q=x", "https://shop.example.com/cp/office/2",
      "https://shop.example.com/cart", "https://shop.example.com/checkout",
      "https://shop.example.com/account/orders/4", "https://shop.example.com/store/5",
      "https://shop.example.com/about",
    ]
    for link in links {
      let before = platform.decide(link)
      let after = combined.decide(link)
      #expect(before.outcome == after.outcome, "\(link)")
      #expect(before.route == after.route, "\(link)")
      #expect(before.parameters == after.parameters, "\(link)")
    }
  }

  @Test("the platform alone routes every row of its catalogue")
  func platformCatalogue() throws {
    let platform = try DeepLinkAssembly.configuration(market: nil)
    let rows: [DecisionExpectation] = [
      .init("shop://", route: "/"),
      .init("shop://home", route: "/home"),
      .init("shop://product/123", route: "/product/{id:int}", parameters: ["id": "123"]),
      .init("shop://search?q=red+shoes", route: "/search?q={query}", parameters: ["query": "red shoes"]),
      .init("shop://checkout", route: "/checkout", barriers: ["authentication"]),
      .init(
        "shop://pay?order_id=12", route: "/pay?order_id={order_id:int}", barriers: ["authentication", "confirmation"]),
      .init("shop://transaction/789", route: "/transaction/{transaction_id}", barriers: ["authentication"]),
      .init("shop://deals", route: "/deals/{id:int?}", parameters: [:]),
      .init("shop://deals/4", route: "/deals/{id:int?}", parameters: ["id": "4"]),
      .init("https://shop.example.com/ip/12", route: "/product/{id:int}", parameters: ["id": "12"]),
      .init("https://shop.example.com/account/orders/4", route: "/orders/{id:int}", barriers: ["authentication"]),
      .init("https://shop.example.com/weekly-ad", outcome: .external),
      .init("shopca://ca/cart", outcome: .invalid),
    ]
    for row in rows { expectDecision(row, in: platform) }
  }

  @Test("a malformed or non-app route pattern is an error when read, never a crash when declared")
  func malformedRoute() {
    #expect(throws: RoutePatternError.self) { try PlatformRoute("broken", "/product/{id").pattern }
    #expect(throws: RoutePatternError.self) { try PlatformRoute("web", "https://shop.example.com/x").pattern }
    // Composing a market that declares the malformed route reports it, naming the route, the
    // market and the offending character.
    let market = DeclaredMarket(id: "XX", routes: [PlatformRoute("broken", "/product/{id")])
    let messages = compositionMessages(market)
    #expect(
      messages.contains { $0.contains("route `broken` of market XX") && $0.contains("malformed at character 9") },
      "\(messages)")
  }

  @Test("an unknown market is a composition error naming the known ones")
  func unknownMarket() {
    let unknown = "no-such-market"
    let error = #expect(throws: CompositionError.self) { try DeepLinkAssembly.configuration(market: unknown) }
    #expect(error?.problems == [.unknownMarket(unknown, known: MarketCatalogue.ids)])
    #expect(error?.description.contains(unknown) == true, "\(String(describing: error))")
    #expect(
      error?.description.contains(MarketCatalogue.ids.joined(separator: ", ")) == true, "\(String(describing: error))")
  }

  @Test("typed platform routes reverse-route into links the platform routes back")
  func reverseRouting() throws {
    let platform = try DeepLinkAssembly.configuration(market: nil)
    #expect(try PlatformRoute.product.link(["id": "123"]).absoluteString == "shop://product/123")
    for route in PlatformRoute.platformCatalogue {
      var parameters: [String: String] = [:]
      for name in try route.pattern.requiredParameterNames { parameters[name] = "42" }
      let link = try route.link(parameters)
      #expect(platform.decide(link.absoluteString).route?.description == route.source, "\(route.name)")
    }
    #expect(throws: ReverseRoutingError.self) { try PlatformRoute.product.link(["id": "abc"]) }
  }
}

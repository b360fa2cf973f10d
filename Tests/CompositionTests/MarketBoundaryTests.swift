import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import PlatformLinks
import Testing

/// One attempt by a market to leave its own link space, and what the refusal must name.
struct TakeoverAttempt: Sendable, CustomStringConvertible {
  let description: String
  let market: DeclaredMarket
  /// Fragments one message must contain together: the market's side and the other side.
  let names: [String]

  init(_ description: String, _ market: DeclaredMarket, names: [String]) {
    self.description = description
    self.market = market
    self.names = names
  }

  static func rules(_ rules: [UniversalLink]) -> DeclaredMarket { DeclaredMarket(id: "BR", rules: rules) }
  static func routes(_ routes: [PlatformRoute]) -> DeclaredMarket { DeclaredMarket(id: "BR", routes: routes) }

  static let table: [TakeoverAttempt] = [
    .init(
      "a typed rule on the platform's domain that captures product links",
      rules([UniversalLink("https://shop.example.com/ip/{slug}/{id:int}", to: .cart)]),
      names: [
        "rule `https://shop.example.com/ip/{slug}/{id:int} → /cart` of market BR captures `https://shop.example.com/ip/",
        "the platform routes to `/product/{id:int}` by its rule `https://shop.example.com/ip/{slug}/{id} → /product/{id:int}`",
      ]),
    .init(
      "an untyped rule on the platform's www domain that captures one-segment product links",
      rules([UniversalLink("https://www.shop.example.com/ip/{anything}", to: .cart)]),
      names: [
        "of market BR captures `https://www.shop.example.com/ip/", "by its rule `https://www.shop.example.com/ip/{id}",
      ]),
    .init(
      "a rule on a platform path the platform sends to the browser",
      rules([UniversalLink("https://shop.example.com/help/{topic}", to: .cart)]),
      names: ["captures `https://shop.example.com/help/x`", "which the platform sends to the browser"]),
    .init(
      "a catch-all rule over every platform web link",
      rules([UniversalLink("https://shop.example.com/{rest...}", to: .cart)]),
      names: ["captures `https://shop.example.com/cart`", "by its rule `https://shop.example.com/cart → /cart`"]),
    .init(
      "a catch-all path-matching plugin over every app link",
      routes([PlatformRoute("everything", "/{rest...}")]),
      names: ["route `/{rest...}` (`everything`) of market BR captures `shop://home`", "by its route `home`"]),
    .init(
      "a catch-all plugin captures chained links too",
      routes([PlatformRoute("everything", "/{rest...}")]),
      names: ["captures `shop://productlist/1/productlist/1`", "to `chained links` by its plugin `chain`"]),
    .init(
      "a route over chained links only",
      routes([PlatformRoute("chainTakeover", "/productlist/{a}/productdetail/{b}")]),
      names: [
        "route `/productlist/{a}/productdetail/{b}`", "captures `shop://productlist/1/productdetail/1`",
        "plugin `chain`",
      ]),
    .init(
      "a route over the state-changing pay link",
      routes([PlatformRoute("myPay", "/pay?order_id={order}")]),
      names: [
        "route `/pay?order_id={order}` (`myPay`) of market BR captures `shop://pay?order_id=1`",
        "`/pay?order_id={order_id:int}` by its route `pay`",
      ]),
    .init(
      "a route with an untyped capture over typed platform routes",
      routes([PlatformRoute("myOrder", "/orders/{anything}")]),
      names: ["captures `shop://orders/1`", "`/orders/{id:int}` by its route `order`"]),
    .init(
      "an optional capture that reaches the platform's route without it",
      routes([PlatformRoute("myAccount", "/account/{tab?}")]),
      names: ["captures `shop://account`", "by its route `account`"]),
    .init(
      "a query-capturing route over the platform's search",
      routes([PlatformRoute("mySearch", "/search?q={text}&page={page:int?}")]),
      names: ["captures `shop://search?q=x`", "by its route `search`"]),
    .init(
      "a market-scheme rule whose links mean a platform route",
      rules([UniversalLink("shopbr://product/{id:int}", to: .cart)]),
      names: [
        "rule `shopbr://product/{id:int} → /cart` of market BR captures `shopbr://product/1`", "`/product/{id:int}`",
      ]),
    .init(
      "a market-scheme rule that reaches a platform route through the custom host",
      rules([UniversalLink("shopbr://br/checkout", to: .cart)]),
      names: ["captures `shopbr://br/checkout`", "`/checkout` by its route `checkout`"]),
    .init(
      "a path-matching plugin bound to the platform's domain",
      routes([PlatformRoute("webCart", "https://shop.example.com/cart")]),
      names: [
        "route `https://shop.example.com/cart` (`webCart`) of market BR captures `https://shop.example.com/cart`",
        "by its rule `https://shop.example.com/cart → /cart`",
      ]),
    .init(
      "a barrier named like the platform's authentication",
      DeclaredMarket(id: "BR", barrierNames: ["authentication"]),
      names: ["barrier `authentication` of market BR takes a name the platform reserves"]),
    .init(
      "a barrier named like the platform's confirmation",
      DeclaredMarket(id: "BR", barrierNames: ["confirmation"]),
      names: ["barrier `confirmation` of market BR takes a name the platform reserves"]),
    .init(
      "a self-declared override of a platform rule",
      rules([UniversalLink("https://shop.example.com/cart", to: .orders, isOverride: true)]),
      names: ["rule `https://shop.example.com/cart → /orders` of market BR declares itself an override"]),
    .init(
      "a domain that overlaps the platform's",
      DeclaredMarket(id: "BR", domains: ["*.example.com"]),
      names: ["market BR claims domain `*.example.com`, which overlaps `shop.example.com` of the platform"]),
    .init(
      "another market's domain",
      DeclaredMarket(id: "BR", domains: ["www.shop.example.ca"]),
      names: ["market BR claims domain `www.shop.example.ca`, which overlaps `www.shop.example.ca` of market CA"]),
    .init(
      "the platform's scheme",
      DeclaredMarket(id: "BR", schemes: [URLScheme("shop")]),
      names: ["market BR registers scheme `shop`, which the platform registers"]),
    .init(
      "another market's scheme",
      DeclaredMarket(id: "BR", schemes: [URLScheme("shopmx", customHost: "br")]),
      names: ["market BR registers scheme `shopmx`, which market MX registers"]),
    .init(
      "a rule on another market's host",
      rules([UniversalLink("https://shop.example.ca/promo", to: .cart)]),
      names: [
        "rule `https://shop.example.ca/promo → /cart` of market BR reads host `shop.example.ca`, which market CA claims"
      ]),
    .init(
      "a rule on a host the market does not claim",
      rules([UniversalLink("https://elsewhere.example.net/promo", to: .cart)]),
      names: ["reads host `elsewhere.example.net`, which market BR does not claim"]),
    .init(
      "a rule on the platform's scheme",
      rules([UniversalLink("shop://promo", to: .cart)]),
      names: ["rule `shop://promo → /cart` of market BR reads scheme `shop`, which the platform claims"]),
    .init(
      "a rule on another market's scheme",
      rules([UniversalLink("shopca://promo", to: .cart)]),
      names: ["reads scheme `shopca`, which market CA claims"]),
  ]
}

@Suite struct MarketBoundaryTests {
  @Test("every takeover attempt is refused with a message naming both sides", arguments: TakeoverAttempt.table)
  func refused(_ attempt: TakeoverAttempt) {
    let messages = compositionMessages(attempt.market)
    #expect(
      messages.contains { message in attempt.names.allSatisfy(message.contains) },
      "\(attempt): \(messages)")
    #expect(throws: CompositionError.self) { try MarketComposer().configuration(for: attempt.market) }
  }

  @Test(
    "a market of its own domain, scheme, rules and routes composes",
    arguments: [
      DeclaredMarket(id: "BR"),
      DeclaredMarket(
        id: "BR",
        rules: [
          UniversalLink("https://shop.example.br/produto/{slug}/{id}", to: .product),
          UniversalLink("https://shop.example.br/oferta/{code}", to: PlatformRoute("offer", "/offer/{code}")),
          UniversalLink("shopbr://oferta/{code}", to: PlatformRoute("offer", "/offer/{code}")),
        ],
        routes: [PlatformRoute("offer", "/offer/{code}"), PlatformRoute("productBySKU", "/product/{sku:uuid}")],
        barrierNames: ["br.ageCheck"]),
    ])
  func accepted(_ market: DeclaredMarket) throws {
    #expect(compositionMessages(market) == [])
    let configuration = try #require(composedConfiguration(market))
    #expect(configuration.decide("shop://product/1").owner == .platform)
  }

  @Test("an override the platform's catalogue grants replaces the platform rule for exactly its links")
  func grantedOverride() throws {
    let market = DeclaredMarket(
      id: "BR", rules: [UniversalLink("https://shop.example.com/cart", to: .orders, isOverride: true)])
    let composer = MarketComposer(overrides: [
      MarketOverride(market: "BR", platformRule: "https://shop.example.com/cart")
    ])
    #expect(composer.problems(of: market) == [])
    let configuration = try #require(composedConfiguration(market, composer: composer))
    let decision = configuration.decide("https://shop.example.com/cart")
    #expect(decision.route?.description == "/orders")
    #expect(decision.rewriteRule?.owner == .market("BR"))
    #expect(
      configuration.decide("https://shop.example.com/cart", tracing: true).trace.map(\.description).contains(
        "rewrite: the rule overrides the platform's rule for the same links, as the platform allows market BR"))
    #expect(configuration.decide("https://www.shop.example.com/cart").route?.description == "/cart")

    // Granted for one rule, the flag does not stretch to a wider pattern.
    let wider = DeclaredMarket(
      id: "BR", rules: [UniversalLink("https://shop.example.com/{page}", to: .orders, isOverride: true)])
    #expect(composer.problems(of: wider).map(\.description).contains { $0.contains("declares itself an override") })
  }

  @Test("validating a catalogue reports a collision between two markets once, naming both")
  func catalogueCollisionsOnce() {
    let first = DeclaredMarket(id: "AA", domains: ["shop.example.aa"], schemes: [URLScheme("shopaa")])
    let second = DeclaredMarket(id: "BB", domains: ["*.example.aa"], schemes: [URLScheme("shopaa")])
    let messages = MarketComposer(catalogue: [first, second]).catalogueProblems().map(\.description)
    #expect(
      messages == [
        "market AA claims domain `shop.example.aa`, which overlaps `*.example.aa` of market BB; "
          + "each domain belongs to one side: remove it from market AA or narrow it",
        "market AA registers scheme `shopaa`, which market BB registers; give the market a scheme of its own",
      ])
  }

  @Test("a market's routes and plugins see only that market's links")
  func scope() throws {
    let market = DeclaredMarket(
      id: "BR",
      rules: [UniversalLink("https://shop.example.br/oferta/{code}", to: PlatformRoute("offer", "/offer/{code}"))],
      routes: [PlatformRoute("offer", "/offer/{code}")])
    let configuration = try #require(composedConfiguration(market))
    let rows: [(link: String, outcome: DeepLinkOutcome, owner: LinkOwner?, linkOwner: LinkOwner?)] = [
      ("https://shop.example.br/oferta/ABC", .routed, .market("BR"), .market("BR")),
      ("shopbr://offer/ABC", .routed, .market("BR"), .market("BR")),
      ("shopbr://br/offer/ABC", .routed, .market("BR"), .market("BR")),
      ("shop://offer/ABC", .notFound, nil, .platform),
      ("https://shop.example.com/offer/ABC", .external, nil, .platform),
      ("shop://cart", .routed, .platform, .platform),
      ("shopbr://cart", .routed, .platform, .market("BR")),
    ]
    for row in rows {
      let decision = configuration.decide(row.link)
      #expect(decision.outcome == row.outcome, "\(row.link)")
      #expect(decision.owner == row.owner, "\(row.link)")
      #expect(decision.linkOwner == row.linkOwner, "\(row.link)")
    }
  }

  @Test("an explanation names the owner of the domain, the rule and the route")
  func explanationNamesOwners() throws {
    let configuration = try DeepLinkAssembly.configuration(market: "CA")
    let trace = configuration.decide("https://shop.example.ca/fr/circulaire/77", tracing: true).trace.map(\.detail)
    #expect(trace.contains { $0.contains("domain of market CA") })
    #expect(trace.contains { $0.contains("of market CA: shop://flyer/77") })
    #expect(trace.contains { $0.contains("routed to `/flyer/{store_id:int}` (flyer) of market CA") })
    let platform = configuration.decide("https://shop.example.com/cart", tracing: true).trace.map(\.detail)
    #expect(platform.contains { $0.contains("routed to `/cart` (cart) of the platform") })
  }

  @MainActor
  @Test("telemetry names the owner of the rule and the route")
  func telemetryNamesOwners() async throws {
    let navigator = RecordingNavigator()
    let telemetry = RecordingTelemetry()
    let market = try #require(MarketCatalogue.market(id: "CA"))
    let linker = try #require(composedLinker(market, navigator: navigator, telemetry: telemetry))
    #expect(
      await linker.handle("https://shop.example.ca/fr/circulaire/77")
        == .handled(route: RouteID(name: "flyer", pattern: "/flyer/{store_id:int}")))
    let events = telemetry.events
    #expect(events.first { $0.kind == .rewritten }?.owner == .market("CA"))
    #expect(events.first { $0.kind == .matched }?.owner == .market("CA"))
    #expect(events.first { $0.kind == .handled }?.owner == .market("CA"))
    #expect(await linker.handle("https://shop.example.ca/fr/panier") == .handled(route: PlatformRoute.cart.id))
    #expect(telemetry.events.last { $0.kind == .matched }?.owner == .platform)
  }
}

import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import PlatformLinks
import Testing

/// Composition reads each rule's target once, comparing the targets seen in turn while they are
/// a handful and indexing them beyond: a market whose rules lead to more targets than that still
/// composes, routes each rule to its own target, and has a rule with an unrouted target found.
@Suite struct ManyTargetsTests {
  /// Twelve rules, each to a different platform route, then one more to a target seen already.
  static let rows: [(path: String, route: PlatformRoute, link: String)] = [
    ("/t/cart", .cart, "/t/cart"),
    ("/t/checkout", .checkout, "/t/checkout"),
    ("/t/orders", .orders, "/t/orders"),
    ("/t/account", .account, "/t/account"),
    ("/t/login", .login, "/t/login"),
    ("/t/home", .homeAlias, "/t/home"),
    ("/t/deals", .deals, "/t/deals"),
    ("/t/product/{id}", .product, "/t/product/42"),
    ("/t/category/{id}", .category, "/t/category/7"),
    ("/t/store/{id}", .store, "/t/store/3"),
    ("/t/order/{id}", .order, "/t/order/9001"),
    ("/t/transaction/{transaction_id}", .transaction, "/t/transaction/tx1"),
    ("/u/cart", .cart, "/u/cart"),
  ]

  static func market(extra: [UniversalLink] = []) -> DeclaredMarket {
    var market = DeclaredMarket.generated(id: "G", rules: 0)
    market.rules = rows.map { UniversalLink("https://shop.example.g" + $0.path, to: $0.route) } + extra
    return market
  }

  @Test("rules to twelve targets compose, and each link is routed to its rule's target")
  func manyTargetsCompose() throws {
    let market = Self.market()
    let composer = MarketComposer(catalogue: MarketCatalogue.markets + [market])
    #expect(composer.problems(of: market).isEmpty)
    let configuration = try composer.configuration(for: market)
    for row in Self.rows {
      let decision = configuration.decide("https://shop.example.g" + row.link)
      #expect(decision.outcome == .routed, "\(row.link)")
      #expect(decision.route?.description == row.route.source, "\(row.link)")
    }
  }

  @Test("among rules to twelve routed targets, the one rule whose target no route handles is found")
  func unroutedTargetAmongMany() {
    let market = Self.market(extra: [UniversalLink("https://shop.example.g/nowhere", to: "/nowhere")])
    let problems = MarketComposer(catalogue: MarketCatalogue.markets + [market]).problems(of: market)
    #expect(
      problems.map(\.description) == [
        CompositionProblem.unroutedTarget(
          market: "G", rule: "https://shop.example.g/nowhere", target: RouteID(pattern: "/nowhere")
        )
        .description
      ])
  }
}

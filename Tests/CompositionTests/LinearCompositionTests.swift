import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import PlatformLinks
import Testing

/// Composition stays whole at every size: a market of many generated rules composes, and one
/// rule among them that captures a platform link is found, named, and is the only problem.
/// (How the cost grows with the rules is measured by `deeplink-bench`'s `launch` section.)
@Suite struct LinearCompositionTests {
  /// A rule inside the platform's `https://shop.example.com/ip/{slug}/{id}`.
  static let takeover = UniversalLink("https://shop.example.com/ip/{slug}/{id:int}", to: .cart)

  @Test("a generated market composes, every check on, at every size", arguments: [10, 100, 1_000])
  func generatedMarketComposes(rules: Int) throws {
    let market = DeclaredMarket.generated(id: "G", rules: rules)
    let composer = MarketComposer(catalogue: MarketCatalogue.markets + [market])
    #expect(composer.problems(of: market).isEmpty)
    let configuration = try composer.configuration(for: market)
    #expect(configuration.universalLinks.count >= rules)
    let decision = configuration.decide("https://shop.example.g/p\((rules - 1) / 4 * 4)/desk/7")
    #expect(decision.route?.description == "/product/{id:int}")
  }

  @Test("a rule whose target no route handles is found among generated rules, and only it", arguments: [0, 100])
  func unroutedTargetIsFound(rules: Int) {
    var market = DeclaredMarket.generated(id: "G", rules: rules)
    market.rules.append(UniversalLink("https://shop.example.g/nowhere", to: "/nowhere"))
    let problems = MarketComposer(catalogue: MarketCatalogue.markets + [market]).problems(of: market)
    #expect(
      problems.map(\.description) == [
        CompositionProblem.unroutedTarget(
          market: "G", rule: "https://shop.example.g/nowhere", target: RouteID(pattern: "/nowhere")
        )
        .description
      ])
  }

  @Test(
    "a takeover planted among generated rules is found at every size, and is the only problem",
    arguments: [10, 100, 1_000])
  func plantedTakeoverIsFound(rules: Int) {
    var market = DeclaredMarket.generated(id: "G", rules: rules)
    market.rules.insert(Self.takeover, at: rules / 2)
    let problems = MarketComposer(catalogue: MarketCatalogue.markets + [market]).problems(of: market)
    #expect(problems.count == 1)
    let message = problems.first?.description ?? ""
    #expect(message.contains("rule `https://shop.example.com/ip/{slug}/{id:int} → /cart` of market G captures"))
    #expect(message.contains("by its rule `https://shop.example.com/ip/{slug}/{id} → /product/{id:int}`"))
  }
}

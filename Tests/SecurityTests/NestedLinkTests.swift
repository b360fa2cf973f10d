import DeepLinkComposition
import DeepLinkCore
import Testing

/// Query values that are themselves links (`Docs/Security.md`, "Nested links"): not carried
/// through a rewrite, not visible to handlers; a free-text capture (search's query) keeps its text.
@Suite struct NestedLinkTests {
  static let markets = ["platform"] + MarketCatalogue.ids

  /// A link with a nested link in its query, and the query items that must remain.
  static let rows: [(link: String, kept: [String])] = [
    ("shop://cart?redirect=https://evil.test/x", []),
    ("shop://cart?redirect=https%3A%2F%2Fevil.test%2Fx", []),  // encoded once
    ("shop://cart?redirect=https%253A%252F%252Fevil.test%252Fx", []),  // encoded twice
    ("shop://cart?next=//evil.test", []),
    ("shop://cart?next=%2F%2Fevil.test", []),
    ("shop://cart?next=%5C%5Cevil.test", []),
    ("shop://cart?u=javascript:alert(1)", []),
    ("shop://cart?u=JavaScript%3Aalert(1)", []),
    ("shop://cart?u=intent://x", []),
    ("shop://cart?u=shop://pay?order_id=1", []),
    ("shop://cart?u=data:text/html,x", []),
    ("shop://cart?u=+https://evil.test", []),  // a leading space
    ("shop://cart?keep=1&redirect=https://evil.test&utm_source=mail", ["keep", "utm_source"]),
    ("shop://product/1?url=https://evil.test", []),
  ]

  @Test("a query value that is a link is not part of the routed link", arguments: markets, rows.indices)
  func nestedLinkIsDropped(market: String, index: Int) throws {
    let row = Self.rows[index]
    let configuration = try DeepLinkAssembly.configuration(market: market == "platform" ? nil : market)
    let decision = configuration.decide(row.link)
    #expect(decision.outcome == .routed, "\(decision.outcome) \(decision.reason?.rawValue ?? "")")
    let routed = try #require(decision.routedLink)
    #expect(routed.queryItems.map(\.name) == row.kept, "\(routed)")
    #expect(!routed.absoluteString.contains("evil"), "\(routed)")
    #expect(!decision.parameters.contains { $0.value.contains("evil") || $0.value.contains("javascript") })
  }

  @Test("a market rewrite does not carry a nested link to the app link")
  func rewriteDropsNestedLink() throws {
    for market in MarketCatalogue.ids {
      let configuration = try DeepLinkAssembly.configuration(market: market)
      for domain in configuration.domains.map(\.name) where !domain.hasPrefix("*") {
        for suffix in ["?redirect=https://evil.test/x", "?redirect=https%253A%252F%252Fevil.test", "?next=//evil.test"]
        {
          let decision = configuration.decide("https://\(domain)/cart\(suffix)")
          if let rewritten = decision.rewrittenTo {
            #expect(!rewritten.absoluteString.contains("evil"), "\(market): \(rewritten)")
          }
          // Only the browser may get the link as it came (a path the app does not open).
          if decision.outcome != .external {
            #expect(!(decision.routedLink?.absoluteString.contains("evil") ?? false), "\(decision.outcome)")
          }
        }
      }
    }
    // The issue's own example.
    let ca = try DeepLinkAssembly.configuration(market: "CA")
    let decision = ca.decide("https://shop.example.ca/fr/panier?redirect=https://evil.test/x")
    #expect(decision.outcome == .routed)
    #expect(decision.rewrittenTo?.absoluteString == "shop://cart")
  }

  @Test("an addRoute handler never sees a nested link; a capture that is not free text may not hold one")
  @MainActor
  func handlerDoesNotSeeNestedLink() async throws {
    let linker = DeepLinker()
    let seen = SeenLinks()
    try linker.configure().add(urlSchemes: [URLScheme("app")]).add(allowedDomains: ["app.example.com"])
      .add(universalLinks: [UniversalLink("https://app.example.com/basket", to: "/cart")])
      .with(notFoundHandler: { seen.notFound.append($0) }).initialize()
    try linker.addRoute("/cart") { link, _ in
      seen.links.append(link)
      return true
    }
    try linker.addRoute("/login?next={next}") { link, _ in
      seen.links.append(link)
      return true
    }
    for input in [
      "app://cart?redirect=https://evil.test", "https://app.example.com/basket?redirect=https%3A%2F%2Fevil.test",
      "app://cart?a=1&next=//evil.test",
    ] {
      #expect(await linker.handle(input) == .handled(route: RouteID(pattern: "/cart")), "\(input)")
    }
    #expect(seen.links.count == 3)
    #expect(seen.links.allSatisfy { !$0.absoluteString.contains("evil") }, "\(seen.links)")
    #expect(seen.links.last?.queryItems.map(\.name) == ["a"])
    // `next` is an ordinary capture: a link in it keeps the link from the handler. From outside, the app
    // shows its not-found, given the scheme alone (`app://`); from inside, it is invalid.
    #expect(await linker.handle("app://login?next=https://evil.test") == .notFound)
    #expect(seen.notFound.map(\.absoluteString) == ["app://"])
    #expect(
      await linker.handle("app://login?next=https://evil.test", source: .inApp) == .invalid(reason: .unsafeParameter))
    #expect(await linker.handle("app://login?next=cart") == .handled(route: RouteID(pattern: "/login?next={next}")))
  }

  @Test("search's query is free text: a link typed into it stays text, while other items holding links go")
  func searchKeepsItsText() throws {
    let configuration = try DeepLinkAssembly.configuration(market: nil)
    let decision = configuration.decide("shop://search?q=https://example.org&redirect=https://evil.test")
    #expect(decision.outcome == .routed)
    #expect(decision.parameters["query"] == "https://example.org")
    #expect(decision.routedLink?.queryItems.map(\.name) == ["q"])
  }
}

@MainActor
final class SeenLinks {
  var links: [DeepLink] = []
  var notFound: [DeepLink] = []
}

import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import PlatformLinks
import Testing

/// The composition rules, checked on configurations built directly with the public API, as a
/// market's rules would be (the catalogue's own markets are checked in `CompositionTests`).
@MainActor
@Suite struct SafeCompositionTests {
  func configure(_ rules: [UniversalLink]) throws -> DeepLinkConfiguration? {
    try DeepLinker.configure().add(urlSchemes: [URLScheme("shop")]).add(allowedDomains: ["shop.example.com"])
      .add(universalLinks: PlatformLinks().universalLinks.filter { $0.pattern.hasPrefix("https://shop.example.com/") })
      .add(universalLinks: rules)
      .initialize().configuration
  }

  @Test("a market rule with the same domain and pattern as a platform rule is a conflict naming both")
  func conflict() {
    #expect(
      throws: DeepLinkConfigurationError.conflictingRewrites(
        existing: "https://shop.example.com/cart", new: "https://shop.example.com/cart")
    ) {
      try configure([UniversalLink("https://shop.example.com/cart", to: .orders)])
    }
  }

  @Test("declared as an override, the same rule replaces the platform's")
  func override() throws {
    let configuration = try #require(
      try configure([
        UniversalLink("https://shop.example.com/cart", to: .checkout, isOverride: true)
      ]))
    #expect(configuration.decide("https://shop.example.com/cart").rewrittenTo?.absoluteString == "shop://checkout")
    #expect(configuration.universalLinks.filter { $0.pattern == "https://shop.example.com/cart" }.count == 1)
  }

  @Test("a rule that does not supply a required parameter of its target fails, naming the rule")
  func missingParameter() {
    do {
      _ = try configure([UniversalLink("https://shop.example.com/produit", to: .product)])
      Issue.record("expected an error")
    } catch {
      #expect(String(describing: error).contains("https://shop.example.com/produit"))
      #expect(String(describing: error).contains("`id`"))
    }
  }

  @Test("a rewrite only ever produces a platform link")
  func rewriteTargetsAppLinks() {
    #expect(
      throws: DeepLinkConfigurationError.invalidRewrite(
        .targetIsNotAppLink(source: "https://shop.example.com/x", target: "https://evil.example.org/"))
    ) {
      try configure([UniversalLink("https://shop.example.com/x", to: "https://evil.example.org/")])
    }
  }
}

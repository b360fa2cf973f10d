import DeepLinkCore
import Testing

/// The examples of Docs/RoutePatterns.md, run.
@Suite struct RoutePatternsExamples {
  @Test("building a table from pattern text")
  func tableFromText() throws {
    var builder = RouteTable<String>.Builder()
    try builder.add("/product/{id:int}", value: "product")
    try builder.add("/fr/panier", caseInsensitive: true, value: "cart")
    let table = builder.build()

    #expect(table.match(try DeepLink("shop://product/12"))?.value == "product")
    #expect(table.match(try DeepLink("shop://FR/Panier"))?.value == "cart")
  }

  @Test("case")
  func caseInsensitive() throws {
    let pattern = try RoutePattern("https://shop.example.ca/fr/panier/{id}", caseInsensitive: true)
    // matches https://shop.example.ca/FR/Panier/AbC with id = "AbC"

    var builder = RouteTable<String>.Builder()
    try builder.add(pattern, value: "cart")
    #expect(builder.build().match(try DeepLink("https://shop.example.ca/FR/Panier/AbC"))?.parameters == ["id": "AbC"])
  }

  @Test("reverse routing")
  func reverseRouting() throws {
    let search = try RoutePattern("/search?q={query}")
    let query = try search.link(["query": "red shoes & socks"], scheme: "shop").absoluteString
    // "shop://search?q=red%20shoes%20%26%20socks"

    let docs = try RoutePattern("/docs/{rest...}").link(["rest": "a/b c"], scheme: "shop").absoluteString
    // "shop://docs/a/b%20c"

    let cart = try RoutePattern("https://*.shop.example.ca/cart").link([:], host: "www.shop.example.ca").absoluteString
    // "https://www.shop.example.ca/cart"

    #expect(query == "shop://search?q=red%20shoes%20%26%20socks")
    #expect(docs == "shop://docs/a/b%20c")
    #expect(cart == "https://www.shop.example.ca/cart")
  }
}

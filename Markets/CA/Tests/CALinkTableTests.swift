import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import Testing

/// Every CA row of the brief's `LINKS.md`, in both languages, decided through the composed CA market.
@Suite struct CALinkTableTests {
  static let configuration = try! DeepLinkAssembly.configuration(market: "CA")

  static let en: DeepLinkParameters = ["locale": "en"]
  static let fr: DeepLinkParameters = ["locale": "fr"]

  static let rows: [DecisionExpectation] = [
    // Products
    .init(
      "https://shop.example.ca/en/ip/desk/123", route: "/product/{id:int}",
      parameters: ["id": "123", "slug": "desk", "locale": "en"]),
    .init(
      "https://shop.example.ca/fr/ip/bureau/123", route: "/product/{id:int}",
      parameters: ["id": "123", "slug": "bureau", "locale": "fr"]),
    .init(
      "https://www.shop.example.ca/ip/desk/123", route: "/product/{id:int}", parameters: ["id": "123", "slug": "desk"]),
    // Search
    .init(
      "https://shop.example.ca/en/search?q=desk", route: "/search?q={query}",
      parameters: ["query": "desk", "locale": "en"]),
    .init(
      "https://shop.example.ca/fr/recherche?q=chaise+haute", route: "/search?q={query}",
      parameters: ["query": "chaise haute", "locale": "fr"]),
    // Cart
    .init("https://shop.example.ca/en/cart", route: "/cart", parameters: en, barriers: []),
    .init("https://shop.example.ca/fr/panier", route: "/cart", parameters: fr, barriers: []),
    // Categories
    .init(
      "https://shop.example.ca/en/browse/office/45", route: "/category/{id:int}",
      parameters: ["id": "45", "slug": "office", "locale": "en"]),
    .init(
      "https://shop.example.ca/fr/parcourir/bureau/45", route: "/category/{id:int}",
      parameters: ["id": "45", "slug": "bureau", "locale": "fr"]),
    // Orders
    .init(
      "https://shop.example.ca/en/account/orders/77", route: "/orders/{id:int}",
      parameters: ["id": "77", "locale": "en"], barriers: ["authentication"]),
    .init(
      "https://shop.example.ca/fr/compte/commandes/77", route: "/orders/{id:int}",
      parameters: ["id": "77", "locale": "fr"], barriers: ["authentication"]),
    // Flyer: the CA-only plugin
    .init(
      "https://shop.example.ca/en/flyer/3021", route: "/flyer/{store_id:int}",
      parameters: ["store_id": "3021", "locale": "en"]),
    .init(
      "https://shop.example.ca/fr/circulaire/3021", route: "/flyer/{store_id:int}",
      parameters: ["store_id": "3021", "locale": "fr"]),
    .init("shopca://flyer/3021", route: "/flyer/{store_id:int}", parameters: ["store_id": "3021"]),
    .init("shopca://ca/flyer/3021", route: "/flyer/{store_id:int}", parameters: ["store_id": "3021"]),
    // The market scheme with and without its custom host
    .init("shopca://ca/product/123", route: "/product/{id:int}", parameters: ["id": "123"]),
    .init("shopca://product/123", route: "/product/{id:int}", parameters: ["id": "123"]),
    .init("shopca://ca/cart", route: "/cart", parameters: [:], barriers: []),
    .init(
      "shopca://ca/pay?order_id=9", route: "/pay?order_id={order_id:int}", parameters: ["order_id": "9"],
      barriers: ["authentication", "confirmation"]),
    // The platform's own links still open in the CA app
    .init("shop://product/123", route: "/product/{id:int}", parameters: ["id": "123"]),
    .init(
      "https://shop.example.com/ip/desk/123", route: "/product/{id:int}", parameters: ["id": "123", "slug": "desk"],
      barriers: []),
    // Other paths on the market's domains go to the browser
    .init("https://shop.example.ca/en/about-us", outcome: .external),
    .init("https://shop.example.ca/de/cart", outcome: .external),
    // A product id that is not digits: the app cannot open it, so the browser shows the page
    .init("https://shop.example.ca/fr/ip/bureau/abc", outcome: .external),
    // Not ours
    .init("https://shop.example.ca.evil.com/fr/panier", outcome: .external),
    .init("shopmx://mx/cart", outcome: .invalid),
    .init("shopca://ca/nowhere", outcome: .notFound),
  ]

  @Test("every CA link decides as the brief's LINKS.md says", arguments: rows)
  func link(_ row: DecisionExpectation) {
    expectDecision(row, in: Self.configuration)
  }

  @Test(
    "casing of the host, a trailing slash and an extra query item do not change the decision",
    arguments: rows.filter { $0.link.hasPrefix("https://shop.example.ca/") && $0.outcome == .routed })
  func variants(_ row: DecisionExpectation) {
    expectWebVariants(of: row, in: Self.configuration)
  }

  @Test("web path literals ignore case")
  func pathCase() {
    #expect(Self.configuration.decide("https://shop.example.ca/FR/Panier").route?.description == "/cart")
  }
}

/// The search rewrite keeps the link's query as it is (`q`, then what travels); a free-text
/// value that is a link stays in both links, a nested link beside it leaves both.
@Suite struct CASearchQueryTests {
  struct Row: Sendable, CustomTestStringConvertible {
    let link: String
    let rewrittenTo: String
    let query: String
    var testDescription: String { link }
  }

  static let rows: [Row] = [
    Row(
      link: "https://www.shop.example.ca/fr/recherche?q=bureau&utm_source=mail",
      rewrittenTo: "shop://search?q=bureau&utm_source=mail", query: "bureau"),
    Row(
      link: "https://www.shop.example.ca/fr/recherche?q=https://evil.test",
      rewrittenTo: "shop://search?q=https://evil.test", query: "https://evil.test"),
    Row(
      link: "https://www.shop.example.ca/fr/recherche?q=https://evil.test&utm_source=mail",
      rewrittenTo: "shop://search?q=https://evil.test&utm_source=mail", query: "https://evil.test"),
    Row(
      link: "https://shop.example.ca/fr/recherche?q=bureau&next=https://evil.test",
      rewrittenTo: "shop://search?q=bureau", query: "bureau"),
    Row(
      link: "https://shop.example.ca/fr/recherche?utm_source=mail&q=bureau",
      rewrittenTo: "shop://search?q=bureau&utm_source=mail", query: "bureau"),
  ]

  @Test("the rewritten link and the handler's values", arguments: rows)
  func search(_ row: Row) throws {
    let decision = CALinkTableTests.configuration.decide(row.link)
    #expect(decision.outcome == .routed)
    #expect(decision.rewrittenTo?.absoluteString == row.rewrittenTo)
    #expect(decision.parameters["query"] == row.query)
    let link = try #require(decision.link)
    #expect(!link.queryItems.contains { $0.name == "next" })
  }
}

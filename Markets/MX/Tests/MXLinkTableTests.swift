import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import Testing

/// Every MX row of the brief's `LINKS.md`, decided through the composed MX market.
@Suite struct MXLinkTableTests {
  static let configuration = try! DeepLinkAssembly.configuration(market: "MX")

  static let rows: [DecisionExpectation] = [
    .init(
      "https://shop.example.com.mx/producto/escritorio/123", route: "/product/{id:int}",
      parameters: ["id": "123", "slug": "escritorio"]),
    .init(
      "https://www.shop.example.com.mx/ip/desk/123", route: "/product/{id:int}",
      parameters: ["id": "123", "slug": "desk"]),
    .init("https://shop.example.com.mx/buscar?q=silla", route: "/search?q={query}", parameters: ["query": "silla"]),
    .init("https://shop.example.com.mx/carrito", route: "/cart", parameters: [:], barriers: []),
    .init(
      "https://shop.example.com.mx/categoria/oficina/45", route: "/category/{id:int}",
      parameters: ["id": "45", "slug": "oficina"]),
    .init(
      "https://shop.example.com.mx/mis-pedidos/77", route: "/orders/{id:int}", parameters: ["id": "77"],
      barriers: ["authentication"]),
    // Pay in store: the MX-only plugin, behind authentication and confirmation
    .init(
      "https://shop.example.com.mx/pago-en-tienda/ABC123DEF456", route: "/pay-in-store/{reference}",
      parameters: ["reference": "ABC123DEF456"], barriers: ["authentication", "confirmation"]),
    .init(
      "https://shop.example.com.mx/pago-en-tienda/1234567890", route: "/pay-in-store/{reference}",
      parameters: ["reference": "1234567890"], barriers: ["authentication", "confirmation"]),
    .init(
      "https://shop.example.com.mx/pago-en-tienda/12345678901234567890", route: "/pay-in-store/{reference}",
      parameters: ["reference": "12345678901234567890"], barriers: ["authentication", "confirmation"]),
    .init("https://shop.example.com.mx/pago-en-tienda/SHORT", outcome: .notFound),
    .init("https://shop.example.com.mx/pago-en-tienda/123456789012345678901", outcome: .notFound),
    .init("https://shop.example.com.mx/pago-en-tienda/ABC-123-DEF-456", outcome: .notFound),
    .init(
      "shopmx://mx/pay-in-store/ABC123DEF456", route: "/pay-in-store/{reference}",
      parameters: ["reference": "ABC123DEF456"], barriers: ["authentication", "confirmation"]),
    // The market scheme with and without its custom host
    .init("shopmx://mx/cart", route: "/cart", parameters: [:], barriers: []),
    .init("shopmx://cart", route: "/cart", parameters: [:], barriers: []),
    .init("shopmx://mx/product/5", route: "/product/{id:int}", parameters: ["id": "5"]),
    // Platform links still open
    .init("shop://cart", route: "/cart", parameters: [:], barriers: []),
    .init(
      "https://www.shop.example.com/cp/office/45", route: "/category/{id:int}",
      parameters: ["id": "45", "slug": "office"]),
    // Other paths and foreign links
    .init("https://shop.example.com.mx/ayuda", outcome: .external),
    .init("https://shop.example.com.mx.evil.com/carrito", outcome: .external),
    .init("shopca://ca/cart", outcome: .invalid),
  ]

  @Test("every MX link decides as the brief's LINKS.md says", arguments: rows)
  func link(_ row: DecisionExpectation) {
    expectDecision(row, in: Self.configuration)
  }

  @Test(
    "casing of the host, a trailing slash and an extra query item do not change the decision",
    arguments: rows.filter { $0.link.hasPrefix("https://shop.example.com.mx/") && $0.outcome == .routed })
  func variants(_ row: DecisionExpectation) {
    expectWebVariants(of: row, in: Self.configuration)
  }
}

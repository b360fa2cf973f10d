import DeepLinkComposition
import DeepLinkCore
import Testing

/// Query items that shadow a routed parameter (`Docs/Security.md`, "One value per name"): the
/// decision's parameters, its `link`, its `rewrittenTo` and the routed link carry one value per
/// name, the routed one.
@Suite struct ShadowedParameterTests {
  /// A link, its route and parameters, and the query of the link a handler sees and of
  /// `rewrittenTo` (`nil`: no rewrite).
  struct Row: Sendable, CustomTestStringConvertible {
    let market: String
    let link: String
    let route: String
    let parameters: [String: String]
    let rewrittenTo: String?
    let linkQuery: [String]
    var testDescription: String { "\(market): \(link)" }
  }

  static let rows: [Row] = [
    Row(
      market: "CA", link: "https://shop.example.ca/fr/panier?locale=..%2F..%2Fx", route: "/cart",
      parameters: ["locale": "fr"], rewrittenTo: "shop://cart", linkQuery: []),
    Row(
      market: "CA", link: "https://shop.example.ca/fr/panier?locale=fr", route: "/cart",
      parameters: ["locale": "fr"], rewrittenTo: "shop://cart?locale=fr", linkQuery: ["locale=fr"]),
    Row(
      market: "CA", link: "https://shop.example.ca/en/ip/standing-desk/123?id=999&slug=x&utm_source=mail",
      route: "/product/{id:int}", parameters: ["id": "123", "locale": "en", "slug": "standing-desk"],
      rewrittenTo: "shop://product/123?utm_source=mail", linkQuery: ["utm_source=mail"]),
    Row(
      market: "CA", link: "https://shop.example.ca/en/flyer/77?store_id=1&store_id=77", route: "/flyer/{store_id:int}",
      parameters: ["store_id": "77", "locale": "en"], rewrittenTo: "shop://flyer/77", linkQuery: []),
    Row(
      market: "CA", link: "https://shop.example.ca/fr/recherche?q=bureau&query=x&locale=en", route: "/search?q={query}",
      parameters: ["query": "bureau", "locale": "fr"], rewrittenTo: "shop://search?q=bureau", linkQuery: ["q=bureau"]),
    Row(
      market: "MX", link: "https://shop.example.com.mx/pago-en-tienda/ABC1234567?reference=../x",
      route: "/pay-in-store/{reference}", parameters: ["reference": "ABC1234567"],
      rewrittenTo: "shop://pay-in-store/ABC1234567", linkQuery: []),
    Row(
      market: "MX", link: "https://shop.example.com.mx/producto/escritorio/123?slug=..&id=1",
      route: "/product/{id:int}",
      parameters: ["id": "123", "slug": "escritorio"], rewrittenTo: "shop://product/123", linkQuery: []),
    Row(
      market: "platform", link: "shop://product/1?id=2", route: "/product/{id:int}", parameters: ["id": "1"],
      rewrittenTo: nil, linkQuery: []),
    Row(
      market: "platform", link: "shop://pay?order_id=5&order_id=6", route: "/pay?order_id={order_id:int}",
      parameters: ["order_id": "5"], rewrittenTo: nil, linkQuery: ["order_id=5"]),
    Row(
      market: "platform", link: "shop://search?q=desk&query=..%2Fx", route: "/search?q={query}",
      parameters: ["query": "desk"], rewrittenTo: nil, linkQuery: ["q=desk"]),
    Row(
      market: "platform", link: "shop://cart?utm_source=mail", route: "/cart", parameters: [:], rewrittenTo: nil,
      linkQuery: ["utm_source=mail"]),
    Row(
      market: "CA", link: "shopca://ca/product/7?id=8", route: "/product/{id:int}", parameters: ["id": "7"],
      rewrittenTo: "shop://product/7", linkQuery: []),
  ]

  @Test("a query item never shadows a routed parameter in any form of the decision", arguments: rows)
  func oneValuePerName(row: Row) throws {
    let configuration = try DeepLinkAssembly.configuration(market: row.market == "platform" ? nil : row.market)
    let decision = configuration.decide(row.link)
    #expect(decision.outcome == .routed, "\(decision.outcome) \(decision.reason?.rawValue ?? "-")")
    #expect(decision.route?.description == row.route)
    #expect(decision.parameters.dictionary == row.parameters)
    #expect(decision.rewrittenTo?.absoluteString == row.rewrittenTo)
    let routed = try #require(decision.routedLink)
    #expect(routed.queryItems.map { "\($0.name)=\($0.value ?? "")" } == row.linkQuery)
    for form in [decision.link, decision.rewrittenTo].compactMap(\.self) {
      for item in form.queryItems {
        if let value = decision.parameters[item.name] { #expect(item.value == value, "\(form)") }
      }
    }
  }
}

import DeepLinkComposition
import DeepLinkCore
import Testing

/// Nested links in disguise (`Docs/Security.md`, "Nested links"): a query value is judged after
/// NFKC, with leading spaces and invisible characters ignored and up to four more
/// percent-decodings undone (past that, the item is refused); the free-text exception keeps the
/// captured item alone.
@Suite struct DisguisedNestedLinkTests {
  static let markets = ["platform"] + MarketCatalogue.ids

  /// Disguised link values, as written in a query.
  static let disguises: [String] = [
    "%EF%BB%BFhttps://evil.test",  // a byte-order mark first
    "%C2%A0//evil.test",  // a no-break space first
    "%E2%80%83%E2%80%8B//evil.test",  // an em space and a zero-width space
    "%E3%85%A4https://evil.test",  // a Hangul filler (U+3164), invisible, not a format character
    "%E2%81%A0javascript:alert(1)",  // a word joiner
    "https%EF%BC%9A%EF%BC%8F%EF%BC%8Fevil.test",  // full-width colon and solidi
    "%EF%BD%88ttps://evil.test",  // a full-width h
    "%EF%BC%8F%EF%BC%8Fevil.test",  // full-width solidi
    "%EF%BC%BC%EF%BC%BCevil.test",  // full-width reverse solidi
    "https%253A%252F%252Fevil.test",  // encoded twice
    "https%25253A%25252F%25252Fevil.test",  // three times
    "https%2525253A%2525252F%2525252Fevil.test",  // four times
    "https%252525253A%252525252F%252525252Fevil.test",  // five in all: the parser's and four more
    "%252525252541",  // anything still encoded past the bound (six in all)
    "%25EF%25BC%258F%25EF%25BC%258Fevil.test",  // full-width, encoded twice
  ]

  @Test("a disguised link is not carried by a rewrite or seen by a handler", arguments: markets, disguises)
  func disguised(market: String, value: String) throws {
    let configuration = try DeepLinkAssembly.configuration(market: market == "platform" ? nil : market)
    let links: [String] =
      switch market {
      case "CA": ["https://shop.example.ca/fr/panier?keep=1&next=\(value)", "shopca://ca/cart?keep=1&next=\(value)"]
      case "MX": ["https://shop.example.com.mx/carrito?keep=1&next=\(value)", "shopmx://mx/cart?keep=1&next=\(value)"]
      default: ["shop://cart?keep=1&next=\(value)", "https://shop.example.com/cart?keep=1&next=\(value)"]
      }
    for link in links {
      let decision = configuration.decide(link)
      #expect(decision.outcome == .routed, "\(link): \(decision.outcome)")
      #expect(decision.route?.description == "/cart")
      for form in [decision.link, decision.rewrittenTo, decision.routedLink].compactMap(\.self) {
        #expect(form.queryItems.map(\.name) == ["keep"], "\(link): \(form)")
      }
    }
  }

  @Test("a capture that is not free text refuses a disguised link", arguments: disguises)
  @MainActor
  func capturedDisguise(value: String) throws {
    let linker = DeepLinker()
    try linker.configure().add(urlSchemes: [URLScheme("app")]).initialize()
    try linker.addRoute("/login?next={next}") { _, _ in true }
    let configuration = try #require(linker.configuration)
    UnsafeValueDecision.expectRefused("app://login?next=\(value)", by: configuration)
    #expect(configuration.decide("app://login?next=cart").outcome == .routed)
  }

  /// Values that are not links and travel on.
  static let plainValues: [String] = [
    "caf%C3%A9", "100%25", "%EF%BD%88ello", "10:30", "%E2%80%8Bmail", "https", "%2525252541",
  ]

  @Test("a value that is not a link travels on", arguments: plainValues)
  func plain(value: String) throws {
    let configuration = try DeepLinkAssembly.configuration(market: "CA")
    let decision = configuration.decide("https://shop.example.ca/fr/panier?utm=\(value)")
    #expect(decision.outcome == .routed)
    #expect(decision.rewrittenTo?.queryItems.map(\.name) == ["utm"])
  }

  /// Free text: only the captured item keeps its link.
  struct FreeTextRow: Sendable, CustomTestStringConvertible {
    let market: String
    let link: String
    let query: String
    let rewrittenQuery: [String]?
    let linkQuery: [String]
    var testDescription: String { "\(market): \(link)" }
  }

  static let freeTextRows: [FreeTextRow] = [
    FreeTextRow(
      market: "platform", link: "shop://search?q=https://evil.test&next=https://evil.test", query: "https://evil.test",
      rewrittenQuery: nil, linkQuery: ["q"]),
    FreeTextRow(
      market: "platform", link: "shop://search?next=https://evil.test&q=https://evil.test", query: "https://evil.test",
      rewrittenQuery: nil, linkQuery: ["q"]),
    FreeTextRow(
      market: "platform", link: "shop://search?q=https://evil.test&q=https://evil.test", query: "https://evil.test",
      rewrittenQuery: nil, linkQuery: ["q"]),
    FreeTextRow(
      market: "platform", link: "shop://search?q=https://evil.test&next=%EF%BD%88ttps://evil.test",
      query: "https://evil.test", rewrittenQuery: nil, linkQuery: ["q"]),
    FreeTextRow(
      market: "CA", link: "shopca://search?q=https://evil.test&next=https://evil.test", query: "https://evil.test",
      rewrittenQuery: ["q"], linkQuery: ["q"]),
    FreeTextRow(
      market: "CA", link: "https://shop.example.ca/fr/recherche?q=https://evil.test&next=https://evil.test",
      query: "https://evil.test", rewrittenQuery: ["q"], linkQuery: ["q"]),
    FreeTextRow(
      market: "MX", link: "https://shop.example.com.mx/buscar?next=https://evil.test&q=https://evil.test",
      query: "https://evil.test", rewrittenQuery: ["q"], linkQuery: ["q"]),
  ]

  @Test("the free-text exception keeps the captured item alone", arguments: freeTextRows)
  func freeText(row: FreeTextRow) throws {
    let configuration = try DeepLinkAssembly.configuration(market: row.market == "platform" ? nil : row.market)
    let decision = configuration.decide(row.link)
    #expect(decision.outcome == .routed)
    #expect(decision.route?.description == "/search?q={query}")
    #expect(decision.parameters["query"] == row.query)
    #expect(decision.rewrittenTo?.queryItems.map(\.name) == row.rewrittenQuery)
    #expect(decision.link?.queryItems.map(\.name) == row.linkQuery)
  }
}

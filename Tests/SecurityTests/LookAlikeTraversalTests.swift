import DeepLinkComposition
import DeepLinkCore
import Testing

/// Look-alike traversal in captured values, raw invalid UTF-8 and hosts browsers reject
/// (`Docs/Security.md`, "Captured values", "Raw bytes" and "Hosts"), against the composed
/// configuration of the platform and of every market.
@Suite struct LookAlikeTraversalTests {
  static let markets = ["platform"] + MarketCatalogue.ids

  static func configuration(_ market: String) throws -> DeepLinkConfiguration {
    try DeepLinkAssembly.configuration(market: market == "platform" ? nil : market)
  }

  /// Captured values that read as a traversal, a slash or an invisible control once a system
  /// downstream normalises them (NFKC): each keeps the link from any route (`UnsafeValueDecision`).
  static let traversals: [String] = [
    "shop://transaction/...",  // two dots in a row (issue 28)
    "shop://transaction/%2e%2e%2e",
    "https://shop.example.com/ip/desk%252f..%252f..%252faccount/1",
    "shop://transaction/..%EF%BC%8F..%EF%BC%8Faccount",  // ．．／ with U+FF0F
    "shop://transaction/..\u{FF0F}..\u{FF0F}account",  // the same, raw
    "shop://transaction/..%E2%81%84account",  // U+2044 fraction slash
    "shop://transaction/a%E2%88%95b",  // U+2215 division slash
    "shop://transaction/..%EF%BC%BCaccount",  // U+FF3C full-width backslash
    "shop://transaction/a%EF%B9%A8b",  // U+FE68 small reverse solidus
    "shop://transaction/%EF%BC%8E%EF%BC%8E",  // ．． → ..
    "shop://transaction/%EF%BC%8E",  // ． → .
    "shop://transaction/%E2%80%A5",  // ‥ → ..
    "shop://transaction/%E2%80%A4%E2%80%A4",  // ․․ → ..
    "shop://transaction/%EF%B9%92%EF%B9%92",  // ﹒﹒ → ..
    "shop://transaction/%E3%80%82%E3%80%82",  // ideographic full stops
    "shop://transaction/abc%E2%80%AE",  // U+202E right-to-left override
    "shop://transaction/abc%E2%81%A6x",  // U+2066 left-to-right isolate
    "shop://transaction/ab%E2%80%8Bc",  // U+200B zero-width space
    "shop://transaction/ab%EF%BB%BFc",  // U+FEFF zero-width no-break space
    "shop://transaction/ab\u{200D}c",  // U+200D zero-width joiner, raw
    "shop://transaction/ab%E2%80%A8c",  // U+2028 line separator
    "shop://search?q=red%E2%80%AEshoes",  // free text is not exempt from bidi controls
    "shop://search?q=red%E2%80%8Bshoes",  // nor from zero-width characters
  ]

  @Test(
    "a captured value that normalises to a slash, a dot segment or holds an invisible control is refused",
    arguments: markets, traversals)
  func lookAlikeTraversalIsRefused(market: String, link: String) throws {
    UnsafeValueDecision.expectRefused(link, by: try Self.configuration(market))
  }

  /// Values that must still route: ordinary non-ASCII text, and free text (search's query),
  /// which is exempt from the slash and dot part of the rule.
  static let accepted: [(link: String, route: String, parameters: [String: String])] = [
    ("shop://transaction/caf%C3%A9", "/transaction/{transaction_id}", ["transaction_id": "café"]),
    ("shop://transaction/%E6%BC%A2%E5%AD%97", "/transaction/{transaction_id}", ["transaction_id": "漢字"]),
    ("shop://transaction/a.b", "/transaction/{transaction_id}", ["transaction_id": "a.b"]),
    ("shop://transaction/.a.b.", "/transaction/{transaction_id}", ["transaction_id": ".a.b."]),
    ("shop://search?q=...", "/search?q={query}", ["query": "..."]),
    ("shop://search?q=a%EF%BC%8Fb", "/search?q={query}", ["query": "a／b"]),
    ("shop://search?q=..", "/search?q={query}", ["query": ".."]),
    ("shop://search?q=AC%2FDC", "/search?q={query}", ["query": "AC/DC"]),
    ("shop://search?q=caf%C3%A9+cr%C3%A8me", "/search?q={query}", ["query": "café crème"]),
  ]

  @Test("ordinary non-ASCII values and free text still route", arguments: markets, accepted.indices)
  func legitimateValuesRoute(market: String, index: Int) throws {
    let row = Self.accepted[index]
    let decision = try Self.configuration(market).decide(row.link)
    #expect(decision.outcome == .routed, "\(decision.outcome) \(decision.reason?.rawValue ?? "")")
    #expect(decision.route?.description == row.route)
    for (name, value) in row.parameters { #expect(decision.parameters[name] == value) }
  }

  @Test("`addRoute` declares free text: its free-text capture is exempt from the slash and dot rule, another is not")
  @MainActor
  func addRouteFreeText() throws {
    let linker = DeepLinker()
    try linker.configure().add(urlSchemes: [URLScheme("app")]).initialize()
    try linker.addRoute("/note?text={text}", freeTextParameters: ["text"]) { _, _ in true }
    try linker.addRoute("/file?name={name}") { _, _ in true }
    #expect(linker.canRoute("app://note?text=a/b"))
    #expect(linker.canRoute("app://note?text=.."))
    #expect(!linker.canRoute("app://note?text=a%E2%80%AEb"))
    #expect(!linker.canRoute("app://file?name=a/b"))
    #expect(!linker.canRoute("app://file?name=.."))
    #expect(!linker.canRoute("app://file?name=%EF%BC%8E%EF%BC%8E"))
    #expect(linker.canRoute("app://file?name=a.txt"))
  }

  /// Links as raw bytes with bytes that are not UTF-8, each beside its percent-encoded form and what both are
  /// decided: `invalidUTF8`, kept in the app as its not-found (`notFound`) when the scheme and host are the app's,
  /// `invalid` when the bad byte is in the host.
  static let rawBytes: [(bytes: [UInt8], encoded: String, outcome: DeepLinkOutcome, reason: DeepLinkReason)] = [
    (Array("shop://transaction/".utf8) + [0xC0, 0xAF], "shop://transaction/%C0%AF", .notFound, .invalidUTF8),
    (Array("shop://product/1?q=".utf8) + [0xFF], "shop://product/1?q=%FF", .notFound, .invalidUTF8),
    (Array("shop://search?q=a".utf8) + [0xED, 0xA0, 0x80], "shop://search?q=a%ED%A0%80", .notFound, .invalidUTF8),
    (Array("shop://cart#".utf8) + [0x80], "shop://cart#%80", .notFound, .invalidUTF8),
    (
      Array("https://shop.example.com/ip/d".utf8) + [0xE2, 0x82] + Array("/1".utf8),
      "https://shop.example.com/ip/d%E2%82/1", .notFound, .invalidUTF8
    ),
    (
      Array("https://shop".utf8) + [0xF8] + Array(".example.com/cart".utf8), "https://shop%F8.example.com/cart",
      .invalid, .invalidUTF8
    ),
    (
      Array("shop://transaction/".utf8) + [0xF4, 0x90, 0x80, 0x80], "shop://transaction/%F4%90%80%80", .notFound,
      .invalidUTF8
    ),
  ]

  @Test(
    "raw bytes that are not UTF-8 are refused by the parser and decided exactly as their percent-encoded form",
    arguments: markets, rawBytes.indices)
  func rawInvalidUTF8(market: String, index: Int) throws {
    let row = Self.rawBytes[index]
    let configuration = try Self.configuration(market)
    let raw = configuration.decide(utf8: row.bytes)
    let encoded = configuration.decide(row.encoded)
    #expect(raw.outcome == row.outcome)
    #expect(raw.reason == row.reason)
    #expect(raw.outcome == encoded.outcome)
    #expect(raw.reason == encoded.reason)
    #expect(raw.link == encoded.link)
    #expect(raw.route == nil && raw.browserLink == nil)
    if row.outcome == .notFound { #expect(raw.link?.pathSegments == [] && raw.link?.queryItems == []) }
    #expect(throws: DeepLinkError.self) { try DeepLink(utf8: row.bytes) }
    // What a `String` initialiser would do (U+FFFD) must not be what is decided.
    #expect(raw.input == row.encoded)
  }

  @Test("valid raw bytes are decided as the text they spell")
  func validRawBytes() throws {
    let configuration = try Self.configuration("platform")
    for text in ["shop://cart", "shop://transaction/caf\u{E9}", "https://shop.example.com/ip/desk/1"] {
      let decision = configuration.decide(utf8: Array(text.utf8))
      #expect(decision.outcome == configuration.decide(text).outcome)
      #expect(decision.route?.description == configuration.decide(text).route?.description)
      #expect(try DeepLink(utf8: Array(text.utf8)) == DeepLink(text))
    }
  }

  /// Hosts the WHATWG URL parser rejects (an `xn--` label that is not Punycode, or decodes to
  /// nothing, to ASCII only, to a control or to characters UTS #46 maps), beside hosts it accepts.
  static let punycodeHosts: [(link: String, browserAccepts: Bool)] = [
    ("https://shop.example.ca.xn--/", false),
    ("https://shop.example.ca.xn--./fr/panier", false),
    ("https://xn--/", false),
    ("https://xn--abc-.example/", false),
    ("https://xn--a.example/", false),
    ("https://xn--ab-.example/", false),
    ("https://xn--zz.example/", false),
    // Labels that decode, to characters UTS #46 maps (issue 28): the browser refuses them too.
    ("http://a.b.c.xn--pokxncvks", false),  // circled numbers and squared letters
    ("https://xn--pokxncvks.example/", false),
    ("https://xn--cher-zra77610b.example/", false),  // a full-width b
    ("https://xn--tda703w.example/", false),  // U+3231, parenthesised ideograph
    ("https://xn--tda3219j.example/", false),  // the ligature fi
    ("https://xn--bucher-xyd.example/", false),  // u and a combining diaeresis: not NFC
    ("https://xn--bcher-2pa.example/", false),  // an upper-case Ü
    ("https://xn--9ca.example/", true),  // é
    ("https://xn--ls8h.la/", true),
    ("https://www.xn--bcher-kva.de/", true),
    ("https://xn--mnchen-3ya.de/", true),
    ("https://my-shop.example/", true),
  ]

  @Test(
    "a host the browser rejects for its xn-- label is invalid, not external", arguments: markets,
    punycodeHosts.indices)
  func browserRejectedHost(market: String, index: Int) throws {
    let row = Self.punycodeHosts[index]
    let decision = try Self.configuration(market).decide(row.link)
    if row.browserAccepts {
      #expect(decision.outcome == .external, "\(decision.reason?.rawValue ?? "")")
    } else {
      #expect(decision.outcome == .invalid)
      #expect(decision.reason == .invalidHost)
    }
  }
}

import DeepLinkCore
import DeepLinkTesting
import Testing

@MainActor
@Suite struct DecisionTests {
  struct Row: Sendable, CustomStringConvertible {
    let link: String
    let outcome: DeepLinkOutcome
    let route: String?
    let reason: String?
    init(_ link: String, _ outcome: DeepLinkOutcome, route: String? = nil, reason: String? = nil) {
      self.link = link
      self.outcome = outcome
      self.route = route
      self.reason = reason
    }
    var description: String { link }
  }

  nonisolated static let rows: [Row] = [
    Row("shop://product/123", .routed, route: "/product/{id:int}"),
    Row("shop:///product/123", .routed, route: "/product/{id:int}"),
    Row("shop:/product/123/", .routed, route: "/product/{id:int}"),
    Row("SHOP://product/123", .routed, route: "/product/{id:int}"),
    Row("shopca://ca/product/7", .routed, route: "/product/{id:int}"),
    Row("shopca://CA/cart", .routed, route: "/cart"),
    Row("shopca://product/7", .routed, route: "/product/{id:int}"),
    Row("shop://product/abc", .notFound, reason: "noRoute"),
    Row("shop://nowhere", .notFound, reason: "noRoute"),
    Row("https://shop.example.com/ip/desk/123", .routed, route: "/product/{id:int}"),
    Row("https://SHOP.example.com/IP/desk/123?utm_source=mail", .routed, route: "/product/{id:int}"),
    Row("https://SHOP.example.com./IP/desk/123?utm_source=mail", .notFound, reason: "foreignHost"),
    Row("https://shop.example.com/fr/panier", .routed, route: "/cart"),
    Row("https://shop.example.com/about", .external, reason: "unmatchedWebPath"),
    Row("https://evil.example.com/ip/desk/123", .external, reason: "foreignHost"),
    Row("https://shop.example.com.evil.com/cart", .external, reason: "foreignHost"),
    Row("https://shop.example.com:8443/fr/panier", .notFound, reason: "nonDefaultPort"),
    Row("http://shop.example.com:8443/fr/panier", .external, reason: "nonDefaultPort"),
    Row("http://shop.example.com/fr/panier", .external, reason: "cleartextWebLink"),
    Row("http://shop.example.com/about", .external, reason: "cleartextWebLink"),
    Row("https://user@shop.example.com/cart", .notFound, reason: "userInfo"),
    Row("https://shop.example.com@attacker.test/cart", .invalid, reason: "userInfo"),
    Row("https://shop.example.com/fr%2Fpanier", .notFound, reason: "encodedSlash"),
    Row("javascript:alert(1)", .invalid, reason: "unregisteredScheme"),
    Row("file:///etc/passwd", .invalid, reason: "unregisteredScheme"),
    Row("shop://transaction/789", .routed, route: "/transaction/{transaction_id}"),
    Row("shop://pay?order_id=5", .routed, route: "/pay?order_id={order_id}"),
    Row("shop://pay", .notFound, reason: "noRoute"),
  ]

  @Test("every link gets exactly one outcome", arguments: rows)
  func outcome(_ row: Row) throws {
    let fixture = try Fixture()
    let decision = try #require(fixture.linker.configuration).decide(row.link)
    #expect(decision.outcome == row.outcome)
    #expect(decision.route?.description == row.route)
    #expect(decision.reason?.rawValue == row.reason)
    #expect(fixture.linker.canRoute(row.link) == (row.outcome == .routed))
  }

  @Test("a rewrite passes extra parameters on and keeps unconsumed query items")
  func rewriteParameters() throws {
    let fixture = try Fixture()
    let configuration = try #require(fixture.linker.configuration)
    let cart = configuration.decide("https://shop.example.com/fr/panier?utm_source=x")
    #expect(cart.parameters == ["locale": "fr"])
    #expect(cart.rewrittenTo?.absoluteString == "shop://cart?utm_source=x")
    let product = configuration.decide("https://shop.example.com/ip/desk/123")
    #expect(product.parameters == ["id": "123", "slug": "desk"])
    #expect(product.rewrittenTo?.absoluteString == "shop://product/123")
  }

  @Test("barriers: route barriers, then confirmation only for state-changing links from outside")
  func barriers() throws {
    let fixture = try Fixture()
    let configuration = try #require(fixture.linker.configuration)
    #expect(configuration.decide("shop://pay?order_id=5").barriers == ["authentication", "confirmation"])
    #expect(configuration.decide("shop://pay?order_id=5", source: .inApp).barriers == ["authentication"])
    #expect(configuration.decide("shop://orders/9").barriers == ["authentication"])
    #expect(configuration.decide("shop://cart").barriers == [])
  }

  @Test("a mandatory barrier applies to every link, first")
  func mandatoryBarrier() throws {
    let gate = ControlledBarrier(name: "consent", isSatisfied: true)
    let fixture = try Fixture { $0.set(mandatoryBarrier: gate) }
    let configuration = try #require(fixture.linker.configuration)
    #expect(configuration.decide("shop://cart").barriers == ["consent"])
    #expect(configuration.decide("shop://pay?order_id=1").barriers == ["consent", "authentication", "confirmation"])
  }

  @Test("filters: excluded is ignored, blacklist beats whitelist")
  func filters() throws {
    let fixture = try Fixture {
      $0.add(excludedSchemes: ["shopca"]).add(blacklistHosts: ["*.shop.example.com"])
        .add(whitelistHosts: ["shop.example.com", "m.shop.example.com"])
    }
    let configuration = try #require(fixture.linker.configuration)
    #expect(configuration.decide("shopca://cart").outcome == .ignored)
    #expect(configuration.decide("https://m.shop.example.com/cart").outcome == .forbidden)
    #expect(configuration.decide("https://m.shop.example.com/cart").reason == .blacklistedHost)
    #expect(configuration.decide("https://other.example.org/").reason == .notWhitelistedHost)
    #expect(configuration.decide("https://shop.example.com/fr/panier").outcome == .routed)
  }

  @Test("explain-style tracing records every stage")
  func tracing() throws {
    let fixture = try Fixture()
    let decision = try #require(fixture.linker.configuration).decide(
      "https://shop.example.com/ip/desk/1", tracing: true)
    #expect(decision.trace.map(\.stage) == [.parse, .admit, .rewrite, .match, .match])
    #expect(try #require(fixture.linker.configuration).decide("shop://cart").trace.isEmpty)
  }

  @Test("the match walk that decides is the one traced: each table route it met, in order, with its fate")
  func matchWalk() throws {
    let fixture = try Fixture()
    try fixture.linker.addRoute("/store/{id:int}") { _, _ in true }
    try fixture.linker.addRoute("/store/{name}") { _, _ in true }
    let configuration = try #require(fixture.linker.configuration)
    let (decision, walked) = configuration.tracedDecision("shop://store/9")
    #expect(decision.route?.description == "/store/{id:int}")
    #expect(walked.map(\.route.description) == ["/store/{id:int}", "/store/{name}"])
    #expect(walked.map(\.verdict) == [.taken, .lost])
    #expect(
      decision.trace.map(\.detail).contains("table candidates, most specific first: `/store/{id:int}`, `/store/{name}`")
    )
    #expect(configuration.tracedDecision("shop://store/abc").candidates.map(\.verdict) == [.taken])
  }

  @Test("deciding from many tasks at once gives the same decisions as one by one")
  func concurrentDecisions() async throws {
    let fixture = try Fixture()
    let configuration = try #require(fixture.linker.configuration)
    let links = Self.rows.map(\.link)
    let sequential = links.map { configuration.decide($0).route?.description }
    let concurrent = await withTaskGroup(of: (Int, String?).self) { group in
      for round in 0..<20 {
        for (index, link) in links.enumerated() {
          group.addTask { (index, configuration.decide(link).route?.description) }
        }
        _ = round
      }
      var results: [Int: Set<String?>] = [:]
      for await (index, route) in group { results[index, default: []].insert(route) }
      return results
    }
    for (index, route) in sequential.enumerated() {
      #expect(concurrent[index] == [route])
    }
  }

  @Test("configuration mistakes are thrown errors naming the culprit")
  func configurationErrors() throws {
    let linker = DeepLinker()
    #expect(throws: DeepLinkConfigurationError.missingAppScheme) {
      try linker.configure().initialize()
    }
    let ready = try DeepLinker.configure().add(urlSchemes: [URLScheme("shop")]).initialize()
    try ready.addRoute("/a/{x}") { _, _ in true }
    #expect(throws: DeepLinkConfigurationError.self) { try ready.addRoute("/a/{y}") { _, _ in true } }
    #expect(throws: DeepLinkConfigurationError.unknownBarrier(name: "nope", usedBy: "/b")) {
      try ready.addRoute("/b", barriers: ["nope"]) { _, _ in true }
    }
    #expect(throws: DeepLinkConfigurationError.missingConfirmationBarrier(route: "/c")) {
      try ready.addRoute("/c", changesState: true) { _, _ in true }
    }
    #expect(ready.canRoute("shop://a/1"))
    #expect(!ready.canRoute("shop://b"))
    // A scheme registered twice is refused, wherever the second comes (schemes are compared in
    // turn, not hashed); distinct schemes beyond the handful compared in turn are all kept.
    for schemes in [["shop", "shop"], ["shop", "shopca", "shop"], ["shop"] + (1...9).map { "s\($0)" } + ["s4"]] {
      #expect(throws: DeepLinkConfigurationError.duplicateScheme(schemes.last!)) {
        try DeepLinker.configure().add(urlSchemes: schemes.map { URLScheme($0) }).initialize()
      }
    }
    let many = try DeepLinker.configure().add(urlSchemes: (1...12).map { URLScheme("s\($0)") }).initialize()
    try many.addRoute("/a") { _, _ in true }
    #expect((1...12).allSatisfy { many.canRoute("s\($0)://a") })
    #expect(!many.canRoute("s13://a"))
  }
}

import DeepLinkCore
import DeepLinkTesting
import Testing

/// The examples of `Docs/RoutePatterns.md`, exactly as written there.
@Suite struct DocsExamplesTests {
  @Test(
    "parsed links: slashes do not change the route",
    arguments: ["shop://product/123", "shop:///product/123/", "shop://product//123"])
  func normalisedLinks(link: String) throws {
    expectRoute(
      LinkExpectation(link, route: "/product/{id}", parameters: ["id": "123"]),
      in: try RouteTable(patterns: ["/product/{id}"]))
  }

  @Test(
    "the syntax table",
    arguments: [
      ("/cart", LinkExpectation("shop://cart", route: "/cart", parameters: [:])),
      ("/product/{id}", LinkExpectation("shop://product/desk", route: "/product/{id}", parameters: ["id": "desk"])),
      (
        "/product/{id:int}",
        LinkExpectation("shop://product/123", route: "/product/{id:int}", parameters: ["id": "123"])
      ),
      ("/product/{id:int}", LinkExpectation("shop://product/abc", route: nil)),
      (
        "/session/{token:uuid}",
        LinkExpectation(
          "shop://session/123e4567-e89b-12d3-a456-426614174000", route: "/session/{token:uuid}",
          parameters: ["token": "123e4567-e89b-12d3-a456-426614174000"])
      ),
      ("/deals/{page?}", LinkExpectation("shop://deals", route: "/deals/{page?}", parameters: [:])),
      ("/deals/{page?}", LinkExpectation("shop://deals/2", route: "/deals/{page?}", parameters: ["page": "2"])),
      ("/deals/{page:int?}", LinkExpectation("shop://deals", route: "/deals/{page:int?}")),
      ("/deals/{page:int?}", LinkExpectation("shop://deals/2", route: "/deals/{page:int?}")),
      ("/deals/{page:int?}", LinkExpectation("shop://deals/two", route: nil)),
      ("/docs/{rest...}", LinkExpectation("shop://docs/a/b", route: "/docs/{rest...}", parameters: ["rest": "a/b"])),
      ("/docs/{rest...}", LinkExpectation("shop://docs", route: nil)),
      (
        "/search?q={query}",
        LinkExpectation("shop://search?q=red+shoes", route: "/search?q={query}", parameters: ["query": "red shoes"])
      ),
      (
        "/search?q={query}&sort={sort?}",
        LinkExpectation("shop://search?q=x", route: "/search?q={query}&sort={sort?}", parameters: ["query": "x"])
      ),
      (
        "/search?q={query}&sort={sort?}",
        LinkExpectation(
          "shop://search?sort=new&q=x&extra=1", route: "/search?q={query}&sort={sort?}",
          parameters: ["query": "x", "sort": "new"])
      ),
      ("/search?q={query}", LinkExpectation("shop://search?q=", route: nil)),
      ("/search?q={query}", LinkExpectation("shop://search?q", route: nil)),
      ("/search?q={query}", LinkExpectation("shop://search?Q=x", route: nil)),
      (
        "/search?q={query}",
        LinkExpectation("shop://search?q=a&q=b", route: "/search?q={query}", parameters: ["query": "a"])
      ),
      (
        "shopca://flyer/{store_id}",
        LinkExpectation("shopca://flyer/12", route: "shopca://flyer/{store_id}", parameters: ["store_id": "12"])
      ),
      ("shopca://flyer/{store_id}", LinkExpectation("SHOPCA://flyer/12", route: "shopca://flyer/{store_id}")),
      ("shopca://flyer/{store_id}", LinkExpectation("shop://flyer/12", route: nil)),
      (
        "https://shop.example.ca/fr/panier",
        LinkExpectation("https://shop.example.ca/fr/panier", route: "https://shop.example.ca/fr/panier")
      ),
      (
        "https://shop.example.ca/fr/panier",
        LinkExpectation("http://shop.example.ca/fr/panier", route: "https://shop.example.ca/fr/panier")
      ),
      (
        "https://shop.example.ca/fr/panier",
        LinkExpectation("https://Shop.Example.CA.:8443/fr/panier", route: "https://shop.example.ca/fr/panier")
      ),
      (
        "https://*.shop.example.ca/cart",
        LinkExpectation("https://www.shop.example.ca/cart", route: "https://*.shop.example.ca/cart")
      ),
      (
        "https://*.shop.example.ca/cart",
        LinkExpectation("https://a.b.shop.example.ca/cart", route: "https://*.shop.example.ca/cart")
      ),
      ("https://*.shop.example.ca/cart", LinkExpectation("https://shop.example.ca/cart", route: nil)),
      ("https://*.shop.example.ca/cart", LinkExpectation("https://evilshop.example.ca/cart", route: nil)),
      ("/product/{id}", LinkExpectation("shopca://product/1", route: "/product/{id}", parameters: ["id": "1"])),
      ("/product/{id}", LinkExpectation("https://shop.example.com/product/1", route: nil)),
      (
        "/page/{n:int?}/{tab?}",
        LinkExpectation(
          "shop://page/2/reviews", route: "/page/{n:int?}/{tab?}", parameters: ["n": "2", "tab": "reviews"])
      ),
      ("/page/{n:int?}/{tab?}", LinkExpectation("shop://page", route: "/page/{n:int?}/{tab?}")),
      ("/caf%C3%A9", LinkExpectation("shop://caf%C3%A9", route: "/caf%C3%A9")),
      ("/café", LinkExpectation("shop://caf%C3%A9", route: "/café")),
    ] as [(String, LinkExpectation)])
  func syntaxTable(pattern: String, row: LinkExpectation) throws {
    expectRoute(row, in: try RouteTable(patterns: [pattern]))
  }

  @Test("typed parameters fall through to the next candidate")
  func typedFallThrough() throws {
    let table = try RouteTable(patterns: ["/product/{id:int}", "/product/{slug}"])
    expectRoute(LinkExpectation("shop://product/abc", route: "/product/{slug}"), in: table)
  }

  @Test("wildcards: exact host, then longest suffix first")
  func wildcardOrder() throws {
    let table = try RouteTable(patterns: [
      "https://www.shop.example.ca/x", "https://*.shop.example.ca/x", "https://*.example.ca/x",
    ])
    expectRoutes(
      [
        LinkExpectation("https://www.shop.example.ca/x", route: "https://www.shop.example.ca/x"),
        LinkExpectation("https://m.shop.example.ca/x", route: "https://*.shop.example.ca/x"),
        LinkExpectation("https://shop.example.ca/x", route: "https://*.example.ca/x"),
      ], in: table)
  }

  @Test("precedence, as in the handbook")
  func precedence() throws {
    let table = try RouteTable(patterns: ["/p/{rest...}", "/p/{x}", "/p/7", "/p/{x?}", "/p/{x:int}"])
    expectRoutes(
      [
        LinkExpectation("shop://p/7", route: "/p/7"),
        LinkExpectation("shop://p/8", route: "/p/{x:int}"),
        LinkExpectation("shop://p/abc", route: "/p/{x}"),
        LinkExpectation("shop://p", route: "/p/{x?}"),
        LinkExpectation("shop://p/7/8", route: "/p/{rest...}"),
      ], in: table)
    expectRoute(
      LinkExpectation("shop://x/b/c", route: "/x/{b}/{c}"), in: try RouteTable(patterns: ["/{a}/b/c", "/x/{b}/{c}"]))
    expectRoute(
      LinkExpectation("shop://a/b/d", route: "/a/{x}/d"), in: try RouteTable(patterns: ["/a/b/c", "/a/{x}/d"]))
    let deals = try RouteTable(patterns: ["/deals/{id?}", "/deals"])
    expectRoute(LinkExpectation("shop://deals", route: "/deals"), in: deals)
    let search = try RouteTable(patterns: ["/search", "/search?q={query}"])
    expectRoute(LinkExpectation("shop://search?q=shoes", route: "/search?q={query}"), in: search)
    expectRoute(LinkExpectation("shop://search", route: "/search"), in: search)
    let ties = try RouteTable(patterns: ["/search?q={q}", "/search?sort={sort}"])
    expectRoute(LinkExpectation("shop://search?q=1&sort=2", route: "/search?q={q}"), in: ties)
  }

  @Test(
    "the conflict table",
    arguments: [
      ("/a/{x}", "/a/{y}", true),
      ("/search?q={q}", "/search?q={query}&sort={s?}", true),
      ("/a", "/a/", true),
      ("https://shop.example.ca/x", "http://shop.example.ca/x", true),
      ("/a", "/a/{x?}", false),
      ("/a/{x}", "/a/{x:int}", false),
      ("/search", "/search?q={q}", false),
      ("/Cart", "/cart", false),
    ])
  func conflicts(first: String, second: String, conflicts: Bool) throws {
    if conflicts {
      #expect(throws: RouteTableError.conflict(existing: first, new: second)) {
        try RouteTable(patterns: [first, second])
      }
    } else {
      #expect(try RouteTable(patterns: [first, second]).count == 2)
    }
    #expect(throws: RouteTableError.self) { try RouteTable(patterns: ["/Cart", "/cart"], caseInsensitive: true) }
  }

  @Test("case-insensitive literals")
  func caseInsensitive() throws {
    var builder = RouteTable<String>.Builder()
    try builder.add(RoutePattern("https://shop.example.ca/fr/panier/{id}", caseInsensitive: true), value: "panier")
    let match = builder.build().match(try DeepLink("https://shop.example.ca/FR/Panier/AbC"))
    #expect(match?["id"] == "AbC")
  }

  @Test("reverse routing examples")
  func reverseRouting() throws {
    let search = try RoutePattern("/search?q={query}")
    #expect(
      try search.link(["query": "red shoes & socks"], scheme: "shop").absoluteString
        == "shop://search?q=red%20shoes%20%26%20socks")
    #expect(
      try RoutePattern("/docs/{rest...}").link(["rest": "a/b c"], scheme: "shop").absoluteString
        == "shop://docs/a/b%20c")
    #expect(
      try RoutePattern("https://*.shop.example.ca/cart").link([:], host: "www.shop.example.ca").absoluteString
        == "https://www.shop.example.ca/cart")
    #expect(throws: ReverseRoutingError.invalidValue(name: "id", value: "a/b", pattern: "/p/{id}")) {
      try RoutePattern("/p/{id}").link(["id": "a/b"], scheme: "shop")
    }
  }

  @Test(
    "the error table",
    arguments: [
      ("product/{id}", RoutePatternError.Problem.missingStart),
      ("https://127.0.0.1/x", .invalidHost("127.0.0.1")),
      ("/a//b", .emptySegment),
      ("/product/{id", .unclosedCapture),
      ("/product/id-{id}", .partialSegmentCapture),
      ("/product/{id:float}", .unknownType("float")),
      ("/a/{id}/b/{id}", .duplicateParameter("id")),
      ("/docs/{rest...}/x", .misplacedCatchAll),
      ("/a/{x?}/b", .optionalNotTrailing),
      ("/a/../b", .invalidLiteral("..")),
      ("/search?q=literal", .invalidQueryItem("q=literal")),
      ("/a#b", .fragment),
    ])
  func errors(pattern: String, problem: RoutePatternError.Problem) {
    #expect(throws: RoutePatternError.self) { try RoutePattern(pattern) }
    do {
      _ = try RoutePattern(pattern)
    } catch {
      #expect(error.problem == problem)
      #expect(error.description.hasPrefix("route pattern `\(pattern)` is malformed at character "))
    }
  }

  @Test("the error message")
  func errorMessage() {
    #expect(throws: RoutePatternError.self) { try RoutePattern("/product/{id") }
    do {
      _ = try RoutePattern("/product/{id")
    } catch {
      #expect(
        error.description
          == "route pattern `/product/{id` is malformed at character 9: the capture is not closed; end it with `}`")
    }
  }
}

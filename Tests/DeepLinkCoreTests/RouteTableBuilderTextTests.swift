import DeepLinkCore
import Testing

/// `Builder.add(_:caseInsensitive:value:)` reads pattern text straight into the table: it must
/// answer exactly as `add(RoutePattern(text), value:)` does, errors included.
@Suite struct RouteTableBuilderTextTests {
  /// The error `body` throws, or `nil`.
  private func thrown(_ body: () throws -> Void) -> (any Error)? {
    do {
      try body()
      return nil
    } catch {
      return error
    }
  }

  private func sameError(_ a: (any Error)?, _ b: (any Error)?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let a as RoutePatternError, let b as RoutePatternError): a == b
    case (let a as RouteTableError, let b as RouteTableError): a == b
    default: false
    }
  }

  static let catalogue = [
    "/", "/cart", "/product/{id:int}", "/product/{slug}", "/product/new", "/session/{token:uuid}",
    "/deals/{page:int?}", "/a/{x?}/{y:uuid?}", "/docs/{rest...}", "/caf%C3%A9/menu", "/a%20b/%3F",
    "/search?q={query}&sort={sort?}", "/search?q={query:int}", "/feed?page={page:int?}", "shopca://flyer/{store_id}",
    "SHOPMX://flyer/{store_id:int}", "https://shop.example.ca/fr/panier", "https://*.shop.example.ca/cart",
    "/x.y/.well-known/a+b", "/\u{E9}t\u{E9}/{saison}", "/abcdefghijklmnop/ABCDEFGH12345678/{x}",
  ]

  static let links = [
    "shop://", "shop://cart", "shop://product/12", "shop://product/abc", "shop://product/new",
    "shop://session/123e4567-e89b-12d3-a456-426614174000", "shop://deals", "shop://deals/3", "shop://a",
    "shop://a/b", "shop://docs/x/y/z", "shop://caf%C3%A9/menu", "shop://a%20b/%3F", "shop://search?q=shoes&sort=price",
    "shop://search?q=12", "shop://feed?page=2", "shopca://flyer/77", "shopmx://flyer/77", "shopmx://flyer/abc",
    "https://shop.example.ca/fr/panier", "https://www.shop.example.ca/cart", "shop://x.y/.well-known/a+b",
    "shop://%C3%A9t%C3%A9/hiver", "shop://nothing/here", "shop://abcdefghijklmnop/ABCDEFGH12345678/v",
  ]

  @Test("a table built from pattern text matches every link as one built from RoutePatterns")
  func sameMatches() throws {
    for caseInsensitive in [false, true] {
      var fromPatterns = RouteTable<String>.Builder()
      var fromText = RouteTable<String>.Builder()
      for source in Self.catalogue {
        try fromPatterns.add(RoutePattern(source, caseInsensitive: caseInsensitive), value: source)
        try fromText.add(source, caseInsensitive: caseInsensitive, value: source)
      }
      let expected = fromPatterns.build()
      let table = fromText.build()
      #expect(table.count == expected.count)
      #expect(table.routes.map(\.pattern) == expected.routes.map(\.pattern))
      #expect(table.routes.map(\.value) == expected.routes.map(\.value))
      for text in Self.links {
        let link = try DeepLink(text)
        let match = table.match(link)
        let expectedMatch = expected.match(link)
        #expect(match?.value == expectedMatch?.value, "\(text)")
        #expect(match?.parameters == expectedMatch?.parameters, "\(text)")
        #expect(table.candidates(for: link).map(\.value) == expected.candidates(for: link).map(\.value), "\(text)")
      }
    }
  }

  @Test(
    "a malformed pattern throws the same RoutePatternError and leaves the builder unchanged",
    arguments: [
      "", "product/{id}", "shop:/product", "1shop://x", "://x", "https:///cart", "https://shop.example.ca:8080/x",
      "https://bücher.example/x", "https://*.*.shop.example.ca/x", "https://{host}/x", "/a//b", "//a", "/a/b//",
      "/product/{id", "/search?q={query", "/product/id}", "/product/}id{", "/product/{{id}", "/product/id-{id}",
      "/product/{a}{b}", "/product/{}", "/product/{1id}", "/product/{id??}", "/product/{:int}", "/product/{id:float}",
      "/product/{id:}", "/a/{id}/b/{id}", "/search/{q}?q={q}", "/search?a={q}&b={q}", "/docs/{rest...}/x",
      "/docs/{rest:int...}", "/search?q={rest...}", "/a/{x?}/b", "/a/{x?}/{rest...}", "/a/./b", "/a/../b",
      "/a/%2e%2E", "/a/%2F", "/a/%zz", "/a/%C3", "/a/%00", "/a/b c", "/a/b\\c", "/a/b^c", "/a/[b]",
      "/a/b\u{85}", "/a/b=c", "/a/b&c", "/cart#top", "/search?q", "/search?={q}", "/search?q={q}&q={r}",
      "/search?q=x", "/search?%zz={q}", "/search?q={q}&", "/abcdefgh ijklmnop", "/abcdefghijk{id}",
      "/abcdefghij%zz", "/abcdefghijklmnop#x", "/abcdefgh\u{85}ijklmnop", "/abcdefgh12345678{x",
    ])
  func malformed(source: String) {
    var builder = RouteTable<String>.Builder()
    let expected = thrown { _ = try RoutePattern(source) }
    #expect(expected is RoutePatternError)
    let error = thrown { try builder.add(source, value: source) }
    #expect(sameError(error, expected), "\(String(describing: error)) is not \(String(describing: expected))")
    #expect(builder.count == 0)
    #expect(builder.build().routes.isEmpty)
  }

  @Test(
    "a conflict throws the same RouteTableError, and only when adding RoutePatterns would",
    arguments: ConflictRow.table)
  func conflicts(row: ConflictRow) throws {
    var fromPatterns = RouteTable<String>.Builder()
    var fromText = RouteTable<String>.Builder()
    try fromPatterns.add(RoutePattern(row.first, caseInsensitive: row.caseInsensitive.0), value: row.first)
    try fromText.add(row.first, caseInsensitive: row.caseInsensitive.0, value: row.first)
    let second = try RoutePattern(row.second, caseInsensitive: row.caseInsensitive.1)
    let expected = thrown { try fromPatterns.add(second, value: row.second) }
    let error = thrown { try fromText.add(row.second, caseInsensitive: row.caseInsensitive.1, value: row.second) }
    #expect(sameError(error, expected), "\(String(describing: error)) is not \(String(describing: expected))")
    if row.conflicts {
      #expect(error as? RouteTableError == .conflict(existing: row.first, new: row.second))
    } else {
      #expect(error == nil)
    }
    #expect(fromText.count == (row.conflicts ? 1 : 2))
    #expect(fromText.build().routes.map(\.pattern) == fromPatterns.build().routes.map(\.pattern))
  }

  @Test("a pattern with many segments and query captures reads the same both ways")
  func longPattern() throws {
    let path = (0..<300).map { "/s\($0)" }.joined() + "/{last}"
    let query = "?" + (0..<40).map { "k\($0)={v\($0)}" }.joined(separator: "&")
    for source in [path, path + query, "/a" + query] {
      var builder = RouteTable<String>.Builder()
      try builder.add(source, value: source)
      let pattern = try RoutePattern(source)
      #expect(builder.build().routes.map(\.pattern) == [pattern.source])
    }
  }
  @Test("a copied builder is a value: adding to one leaves the other as it was")
  func copiedBuilder() throws {
    var first = RouteTable<String>.Builder()
    for pattern in Self.catalogue.prefix(10) { try first.add(pattern, value: pattern) }
    var second = first
    // Enough routes to grow every buffer after the copy.
    for index in 0..<200 { try first.add("/first/literal\(index)/{id}", value: "first \(index)") }
    for index in 0..<200 { try second.add("/second/literal\(index)", caseInsensitive: true, value: "second \(index)") }
    let firstTable = first.build()
    let secondTable = second.build()
    #expect(
      firstTable.routes.map(\.pattern) == Array(Self.catalogue.prefix(10))
        + (0..<200).map { "/first/literal\($0)/{id}" })
    #expect(
      secondTable.routes.map(\.pattern) == Array(Self.catalogue.prefix(10)) + (0..<200).map { "/second/literal\($0)" })
    #expect(firstTable.match(try DeepLink("shop://first/literal7/x"))?.value == "first 7")
    #expect(firstTable.match(try DeepLink("shop://second/literal7")) == nil)
    #expect(secondTable.match(try DeepLink("shop://SECOND/Literal7"))?.value == "second 7")
    #expect(secondTable.match(try DeepLink("shop://first/literal7/x")) == nil)
    #expect(secondTable.match(try DeepLink("shop://product/12"))?.value == "/product/{id:int}")
  }

  @Test("a builder built and used again is unchanged; a consumed one gives the same table")
  func buildKeepsOrTakesTheBuilder() throws {
    // Enough routes that the builder's buffers grow past the size whose pages are returned.
    func pattern(_ index: Int) -> String {
      switch index % 3 {
      case 0: "/p\(index)/{id:int}"
      case 1: "/long/literal-number-\(index)/{name}"
      default: "/Folded/Item\(index)"
      }
    }
    var builder = RouteTable<Int>.Builder()
    for index in 0..<30_000 { try builder.add(pattern(index), caseInsensitive: index % 3 == 2, value: index) }
    let before = builder.build()
    try builder.add("/after", value: -1)
    // A copy that shares some of the buffers (those adding a route writes) and not others.
    var other = builder
    try other.add("/other", value: -2)
    let consumed = (consume builder).build()
    let otherTable = other.build()
    for table in [before, consumed, otherTable] {
      for index in stride(from: 0, to: 30_000, by: 7) {
        let text =
          switch index % 3 {
          case 0: "shop://p\(index)/42"
          case 1: "shop://long/literal-number-\(index)/x"
          default: "shop://folded/ITEM\(index)"
          }
        let match = table.match(try DeepLink(text))
        #expect(match?.value == index, "\(text)")
        #expect(match?.pattern == pattern(index))
      }
      #expect(table.match(try DeepLink("shop://long/literal-number-x/y")) == nil)
    }
    #expect(before.count == 30_000)
    #expect(before.match(try DeepLink("shop://after")) == nil)
    #expect(consumed.count == 30_001)
    #expect(consumed.match(try DeepLink("shop://after"))?.value == -1)
    #expect(consumed.match(try DeepLink("shop://other")) == nil)
    #expect(otherTable.routes.map(\.pattern) == consumed.routes.map(\.pattern) + ["/other"])
    #expect(otherTable.match(try DeepLink("shop://other"))?.value == -2)
  }
}

import DeepLinkCore
import Testing

/// A pattern that must be refused, and why.
struct MalformedPatternRow: Sendable, CustomTestStringConvertible {
  let pattern: String
  let problem: RoutePatternError.Problem

  init(_ pattern: String, _ problem: RoutePatternError.Problem) {
    self.pattern = pattern
    self.problem = problem
  }

  var testDescription: String { pattern.isEmpty ? "(empty)" : pattern }
}

@Suite struct RoutePatternTests {
  // MARK: Path segments

  @Test(
    "every path syntax element reads as its segment",
    arguments: [
      ("/", []),
      ("/cart", [.literal("cart")]),
      ("/cart/", [.literal("cart")]),
      ("/product/{id}", [.literal("product"), .parameter(name: "id", type: .string)]),
      ("/product/{id:string}", [.literal("product"), .parameter(name: "id", type: .string)]),
      ("/product/{id:int}", [.literal("product"), .parameter(name: "id", type: .int)]),
      ("/session/{token:uuid}", [.literal("session"), .parameter(name: "token", type: .uuid)]),
      ("/deals/{page?}", [.literal("deals"), .optional(name: "page", type: .string)]),
      ("/deals/{page:int?}", [.literal("deals"), .optional(name: "page", type: .int)]),
      (
        "/a/{x?}/{y:uuid?}",
        [.literal("a"), .optional(name: "x", type: .string), .optional(name: "y", type: .uuid)]
      ),
      ("/docs/{rest...}", [.literal("docs"), .catchAll(name: "rest")]),
      ("/{_private_1}", [.parameter(name: "_private_1", type: .string)]),
      ("/caf%C3%A9/caf\u{E9}", [.literal("café"), .literal("café")]),
      ("/a%20b/%3F", [.literal("a b"), .literal("?")]),
      ("/a+b/x.y/.well-known", [.literal("a+b"), .literal("x.y"), .literal(".well-known")]),
    ] as [(String, [RoutePattern.Segment])])
  func segments(source: String, segments: [RoutePattern.Segment]) throws {
    let pattern = try RoutePattern(source)
    #expect(pattern.segments == segments)
    #expect(pattern.namespace == .app)
    #expect(pattern.scheme == nil)
    #expect(pattern.source == source)
    #expect(pattern.description == source)
    #expect(pattern.queryCaptures.isEmpty)
    #expect(!pattern.isCaseInsensitive)
  }

  @Test("parameter names list path captures then query captures; required ones leave optionals out")
  func parameterNames() throws {
    let pattern = try RoutePattern("/a/{x}/{y:int}/{z?}?q={query}&sort={sort?}")
    #expect(pattern.parameterNames == ["x", "y", "z", "query", "sort"])
    #expect(pattern.requiredParameterNames == ["x", "y", "query"])
    let catchAll = try RoutePattern("/docs/{rest...}")
    #expect(catchAll.parameterNames == ["rest"])
    #expect(catchAll.requiredParameterNames == ["rest"])
    #expect(RoutePattern.Segment.literal("a").captureName == nil)
    #expect(RoutePattern.Segment.catchAll(name: "rest").captureName == "rest")
  }

  // MARK: Query captures

  @Test("query captures: required, optional and typed, in the order written")
  func queryCaptures() throws {
    let pattern = try RoutePattern("/search?q={query}&sort={sort?}&page={page:int?}&id={id:uuid}")
    #expect(pattern.segments == [.literal("search")])
    let captures = pattern.queryCaptures
    #expect(captures.map(\.key) == ["q", "sort", "page", "id"])
    #expect(captures.map(\.name) == ["query", "sort", "page", "id"])
    #expect(captures.map(\.type) == [.string, .string, .int, .uuid])
    #expect(captures.map(\.isOptional) == [false, true, true, false])
  }

  @Test("a query capture's key is percent-decoded; a root pattern may have query captures")
  func queryKeys() throws {
    let pattern = try RoutePattern("/?utm%20source={source}")
    #expect(pattern.segments == [])
    #expect(pattern.queryCaptures.first?.key == "utm source")
    #expect(pattern.queryCaptures.first?.name == "source")
  }

  // MARK: Namespaces

  @Test(
    "the namespace: path-only, one custom scheme, or web links to a host",
    arguments: [
      ("/product/{id}", RoutePattern.Namespace.app, nil),
      ("shopca://flyer/{store_id}", .scheme("shopca"), "shopca"),
      ("ShopCA://flyer/{store_id}", .scheme("shopca"), "shopca"),
      ("shopmx://", .scheme("shopmx"), "shopmx"),
      ("https://shop.example.ca/fr/panier", .host(.exact("shop.example.ca")), "https"),
      ("http://shop.example.ca/fr/panier", .host(.exact("shop.example.ca")), "http"),
      ("HTTPS://Shop.Example.CA/fr/panier", .host(.exact("shop.example.ca")), "https"),
      ("https://shop.example.ca./fr/panier", .host(.exact("shop.example.ca")), "https"),
      ("https://shop.example.ca", .host(.exact("shop.example.ca")), "https"),
      ("https://shop.example.ca?q={q}", .host(.exact("shop.example.ca")), "https"),
      ("https://*.shop.example.ca/cart", .host(.subdomains(of: "shop.example.ca")), "https"),
      ("https://*.Shop.Example.CA/cart", .host(.subdomains(of: "shop.example.ca")), "https"),
    ] as [(String, RoutePattern.Namespace, String?)])
  func namespaces(source: String, namespace: RoutePattern.Namespace, scheme: String?) throws {
    let pattern = try RoutePattern(source)
    #expect(pattern.namespace == namespace)
    #expect(pattern.scheme == scheme)
  }

  @Test("a scheme or host pattern has the same path syntax")
  func schemeAndHostPaths() throws {
    let flyer = try RoutePattern("shopca://flyer/{store_id}")
    #expect(flyer.segments == [.literal("flyer"), .parameter(name: "store_id", type: .string)])
    let web = try RoutePattern("https://*.shop.example.ca/fr/ip/{slug}/{id:int}?q={q?}")
    #expect(
      web.segments == [
        .literal("fr"), .literal("ip"), .parameter(name: "slug", type: .string), .parameter(name: "id", type: .int),
      ])
    #expect(web.queryCaptures.map(\.name) == ["q"])
    let root = try RoutePattern("https://shop.example.ca/")
    #expect(root.segments == [])
  }

  @Test(
    "host patterns: exact hosts match only themselves; `*.suffix` one or more labels in front, never the apex",
    arguments: [
      (RoutePattern.HostPattern.exact("shop.example.ca"), "shop.example.ca", true),
      (.exact("shop.example.ca"), "www.shop.example.ca", false),
      (.exact("shop.example.ca"), "example.ca", false),
      (.subdomains(of: "shop.example.ca"), "www.shop.example.ca", true),
      (.subdomains(of: "shop.example.ca"), "a.b.shop.example.ca", true),
      (.subdomains(of: "shop.example.ca"), "shop.example.ca", false),
      (.subdomains(of: "shop.example.ca"), "evilshop.example.ca", false),
      (.subdomains(of: "shop.example.ca"), "shop.example.ca.evil.example", false),
      (.subdomains(of: "shop.example.ca"), "example.ca", false),
    ])
  func hostPatternMatching(host: RoutePattern.HostPattern, candidate: String, matches: Bool) {
    #expect(host.matches(candidate) == matches)
  }

  @Test("host patterns describe themselves as written")
  func hostPatternDescription() {
    #expect(RoutePattern.HostPattern.exact("shop.example.ca").description == "shop.example.ca")
    #expect(RoutePattern.HostPattern.subdomains(of: "shop.example.ca").description == "*.shop.example.ca")
  }

  // MARK: Case-insensitivity

  @Test("the case-insensitive option is recorded; literals keep their text")
  func caseInsensitiveOption() throws {
    let pattern = try RoutePattern("/FR/Panier/{id}", caseInsensitive: true)
    #expect(pattern.isCaseInsensitive)
    #expect(pattern.segments == [.literal("FR"), .literal("Panier"), .parameter(name: "id", type: .string)])
    #expect(try !RoutePattern("/fr/panier").isCaseInsensitive)
  }

  // MARK: Parameter types

  @Test(
    "parameter types accept exactly their values",
    arguments: [
      (ParameterType.string, "abc", true),
      (.string, "1", true),
      (.string, "", false),
      (.int, "0", true),
      (.int, "123", true),
      (.int, "000123", true),
      (.int, "123456789012345678", true),
      (.int, "1234567890123456789", false),
      (.int, "", false),
      (.int, "abc", false),
      (.int, "12a", false),
      (.int, "-1", false),
      (.int, "+1", false),
      (.int, "1.5", false),
      (.int, "١٢٣", false),
      (.int, "１２３", false),
      (.uuid, "123e4567-e89b-12d3-a456-426614174000", true),
      (.uuid, "123E4567-E89B-12D3-A456-426614174000", true),
      (.uuid, "123e4567e89b12d3a456426614174000", false),
      (.uuid, "123e4567-e89b-12d3-a456-42661417400", false),
      (.uuid, "123e4567-e89b-12d3-a456-4266141740000", false),
      (.uuid, "g23e4567-e89b-12d3-a456-426614174000", false),
      (.uuid, "{123e4567-e89b-12d3-a456-426614174000}", false),
      (.uuid, "", false),
    ])
  func parameterTypes(type: ParameterType, value: String, accepted: Bool) {
    #expect(type.accepts(value) == accepted)
  }

  @Test("parameter types are named as in patterns")
  func parameterTypeNames() {
    #expect(ParameterType.allCases.map(\.description) == ["string", "int", "uuid"])
  }

  // MARK: Malformed patterns

  @Test(
    "a malformed pattern throws a descriptive error quoting the pattern",
    arguments: [
      // start
      MalformedPatternRow("", .missingStart),
      MalformedPatternRow("product/{id}", .missingStart),
      MalformedPatternRow("shop:/product", .missingStart),
      MalformedPatternRow("shop:product", .missingStart),
      MalformedPatternRow("{id}", .missingStart),
      // scheme
      MalformedPatternRow("1shop://x", .invalidScheme("1shop")),
      MalformedPatternRow("sh_op://x", .invalidScheme("sh_op")),
      MalformedPatternRow("://x", .invalidScheme("")),
      // host
      MalformedPatternRow("https:///cart", .invalidHost("")),
      MalformedPatternRow("https://user@shop.example.ca/x", .invalidHost("user@shop.example.ca")),
      MalformedPatternRow("https://127.0.0.1/x", .invalidHost("127.0.0.1")),
      MalformedPatternRow("https://[::1]/x", .invalidHost("[::1]")),
      MalformedPatternRow("https://shop.example.ca:8080/x", .invalidHost("shop.example.ca:8080")),
      MalformedPatternRow("https://shop..example.ca/x", .invalidHost("shop..example.ca")),
      MalformedPatternRow("https://bücher.example/x", .invalidHost("bücher.example")),
      MalformedPatternRow("https://shop.example.\u{212A}a/x", .invalidHost("shop.example.\u{212A}a")),
      MalformedPatternRow("https://*.shop.example.\u{212A}a/x", .invalidHost("*.shop.example.\u{212A}a")),
      MalformedPatternRow("https://shop\u{3002}example.ca/x", .invalidHost("shop\u{3002}example.ca")),
      MalformedPatternRow("https://*/x", .invalidHost("*")),
      MalformedPatternRow("https://*./x", .invalidHost("*.")),
      MalformedPatternRow("https://*.*.shop.example.ca/x", .invalidHost("*.*.shop.example.ca")),
      MalformedPatternRow("https://shop.*.ca/x", .invalidHost("shop.*.ca")),
      MalformedPatternRow("https://*shop.example.ca/x", .invalidHost("*shop.example.ca")),
      MalformedPatternRow("https://{host}/x", .invalidHost("{host}")),
      // segments
      MalformedPatternRow("/a//b", .emptySegment),
      MalformedPatternRow("//a", .emptySegment),
      MalformedPatternRow("/a/b//", .emptySegment),
      MalformedPatternRow("/product/{id", .unclosedCapture),
      MalformedPatternRow("/search?q={query", .unclosedCapture),
      MalformedPatternRow("/product/id}", .strayBrace),
      MalformedPatternRow("/product/}id{", .strayBrace),
      MalformedPatternRow("/product/{{id}", .strayBrace),
      MalformedPatternRow("/product/id-{id}", .partialSegmentCapture),
      MalformedPatternRow("/product/{id}.json", .partialSegmentCapture),
      MalformedPatternRow("/product/{a}{b}", .partialSegmentCapture),
      MalformedPatternRow("/product/{}", .invalidParameterName("")),
      MalformedPatternRow("/product/{1id}", .invalidParameterName("1id")),
      MalformedPatternRow("/product/{id-x}", .invalidParameterName("id-x")),
      MalformedPatternRow("/product/{ id}", .invalidParameterName(" id")),
      MalformedPatternRow("/product/{id??}", .invalidParameterName("id?")),
      MalformedPatternRow("/product/{:int}", .invalidParameterName("")),
      MalformedPatternRow("/product/{id:float}", .unknownType("float")),
      MalformedPatternRow("/product/{id:}", .unknownType("")),
      MalformedPatternRow("/product/{id:Int}", .unknownType("Int")),
      MalformedPatternRow("/a/{id}/b/{id}", .duplicateParameter("id")),
      MalformedPatternRow("/a/{id}/{id:int?}", .duplicateParameter("id")),
      MalformedPatternRow("/search/{q}?q={q}", .duplicateParameter("q")),
      MalformedPatternRow("/search?a={q}&b={q}", .duplicateParameter("q")),
      MalformedPatternRow("/docs/{rest...}/x", .misplacedCatchAll),
      MalformedPatternRow("/docs/{rest...}/{more...}", .misplacedCatchAll),
      MalformedPatternRow("/docs/{rest:int...}", .misplacedCatchAll),
      MalformedPatternRow("/search?q={rest...}", .misplacedCatchAll),
      MalformedPatternRow("/a/{x?}/b", .optionalNotTrailing),
      MalformedPatternRow("/a/{x?}/{y}", .optionalNotTrailing),
      MalformedPatternRow("/a/{x?}/{rest...}", .optionalNotTrailing),
      MalformedPatternRow("/a/./b", .invalidLiteral(".")),
      MalformedPatternRow("/a/../b", .invalidLiteral("..")),
      MalformedPatternRow("/a/%2e%2E", .invalidLiteral("%2e%2E")),
      MalformedPatternRow("/a/%2F/b", .invalidLiteral("%2F")),
      MalformedPatternRow("/a/b c", .invalidLiteral("b c")),
      MalformedPatternRow("/a/%zz", .invalidLiteral("%zz")),
      MalformedPatternRow("/a/%ff", .invalidLiteral("%ff")),
      MalformedPatternRow("/a/b\\c", .invalidLiteral("b\\c")),
      MalformedPatternRow("/a/b%00", .invalidLiteral("b%00")),
      MalformedPatternRow("/a/b=c", .invalidLiteral("b=c")),
      MalformedPatternRow("/a/b&c", .invalidLiteral("b&c")),
      // query
      MalformedPatternRow("/search?q", .invalidQueryItem("q")),
      MalformedPatternRow("/search?q=literal", .invalidQueryItem("q=literal")),
      MalformedPatternRow("/search?={q}", .invalidQueryItem("={q}")),
      MalformedPatternRow("/search?q={a}&q={b}", .invalidQueryItem("q={b}")),
      MalformedPatternRow("/search?q={a}&", .invalidQueryItem("")),
      MalformedPatternRow("/search?", .invalidQueryItem("")),
      MalformedPatternRow("/search?q=x{a}", .partialSegmentCapture),
      // fragment
      MalformedPatternRow("/a#b", .fragment),
      MalformedPatternRow("/search?q={a}#top", .fragment),
    ])
  func malformed(row: MalformedPatternRow) {
    do {
      let pattern = try RoutePattern(row.pattern)
      Issue.record("`\(row.pattern)` was accepted as \(pattern.segments)")
    } catch {
      #expect(error.problem == row.problem)
      #expect(error.pattern == row.pattern)
      #expect(error.description.contains("route pattern `\(row.pattern)`"))
      #expect(error.offset >= 0 && error.offset <= row.pattern.utf8.count)
    }
  }

  @Test("the error points at the offending character")
  func errorOffset() {
    #expect(throws: RoutePatternError(pattern: "/product/{id", offset: 9, problem: .unclosedCapture)) {
      try RoutePattern("/product/{id")
    }
    #expect(throws: RoutePatternError(pattern: "/a//b", offset: 3, problem: .emptySegment)) {
      try RoutePattern("/a//b")
    }
    let error = #expect(throws: RoutePatternError.self) { try RoutePattern("/product/{id") }
    #expect(
      error?.description
        == "route pattern `/product/{id` is malformed at character 9: the capture is not closed; end it with `}`")
  }
  @Test(
    "a `#` anywhere is reported before any other problem, at the first `#`",
    arguments: [
      ("/a//b#c", 5), ("/a/{id}?q={q}#x", 13), ("myapp://h#x/a", 9), ("/a/{id:x#}", 8), ("/{a}/{a}#", 8),
    ])
  func fragmentFirst(pattern: String, offset: Int) {
    #expect(throws: RoutePatternError(pattern: pattern, offset: offset, problem: .fragment)) {
      try RoutePattern(pattern)
    }
  }

  @Test(
    "captures with colons and stray braces read as before",
    arguments: [
      ("/a/{b}:{c}", 3, RoutePatternError.Problem.partialSegmentCapture),
      ("/a/{b:c:int}", 4, .unknownType("c:int")),
      ("/a/{b}}", 3, .partialSegmentCapture),
      ("/a/}{b}", 3, .strayBrace),
      ("/a/{b:int...}", 3, .misplacedCatchAll),
    ])
  func captureErrors(pattern: String, offset: Int, problem: RoutePatternError.Problem) {
    #expect(throws: RoutePatternError(pattern: pattern, offset: offset, problem: problem)) {
      try RoutePattern(pattern)
    }
  }

  @Test("a colon in a literal is part of the literal, and a typed optional keeps its type")
  func colonsInLiterals() throws {
    #expect(try RoutePattern("/a/x:y").segments == [.literal("a"), .literal("x:y")])
    #expect(
      try RoutePattern("/abcdefghijklmnop/ABCDEFGH12345678").segments == [
        .literal("abcdefghijklmnop"), .literal("ABCDEFGH12345678"),
      ])
    #expect(throws: RoutePatternError.self) { try RoutePattern("/abcdefgh12345678 z") }
    #expect(try RoutePattern("/a/{n:int?}").segments == [.literal("a"), .optional(name: "n", type: .int)])
  }
}

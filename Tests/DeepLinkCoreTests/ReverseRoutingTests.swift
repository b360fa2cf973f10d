import DeepLinkCore
import DeepLinkTesting
import Testing

/// One generated reverse-routing case: a pattern, the values to build a link with, and how.
struct ReverseRoutingCase: Sendable, CustomTestStringConvertible {
  let pattern: String
  let parameters: [String: String]
  let scheme: String?
  let host: String?

  var testDescription: String { "\(pattern) \(parameters.sorted { $0.key < $1.key })" }
}

/// Builds patterns of every shape and values that fill them, over a seeded generator.
struct ReverseRoutingCaseGenerator {
  /// Characters a value may hold: letters, digits, unicode, spaces and every character that
  /// means something in a link. `/` is added only where a value may hold it.
  static let valueCharacters: [Character] = Array(
    "aZ09-_.~ %?#+&=:;@!$'()*,[]{}|^`\"<>\\é€日本🛒e\u{301}ß")
  /// Literal segments as written in a pattern (percent-encoded where a pattern needs it).
  static let literals = ["product", "search", "cart", "fr", "panier", "ip", "a%20b", "café", "x+y", "q%3D1", "日本"]

  var random: SeededGenerator

  init(seed: UInt64) {
    random = SeededGenerator(seed: seed)
  }

  mutating func value(allowingSlash: Bool) -> String {
    var text = ""
    repeat {
      text = ""
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        text.append(Self.valueCharacters.randomElement(using: &random)!)
      }
      if allowingSlash && Bool.random(using: &random) {
        text += "/" + value(allowingSlash: false)
      }
    } while text == "." || text == ".." || text.hasPrefix("/")
    return text
  }

  mutating func segmentValue() -> String {
    var text = ""
    repeat { text = value(allowingSlash: false) } while text.contains("\\")
    return text
  }

  mutating func catchAllValue() -> String {
    (0..<Int.random(in: 1...3, using: &random)).map { _ in segmentValue() }.joined(separator: "/")
  }

  mutating func intValue() -> String {
    String(UInt64.random(in: 0...999_999_999_999_999_999, using: &random))
  }

  mutating func uuidValue() -> String {
    let hex = Array("0123456789abcdefABCDEF")
    return [8, 4, 4, 4, 12].map { count in
      String((0..<count).map { _ in hex.randomElement(using: &random)! })
    }.joined(separator: "-")
  }

  mutating func typedValue(_ type: String) -> String {
    switch type {
    case ":int": intValue()
    case ":uuid": uuidValue()
    default: segmentValue()
    }
  }

  /// A case whose pattern starts with the unique literal `r<index>`, so in a table of every case
  /// only its own pattern can match its link.
  mutating func makeCase(_ index: Int) -> ReverseRoutingCase {
    let namespaces: [(prefix: String, scheme: String?, host: String?)] = [
      ("", "shop", nil),
      ("", "ShopCA", nil),
      ("shopca://", nil, nil),
      ("https://shop.example.ca", nil, nil),
      ("http://shop.example.ca", nil, nil),
      ("https://*.shop.example.ca", nil, "m.shop.example.ca"),
    ]
    let namespace = namespaces.randomElement(using: &random)!
    var segments = ["r\(index)"]
    var parameters: [String: String] = [:]
    var name = 0
    func nextName() -> String {
      name += 1
      return "p\(name)"
    }
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      if Bool.random(using: &random) {
        segments.append(Self.literals.randomElement(using: &random)!)
      } else {
        let type = ["", ":int", ":uuid", ":string"].randomElement(using: &random)!
        let capture = nextName()
        segments.append("{\(capture)\(type)}")
        parameters[capture] = typedValue(type)
      }
    }
    switch Int.random(in: 0..<4, using: &random) {
    case 0:
      let capture = nextName()
      segments.append("{\(capture)...}")
      parameters[capture] = catchAllValue()
    case 1:
      let type = ["", ":int"].randomElement(using: &random)!
      let capture = nextName()
      segments.append("{\(capture)\(type)?}")
      if Bool.random(using: &random) { parameters[capture] = typedValue(type) }
    default:
      break
    }
    var query: [String] = []
    let keys = ["q", "sort", "page id", "a&b"].shuffled(using: &random)
    for key in keys.prefix(Int.random(in: 0...3, using: &random)) {
      let optional = Bool.random(using: &random)
      let type = ["", ":int"].randomElement(using: &random)!
      let capture = nextName()
      let encodedKey = key.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "&", with: "%26")
      query.append("\(encodedKey)={\(capture)\(type)\(optional ? "?" : "")}")
      if !optional || Bool.random(using: &random) {
        parameters[capture] = type == ":int" ? intValue() : value(allowingSlash: true)
      }
    }
    var pattern = namespace.prefix + "/" + segments.joined(separator: "/")
    if !query.isEmpty { pattern += "?" + query.joined(separator: "&") }
    return ReverseRoutingCase(pattern: pattern, parameters: parameters, scheme: namespace.scheme, host: namespace.host)
  }

  static func cases(count: Int, seed: UInt64) -> [ReverseRoutingCase] {
    var generator = ReverseRoutingCaseGenerator(seed: seed)
    return (0..<count).map { generator.makeCase($0) }
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}

@Suite struct ReverseRoutingTests {
  static let generated = ReverseRoutingCaseGenerator.cases(count: 400, seed: 0x5EED_D11C)

  @Test("the generator is deterministic and covers every shape")
  func generatorCoverage() {
    let again = ReverseRoutingCaseGenerator.cases(count: 400, seed: 0x5EED_D11C)
    #expect(again.map(\.pattern) == Self.generated.map(\.pattern))
    #expect(again.map(\.parameters) == Self.generated.map(\.parameters))
    let patterns = Self.generated.map(\.pattern)
    for element in ["...}", ":int}", ":uuid}", "?}", "?q=", "shopca://", "https://*.", "http://", "%20"] {
      #expect(patterns.contains { $0.contains(element) }, "no generated pattern has `\(element)`")
    }
    let values = Self.generated.flatMap(\.parameters.values).joined()
    for character in ["/", "%", "?", "#", "+", "&", "=", " ", "é", "🛒", "\\"] {
      #expect(values.contains(character), "no generated value has `\(character)`")
    }
  }

  @Test("a built link, written out and read back, matches its pattern with the same parameters")
  func roundTripThroughOneTable() throws {
    var builder = RouteTable<Int>.Builder()
    for (index, testCase) in Self.generated.enumerated() {
      try builder.add(RoutePattern(testCase.pattern), value: index)
    }
    let table = builder.build()
    for (index, testCase) in Self.generated.enumerated() {
      let pattern = try RoutePattern(testCase.pattern)
      let built = try pattern.link(testCase.parameters, scheme: testCase.scheme, host: testCase.host)
      let text = built.absoluteString
      let parsed: DeepLink
      do {
        parsed = try DeepLink(text)
      } catch {
        Issue.record("`\(text)` built from \(testCase) does not parse: \(error)")
        continue
      }
      #expect(parsed == built, "`\(text)`")
      let match = table.match(parsed)
      #expect(match?.value == index, "`\(text)` matched \(match?.pattern ?? "nothing") for \(testCase.pattern)")
      #expect(match?.pattern == testCase.pattern)
      #expect(match?.parameters.dictionary == testCase.parameters, "`\(text)`")
    }
  }

  @Test(
    "each generated case round-trips against a table holding only its pattern",
    arguments: ReverseRoutingTests.generated.prefix(100))
  func roundTripAlone(testCase: ReverseRoutingCase) throws {
    let table = try RouteTable(patterns: [testCase.pattern])
    let link = try RoutePattern(testCase.pattern).link(
      testCase.parameters, scheme: testCase.scheme, host: testCase.host)
    expectRoute(
      LinkExpectation(
        link.absoluteString, route: testCase.pattern, parameters: DeepLinkParameters(testCase.parameters)), in: table)
  }

  @Test(
    "values with the characters that mean something in a link round-trip",
    arguments: [
      "red shoes", "a/b", "100%", "%2F", "%252F", "what?", "#1", "a+b", "a&b=c", "café", "日本", "🛒", "a\u{301}",
      "..", ".", "/", "\\", "@:;", "q=1&r=2#x", "+ +",
    ])
  func specialValues(value: String) throws {
    let table = try RouteTable(patterns: ["/search?q={query}", "/docs/{rest...}", "/p/{id}"])
    let query = try RoutePattern("/search?q={query}").link(["query": value], scheme: "shop")
    #expect(table.match(try DeepLink(query.absoluteString))?["query"] == value)

    let segment = try RoutePattern("/p/{id}")
    if value.contains("/") || value.contains("\\") || value == "." || value == ".." {
      #expect(throws: ReverseRoutingError.invalidValue(name: "id", value: value, pattern: "/p/{id}")) {
        try segment.link(["id": value], scheme: "shop")
      }
    } else {
      let built = try segment.link(["id": value], scheme: "shop")
      expectRoute(LinkExpectation(built.absoluteString, route: "/p/{id}", parameters: ["id": value]), in: table)
    }

    let catchAll = try RoutePattern("/docs/{rest...}")
    let parts = value.split(separator: "/", omittingEmptySubsequences: false)
    if parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0.contains("\\") }) {
      #expect(throws: ReverseRoutingError.self) { try catchAll.link(["rest": value], scheme: "shop") }
    } else {
      let built = try catchAll.link(["rest": value], scheme: "shop")
      expectRoute(
        LinkExpectation(built.absoluteString, route: "/docs/{rest...}", parameters: ["rest": value]), in: table)
    }
  }

  @Test("the documented example writes this link")
  func documentedExample() throws {
    let pattern = try RoutePattern("/search?q={query}")
    #expect(
      try pattern.link(["query": "red shoes & socks"], scheme: "shop").absoluteString
        == "shop://search?q=red%20shoes%20%26%20socks")
    #expect(
      try RoutePattern("/product/{id:int}").link(["id": "123"], scheme: "SHOP").absoluteString == "shop://product/123")
    #expect(try RoutePattern("/").link([:], scheme: "shop").absoluteString == "shop://")
    #expect(
      try RoutePattern("https://shop.example.ca/fr/panier").link([:]).absoluteString
        == "https://shop.example.ca/fr/panier")
    #expect(
      try RoutePattern("http://shop.example.ca/cart").link([:]).absoluteString == "http://shop.example.ca/cart")
    #expect(
      try RoutePattern("https://*.shop.example.ca/cart").link([:], host: "WWW.shop.example.ca").absoluteString
        == "https://www.shop.example.ca/cart")
    #expect(
      try RoutePattern("shopca://flyer/{store_id}").link(["store_id": "7"], scheme: "shop").absoluteString
        == "shopca://flyer/7")
    #expect(
      try RoutePattern("/docs/{rest...}").link(["rest": "a/b c"], scheme: "shop").absoluteString
        == "shop://docs/a/b%20c")
    #expect(try RoutePattern("/deals/{id?}").link([:], scheme: "shop").absoluteString == "shop://deals")
    #expect(
      try RoutePattern("/search?q={query}&sort={sort?}").link(["query": "a/b?"], scheme: "shop").absoluteString
        == "shop://search?q=a/b?")
  }

  @Test("reverse routing refuses what could not round-trip, with the exact error")
  func refusals() throws {
    let product = try RoutePattern("/product/{id:int}")
    #expect(throws: ReverseRoutingError.missingParameter(name: "id", pattern: "/product/{id:int}")) {
      try product.link([:], scheme: "shop")
    }
    #expect(throws: ReverseRoutingError.unknownParameter(name: "slug", pattern: "/product/{id:int}")) {
      try product.link(["id": "1", "slug": "desk"], scheme: "shop")
    }
    #expect(throws: ReverseRoutingError.invalidValue(name: "id", value: "abc", pattern: "/product/{id:int}")) {
      try product.link(["id": "abc"], scheme: "shop")
    }
    #expect(throws: ReverseRoutingError.missingScheme(pattern: "/product/{id:int}")) {
      try product.link(["id": "1"])
    }
    let slug = try RoutePattern("/p/{slug}")
    for value in ["a/b", "/", "", ".", "..", "a\\b", "a\u{0}b", "a\nb", "a\u{85}b"] {
      #expect(throws: ReverseRoutingError.invalidValue(name: "slug", value: value, pattern: "/p/{slug}")) {
        try slug.link(["slug": value], scheme: "shop")
      }
    }
    let docs = try RoutePattern("/docs/{rest...}")
    for value in ["", "a//b", "/a", "a/", "a/../b", "a/./b", "a/\u{0}"] {
      #expect(throws: ReverseRoutingError.invalidValue(name: "rest", value: value, pattern: "/docs/{rest...}")) {
        try docs.link(["rest": value], scheme: "shop")
      }
    }
    #expect(throws: ReverseRoutingError.missingParameter(name: "rest", pattern: "/docs/{rest...}")) {
      try docs.link([:], scheme: "shop")
    }
    let search = try RoutePattern("/search?q={query}&page={page:int?}")
    #expect(throws: ReverseRoutingError.missingParameter(name: "query", pattern: search.source)) {
      try search.link(["page": "2"], scheme: "shop")
    }
    #expect(throws: ReverseRoutingError.invalidValue(name: "query", value: "", pattern: search.source)) {
      try search.link(["query": ""], scheme: "shop")
    }
    #expect(throws: ReverseRoutingError.invalidValue(name: "page", value: "two", pattern: search.source)) {
      try search.link(["query": "x", "page": "two"], scheme: "shop")
    }
    #expect(throws: ReverseRoutingError.invalidValue(name: "query", value: "a\u{0}", pattern: search.source)) {
      try search.link(["query": "a\u{0}"], scheme: "shop")
    }
    let wildcard = try RoutePattern("https://*.shop.example.ca/cart")
    #expect(throws: ReverseRoutingError.missingHost(pattern: wildcard.source)) { try wildcard.link([:]) }
    #expect(throws: ReverseRoutingError.missingHost(pattern: wildcard.source)) {
      try wildcard.link([:], host: "shop.example.ca")
    }
    #expect(throws: ReverseRoutingError.missingHost(pattern: wildcard.source)) {
      try wildcard.link([:], host: "evil.example")
    }
  }

  @Test("a later optional segment cannot be given without the earlier ones: it would be read as the earlier one")
  func optionalSegmentsInOrder() throws {
    let page = try RoutePattern("/page/{n?}/{tab?}")
    #expect(throws: ReverseRoutingError.missingParameter(name: "n", pattern: page.source)) {
      try page.link(["tab": "reviews"], scheme: "shop")
    }
    let table = try RouteTable(patterns: [page.source])
    for parameters in [[:], ["n": "2"], ["n": "2", "tab": "reviews"]] {
      let link = try page.link(parameters, scheme: "shop")
      expectRoute(
        LinkExpectation(link.absoluteString, route: page.source, parameters: DeepLinkParameters(parameters)), in: table)
    }
  }

  @Test(
    "a wildcard pattern's host must be a valid host it matches, never one that changes the link's structure",
    arguments: [
      "evil.example/x?.shop.example.ca", "evil.example#.shop.example.ca", "user@www.shop.example.ca",
      "www.shop.example.ca:8080", "www.shop.example.ca/cart", "a b.shop.example.ca",
      "a..shop.example.ca", "*.shop.example.ca", "bücher.shop.example.ca", "www.shop.example.\u{212A}a",
    ])
  func wildcardHostIsValidated(host: String) throws {
    let pattern = try RoutePattern("https://*.shop.example.ca/cart")
    #expect(throws: ReverseRoutingError.missingHost(pattern: pattern.source)) {
      try pattern.link([:], host: host)
    }
  }

  @Test("a wildcard pattern's host is normalised like a link's host")
  func wildcardHostIsNormalised() throws {
    let pattern = try RoutePattern("https://*.shop.example.ca/cart")
    #expect(try pattern.link([:], host: "WWW.Shop.Example.CA.").host == "www.shop.example.ca")
  }

  @Test(
    "a path-only pattern builds only custom-scheme links: a web or malformed scheme would change what the link means",
    arguments: ["https", "HTTP", "", "sh op", "1shop", "shop:", "shop://evil", "shop/x"])
  func appSchemeIsValidated(scheme: String) throws {
    let pattern = try RoutePattern("/product/{id}")
    #expect(throws: ReverseRoutingError.missingScheme(pattern: pattern.source)) {
      try pattern.link(["id": "1"], scheme: scheme)
    }
  }

  @Test("every reverse-routing error quotes the pattern and says what to do")
  func errorDescriptions() {
    let errors: [ReverseRoutingError] = [
      .missingParameter(name: "id", pattern: "/p/{id}"), .unknownParameter(name: "x", pattern: "/p/{id}"),
      .invalidValue(name: "id", value: "a/b", pattern: "/p/{id}"), .missingScheme(pattern: "/p/{id}"),
      .missingHost(pattern: "/p/{id}"),
    ]
    for error in errors { #expect(error.description.contains("`/p/{id}`")) }
  }
}

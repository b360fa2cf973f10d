import DeepLinkCore
import DeepLinkTesting
import Testing

/// How a route table matches query captures, optional segments and catch-alls.
@Suite struct RouteTableCaptureTests {
  @Test(
    "query captures: required ones must be present and non-empty, typed ones of their type",
    arguments: [
      LinkExpectation("shop://search?q=shoes", route: "/search?q={query}&sort={sort?}", parameters: ["query": "shoes"]),
      LinkExpectation(
        "shop://search?sort=price&q=red+shoes", route: "/search?q={query}&sort={sort?}",
        parameters: ["query": "red shoes", "sort": "price"]),
      LinkExpectation(
        "shop://search?q=a%26b%3Dc&q=second", route: "/search?q={query}&sort={sort?}", parameters: ["query": "a&b=c"]),
      LinkExpectation("shop://search", route: nil),
      LinkExpectation("shop://search?q=", route: nil),
      LinkExpectation("shop://search?q", route: nil),
      LinkExpectation("shop://search?Q=shoes", route: nil),
      LinkExpectation("shop://search?sort=price", route: nil),
      LinkExpectation("shop://list?page=2", route: "/list?page={page:int}", parameters: ["page": "2"]),
      LinkExpectation("shop://list?page=two", route: nil),
      LinkExpectation("shop://list", route: nil),
      LinkExpectation(
        "shop://pay?order_id=123e4567-e89b-12d3-a456-426614174000", route: "/pay?order_id={order_id:uuid}"),
      LinkExpectation("shop://pay?order_id=42", route: nil),
      LinkExpectation("shop://feed", route: "/feed?page={page:int?}", parameters: [:]),
      LinkExpectation("shop://feed?page=3", route: "/feed?page={page:int?}", parameters: ["page": "3"]),
      LinkExpectation("shop://feed?page=", route: "/feed?page={page:int?}", parameters: [:]),
    ])
  func queryCaptures(row: LinkExpectation) throws {
    let table = try RouteTable(patterns: [
      "/search?q={query}&sort={sort?}", "/list?page={page:int}", "/pay?order_id={order_id:uuid}",
      "/feed?page={page:int?}",
    ])
    expectRoute(row, in: table)
  }

  @Test(
    "an optional trailing segment may be absent; a catch-all takes one or more segments joined with `/`",
    arguments: [
      LinkExpectation("shop://deals", route: "/deals/{id?}", parameters: [:]),
      LinkExpectation("shop://deals/", route: "/deals/{id?}", parameters: [:]),
      LinkExpectation("shop://deals/4", route: "/deals/{id?}", parameters: ["id": "4"]),
      LinkExpectation("shop://deals/4/5", route: nil),
      LinkExpectation("shop://page", route: "/page/{n:int?}/{tab?}", parameters: [:]),
      LinkExpectation("shop://page/2", route: "/page/{n:int?}/{tab?}", parameters: ["n": "2"]),
      LinkExpectation(
        "shop://page/2/reviews", route: "/page/{n:int?}/{tab?}", parameters: ["n": "2", "tab": "reviews"]),
      LinkExpectation("shop://page/two", route: nil),
      LinkExpectation("shop://docs", route: nil),
      LinkExpectation("shop://docs/a", route: "/docs/{rest...}", parameters: ["rest": "a"]),
      LinkExpectation("shop://docs/a/b%20c/d", route: "/docs/{rest...}", parameters: ["rest": "a/b c/d"]),
      LinkExpectation("shop://docs//a///b/", route: "/docs/{rest...}", parameters: ["rest": "a/b"]),
      LinkExpectation("shop://docs/%252F/x", route: "/docs/{rest...}", parameters: ["rest": "%2F/x"]),
      LinkExpectation(
        "shop://files/7/a/b", route: "/files/{id:int}/{path...}", parameters: ["id": "7", "path": "a/b"]),
    ])
  func optionalsAndCatchAlls(row: LinkExpectation) throws {
    let table = try RouteTable(patterns: [
      "/deals/{id?}", "/page/{n:int?}/{tab?}", "/docs/{rest...}", "/files/{id:int}/{path...}",
    ])
    expectRoute(row, in: table)
  }

  @Test("a match reads its parameters by name")
  func matchParameters() throws {
    let table = try RouteTable(patterns: ["/o/{id:int}/{tab?}?ref={ref?}"])
    let match = try #require(table.match(try DeepLink("shop://o/12?ref=mail&ref=other")))
    #expect(match["id"] == "12")
    #expect(match["tab"] == nil)
    #expect(match["ref"] == "mail")
    #expect(match["unknown"] == nil)
    #expect(match.parameters == ["id": "12", "ref": "mail"])
    #expect(match.routeIndex == 0)
    #expect(match.value == "/o/{id:int}/{tab?}?ref={ref?}")
    #expect(match.link == (try DeepLink("shop://o/12?ref=mail&ref=other")))
  }
}

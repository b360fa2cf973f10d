import DeepLinkCore
import Testing

@Suite struct SmokeTests {
  @Test func parsesAndMatches() throws {
    let link = try DeepLink("https://Shop.Example.com.:443/ip/desk/123?q=red+shoes&q=2#frag")
    #expect(link.host == "shop.example.com")
    #expect(link.port == nil)
    #expect(link.pathSegments == ["ip", "desk", "123"])
    #expect(link.queryValues("q") == ["red shoes", "2"])
    #expect(link.fragment == "frag")
    var builder = RouteTable<String>.Builder()
    try builder.add(RoutePattern("/a/b/c"), value: "abc")
    try builder.add(RoutePattern("/a/{x}/d"), value: "axd")
    try builder.add(RoutePattern("/product/{id:int}"), value: "product")
    try builder.add(RoutePattern("/deals/{id?}"), value: "deals")
    try builder.add(RoutePattern("/docs/{rest...}"), value: "docs")
    try builder.add(RoutePattern("/search?q={query}&sort={sort?}"), value: "search")
    try builder.add(RoutePattern("https://*.shop.example.ca/fr/panier", caseInsensitive: true), value: "cart")
    let table = builder.build()
    #expect(table.match(try DeepLink("shop://a/b/d"))?.value == "axd")
    #expect(table.match(try DeepLink("shop://a/b/c"))?.value == "abc")
    #expect(table.match(try DeepLink("shop://product/12"))?["id"] == "12")
    #expect(table.match(try DeepLink("shop://product/ab")) == nil)
    #expect(table.match(try DeepLink("shop://deals"))?.value == "deals")
    #expect(table.match(try DeepLink("shop://deals/4"))?.parameters == ["id": "4"])
    #expect(table.match(try DeepLink("shop://docs/a/b%20c"))?["rest"] == "a/b c")
    #expect(table.match(try DeepLink("shop://search?q=x+y"))?.parameters == ["query": "x y"])
    #expect(table.match(try DeepLink("shop://search")) == nil)
    #expect(table.match(try DeepLink("https://www.shop.example.ca/FR/Panier/"))?.value == "cart")
    #expect(table.match(try DeepLink("https://shop.example.ca/fr/panier")) == nil)
    let built = try RoutePattern("/search?q={query}").link(["query": "a+b & c/d?#%"], scheme: "shop")
    let reparsed = try DeepLink(built.absoluteString)
    #expect(table.match(reparsed)?["query"] == "a+b & c/d?#%")
  }
}

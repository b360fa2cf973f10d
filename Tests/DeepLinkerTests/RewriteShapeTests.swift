import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// Rewrite rules of every shape, through the public decision: values from path segments, query
/// items and fixed parameters; typed targets that refuse a value (the next rule is tried);
/// optional and catch-all captures; query items the rule does not consume and the fragment
/// passed on. Every rule is rewritten by the plan worked out when the configuration is
/// compiled, targets with optional or catch-all segments included.
@MainActor
@Suite struct RewriteShapeTests {
  struct Row: Sendable, CustomStringConvertible {
    let link: String
    let rewrittenTo: String?
    let route: String?
    let parameters: [String: String]
    init(_ link: String, _ rewrittenTo: String?, route: String?, _ parameters: [String: String] = [:]) {
      self.link = link
      self.rewrittenTo = rewrittenTo
      self.route = route
      self.parameters = parameters
    }
    var description: String { link }
  }

  nonisolated static let host = "https://shop.example.com"

  nonisolated static let rules: [UniversalLink] = [
    // segment → typed segment: a slug is not an int, so the next rule takes the link
    UniversalLink("\(host)/p/{slug}", to: "/product/{slug:int}"),
    UniversalLink("\(host)/p/{slug...}", to: "/page/{slug}", parameters: ["kind": "fallback"]),
    // query capture → path segment, with a fixed fallback
    UniversalLink("\(host)/go?to={id?}", to: "/product/{id:int}", parameters: ["id": "1"]),
    // fixed parameters into the target and as extras; a captured extra beats a fixed one
    UniversalLink("\(host)/{locale}/panier", to: "/cart", parameters: ["locale": "xx", "channel": "web"]),
    // path capture → target query capture
    UniversalLink("\(host)/find/{query}", to: "/search?q={query}"),
    UniversalLink("\(host)/search?q={query}", to: "/search?q={query}"),
    // optional and catch-all source captures as extras
    UniversalLink("\(host)/deals/{id?}", to: "/deals"),
    UniversalLink("\(host)/docs/{rest...}", to: "/help"),
    // target with an optional segment and a catch-all
    UniversalLink("\(host)/story/{id:int}/{part?}", to: "/story/{id}/{part?}"),
    UniversalLink("\(host)/files/{path...}", to: "/files/{path...}"),
  ]

  nonisolated static let rows: [Row] = [
    Row("\(host)/p/42", "shop://product/42", route: "/product/{id:int}", ["id": "42"]),
    Row("\(host)/p/desk", "shop://page/desk", route: "/page/{slug}", ["slug": "desk", "kind": "fallback"]),
    Row("\(host)/go?to=7", "shop://product/7", route: "/product/{id:int}", ["id": "7"]),
    Row("\(host)/go", "shop://product/1", route: "/product/{id:int}", ["id": "1"]),
    Row("\(host)/go?to=", "shop://product/1", route: "/product/{id:int}", ["id": "1"]),
    Row("\(host)/go?to=abc", nil, route: nil),
    Row("\(host)/fr/panier", "shop://cart", route: "/cart", ["locale": "fr", "channel": "web"]),
    Row(
      "\(host)/fr/panier?utm_source=mail#top", "shop://cart?utm_source=mail#top", route: "/cart",
      ["locale": "fr", "channel": "web"]),
    Row("\(host)/fr/panier#top", "shop://cart#top", route: "/cart", ["locale": "fr", "channel": "web"]),
    Row("\(host)/find/red%20shoes", "shop://search?q=red%20shoes", route: "/search?q={query}", ["query": "red shoes"]),
    Row(
      "\(host)/search?q=desk&page=2", "shop://search?q=desk&page=2", route: "/search?q={query}", ["query": "desk"]),
    Row("\(host)/deals/9", "shop://deals", route: "/deals", ["id": "9"]),
    Row("\(host)/deals", "shop://deals", route: "/deals"),
    Row("\(host)/docs/a/b", "shop://help", route: "/help", ["rest": "a/b"]),
    Row("\(host)/story/3/end", "shop://story/3/end", route: "/story/{id}/{part?}", ["id": "3", "part": "end"]),
    Row("\(host)/story/3", "shop://story/3", route: "/story/{id}/{part?}", ["id": "3"]),
    Row("\(host)/files/a/b", "shop://files/a/b", route: "/files/{path...}", ["path": "a/b"]),
  ]

  static func configuration() throws -> DeepLinkConfiguration {
    var specification = DeepLinkSpecification()
    specification.urlSchemes = [URLScheme("shop")]
    specification.domains = [Domain("shop.example.com")]
    specification.universalLinks = rules
    for plugin in [
      "/product/{id:int}", "/page/{slug}", "/cart", "/search?q={query}", "/deals", "/help", "/story/{id}/{part?}",
      "/files/{path...}",
    ].map({ RecordingPlugin($0) }) {
      specification.install(plugin, owner: .platform)
    }
    return try DeepLinkConfiguration(compiling: specification)
  }

  @Test("a rule reads as its source pattern and its target route, as its doc comment shows")
  func ruleDescription() {
    let rule = UniversalLink("https://shop.example.ca/fr/panier", to: "/cart", parameters: ["locale": "fr"])
    #expect(rule.description == "https://shop.example.ca/fr/panier → /cart")
  }

  @Test("every rule shape rewrites to the link, route and parameters expected", arguments: rows)
  func rewrite(_ row: Row) throws {
    let decision = try Self.configuration().decide(row.link)
    #expect(decision.rewrittenTo?.absoluteString == row.rewrittenTo)
    #expect(decision.route?.description == row.route)
    if row.route != nil {
      #expect(decision.outcome == .routed)
      #expect(decision.parameters.dictionary == row.parameters)
    } else {
      #expect(decision.outcome == .external)
    }
  }
  /// A plugin of one route that refuses the ids it is given.
  struct RefusingPlugin: DeepLinkHandlerPlugin {
    let routes: [PluginRoute]
    let name: String
    init(matchingPath: String, refused: Set<String>) {
      routes = [PluginRoute(matchingPath) { !refused.contains($0["id"] ?? "") }]
      name = matchingPath
    }
    func handleDeepLink(
      with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
    ) { completion() }
  }

  @Test(
    "a candidate that declines its captures hands over with none of them",
    arguments: [
      ("https://shop.example.com/p/13", "/product/{slug}", ["slug": "13", "kind": "fallback"]),
      ("https://shop.example.com/p/14", "/product/{id:int}", ["id": "14", "kind": "fallback"]),
    ])
  func declinedCaptures(_ link: String, _ route: String, _ parameters: [String: String]) throws {
    // The typed route is a plugin that refuses 13; the untyped one, less specific, is an
    // `addRoute` route with no check of its own.
    let linker = DeepLinker()
    try linker.configure()
      .add(urlSchemes: [URLScheme("shop")])
      .add(allowedDomains: ["shop.example.com"])
      .add(universalLinks: [
        UniversalLink("\(Self.host)/p/{id}", to: "/product/{id}", parameters: ["kind": "fallback"])
      ])
      .install(plugin: RefusingPlugin(matchingPath: "/product/{id:int}", refused: ["13"]))
      .initialize()
    try linker.addRoute("/product/{slug}") { _, _ in true }
    let decision = try #require(linker.configuration).decide(link)
    #expect(decision.outcome == .routed)
    #expect(decision.route?.description == route)
    #expect(decision.parameters.dictionary == parameters)
  }
}

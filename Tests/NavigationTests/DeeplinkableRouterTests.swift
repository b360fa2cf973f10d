import DeepLinkCore
import DeepLinkNavigation
import DeepLinkTesting
import Testing

/// A list screen: deep-linkable, never updated in place.
@MainActor
final class ProductListModule: Deeplinkable {
  static let deeplinkPatterns = ["/productlist/{id:int}"]
  let listID: String
  init(listID: String) { self.listID = listID }

  static func module(fromDeeplink match: MatchedDeepLink) -> ProductListModule? {
    match["id"].map(ProductListModule.init(listID:))
  }
  func deeplinkURL() -> DeepLink? { try? Self.deeplink(["id": listID], scheme: "shop") }
}

/// A detail screen: updated in place unless frozen; two patterns, optional tab.
@MainActor
final class ProductDetailModule: DeeplinkContextUpdatable {
  static let deeplinkSchemes = ["shop"]
  static let deeplinkPatterns = ["/pdp/{id:int}/{tab?}", "/product/{id:int}"]
  var productID: String
  var tab: String?
  var isFrozen = false
  init(productID: String, tab: String?) {
    self.productID = productID
    self.tab = tab
  }

  static func module(fromDeeplink match: MatchedDeepLink) -> ProductDetailModule? {
    match["id"].map { ProductDetailModule(productID: $0, tab: match["tab"]) }
  }
  func deeplinkURL() -> DeepLink? {
    var parameters = ["id": productID]
    parameters["tab"] = tab
    return try? Self.deeplink(parameters, scheme: "shop")
  }
  func updateContext(fromDeeplink match: MatchedDeepLink) -> Bool {
    guard !isFrozen, let id = match["id"] else { return false }
    productID = id
    tab = match["tab"]
    return true
  }
}

/// A legacy screen still matched by a regular expression.
@MainActor
final class OfferModule: Deeplinkable {
  static let deeplinkPatterns: [String] = []
  static let deeplinkRegularExpressions = [#"shop://offer/(?<code>[a-z0-9]{4,8})"#]
  let code: String
  init(code: String) { self.code = code }

  static func module(fromDeeplink match: MatchedDeepLink) -> OfferModule? {
    match["code"].map(OfferModule.init(code:))
  }
  func deeplinkURL() -> DeepLink? { try? DeepLink("shop://offer/\(code)") }
}

/// A module whose expression overlaps a pattern: patterns win.
@MainActor
final class GreedyLegacyModule: Deeplinkable {
  static let deeplinkPatterns: [String] = []
  static let deeplinkRegularExpressions = [#"shop://.*"#]
  static func module(fromDeeplink match: MatchedDeepLink) -> GreedyLegacyModule? { GreedyLegacyModule() }
  func deeplinkURL() -> DeepLink? { nil }
}

/// The app's screen stack.
@MainActor
final class ModuleStack {
  var modules: [any Deeplinkable] = []
  var presented: [String] = []

  func router(_ types: [any Deeplinkable.Type]) throws -> DeeplinkableRouter {
    try DeeplinkableRouter(modules: types, visibleModules: { self.modules }) { module, _ in
      self.modules.append(module)
      self.presented.append(Self.describe(module))
    }
  }

  static func describe(_ module: any Deeplinkable) -> String {
    switch module {
    case let list as ProductListModule: "list \(list.listID)"
    case let detail as ProductDetailModule: "detail \(detail.productID) \(detail.tab ?? "-")"
    case let offer as OfferModule: "offer \(offer.code)"
    default: "\(type(of: module))"
    }
  }
}

@MainActor
@Suite struct DeeplinkableRouterTests {
  nonisolated static let rows: [(link: String, route: String?, presented: String?)] = [
    ("shop://productlist/12", "/productlist/{id:int}", "list 12"),
    ("shop://pdp/34", "/pdp/{id:int}/{tab?}", "detail 34 -"),
    ("shop://pdp/34/reviews", "/pdp/{id:int}/{tab?}", "detail 34 reviews"),
    ("shop://product/34", "/product/{id:int}", "detail 34 -"),
    ("shopca://ca/pdp/34", "/pdp/{id:int}/{tab?}", "detail 34 -"),
    ("shop://offer/SAVE20", #"shop://offer/(?<code>[a-z0-9]{4,8})"#, "offer SAVE20"),
    ("shop://offer/x", nil, nil),
    ("shop://promo/offer/SAVE20", nil, nil),
    ("shop://offer/SAVE20/more", nil, nil),
    ("shop://pdp/abc", nil, nil),
  ]

  @Test(
    "a link builds and presents the module its pattern or expression names, which is the route", arguments: rows)
  func presents(_ row: (link: String, route: String?, presented: String?)) async throws {
    let stack = ModuleStack()
    let router = try stack.router([ProductListModule.self, ProductDetailModule.self, OfferModule.self])
    let fixture = try NavigationFixture { $0.install(plugin: router) }
    let result = await fixture.linker.handle(row.link)
    #expect(
      result == (row.route.map { .handled(route: RouteID(name: "DeeplinkableRouter", pattern: $0)) } ?? .notFound))
    #expect(stack.presented == (row.presented.map { [$0] } ?? []))
  }

  @Test("reverse routing writes the scheme it is given (the app's) when the module declares none")
  func reverseRoutingScheme() throws {
    let linker = try NavigationFixture { $0 }.linker
    let appScheme = try #require(linker.urlSchemes.first?.scheme)
    #expect(
      try ProductListModule.deeplink(["id": "7"], scheme: appScheme).absoluteString == "\(appScheme)://productlist/7")
    #expect(try ProductListModule.deeplink(["id": "7"], scheme: "other").absoluteString == "other://productlist/7")
  }

  @Test("a context-updatable module on screen takes the new link in place")
  func updatesInPlace() async throws {
    let stack = ModuleStack()
    let fixture = try NavigationFixture {
      $0.install(plugin: try stack.router([ProductListModule.self, ProductDetailModule.self]))
    }
    _ = await fixture.linker.handle("shop://pdp/1")
    let onScreen = try #require(stack.modules.last as? ProductDetailModule)
    #expect(
      await fixture.linker.handle("shop://pdp/2/reviews")
        == .handled(route: RouteID(name: "DeeplinkableRouter", pattern: "/pdp/{id:int}/{tab?}")))
    #expect(stack.presented == ["detail 1 -"])
    #expect((onScreen.productID, onScreen.tab) == ("2", "reviews"))
  }

  @Test("an update that returns false falls back to creating a module")
  func refusedUpdateCreates() async throws {
    let stack = ModuleStack()
    let fixture = try NavigationFixture { $0.install(plugin: try stack.router([ProductDetailModule.self])) }
    _ = await fixture.linker.handle("shop://pdp/1")
    try #require(stack.modules.last as? ProductDetailModule).isFrozen = true
    _ = await fixture.linker.handle("shop://pdp/2")
    #expect(stack.presented == ["detail 1 -", "detail 2 -"])
  }

  @Test("a module that is not context-updatable is created again")
  func notUpdatableCreates() async throws {
    let stack = ModuleStack()
    let fixture = try NavigationFixture { $0.install(plugin: try stack.router([ProductListModule.self])) }
    _ = await fixture.linker.handle("shop://productlist/1")
    _ = await fixture.linker.handle("shop://productlist/2")
    #expect(stack.presented == ["list 1", "list 2"])
  }

  nonisolated static let roundTrips: [(id: String, tab: String?)] = [("1", nil), ("42", "reviews"), ("7", "q&a")]

  @Test("deeplinkURL() reopens the module in the same state", arguments: roundTrips)
  func roundTrip(_ state: (id: String, tab: String?)) async throws {
    let stack = ModuleStack()
    let fixture = try NavigationFixture { $0.install(plugin: try stack.router([ProductDetailModule.self])) }
    let original = ProductDetailModule(productID: state.id, tab: state.tab)
    let link = try #require(original.deeplinkURL())
    #expect(link.scheme == "shop")
    #expect(
      await fixture.linker.handle(link.absoluteString)
        == .handled(route: RouteID(name: "DeeplinkableRouter", pattern: "/pdp/{id:int}/{tab?}")))
    let reopened = try #require(stack.modules.last as? ProductDetailModule)
    #expect((reopened.productID, reopened.tab) == (original.productID, original.tab))
    #expect(ProductListModule(listID: "12").deeplinkURL()?.absoluteString == "shop://productlist/12")
  }

  @Test("patterns win over regular expressions, which are only tried after a miss")
  func patternsBeforeExpressions() async throws {
    let stack = ModuleStack()
    let fixture = try NavigationFixture {
      $0.install(plugin: try stack.router([GreedyLegacyModule.self, ProductListModule.self]))
    }
    _ = await fixture.linker.handle("shop://productlist/3")
    _ = await fixture.linker.handle("shop://anything/else")
    #expect(stack.presented == ["list 3", "GreedyLegacyModule"])
  }

  @Test("hostile links never reach a module, even a catch-all expression", arguments: HostileLinks.all)
  func hostile(_ link: String) async throws {
    let stack = ModuleStack()
    let fixture = try NavigationFixture { $0.install(plugin: try stack.router([GreedyLegacyModule.self])) }
    #expect(HostileLinks.isRefusedFromOutside(await fixture.linker.handle(link), link))
    #expect(await fixture.linker.handle(link, source: .inApp).isInvalid)
    #expect(stack.presented.isEmpty)
  }

  @Test("module patterns and expressions are checked when the router is created")
  func configurationErrors() {
    let stack = ModuleStack()
    #expect(throws: DeepLinkConfigurationError.self) {
      try stack.router([ProductListModule.self, ProductListModule.self])
    }
    #expect(throws: DeeplinkRegularExpressionError.self) { try DeeplinkRegularExpression("shop://(unclosed") }
  }

  @Test("a regular expression matches the whole link and names its groups")
  func regularExpression() throws {
    let expression = try DeeplinkRegularExpression(#"shop://pdp/(?<id>[0-9]+)(?<=[0-9])"#)
    #expect(expression.groupNames == ["id"])
    #expect(expression.match(try DeepLink("shop://pdp/123"))?["id"] == "123")
    #expect(expression.match(try DeepLink("shop://pdp/123/x")) == nil)
    #expect(expression.match(try DeepLink("shop://evil/pdp/123")) == nil)
  }
}

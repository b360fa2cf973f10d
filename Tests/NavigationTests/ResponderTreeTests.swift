import DeepLinkCore
import DeepLinkNavigation
import DeepLinkTesting
import Testing

/// A coordinator: logs how it prepares and responds.
@MainActor
final class Coordinator: DeepLinkResponder {
  let name: String
  let deepLinkRoutes: ResponderRoutes
  var deepLinkChildren: [any DeepLinkResponder]
  let log: EntryLog

  init(_ name: String, routes: [String] = [], children: [Coordinator] = [], log: EntryLog) throws {
    self.name = name
    self.deepLinkRoutes = try ResponderRoutes(routes)
    self.deepLinkChildren = children
    self.log = log
  }

  func becomeFirstResponder(child: (any DeepLinkResponder)?) {
    log.append("\(name) → \((child as? Coordinator)?.name ?? "self")")
  }

  func respond(on match: MatchedDeepLink) {
    let parameters = match.parameters.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: ",")
    log.append("\(name) responds \(match.pattern) \(parameters)")
  }
}

/// tabs ─┬─ home      /, /home
///       ├─ cart      /cart, /cart/item/{id:int}
///       └─ profile   /account
///            └─ orders   /orders/{id:int}, /deals
///       (deals       /deals — a later, shallower sibling)
@MainActor
struct CoordinatorTree {
  let log = EntryLog()
  let root: Coordinator
  let profile: Coordinator

  init() throws {
    let orders = try Coordinator("orders", routes: ["/orders/{id:int}", "/deals"], log: log)
    profile = try Coordinator("profile", routes: ["/account"], children: [orders], log: log)
    root = try Coordinator(
      "tabs",
      children: [
        try Coordinator("home", routes: ["/", "/home"], log: log),
        try Coordinator("cart", routes: ["/cart", "/cart/item/{id:int}"], log: log),
        profile,
        try Coordinator("deals", routes: ["/deals"], log: log),
      ], log: log)
  }
}

@MainActor
@Suite struct ResponderTreeTests {
  struct Row: Sendable, CustomStringConvertible {
    let link: String
    let route: String
    let log: [String]
    var description: String { link }
  }

  nonisolated static let rows: [Row] = [
    Row(link: "shop://cart", route: "/cart", log: ["tabs → cart", "cart → self", "cart responds /cart "]),
    Row(
      link: "shop://cart/item/3", route: "/cart/item/{id:int}",
      log: ["tabs → cart", "cart → self", "cart responds /cart/item/{id:int} id=3"]),
    Row(
      link: "shopca://ca/orders/7", route: "/orders/{id:int}",
      log: ["tabs → profile", "profile → orders", "orders → self", "orders responds /orders/{id:int} id=7"]),
    Row(
      link: "shop://account", route: "/account",
      log: ["tabs → profile", "profile → self", "profile responds /account "]
    ),
    Row(
      link: "shop://deals", route: "/deals",
      log: ["tabs → profile", "profile → orders", "orders → self", "orders responds /deals "]),
    Row(link: "shop://home", route: "/home", log: ["tabs → home", "home → self", "home responds /home "]),
  ]

  @Test(
    "the depth-first responder prepares the chain from the root down, then responds; the route is the node's pattern",
    arguments: rows)
  func dispatch(_ row: Row) async throws {
    let tree = try CoordinatorTree()
    let fixture = try NavigationFixture { $0.install(plugin: ResponderTreePlugin(root: tree.root)) }
    #expect(fixture.linker.configuration?.decide(row.link).route?.description == row.route)
    #expect(fixture.linker.configuration?.decide(row.link).steps.map(\.description) == [])
    #expect(
      await fixture.linker.handle(row.link) == .handled(route: RouteID(name: "ResponderTreePlugin", pattern: row.route))
    )
    #expect(tree.log.entries == row.log)
  }

  @Test("a link no node matches is notFound and nothing moves")
  func notFound() async throws {
    let tree = try CoordinatorTree()
    let fixture = try NavigationFixture { $0.install(plugin: ResponderTreePlugin(root: tree.root)) }
    #expect(await fixture.linker.handle("shop://cart/item/abc") == .notFound)
    #expect(await fixture.linker.handle("shop://nowhere") == .notFound)
    #expect(tree.log.entries.isEmpty)
  }

  @Test("hostile links are refused by the engine before the tree sees them", arguments: HostileLinks.all)
  func hostile(_ link: String) async throws {
    let tree = try CoordinatorTree()
    let fixture = try NavigationFixture { $0.install(plugin: ResponderTreePlugin(root: tree.root)) }
    #expect(HostileLinks.isRefusedFromOutside(await fixture.linker.handle(link), link))
    #expect(fixture.telemetry.lastLinkKinds == [.received, HostileLinks.isKeptInApp(link) ? .notFound : .invalid])
    #expect(await fixture.linker.handle(link, source: .inApp).isInvalid)
    #expect(fixture.telemetry.lastLinkKinds == [.received, .invalid])
    #expect(tree.log.entries.isEmpty)
  }

  @Test("the tree is one opaque plugin: debugInfo names it, telemetry names the matched pattern")
  func telemetry() async throws {
    let tree = try CoordinatorTree()
    let fixture = try NavigationFixture { $0.install(plugin: ResponderTreePlugin(root: tree.root, name: "tabs")) }
    #expect(await fixture.linker.handle("shop://cart") == .handled(route: RouteID(name: "tabs", pattern: "/cart")))
    #expect(fixture.telemetry.lastLinkKinds == [.received, .matched, .handled])
    #expect(fixture.telemetry.events.filter { $0.kind == .matched }.last?.route?.description == "/cart")
    #expect(fixture.linker.debugInfo.plugins == ["tabs"])
  }

  @Test("deciding reads the snapshot only, so it runs off the main actor")
  func decidesOffMainActor() async throws {
    let tree = try CoordinatorTree()
    let plugin = ResponderTreePlugin(root: tree.root)
    #expect(plugin.nodeCount == 6)
    let link = try DeepLink("shop://orders/7")
    let option = await Task.detached { plugin.shouldHandleDeepLink(link) }.value
    guard case .yes = option else {
      Issue.record("expected the tree to take the link, got \(option)")
      return
    }
    let unknown = try DeepLink("shop://nowhere")
    #expect(await Task.detached { plugin.shouldHandleDeepLink(unknown) }.value.acceptance == nil)
  }

  @Test("the mandatory barrier gates the tree like any route")
  func barrier() async throws {
    let tree = try CoordinatorTree()
    let gate = ControlledBarrier(name: "consent")
    let fixture = try NavigationFixture {
      $0.install(plugin: ResponderTreePlugin(root: tree.root)).set(mandatoryBarrier: gate)
    }
    let waiting = Task { await fixture.linker.handle("shop://cart") }
    await gate.waitForChecks(1)
    #expect(tree.log.entries.isEmpty)
    gate.answer(false)
    #expect(await waiting.value == .dropped(reason: .barrierFailed))
    #expect(tree.log.entries.isEmpty)
  }

  @Test("a node torn down after install makes its links unreachable, reported to the app")
  func unreachable() async throws {
    let tree = try CoordinatorTree()
    var unreachable: [String] = []
    let fixture = try NavigationFixture {
      $0.install(plugin: ResponderTreePlugin(root: tree.root) { unreachable.append($0.absoluteString) })
    }
    tree.profile.deepLinkChildren = []
    #expect(
      await fixture.linker.handle("shop://orders/7")
        == .handled(route: RouteID(name: "ResponderTreePlugin", pattern: "/orders/{id:int}")))
    #expect(unreachable == ["shop://orders/7"])
    #expect(tree.log.entries.isEmpty)
  }

  @Test("a node added after install answers links already in the tree's vocabulary")
  func liveTree() async throws {
    let tree = try CoordinatorTree()
    let fixture = try NavigationFixture { $0.install(plugin: ResponderTreePlugin(root: tree.root)) }
    let cartAgain = try Coordinator("newCart", routes: ["/cart"], log: tree.log)
    tree.root.deepLinkChildren.insert(cartAgain, at: 0)
    #expect(
      await fixture.linker.handle("shop://cart")
        == .handled(route: RouteID(name: "ResponderTreePlugin", pattern: "/cart")))
    #expect(tree.log.entries == ["tabs → newCart", "newCart → self", "newCart responds /cart "])
  }

  @Test("node patterns are checked when compiled", arguments: [["/product/{id"], ["/cart", "/cart/"]])
  func malformedRoutes(_ patterns: [String]) {
    #expect(throws: DeepLinkConfigurationError.self) { try ResponderRoutes(patterns) }
  }
}

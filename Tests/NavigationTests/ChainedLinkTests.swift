import DeepLinkCore
import DeepLinkNavigation
import DeepLinkTesting
import Testing

/// The screens of the chain suite.
enum Screen: String, Sendable {
  case list, detail, category, search, x, y
}

@MainActor
@Suite struct ChainedLinkTests {
  nonisolated static let steps: [(pattern: String, value: Screen)] = [
    (pattern: "/productlist/{id:int}", value: .list),
    (pattern: "/productdetail/{id:int}", value: .detail),
    (pattern: "/category/{slug}", value: .category),
    (pattern: "/search?q={query}", value: .search),
    (pattern: "/x/{a}/{b?}", value: .x),
    (pattern: "/y/{c}", value: .y),
  ]

  struct Row: Sendable, CustomStringConvertible {
    let link: String
    /// `screen:parameters` per step; `nil` when the link does not resolve.
    let plan: [String]?
    var description: String { link }
  }

  nonisolated static let rows: [Row] = [
    Row(link: "shop://productlist/12/productdetail/34", plan: ["list:id=12", "detail:id=34"]),
    Row(link: "shop://productdetail/34/productlist/12", plan: ["detail:id=34", "list:id=12"]),
    Row(
      link: "shop://category/shoes/productlist/1/productdetail/2",
      plan: ["category:slug=shoes", "list:id=1", "detail:id=2"]),
    Row(link: "shop://productlist/12", plan: ["list:id=12"]),
    Row(link: "shop://productlist/12/search?q=red+shoes", plan: ["list:id=12", "search:query=red shoes"]),
    // greedy takes `x/1/2`; the longest run that leaves a resolvable rest wins
    Row(link: "shop://x/1/2/y/3", plan: ["x:a=1,b=2", "y:c=3"]),
    // greedy would take `x/1/y` (b = y) and strand `3`: backtracking cuts after `x/1`
    Row(link: "shop://x/1/y/3", plan: ["x:a=1", "y:c=3"]),
    Row(link: "shop://productlist/12/unknown/1", plan: nil),
    Row(link: "shop://productlist/abc/productdetail/34", plan: nil),
    Row(link: "shop://productlist/12/productdetail", plan: nil),
    Row(link: "shop://search/productlist/12?q=red", plan: nil),
    Row(link: "shop://", plan: nil),
  ]

  static func describe(_ plan: NavigationPlan<Screen>?) -> [String]? {
    plan?.map { step in
      "\(step.value.rawValue):"
        + step.parameters.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: ",")
    }
  }

  @Test("a chain resolves into its steps in order, or not at all", arguments: rows)
  func resolve(_ row: Row) throws {
    let resolver = try ChainResolver(steps: Self.steps)
    let plan = resolver.resolve(try DeepLink(row.link))
    #expect(Self.describe(plan) == row.plan)
    #expect(Self.describe(resolver.resolve(try DeepLink(row.link))) == row.plan, "deterministic")
  }

  @Test("each step knows its run of segments as a link of its own; the last keeps the query")
  func stepLinks() throws {
    let resolver = try ChainResolver(steps: Self.steps)
    let plan = try #require(resolver.resolve(try DeepLink("shop://productlist/12/search?q=shoes")))
    #expect(plan.map(\.link.absoluteString) == ["shop://productlist/12", "shop://search?q=shoes"])
    #expect(plan.map(\.segments) == [0..<2, 2..<3])
    #expect(plan.patterns == ["/productlist/{id:int}", "/search?q={query}"])
    #expect(plan.values == [.list, .search])
  }

  @Test("the whole plan reaches the handler in one call, with the navigation state")
  func pluginDeliversPlanAtOnce() async throws {
    var calls: [[String]] = []
    var sources: [LinkSource] = []
    let plugin = try ChainedLinkPlugin(steps: Self.steps) { plan, state in
      calls.append(Self.describe(plan) ?? [])
      sources.append(state.source)
    }
    let fixture = try NavigationFixture { $0.install(plugin: plugin) }
    #expect(
      await fixture.linker.handle("shopca://ca/productlist/12/productdetail/34")
        == .handled(route: RouteID(name: "ChainedLinkPlugin", pattern: "/productdetail/{id:int}"))
    )
    #expect(
      await fixture.linker.handle("shop://productdetail/5", source: .inApp)
        == .handled(route: RouteID(name: "ChainedLinkPlugin", pattern: "/productdetail/{id:int}")))
    #expect(calls == [["list:id=12", "detail:id=34"], ["detail:id=5"]])
    #expect(sources == [.customScheme, .inApp])
    #expect(fixture.telemetry.lastLinkKinds == [.received, .matched, .handled])
  }

  @Test("a chain with a run that is not chainable is notFound, not half-opened")
  func notHalfOpened() async throws {
    var calls = 0
    var notFound: [String] = []
    let fixture = try NavigationFixture {
      $0.install(plugin: try ChainedLinkPlugin(steps: Self.steps) { _, _ in calls += 1 })
        .with(notFoundHandler: { notFound.append($0.absoluteString) })
    }
    #expect(await fixture.linker.handle("shop://productlist/12/unknown/34") == .notFound)
    #expect(calls == 0)
    #expect(notFound == ["shop://productlist/12/unknown/34"])
  }

  @Test(
    "hostile chained links are refused by the engine before the resolver sees them",
    arguments: HostileLinks.all + [
      "shop://productlist/12/productdetail/%2e%2e", "shop://productlist/12/productdetail/34%0A",
      "https://shop.example.com@attacker.test/productlist/12/productdetail/34",
    ])
  func hostile(_ link: String) async throws {
    var calls = 0
    let fixture = try NavigationFixture {
      $0.install(plugin: try ChainedLinkPlugin(steps: Self.steps) { _, _ in calls += 1 })
    }
    #expect(HostileLinks.isRefusedFromOutside(await fixture.linker.handle(link), link))
    #expect(await fixture.linker.handle(link, source: .inApp).isInvalid)
    #expect(calls == 0)
  }

  @Test("a route in the table takes a single-step link first; the chain gets the rest")
  func tableRoutesFirst() async throws {
    var chains = 0
    var details = 0
    let fixture = try NavigationFixture {
      $0.install(plugin: try ChainedLinkPlugin(steps: Self.steps) { _, _ in chains += 1 })
    }
    try fixture.linker.addRoute("/productdetail/{id:int}") { _, _ in
      details += 1
      return true
    }
    #expect(
      await fixture.linker.handle("shop://productdetail/34")
        == .handled(route: RouteID(pattern: "/productdetail/{id:int}")))
    #expect(
      await fixture.linker.handle("shop://productlist/1/productdetail/34")
        == .handled(route: RouteID(name: "ChainedLinkPlugin", pattern: "/productdetail/{id:int}"))
    )
    #expect((details, chains) == (1, 1))
  }

  @Test("a link that arrives before initialisation is delivered as a cold start")
  func coldStart() async throws {
    var coldStarts: [Bool] = []
    let linker = DeepLinker()
    // The task tells the test it has started, then calls `handle` on the main actor without a
    // suspension in between: the test resumes only once `handle` has buffered the link and waits.
    var waiting: Task<DeepLinkResult, Never>?
    await withCheckedContinuation { (started: CheckedContinuation<Void, Never>) in
      waiting = Task {
        started.resume()
        return await linker.handle("shop://productlist/1/productdetail/2")
      }
    }
    #expect(linker.debugInfo.recentLinks.count == 1)
    try linker.configure()
      .add(urlSchemes: [URLScheme("shop")])
      .install(plugin: try ChainedLinkPlugin(steps: Self.steps) { _, state in coldStarts.append(state.isColdStart) })
      .initialize()
    #expect(
      await waiting?.value == .handled(route: RouteID(name: "ChainedLinkPlugin", pattern: "/productdetail/{id:int}")))
    #expect(coldStarts == [true])
  }

  @Test("deciding a chain runs off the main actor and stays cheap at the segment limit")
  func longChains() async throws {
    let plugin = try ChainedLinkPlugin(steps: Self.steps) { _, _ in }
    let longest = try DeepLink("shop://" + Array(repeating: "productlist/1", count: 32).joined(separator: "/"))
    let stranded = try DeepLink("shop://" + Array(repeating: "x/1", count: 30).joined(separator: "/") + "/y/1/2")
    #expect(await Task.detached { plugin.resolver.resolve(longest)?.count }.value == 32)
    #expect(await Task.detached { plugin.shouldHandleDeepLink(stranded) }.value.acceptance == nil)
  }

  @Test("chainable steps are checked when compiled")
  func malformedSteps() {
    #expect(throws: DeepLinkConfigurationError.self) {
      try ChainResolver(steps: [(pattern: "/productlist/{id", value: Screen.list)])
    }
    #expect(throws: DeepLinkConfigurationError.self) {
      try ChainResolver(steps: [(pattern: "/a/{x}", value: Screen.x), (pattern: "/a/{y}", value: Screen.y)])
    }
  }
  @Test(
    "captured values reach the handler unchanged through the plugin's payload",
    arguments: [
      ("shop://category/%22quoted%22/productdetail/1", "category:slug=\"quoted\""),
      ("shop://category/a%7Bb%7D%5Bc%5D%3A%2C/productdetail/1", "category:slug=a{b}[c]:,"),
      ("shop://category/%C3%A9t%C3%A9%20%F0%9F%9B%92/productdetail/1", "category:slug=été 🛒"),
      ("shop://search?q=%22%5C%7D%2F%26", "search:query=\"\\}/&"),
    ])
  func payloadRoundTrip(_ link: String, _ first: String) async throws {
    var calls: [[String]] = []
    let plugin = try ChainedLinkPlugin(steps: Self.steps) { plan, _ in calls.append(Self.describe(plan) ?? []) }
    let fixture = try NavigationFixture { $0.install(plugin: plugin) }
    let outcome = await fixture.linker.handle(link)
    guard case .handled = outcome else {
      Issue.record("`\(link)` was not handled: \(outcome)")
      return
    }
    #expect(calls.first?.first == first)
  }
}

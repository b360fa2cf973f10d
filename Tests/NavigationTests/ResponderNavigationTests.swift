import DeepLinkCore
import DeepLinkNavigation
import Testing

private struct OrderList: LinkDestination {}
private struct Order: LinkDestination { let id: Int }

/// A coordinator that is a tab, shows a list, or shows one screen for a link.
@MainActor
private final class Node: DeepLinkResponder {
  let deepLinkRoutes: ResponderRoutes
  let deepLinkChildren: [any DeepLinkResponder]
  let deepLinkTab: NavigationTab?
  let deepLinkDestination: (any LinkDestination)?
  let make: @MainActor (MatchedDeepLink) -> (any LinkDestination)?

  init(
    routes: [String] = [], children: [Node] = [], tab: NavigationTab? = nil, shows: (any LinkDestination)? = nil,
    make: @escaping @MainActor (MatchedDeepLink) -> (any LinkDestination)? = { _ in nil }
  ) throws {
    deepLinkRoutes = try ResponderRoutes(routes)
    deepLinkChildren = children
    deepLinkTab = tab
    deepLinkDestination = shows
    self.make = make
  }

  func respond(on match: MatchedDeepLink) {}
  func deepLinkDestination(for match: MatchedDeepLink) -> (any LinkDestination)? { make(match) }
}

/// A responder tree gives the same navigation shape as a routed link: the tab of the chain, the
/// screens its nodes show, the responder's own last (Docs/Navigation.md).
@MainActor
@Suite struct ResponderNavigationTests {
  /// tabs ─┬─ home (tab)
  ///       └─ account (tab) ── orders list `/orders` ── order `/orders/{id:int}`
  fileprivate static func tree() throws -> Node {
    let order = try Node(routes: ["/orders/{id:int}"]) { match in match["id"].flatMap(Int.init).map(Order.init) }
    let list = try Node(routes: ["/orders"], children: [order], shows: OrderList()) { _ in OrderList() }
    return try Node(children: [try Node(routes: ["/home"], tab: "home"), try Node(children: [list], tab: "account")])
  }

  @Test("the tree's navigation: the chain's tab, its screens, the responder's last")
  func navigation() throws {
    let root = try Self.tree()
    #expect(
      root.deepLinkNavigation(for: try DeepLink("shop://orders/7"))
        == LinkNavigation(tab: "account", path: [OrderList(), Order(id: 7)]))
    #expect(
      root.deepLinkNavigation(for: try DeepLink("shop://orders")) == LinkNavigation(tab: "account", path: [OrderList()])
    )
    #expect(root.deepLinkNavigation(for: try DeepLink("shop://home")) == nil, "a responder that shows no destination")
    #expect(root.deepLinkNavigation(for: try DeepLink("shop://nowhere")) == nil)
  }

  @Test("the plugin hands the navigation to the app once the tree responded")
  func plugin() async throws {
    var received: [LinkNavigation] = []
    let fixture = try NavigationFixture {
      $0.install(plugin: ResponderTreePlugin(root: try Self.tree(), navigate: { received.append($0) }))
    }
    #expect(
      await fixture.linker.handle("shop://orders/7")
        == .handled(route: RouteID(name: "ResponderTreePlugin", pattern: "/orders/{id:int}")))
    var state = TabNavigationState(selectedTab: "home")
    state.apply(try #require(received.last))
    #expect(state.selectedTab == "account")
    #expect(
      state.stack(of: "account").map { AnyHashable($0) } == [AnyHashable(OrderList()), AnyHashable(Order(id: 7))])
  }
}

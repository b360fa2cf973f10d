import DeepLinkCore
import DeepLinkNavigation
import Foundation
import PlatformLinks
import ShopAppLinks
import Testing

/// Links × app states → the tab, that tab's stack and what was applied, through the composed CA
/// router and the app's navigator, as the app runs them.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct NavigationMatrixTests {
  /// The app before the link arrives.
  enum AppState: String, Sendable, CaseIterable {
    /// Launched by the link: the router composes while the link waits.
    case coldStart
    /// Running, on the search tab with results pushed.
    case otherTab
    /// Running, the link's own screen on top of the account tab.
    case sameOnTop
    /// Running, another order on top of the account tab.
    case otherOrderOnTop
    /// Running, a payment pushed above an order in the account tab.
    case deeperStack
    /// Running, signed out: the link waits for sign-in.
    case signedOut
    /// Running, a sheet over the home tab.
    case sheet
    /// Running, the French cart on screen.
    case cartOnScreen
  }

  struct Row: Sendable, CustomStringConvertible {
    var link: String
    var state: AppState
    var tab: NavigationTab
    var stack: [any LinkDestination]
    var root: (any LinkDestination)? = nil
    var action: NavigationChange.Action
    var description: String { "\(link) from \(state)" }
  }

  nonisolated static let order = "https://shop.example.ca/fr/compte/commandes/9001"
  nonisolated static let product = "shopca://ca/product/7"
  nonisolated static let cart = "https://shop.example.ca/fr/panier"
  nonisolated static let orderPath: [any LinkDestination] = [OrderHistoryPage(), OrderPage(id: 9001, locale: "fr")]
  nonisolated static let orderStack = orderPath

  nonisolated static let rows: [Row] = [
    Row(link: order, state: .coldStart, tab: .account, stack: orderStack, action: .replaced),
    Row(link: order, state: .otherTab, tab: .account, stack: orderStack, action: .replaced),
    Row(link: order, state: .sameOnTop, tab: .account, stack: orderStack, action: .unchanged),
    Row(link: order, state: .otherOrderOnTop, tab: .account, stack: orderStack, action: .updated),
    Row(link: order, state: .deeperStack, tab: .account, stack: orderStack, action: .replaced),
    Row(link: order, state: .signedOut, tab: .account, stack: orderStack, action: .replaced),
    Row(link: order, state: .sheet, tab: .account, stack: orderStack, action: .replaced),
    Row(link: product, state: .coldStart, tab: .home, stack: [ProductPage(id: 7)], action: .replaced),
    Row(link: product, state: .otherTab, tab: .home, stack: [ProductPage(id: 7)], action: .replaced),
    Row(link: product, state: .sheet, tab: .home, stack: [ProductPage(id: 7)], action: .replaced),
    Row(link: cart, state: .otherTab, tab: .cart, stack: [], root: CartPage(locale: "fr"), action: .replaced),
    Row(link: cart, state: .cartOnScreen, tab: .cart, stack: [], root: CartPage(locale: "fr"), action: .unchanged),
  ]

  /// The navigator and session in `state`, with what the other tabs held before the link.
  func prepare(_ state: AppState, _ navigator: AppNavigator, _ session: AppSession) {
    switch state {
    case .coldStart, .signedOut: break
    case .otherTab:
      navigator.navigate(to: LinkNavigation(tab: .search, path: [SearchResults(query: "desk")]))
    case .sameOnTop:
      navigator.navigate(to: LinkNavigation(tab: .account, path: Self.orderPath))
    case .otherOrderOnTop:
      navigator.navigate(to: LinkNavigation(tab: .account, path: [OrderHistoryPage(), OrderPage(id: 1)]))
    case .deeperStack:
      navigator.navigate(to: LinkNavigation(tab: .account, path: [OrderHistoryPage(), OrderPage(id: 1)]))
      navigator.push(TransactionPage(transactionID: "t1"))
    case .sheet:
      navigator.present(ProductPage(id: 5))
    case .cartOnScreen:
      navigator.navigate(to: LinkNavigation(tab: .cart, path: [CartPage(locale: "fr")], isTabRoot: true))
    }
  }

  @Test("a link opens its tab with its back stack, whatever the app was showing", arguments: rows)
  func matrix(row: Row) async throws {
    let navigator = AppNavigator()
    let session = AppSession(isSignedIn: row.state != .signedOut)
    prepare(row.state, navigator, session)
    let before = navigator.state

    if row.state == .coldStart {
      let startup = try AppLinks.startLinker(market: "CA", navigator: navigator, session: session)
      #expect(startup.linker.route(row.link))
      let linker = try await startup.ready.value
      await linker.waitUntilIdle()
    } else {
      let linker = try AppLinks.makeLinker(market: "CA", navigator: navigator, session: session)
      let handled = Task { await linker.handle(row.link) }
      if row.state == .signedOut {
        await session.waitForSignIn()
        #expect(navigator.state == before, "nothing is shown before sign-in")
        session.finishSignIn(succeeded: true)
      }
      guard case .handled = await handled.value else {
        Issue.record("\(row) was not handled")
        return
      }
    }

    let state = navigator.state
    #expect(state.selectedTab == row.tab)
    #expect(state.stack(of: row.tab).map { AnyHashable($0) } == row.stack.map { AnyHashable($0) })
    #expect(state.roots[row.tab].map { AnyHashable($0) } == row.root.map { AnyHashable($0) })
    #expect(navigator.lastChange?.action == row.action)
    #expect(navigator.lastChange?.switchedTab == (before.selectedTab != row.tab))
    #expect(navigator.lastChange?.dismissedSheet == (row.state == .sheet))
    #expect(state.sheet == nil)
    for tab in AppNavigator.tabs where tab != row.tab {
      #expect(
        state.stack(of: tab).map { AnyHashable($0) } == before.stack(of: tab).map { AnyHashable($0) },
        "the \(tab) tab keeps its stack")
    }
  }

  @Test("the same link twice shows its screen once")
  func repeatedLink() async throws {
    let navigator = AppNavigator()
    let linker = try AppLinks.makeLinker(market: "CA", navigator: navigator, session: AppSession(isSignedIn: true))
    for _ in 0..<2 { _ = await linker.handle(Self.order) }
    #expect(navigator.path.map { AnyHashable($0) } == Self.orderStack.map { AnyHashable($0) })
    #expect(navigator.lastChange?.action == .unchanged)
  }

  @Test("state restoration writes the tabs and their stacks and reads them back")
  func restoration() async throws {
    let navigator = AppNavigator()
    let linker = try AppLinks.makeLinker(market: "CA", navigator: navigator, session: AppSession(isSignedIn: true))
    _ = await linker.handle(Self.product)
    _ = await linker.handle(Self.cart)
    _ = await linker.handle(Self.order)
    let saved = try navigator.savedState()

    let restored = AppNavigator()
    try restored.restore(saved, destinationTypes: try #require(linker.configuration).destinationTypes)
    #expect(restored.state == navigator.state)
    #expect(restored.state.selectedTab == .account)
    #expect(restored.state.stack(of: .home).map { AnyHashable($0) } == [ProductPage(id: 7)])
    #expect(restored.state.roots[.cart].map { AnyHashable($0) } == AnyHashable(CartPage(locale: "fr")))
  }
}

import DeepLinkCore
import DeepLinkNavigation
import Foundation
import PlatformLinks

/// The app's navigator: the tabs and the stack of each (a `TabView` with a `NavigationStack` per
/// tab), the confirmation waiting for the user, and the links handed to the browser.
///
/// A routed link arrives as its navigation state (``navigate(to:)``): the tab to select and the
/// path to show there, parents first. The navigator applies it to ``state`` by the route's
/// policy (replace the tab's stack, push, or update the screen on top), keeps the other tabs'
/// stacks, and says what happened in ``lastChange``.
@MainActor
public final class AppNavigator: Navigator {
  /// The tabs, in the order the tab bar shows them.
  public static let tabs: [NavigationTab] = [.home, .search, .cart, .account]

  /// The selected tab and each tab's stack.
  public private(set) var state = TabNavigationState(selectedTab: .home)
  /// What the last link did to ``state``.
  public private(set) var lastChange: NavigationChange?
  /// Called after ``state`` changes: ``ShopRootView`` copies it into its tab selection and paths.
  public var stateChanged: (@MainActor (TabNavigationState) -> Void)?
  /// The link a confirmation is asked for, until the user answers.
  public private(set) var pendingConfirmation: DeepLink?
  /// Every link handed to the browser.
  public private(set) var openedInBrowser: [DeepLink] = []
  private var confirmationReply: (@Sendable (Bool) -> Void)?
  private let openURL: @MainActor (URL) -> Void

  /// Creates the navigator.
  ///
  /// - Parameter openURL: opens a web link outside the app (`UIApplication.shared.open`).
  public nonisolated init(openURL: @escaping @MainActor (URL) -> Void = { _ in }) {
    self.openURL = openURL
  }

  /// The destinations pushed in the selected tab, bottom to top.
  public var path: [any LinkDestination] { state.stack(of: state.selectedTab) }

  /// The screen on top of the selected tab: the last pushed, else the root's value a link set.
  public var top: (any LinkDestination)? { state.top(of: state.selectedTab) }

  /// Takes the app where a link leads and remembers what changed.
  public func navigate(to navigation: LinkNavigation) {
    lastChange = state.apply(navigation)
    stateChanged?(state)
  }

  /// Shows `destinations` in the selected tab, replacing its stack: the first at the bottom, each
  /// next one on top (for a route that declares no placement).
  public func show(_ destinations: [any LinkDestination]) {
    navigate(to: LinkNavigation(tab: state.selectedTab, path: destinations))
  }

  /// The user selected `tab`.
  public func select(_ tab: NavigationTab) {
    state.selectedTab = tab
    stateChanged?(state)
  }

  /// The user opened `destination` in the selected tab.
  public func push(_ destination: any LinkDestination) {
    state.push(destination, on: state.selectedTab)
    stateChanged?(state)
  }

  /// The user went back in `tab` until `count` destinations stay (the `NavigationStack` binding).
  public func keep(_ count: Int, in tab: NavigationTab) {
    state.setStack(Array(state.stack(of: tab).prefix(count)), of: tab)
  }

  /// A sheet over the tabs (the app's own, such as a promotion); a link dismisses it.
  public func present(_ sheet: any LinkDestination) {
    state.sheet = sheet
    stateChanged?(state)
  }

  /// The state to save for restoration, as JSON.
  public func savedState() throws -> Data { try JSONEncoder().encode(state.record) }

  /// Restores a state ``savedState()`` wrote, reading each destination as one of
  /// `destinationTypes` (the configuration's `destinationTypes`).
  public func restore(_ data: Data, destinationTypes: [any LinkDestination.Type]) throws {
    let record = try JSONDecoder().decode(TabNavigationState.Record.self, from: data)
    state = TabNavigationState(record: record, destinationTypes: destinationTypes)
    stateChanged?(state)
  }

  /// The screen's title for a destination: the app switches on the destination's type, and
  /// reads its fields as the types the router checked (no string parsing).
  public static func title(of destination: any LinkDestination) -> String {
    switch destination {
    case let page as ProductPage: "Product \(page.id)" + (page.locale == "fr" ? " (français)" : "")
    case let page as CartPage: page.locale == "fr" ? "Panier" : "Cart"
    case let page as OrderPage: "Order \(page.id)"
    case is OrderHistoryPage: "Orders"
    case is CheckoutPage: "Checkout"
    case let page as PaymentPage: "Pay order \(page.orderID)"
    case let page as SearchResults: "Results for \(page.query)"
    case is HomePage: "Shop"
    default: "\(destination)"
    }
  }

  /// The title of each destination pushed in the selected tab, bottom to top.
  public var titles: [String] { path.map(Self.title(of:)) }

  /// Asks the user to confirm `link`; ``answerConfirmation(_:)`` gives the answer.
  public func confirm(_ link: DeepLink, completion: @escaping @Sendable (Bool) -> Void) {
    confirmationReply?(false)
    pendingConfirmation = link
    confirmationReply = completion
  }

  /// The user's answer to the pending confirmation.
  public func answerConfirmation(_ confirmed: Bool) {
    let reply = confirmationReply
    pendingConfirmation = nil
    confirmationReply = nil
    reply?(confirmed)
  }

  /// Hands a web link that is not the app's to the browser.
  public func openInBrowser(_ link: DeepLink) {
    openedInBrowser.append(link)
    if let url = URL(string: link.absoluteString) { openURL(url) }
  }
}

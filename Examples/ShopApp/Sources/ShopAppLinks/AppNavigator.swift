import DeepLinkCore
import Foundation
import PlatformLinks

/// The app's navigator: the destinations on display, as a SwiftUI `NavigationStack` path holds
/// them, the confirmation waiting for the user, and the links handed to the browser.
@MainActor
public final class AppNavigator: Navigator {
  /// The destinations on display, bottom to top: typed values (`ProductPage(id: 123)`), made
  /// by the router from the link's checked parameters.
  public private(set) var path: [any LinkDestination] = []
  /// Called after ``path`` changes: ``ShopRootView`` copies it into its `NavigationPath`.
  public var pathChanged: (@MainActor ([any LinkDestination]) -> Void)?
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

  /// Shows `destinations`: the first replaces what is on display, each next one is pushed on top.
  public func show(_ destinations: [any LinkDestination]) {
    path = destinations
    pathChanged?(destinations)
  }

  /// The screen's title for a destination: the app switches on the destination's type, and
  /// reads its fields as the types the router checked (no string parsing).
  public static func title(of destination: any LinkDestination) -> String {
    switch destination {
    case let page as ProductPage: "Product \(page.id)" + (page.locale == "fr" ? " (français)" : "")
    case let page as CartPage: page.locale == "fr" ? "Panier" : "Cart"
    case let page as OrderPage: "Order \(page.id)"
    case let page as SearchResults: "Results for \(page.query)"
    case is HomePage: "Shop"
    default: "\(destination)"
    }
  }

  /// The title of each destination on display, bottom to top.
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

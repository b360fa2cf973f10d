import DeepLinkCore
import Foundation
import PlatformLinks

/// The app's navigator: the screens on display, as a SwiftUI `NavigationStack` path would hold
/// them, the confirmation waiting for the user, and the links handed to the browser.
@MainActor
public final class AppNavigator: Navigator {
  /// The screens on display, bottom to top.
  public private(set) var path: [Screen] = []
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

  /// Shows `screens`: the first replaces what is on display, each next one is pushed on top.
  public func show(_ screens: [Screen]) {
    path = screens
  }

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

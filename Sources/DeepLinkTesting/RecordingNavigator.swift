import DeepLinkCore
import PlatformLinks

/// A navigator and session for tests: records every screen shown and every confirmation
/// asked, and answers confirmations and sign-ins as the test says.
@MainActor
public final class RecordingNavigator: Navigator, Session {
  /// Every `show` call, in order.
  public private(set) var shown: [[Screen]] = []
  /// Every link a confirmation was asked for.
  public private(set) var confirmations: [DeepLink] = []
  /// The answer to confirmations.
  public var confirms: Bool
  /// Whether a user is signed in.
  public var isSignedIn: Bool
  /// The answer to sign-in requests.
  public var signInSucceeds: Bool
  /// How many times sign-in was requested.
  public private(set) var signInRequests = 0

  /// Creates a navigator.
  public nonisolated init(confirms: Bool = true, isSignedIn: Bool = true, signInSucceeds: Bool = true) {
    self.confirms = confirms
    self.isSignedIn = isSignedIn
    self.signInSucceeds = signInSucceeds
  }

  /// Records the screens.
  public func show(_ screens: [Screen]) { shown.append(screens) }

  /// Records the link and answers with ``confirms``.
  public func confirm(_ link: DeepLink, completion: @escaping @Sendable (Bool) -> Void) {
    confirmations.append(link)
    completion(confirms)
  }

  /// Counts the request and answers with ``signInSucceeds``.
  public func signIn(completion: @escaping @Sendable (Bool) -> Void) {
    signInRequests += 1
    if signInSucceeds { isSignedIn = true }
    completion(signInSucceeds)
  }

  /// The last screen shown, if any.
  public var lastScreen: Screen? { shown.last?.last }
}

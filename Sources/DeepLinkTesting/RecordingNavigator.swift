import DeepLinkCore
import PlatformLinks

/// A navigator and session for tests: records every destination shown and every confirmation
/// asked, and answers confirmations and sign-ins as the test says.
///
/// ```swift
/// #expect(navigator.shown.last?.last as? ProductPage == ProductPage(id: 123, locale: "fr"))
/// ```
@MainActor
public final class RecordingNavigator: Navigator, Session {
  /// Every `show` call, in order; a ``navigate(to:)`` call is recorded here too, as its path.
  public private(set) var shown: [[any LinkDestination]] = []
  /// Every ``navigate(to:)`` call, in order: where each link took the app.
  public private(set) var navigations: [LinkNavigation] = []
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

  /// Records the destinations.
  public func show(_ destinations: [any LinkDestination]) { shown.append(destinations) }

  /// Records the navigation state, and its path as a `show` call.
  public func navigate(to navigation: LinkNavigation) {
    navigations.append(navigation)
    shown.append(navigation.path)
  }

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

  /// Every `show` call's destinations as `AnyHashable`, for comparing with values of several
  /// types: `[[CartPage(locale: "fr")], [ProductPage(id: 1)]]`.
  package var shownValues: [[AnyHashable]] { shown.map { $0.map { AnyHashable($0) } } }

  /// The last destination shown (the link's own, on top of its parents), if any.
  package var last: (any LinkDestination)? { shown.last?.last }
}

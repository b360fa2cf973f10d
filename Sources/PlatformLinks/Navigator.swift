import DeepLinkCore

/// A route's name and parameters as strings: what the ``Navigator`` receives for a route that
/// declares no ``DeepLinkCore/LinkDestination`` of its own.
///
/// A thin layer for code that has not moved to destinations: give the route a destination type
/// and the navigator receives that value instead, its fields already read as their types.
public struct Screen: LinkDestination, CustomStringConvertible {
  /// The route's name (`product`, `flyer`).
  public let route: String
  /// The parameters, rewrite extras (such as `locale`) included.
  public let parameters: [String: String]

  /// Creates a screen.
  package init(route: String, parameters: [String: String] = [:]) {
    self.route = route
    self.parameters = parameters
  }

  public var description: String {
    parameters.isEmpty
      ? route : route + "(" + parameters.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: ", ") + ")"
  }
}

/// What handlers call to show screens; the app implements it with UIKit or SwiftUI, tests with
/// `RecordingNavigator` from `DeepLinkTesting`.
///
/// Each destination is a `Hashable` value the app switches on by type (``ProductPage``,
/// ``CartPage``, a market's own) and appends to a SwiftUI `NavigationStack` path or pushes as a
/// UIKit view controller; `Docs/Adoption.md` shows both.
public protocol Navigator: Sendable {
  /// Shows `destinations` in one step: the first presented, each next one pushed on top (a
  /// single destination for most links, several for chained links).
  @MainActor func show(_ destinations: [any LinkDestination])
  /// Takes the app where a link leads: selects ``DeepLinkCore/LinkNavigation/tab`` and applies
  /// its path to that tab's stack by its policy, leaving the other tabs' stacks as they are
  /// (`Docs/Navigation.md`). Defaults to ``show(_:)`` with the path, parents first.
  @MainActor func navigate(to navigation: LinkNavigation)
  /// Asks the user to confirm a state-changing link that came from outside the app.
  @MainActor func confirm(_ link: DeepLink, completion: @escaping @Sendable (Bool) -> Void)
}

extension Navigator {
  @MainActor public func navigate(to navigation: LinkNavigation) { show(navigation.path) }
}

/// The signed-in state the authentication barrier reads and the sign-in flow it starts.
public protocol Session: Sendable {
  /// Whether a user is signed in.
  @MainActor var isSignedIn: Bool { get }
  /// Shows sign-in and calls `completion` with whether the user signed in.
  @MainActor func signIn(completion: @escaping @Sendable (Bool) -> Void)
}

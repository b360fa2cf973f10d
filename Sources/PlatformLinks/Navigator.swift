import DeepLinkCore

/// One screen to show: a route and its parameters.
public struct Screen: Sendable, Hashable, CustomStringConvertible {
  /// The route's name (`product`, `flyer`).
  public let route: String
  /// The parameters, rewrite extras (such as `locale`) included.
  public let parameters: [String: String]

  /// Creates a screen.
  public init(route: String, parameters: [String: String] = [:]) {
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
public protocol Navigator: Sendable {
  /// Shows `screens` in one step: the first presented, each next one pushed on top (a single
  /// screen for most links, several for chained links).
  @MainActor func show(_ screens: [Screen])
  /// Asks the user to confirm a state-changing link that came from outside the app.
  @MainActor func confirm(_ link: DeepLink, completion: @escaping @Sendable (Bool) -> Void)
}

/// The signed-in state the authentication barrier reads and the sign-in flow it starts.
public protocol Session: Sendable {
  /// Whether a user is signed in.
  @MainActor var isSignedIn: Bool { get }
  /// Shows sign-in and calls `completion` with whether the user signed in.
  @MainActor func signIn(completion: @escaping @Sendable (Bool) -> Void)
}

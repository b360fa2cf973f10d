import DeepLinkCore

/// Passes when a user is signed in; otherwise starts sign-in and passes if it succeeds.
public struct AuthenticationBarrier: TypeNamedBarrier {
  private let session: any Session

  /// Creates the barrier over the app's session.
  public init(session: any Session) {
    self.session = session
  }

  /// `authentication`, a name the platform reserves.
  public static var barrierName: BarrierName { PlatformBarrierName.authentication }

  @MainActor public func status(for deepLink: DeepLink) -> DeepLinkBarrierStatus {
    session.isSignedIn ? .passed : .needToCheck
  }

  @MainActor public func performCheck(deepLink: DeepLink, completion: @escaping @Sendable (Bool) -> Void) {
    session.signIn(completion: completion)
  }
}

/// Asks the user, through the ``Navigator``, to confirm a state-changing link from outside the app.
public struct ConfirmationBarrier: TypeNamedBarrier {
  private let navigator: any Navigator

  /// Creates the barrier over the app's navigator.
  public init(navigator: any Navigator) {
    self.navigator = navigator
  }

  /// `confirmation`, a name the platform reserves.
  public static var barrierName: BarrierName { PlatformBarrierName.confirmation }

  @MainActor public func status(for deepLink: DeepLink) -> DeepLinkBarrierStatus { .needToCheck }

  @MainActor public func performCheck(deepLink: DeepLink, completion: @escaping @Sendable (Bool) -> Void) {
    navigator.confirm(deepLink, completion: completion)
  }
}

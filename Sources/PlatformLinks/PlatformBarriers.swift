import DeepLinkCore

/// Passes when a user is signed in; otherwise starts sign-in and passes if it succeeds.
package struct AuthenticationBarrier: TypeNamedBarrier {
  private let session: any Session

  /// Creates the barrier over the app's session.
  package init(session: any Session) {
    self.session = session
  }

  /// `authentication`, a name the platform reserves.
  package static var barrierName: BarrierName { BarrierName.authentication }

  @MainActor package func status(for deepLink: DeepLink) -> DeepLinkBarrierStatus {
    session.isSignedIn ? .passed : .needToCheck
  }

  @MainActor package func performCheck(deepLink: DeepLink, completion: @escaping @Sendable (Bool) -> Void) {
    session.signIn(completion: completion)
  }
}

/// Asks the user, through the ``Navigator``, to confirm a state-changing link from outside the app.
package struct ConfirmationBarrier: TypeNamedBarrier {
  private let navigator: any Navigator

  /// Creates the barrier over the app's navigator.
  package init(navigator: any Navigator) {
    self.navigator = navigator
  }

  /// `confirmation`, a name the platform reserves.
  package static var barrierName: BarrierName { BarrierName.confirmation }

  @MainActor package func status(for deepLink: DeepLink) -> DeepLinkBarrierStatus { .needToCheck }

  @MainActor package func performCheck(deepLink: DeepLink, completion: @escaping @Sendable (Bool) -> Void) {
    navigator.confirm(deepLink, completion: completion)
  }
}

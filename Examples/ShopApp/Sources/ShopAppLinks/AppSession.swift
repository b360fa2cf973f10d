import PlatformLinks

/// The app's session: whether a user is signed in, and the sign-in screen links wait on.
@MainActor
public final class AppSession: Session {
  /// Whether a user is signed in.
  public private(set) var isSignedIn: Bool
  /// Whether the sign-in screen is showing (a link waits on it).
  public var isShowingSignIn: Bool { !replies.isEmpty }
  private var replies: [@Sendable (Bool) -> Void] = []
  private var signInWaiters: [CheckedContinuation<Void, Never>] = []

  /// Creates the session.
  public nonisolated init(isSignedIn: Bool = false) {
    self.isSignedIn = isSignedIn
  }

  /// Shows sign-in; ``finishSignIn(succeeded:)`` ends it.
  public func signIn(completion: @escaping @Sendable (Bool) -> Void) {
    replies.append(completion)
    resumeSignInWaiters()
  }

  /// Returns once the sign-in screen shows (at once if it shows already): the request that
  /// shows it resumes the caller. A cancelled task returns at once.
  public func waitForSignIn() async {
    guard !isShowingSignIn, !Task.isCancelled else { return }
    await withTaskCancellationHandler {
      await withCheckedContinuation { signInWaiters.append($0) }
    } onCancel: {
      Task { @MainActor in self.resumeSignInWaiters() }
    }
  }

  private func resumeSignInWaiters() {
    let waiting = signInWaiters
    signInWaiters = []
    for waiter in waiting { waiter.resume() }
  }

  /// The sign-in screen closed: the user signed in or gave up.
  public func finishSignIn(succeeded: Bool) {
    if succeeded { isSignedIn = true }
    let waiting = replies
    replies = []
    for reply in waiting { reply(succeeded) }
  }

  /// Signs the user out.
  public func signOut() {
    isSignedIn = false
  }
}

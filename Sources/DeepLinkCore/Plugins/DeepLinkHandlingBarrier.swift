/// Whether a link may pass a barrier right now.
public enum DeepLinkBarrierStatus: Sendable, Hashable {
  /// The condition holds (the user is signed in): go on.
  case passed
  /// The condition must be checked (show sign-in): ``DeepLinkHandlingBarrier/performCheck(deepLink:completion:)``.
  case needToCheck
}

/// A condition a link must meet before it is handled, such as a signed-in user or the user's
/// confirmation of a state-changing action.
///
/// Barriers are installed by name into a ``DeepLinker`` and referenced by routes and plugins.
/// A barrier that fails drops the link with a reason; one that passes resumes exactly that
/// link, once. A check that never answers is cut off after ``checkTimeout`` and the link is
/// dropped (`timedOut`).
///
/// ```swift
/// struct AuthenticationBarrier: DeepLinkHandlingBarrier {
///   let session: any Session
///   let name: BarrierName = "authentication"
///   func status(for link: DeepLink) -> DeepLinkBarrierStatus { session.isSignedIn ? .passed : .needToCheck }
///   func performCheck(deepLink: DeepLink, completion: @escaping @Sendable (Bool) -> Void) {
///     session.signIn { signedIn in completion(signedIn) }
///   }
/// }
/// ```
public protocol DeepLinkHandlingBarrier: Sendable {
  /// The name routes and plugins refer to it by (no default: a `name` of another type would
  /// otherwise leave the barrier under a name nobody refers to).
  var name: BarrierName { get }
  /// How long a check may take before the link is dropped. Defaults to 5 minutes.
  var checkTimeout: Duration { get }
  /// Whether `deepLink` passes without a check.
  @MainActor func status(for deepLink: DeepLink) -> DeepLinkBarrierStatus
  /// Checks (shows sign-in, asks for confirmation) and calls `completion` with the answer.
  @MainActor func performCheck(deepLink: DeepLink, completion: @escaping @Sendable (Bool) -> Void)
}

extension DeepLinkHandlingBarrier {
  public var checkTimeout: Duration { .seconds(300) }
}

/// A ``DeepLinkHandlingBarrier`` whose check is an `async` function.
public protocol AsyncDeepLinkHandlingBarrier: DeepLinkHandlingBarrier {
  /// Checks and returns whether the link may pass.
  @MainActor func performCheck(deepLink: DeepLink) async -> Bool
}

extension AsyncDeepLinkHandlingBarrier {
  @MainActor public func performCheck(deepLink: DeepLink, completion: @escaping @Sendable (Bool) -> Void) {
    Task { @MainActor in completion(await performCheck(deepLink: deepLink)) }
  }
}

/// A barrier named after its type: every instance has the same name, so routes and plugins can
/// refer to it by its type, as the source documents do.
///
/// ```swift
/// struct AuthenticationDeepLinkBarrier: TypeNamedBarrier {  // named "AuthenticationDeepLinkBarrier"
///   func status(for deepLink: DeepLink) -> DeepLinkBarrierStatus { .passed }
///   func performCheck(deepLink: DeepLink, completion: @escaping @Sendable (Bool) -> Void) { completion(true) }
/// }
/// let linker = try DeepLinker.configure()
///   .add(urlSchemes: [URLScheme("shop")])
///   .install(barrier: AuthenticationDeepLinkBarrier())
///   .initialize()
/// let option = DeepLinkHandlerOption.yesWithBarrier(AuthenticationDeepLinkBarrier.self, data: nil)
/// ```
///
/// The name defaults to the type's name; a barrier the platform reserves a name for declares
/// ``barrierName`` (the platform's sign-in barrier is named `authentication`).
public protocol TypeNamedBarrier: DeepLinkHandlingBarrier {
  /// The name of every barrier of this type.
  static var barrierName: BarrierName { get }
}

extension TypeNamedBarrier {
  public static var barrierName: BarrierName { BarrierName(String(describing: Self.self)) }
  public var name: BarrierName { Self.barrierName }
}

extension BarrierName {
  /// The name of the barriers of type `barrier`: `barriers: [BarrierName(SignInBarrier.self)]`.
  public init<Barrier: TypeNamedBarrier>(_ barrier: Barrier.Type) {
    self = Barrier.barrierName
  }
}

import DeepLinkCore

/// One handler of a ``DeepLinkRegistry``: says whether it takes a link and handles it.
///
/// `canHandle(_:)` is part of the engine's synchronous decision and may be called from any
/// thread: it must only read immutable state. `handle(_:state:)` runs on the main actor.
///
/// ```swift
/// struct ProductsHandler: DeepLinkHandler {
///   func canHandle(_ link: DeepLink) -> Bool { link.pathSegments.first == "products" }
///   func handle(_ link: DeepLink, state: DeepLinkNavigationState) { navigator.showProducts() }
/// }
/// ```
public protocol DeepLinkHandler: Sendable {
  /// A name for telemetry and `debugInfo`. Defaults to the type's name.
  var name: String { get }
  /// Whether this handler takes `link` (already parsed, admitted and rewritten).
  func canHandle(_ link: DeepLink) -> Bool
  /// Handles `link`: shows the screen.
  @MainActor func handle(_ link: DeepLink, state: DeepLinkNavigationState)
}

extension DeepLinkHandler {
  public var name: String { String(describing: Self.self) }
}

import DeepLinkCore

/// A typed route of the app's own link space (`/product/{id:int}`): the target of every rewrite
/// and the screen a handler shows.
///
/// The platform's routes are static members (`PlatformRoute.product`); a market adds its own in
/// an extension (`PlatformRoute.flyer`). Because rewrite rules take a `PlatformRoute`, a rule
/// whose target does not exist does not compile.
///
/// ```swift
/// try PlatformRoute.product.link(["id": "123"]).absoluteString   // "shop://product/123"
/// ```
public struct PlatformRoute: Sendable, Hashable, CustomStringConvertible {
  /// A stable name (`product`), used for screens and telemetry.
  public let name: String
  /// The app pattern.
  public let pattern: RoutePattern
  /// Barriers, by name, every link of this route passes.
  public let barriers: [String]
  /// Whether the route changes state (pays, deletes…): links from outside the app then pass
  /// the confirmation barrier too.
  public let changesState: Bool
  /// Whether the route is a step of chained links (`/productlist/{id}/productdetail/{id}`).
  public let isChainable: Bool

  /// Declares a route.
  ///
  /// Route patterns in the catalogue are written by engineers and checked by the test suite;
  /// a malformed one is a programmer error and stops the program at start-up with the
  /// pattern's error message.
  public init(
    _ name: String, _ pattern: String, barriers: [String] = [], changesState: Bool = false, isChainable: Bool = false
  ) {
    do {
      self.pattern = try RoutePattern(pattern)
    } catch {
      preconditionFailure("PlatformRoute `\(name)`: \(error)")
    }
    precondition(self.pattern.namespace == .app, "PlatformRoute `\(name)` must be an app pattern starting with `/`")
    self.name = name
    self.barriers = barriers
    self.changesState = changesState
    self.isChainable = isChainable
  }

  /// The app link for this route with `parameters`, in the platform's scheme.
  ///
  /// - Throws: ``ReverseRoutingError`` for a missing, unknown or ill-typed parameter.
  public func link(_ parameters: [String: String] = [:]) throws(ReverseRoutingError) -> DeepLink {
    try pattern.link(parameters, scheme: PlatformLinks.scheme)
  }

  public var description: String { pattern.source }
}

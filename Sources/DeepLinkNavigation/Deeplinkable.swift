import DeepLinkCore

/// A module (a screen with its context) that a link can open: the deep-linkable module
/// navigation model.
///
/// A module type says which links open it (``deeplinkSchemes``, ``deeplinkPatterns``), how to
/// build one from a link (``module(fromDeeplink:)``), and, for a module on screen, the link
/// that reopens it as it is now (``deeplinkURL()``, built by reverse routing with
/// ``deeplink(_:scheme:)`` so that routing the link gives back the same state). Modules are offered
/// links through a ``DeeplinkableRouter`` installed into the app's ``DeepLinkCore/DeepLinker``.
///
/// Only ``deeplinkPatterns``, ``module(fromDeeplink:)`` and ``deeplinkURL()`` are required.
///
/// ```swift
/// final class ProductDetailModule: Deeplinkable {
///   static let deeplinkPatterns = ["/pdp/{id:int}"]
///   var productID: String
///   init(productID: String) { self.productID = productID }
///
///   static func module(fromDeeplink match: MatchedDeepLink) -> ProductDetailModule? {
///     match["id"].map(ProductDetailModule.init(productID:))
///   }
///   func deeplinkURL() -> DeepLink? { try? Self.deeplink(["id": productID], scheme: "shop") }
/// }
/// ```
@MainActor
public protocol Deeplinkable {
  /// The schemes whose links open this module (`["shop"]`), compared without regard to case.
  /// Empty, the default, means any of the app's schemes. The router sees links after the
  /// engine's rewrites, so a market link (`shopca://ca/pdp/1`) arrives with the app scheme.
  static var deeplinkSchemes: [String] { get }
  /// The patterns, in the route-pattern syntax (`Docs/RoutePatterns.md`), of the links that open this
  /// module; the first is the one ``deeplink(_:scheme:)`` builds links with.
  static var deeplinkPatterns: [String] { get }
  /// Regular expressions (`NSRegularExpression` syntax) for teams migrating from string
  /// matching. Defaults to none.
  ///
  /// **Slower than patterns**: they are not indexed in the route table but tried one after the
  /// other, in registration order, against the whole link in normal form
  /// (`shop://pdp/123`), only when no pattern of any module matched. A regular expression
  /// must match the entire link (it is anchored at both ends); named groups (`(?<id>[0-9]+)`)
  /// become parameters. Move to ``deeplinkPatterns`` when you can.
  static var deeplinkRegularExpressions: [String] { get }
  /// Builds the module for a link one of its patterns matched, or `nil` if the link does not
  /// make sense for it (the router then treats the link as not handled by this module).
  static func module(fromDeeplink match: MatchedDeepLink) -> Self?
  /// The link that opens this module in its current state, or `nil` if it cannot be linked to
  /// now.
  func deeplinkURL() -> DeepLink?
}

extension Deeplinkable {
  public static var deeplinkSchemes: [String] { [] }
  public static var deeplinkRegularExpressions: [String] { [] }

  /// Builds a link to this module from its first pattern and the first of its schemes (or
  /// `scheme`, the app's scheme, for a module that answers to any of the app's schemes): reverse
  /// routing of the pattern, so matching the link gives back `parameters`.
  ///
  /// - Parameters:
  ///   - parameters: a value for every required capture of the first pattern.
  ///   - scheme: the app scheme of the linker's configuration
  ///     (``DeepLinkCore/DeepLinkConfiguration/appScheme``), used when ``deeplinkSchemes`` is
  ///     empty. Always required, so a call cannot compile without the scheme a module may need.
  /// - Throws: ``DeepLinkCore/ReverseRoutingError`` naming what is missing or does not fit; a
  ///   module whose first pattern is absent or malformed (which ``DeeplinkableRouter`` refuses at
  ///   creation) throws ``DeepLinkCore/ReverseRoutingError/missingScheme(pattern:)`` quoting the
  ///   pattern.
  public static func deeplink(_ parameters: [String: String], scheme: String) throws(ReverseRoutingError)
    -> DeepLink
  {
    guard let source = deeplinkPatterns.first, let pattern = try? RoutePattern(source) else {
      throw .missingScheme(pattern: deeplinkPatterns.first ?? "")
    }
    return try pattern.link(parameters, scheme: deeplinkSchemes.first ?? scheme)
  }
}

/// A ``Deeplinkable`` module that can take a new link in place: when a module of this type is
/// already on screen, the router asks it to update instead of creating another one.
///
/// ```swift
/// extension ProductDetailModule: DeeplinkContextUpdatable {
///   func updateContext(fromDeeplink match: MatchedDeepLink) -> Bool {
///     guard let id = match["id"] else { return false }
///     productID = id
///     return true
///   }
/// }
/// ```
@MainActor
public protocol DeeplinkContextUpdatable: Deeplinkable {
  /// Updates this module, on screen, to show what `match` asks for.
  ///
  /// - Returns: `true` when updated; `false` makes the router create a new module with
  ///   ``Deeplinkable/module(fromDeeplink:)`` instead.
  func updateContext(fromDeeplink match: MatchedDeepLink) -> Bool
}

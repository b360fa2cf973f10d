import DeepLinkCore

/// A typed route of the app's own link space (`/product/{id:int}`): the target of every rewrite
/// and the screen a handler shows.
///
/// The platform's routes are static members (`PlatformRoute.product`); a market adds its own in
/// an extension (`PlatformRoute.flyer`). Because rewrite rules take a `PlatformRoute`, a rule
/// whose target does not exist does not compile.
///
/// A route declares the app's value for its links, its ``DeepLinkCore/LinkDestination``
/// (``ProductPage`` for ``product``): handlers and the ``Navigator`` receive that value, made
/// from the link's checked parameters, and composition checks the type against the pattern.
///
/// ```swift
/// try PlatformRoute.product.link(["id": "123"]).absoluteString  // "shop://product/123"
/// ```
public struct PlatformRoute: Sendable, Hashable, CustomStringConvertible {
  /// A stable name (`product`), used for screens and telemetry.
  package let name: String
  /// The app pattern as written (`/product/{id:int}`).
  package let source: String
  /// Barriers every link of this route passes.
  package let barriers: [BarrierName]
  /// Whether the route changes state (pays, deletes…): links from outside the app then pass
  /// the confirmation barrier too.
  package let changesState: Bool
  /// Whether the route is a step of chained links (`/productlist/{id}/productdetail/{id}`).
  package let isChainable: Bool
  /// The captures that hold free text (search's query): exempt from the slash and dot part of
  /// the captured-value rule, not from its control, bidi and zero-width part.
  package let freeTextParameters: Set<String>
  /// The app's value for a link of this route, made from its parameters; `nil` for a route
  /// whose links are shown as a ``Screen``.
  package let destination: (any LinkDestination.Type)?
  /// Where the route's screen lives in the app: its tab and the parent screens below it
  /// (``DeepLinkCore/LinkPlacement``); `nil` for a route that does not say, whose links carry no
  /// ``DeepLinkCore/LinkNavigation``.
  package let placement: LinkPlacement?
  /// The app pattern, parsed where the route is declared (or why it does not parse).
  private let parsed: Result<RoutePattern, RoutePatternError>

  /// The route's identity, as a decision, telemetry and `explain` carry it: its name and its
  /// pattern (`RouteID(name: "product", pattern: "/product/{id:int}")`).
  public var id: RouteID { RouteID(name: name, pattern: source) }

  /// Declares a route. The pattern is parsed here, once, and checked when a configuration is
  /// composed (a malformed pattern, or one that is not an app pattern, is a `CompositionProblem`
  /// naming the route) and whenever `pattern` is read; declaring never fails.
  public init(
    _ name: String, _ pattern: String, barriers: [BarrierName] = [], changesState: Bool = false,
    isChainable: Bool = false,
    freeTextParameters: Set<String> = [], destination: (any LinkDestination.Type)? = nil,
    placement: LinkPlacement? = nil
  ) {
    self.placement = placement
    self.freeTextParameters = freeTextParameters
    self.destination = destination
    self.name = name
    self.source = pattern
    self.barriers = barriers
    self.changesState = changesState
    self.isChainable = isChainable
    self.parsed = Result { () throws(RoutePatternError) in try RoutePattern(pattern) }
  }

  /// The compiled app pattern, parsed when the route was declared.
  ///
  /// - Throws: ``DeepLinkCore/RoutePatternError`` when the pattern is malformed or does not start
  ///   with `/`.
  package var pattern: RoutePattern {
    get throws(RoutePatternError) {
      let compiled = try parsed.get()
      guard compiled.namespace == .app else {
        throw RoutePatternError(pattern: source, offset: 0, problem: .missingStart)
      }
      return compiled
    }
  }

  /// The pattern as parsed where the route was declared, whatever its namespace: what the
  /// route's plugin and rules use, so a route is parsed once.
  var declaredPattern: RoutePattern {
    get throws(RoutePatternError) { try parsed.get() }
  }

  /// The app link for this route with `parameters`, in the platform's scheme.
  ///
  /// - Throws: ``DeepLinkCore/RoutePatternError`` for a malformed route pattern,
  ///   ``DeepLinkCore/ReverseRoutingError`` for a missing, unknown or ill-typed parameter.
  public func link(_ parameters: [String: String] = [:]) throws -> DeepLink {
    try pattern.link(parameters, scheme: PlatformLinks.scheme)
  }

  /// What a link of this route opens: its ``destination`` made from `parameters`, or a
  /// ``Screen`` of the route's name and parameters when the route declares none (or, which
  /// composition rules out for a routed link, when the parameters do not make one).
  package func destination(from parameters: DeepLinkParameters) -> any LinkDestination {
    if let destination, let value = try? parameters.decode(destination) { return value }
    return Screen(route: name, parameters: parameters.dictionary)
  }

  public var description: String { source }

  /// A rule to this route from `pattern`, its target parsed once, where the route is declared.
  package func rule(
    from pattern: String, parameters: [String: String], isOverride: Bool
  ) -> UniversalLink {
    UniversalLink(
      pattern, to: id, targetPattern: parsed, parameters: parameters, caseInsensitive: true, isOverride: isOverride)
  }

  /// Whether both declare the same route: name, pattern, barriers, flags, destination type and
  /// placement.
  public static func == (lhs: PlatformRoute, rhs: PlatformRoute) -> Bool {
    lhs.name == rhs.name && lhs.source == rhs.source && lhs.barriers == rhs.barriers
      && lhs.changesState == rhs.changesState && lhs.isChainable == rhs.isChainable
      && lhs.freeTextParameters == rhs.freeTextParameters
      && lhs.destination.map(ObjectIdentifier.init) == rhs.destination.map(ObjectIdentifier.init)
      && lhs.placement == rhs.placement
  }

  /// Hashes the name and the pattern, which equal routes share.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(source)
  }
}

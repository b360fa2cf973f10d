/// One route a ``DeepLinkHandlerPlugin`` takes: its pattern, the barriers its links pass and
/// what the app knows of its screen, indexed in the route table like a route added with
/// `addRoute`.
///
/// The pattern is parsed here, once; a malformed one fails the configuration's compilation
/// (``DeepLinkConfigurationError/malformedPattern(_:)``), not the declaration.
///
/// ```swift
/// let route = PluginRoute("/pay-in-store/{reference}", barriers: ["authentication"], changesState: true) {
///   ($0["reference"]?.utf8.count ?? 0) >= 10
/// }
/// route.source  // "/pay-in-store/{reference}"
/// ```
public struct PluginRoute: Sendable {
  /// The pattern as written.
  package let source: String
  /// The pattern, parsed, or why it is malformed.
  private enum Parsed: Sendable {
    case pattern(RoutePattern)
    case malformed(RoutePatternError)
  }
  private let parsed: Parsed
  /// Barriers every link of this route passes.
  package let barriers: [BarrierName]
  /// Whether links of this route change state (pay, delete, follow): they then pass the
  /// confirmation barrier when they come from outside the app.
  package let changesState: Bool
  /// Whether links of this route wait for the global preconditions.
  package let waitForPreconditions: Bool
  /// The captures that hold free text (a search query): exempt from the slash and dot part of
  /// the captured-value rule, not from its control, bidi and zero-width part.
  package let freeTextParameters: Set<String>
  /// The app's value for a link of this route (``LinkDestination``), made from its parameters;
  /// composition checks it against the pattern and the rules onto it.
  package let destination: (any LinkDestination.Type)?
  /// Where the route's screen lives in the app (``LinkPlacement``), which the linker turns into
  /// the link's ``LinkNavigation``.
  package let placement: LinkPlacement?
  /// A check of the captured values beyond the pattern's types, made while matching: a link it
  /// refuses does not match this route and the next candidate is tried. Called from any thread.
  let accepts: (@Sendable (DeepLinkParameters) -> Bool)?

  /// Declares a route; `pattern` is parsed here, in the syntax of `RoutePattern`.
  ///
  /// - Parameters:
  ///   - pattern: the route pattern (`/transaction/{transaction_id:int}`).
  ///   - barriers: barriers every link of the route passes.
  ///   - changesState: whether its links change state.
  ///   - waitForPreconditions: whether its links wait for the global preconditions.
  ///   - freeTextParameters: the captures that hold free text.
  ///   - destination: the app's value for a link of the route.
  ///   - placement: where the route's screen lives in the app.
  ///   - accepts: a check of the captured values beyond their types; `nil` accepts all.
  public init(
    _ pattern: String, barriers: [BarrierName] = [], changesState: Bool = false, waitForPreconditions: Bool = false,
    freeTextParameters: Set<String> = [], destination: (any LinkDestination.Type)? = nil,
    placement: LinkPlacement? = nil, accepts: (@Sendable (DeepLinkParameters) -> Bool)? = nil
  ) {
    self.init(
      source: pattern, parse: { () throws(RoutePatternError) in try RoutePattern(pattern) }, barriers: barriers,
      changesState: changesState, waitForPreconditions: waitForPreconditions,
      freeTextParameters: freeTextParameters, destination: destination, placement: placement, accepts: accepts)
  }

  /// A route whose pattern `parse` returns, once: a platform route's, parsed where it was declared.
  package init(
    source: String, parse: () throws(RoutePatternError) -> RoutePattern, barriers: [BarrierName],
    changesState: Bool, waitForPreconditions: Bool, freeTextParameters: Set<String>,
    destination: (any LinkDestination.Type)?, placement: LinkPlacement?,
    accepts: (@Sendable (DeepLinkParameters) -> Bool)?
  ) {
    self.source = source
    do {
      parsed = .pattern(try parse())
    } catch {
      parsed = .malformed(error)
    }
    self.barriers = barriers
    self.changesState = changesState
    self.waitForPreconditions = waitForPreconditions
    self.freeTextParameters = freeTextParameters
    self.destination = destination
    self.placement = placement
    self.accepts = accepts
  }

  /// The pattern, parsed when the route was declared.
  ///
  /// - Throws: ``RoutePatternError`` when it is malformed.
  package var pattern: RoutePattern {
    get throws(RoutePatternError) {
      switch parsed {
      case .pattern(let pattern): return pattern
      case .malformed(let error): throw error
      }
    }
  }
}

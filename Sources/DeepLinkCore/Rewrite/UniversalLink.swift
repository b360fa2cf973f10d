/// A rule that turns a web link (or a link of a market scheme) into one of the app's own links.
///
/// The source is a host-bound or scheme-bound ``RoutePattern``; the target is an app pattern
/// (`/product/{id}`), so a rewrite only ever produces a platform link. Captures the target
/// needs are filled from the source's captures; the others (such as a `locale`) and the rule's
/// fixed ``parameters`` are passed on to the handler as extra parameters.
///
/// ```swift
/// let rule = try UniversalLink(
///   "https://shop.example.ca/fr/panier", to: "/cart", parameters: ["locale": "fr"])
/// ```
public struct UniversalLink: Sendable, Hashable, CustomStringConvertible {
  /// The link the rule applies to.
  public let pattern: RoutePattern
  /// The app pattern the link becomes.
  public let target: RoutePattern
  /// Fixed parameters passed on with every rewritten link.
  public let parameters: [String: String]
  /// Whether the rule deliberately replaces a rule of the platform for the same links.
  public let isOverride: Bool

  /// Creates a rule.
  ///
  /// - Parameters:
  ///   - pattern: a web pattern (`https://host/path`) or a scheme pattern (`shopca://flyer/{id}`).
  ///   - target: the app pattern (starting with `/`) the link becomes.
  ///   - parameters: fixed extra parameters.
  ///   - caseInsensitive: whether the pattern's literals ignore ASCII case (web paths usually do).
  ///   - isOverride: declares that the rule replaces a platform rule on purpose.
  /// - Throws: ``UniversalLinkError`` when either pattern is malformed, the source is an app
  ///   pattern, the target is not one, or the target needs a capture the source lacks.
  public init(
    _ pattern: String, to target: String, parameters: [String: String] = [:], caseInsensitive: Bool = true,
    isOverride: Bool = false
  ) throws(UniversalLinkError) {
    let source: RoutePattern
    let destination: RoutePattern
    do {
      source = try RoutePattern(pattern, caseInsensitive: caseInsensitive)
      destination = try RoutePattern(target)
    } catch {
      throw .malformedPattern(error)
    }
    try self.init(pattern: source, target: destination, parameters: parameters, isOverride: isOverride)
  }

  /// Creates a rule from compiled patterns; see ``init(_:to:parameters:caseInsensitive:isOverride:)``.
  public init(
    pattern: RoutePattern, target: RoutePattern, parameters: [String: String] = [:], isOverride: Bool = false
  ) throws(UniversalLinkError) {
    if case .app = pattern.namespace { throw .sourceIsAppLink(pattern.source) }
    guard case .app = target.namespace else { throw .targetIsNotAppLink(source: pattern.source, target: target.source) }
    let supplied = Set(pattern.requiredParameterNames).union(parameters.keys)
    for name in target.requiredParameterNames where !supplied.contains(name) {
      throw .missingTargetParameter(source: pattern.source, target: target.source, parameter: name)
    }
    self.pattern = pattern
    self.target = target
    self.parameters = parameters
    self.isOverride = isOverride
  }

  public var description: String { "\(pattern.source) → \(target.source)" }
}

/// A rewrite rule that cannot be built.
public enum UniversalLinkError: Error, Sendable, Hashable, CustomStringConvertible {
  /// One of the two patterns does not parse.
  case malformedPattern(RoutePatternError)
  /// The source is an app pattern (`/cart`); rewrites start from a web or market-scheme link.
  case sourceIsAppLink(String)
  /// The target is not an app pattern.
  case targetIsNotAppLink(source: String, target: String)
  /// The target needs a capture the source does not supply.
  case missingTargetParameter(source: String, target: String, parameter: String)

  public var description: String {
    switch self {
    case .malformedPattern(let error):
      error.description
    case .sourceIsAppLink(let source):
      "rewrite rule source `\(source)` is an app link; start it with `https://host` or a market scheme"
    case .targetIsNotAppLink(let source, let target):
      "rewrite rule `\(source)` targets `\(target)`, which is not an app link; targets start with `/`"
    case .missingTargetParameter(let source, let target, let parameter):
      "rewrite rule `\(source)` does not supply `\(parameter)` required by its target `\(target)`; "
        + "capture it in the source or give it as a fixed parameter"
    }
  }
}

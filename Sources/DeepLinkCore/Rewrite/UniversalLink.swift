/// A rule that turns a web link (or a link of a market scheme) into one of the app's own links.
///
/// The source is a host-bound or scheme-bound pattern; the target is a route of the app
/// (``RouteID``) with its app pattern (`/product/{id}`), so a rewrite only ever produces a platform
/// link. Both patterns are parsed once, when the rule is declared; a malformed one is reported
/// when the configuration is compiled. Captures the target needs are filled from the source's
/// captures; the others (such as a `locale`) and the rule's fixed `parameters` are passed on to
/// the handler as extra parameters.
///
/// ```swift
/// let rule = UniversalLink("https://shop.example.ca/fr/panier", to: "/cart", parameters: ["locale": "fr"])
/// rule.description  // "https://shop.example.ca/fr/panier → /cart"
/// ```
///
/// A market names a platform route instead (`UniversalLink("shopca://flyer/{id}", to: .flyer)`,
/// from `PlatformLinks`).
public struct UniversalLink: Sendable, Hashable, CustomStringConvertible {
  /// The rule's parts, shared by every copy of the rule: a copy (into a compiled rule, a list,
  /// a check) retains one reference, not each of its strings and its parameters.
  private final class Parts: Sendable {
    let pattern: String
    let source: Result<RoutePattern, RoutePatternError>
    let target: RouteID
    let targetPattern: Result<RoutePattern, RoutePatternError>
    let parameters: [String: String]
    let isCaseInsensitive: Bool
    let isOverride: Bool
    let owner: LinkOwner

    init(
      pattern: String, source: Result<RoutePattern, RoutePatternError>, target: RouteID,
      targetPattern: Result<RoutePattern, RoutePatternError>, parameters: [String: String], isCaseInsensitive: Bool,
      isOverride: Bool, owner: LinkOwner
    ) {
      self.pattern = pattern
      self.source = source
      self.target = target
      self.targetPattern = targetPattern
      self.parameters = parameters
      self.isCaseInsensitive = isCaseInsensitive
      self.isOverride = isOverride
      self.owner = owner
    }
  }

  private let parts: Parts

  /// The pattern of the links the rule applies to, as written.
  package var pattern: String { parts.pattern }
  /// The route the link becomes: its name and its app pattern.
  package var target: RouteID { parts.target }
  /// Fixed parameters passed on with every rewritten link.
  package var parameters: [String: String] { parts.parameters }
  /// Whether the source pattern's literals ignore ASCII case (web paths usually do).
  package var isCaseInsensitive: Bool { parts.isCaseInsensitive }
  /// Whether the rule deliberately replaces an earlier rule for the same links. In a composed
  /// configuration only the platform's catalogue can allow a market's rule to do that.
  package var isOverride: Bool { parts.isOverride }
  /// Who declared the rule; composition sets it (``owned(by:)``).
  package var owner: LinkOwner { parts.owner }

  /// Declares a rule to the route of an app pattern. It is checked when the configuration is
  /// compiled, which fails with an error naming the rule.
  ///
  /// - Parameters:
  ///   - pattern: a web pattern (`https://host/path`) or a scheme pattern (`shopca://flyer/{id}`).
  ///   - target: the app pattern (starting with `/`) the link becomes.
  ///   - name: the target route's name; its pattern's text when `nil`, as for a route added by pattern.
  ///   - parameters: fixed extra parameters.
  ///   - caseInsensitive: whether the pattern's literals ignore ASCII case.
  ///   - isOverride: declares that the rule replaces a platform rule on purpose.
  package init(
    _ pattern: String, to target: RoutePattern, named name: String? = nil, parameters: [String: String] = [:],
    caseInsensitive: Bool = true, isOverride: Bool = false
  ) {
    self.init(
      pattern, to: RouteID(name: name ?? target.source, pattern: target.source), targetPattern: .success(target),
      parameters: parameters, caseInsensitive: caseInsensitive, isOverride: isOverride)
  }

  /// Declares a rule to the app pattern written as `target`, parsed here; a malformed one is
  /// reported when the configuration is compiled, naming the rule. The target route is named after its pattern.
  ///
  /// - Parameters:
  ///   - pattern: a web pattern (`https://host/path`) or a scheme pattern (`shopca://flyer/{id}`).
  ///   - target: the app pattern (starting with `/`) the link becomes.
  ///   - parameters: fixed extra parameters.
  ///   - caseInsensitive: whether the pattern's literals ignore ASCII case.
  ///   - isOverride: declares that the rule replaces a platform rule on purpose.
  public init(
    _ pattern: String, to target: String, parameters: [String: String] = [:], caseInsensitive: Bool = true,
    isOverride: Bool = false
  ) {
    self.init(
      pattern, to: RouteID(name: target, pattern: target),
      targetPattern: Result { () throws(RoutePatternError) in try RoutePattern(target) }, parameters: parameters,
      caseInsensitive: caseInsensitive, isOverride: isOverride)
  }

  /// Declares a rule to `target`, whose app pattern `targetPattern` is (or failed to be) parsed
  /// already: a typed route's, parsed once where the route is declared.
  package init(
    _ pattern: String, to target: RouteID, targetPattern: Result<RoutePattern, RoutePatternError>,
    parameters: [String: String], caseInsensitive: Bool, isOverride: Bool
  ) {
    parts = Parts(
      pattern: pattern,
      source: Result { () throws(RoutePatternError) in try RoutePattern(pattern, caseInsensitive: caseInsensitive) },
      target: target, targetPattern: targetPattern, parameters: parameters, isCaseInsensitive: caseInsensitive,
      isOverride: isOverride, owner: .platform)
  }

  private init(_ parts: Parts) {
    self.parts = parts
  }

  /// The same rule, owned by `owner`.
  package func owned(by owner: LinkOwner) -> UniversalLink {
    if owner == parts.owner { return self }
    return UniversalLink(
      Parts(
        pattern: pattern, source: parts.source, target: target, targetPattern: parts.targetPattern,
        parameters: parameters, isCaseInsensitive: isCaseInsensitive, isOverride: isOverride, owner: owner))
  }

  /// Two rules are equal when they are declared the same and owned by the same side.
  public static func == (lhs: UniversalLink, rhs: UniversalLink) -> Bool {
    lhs.parts === rhs.parts
      || (lhs.pattern == rhs.pattern && lhs.target == rhs.target && lhs.parameters == rhs.parameters
        && lhs.isCaseInsensitive == rhs.isCaseInsensitive && lhs.isOverride == rhs.isOverride
        && lhs.owner == rhs.owner)
  }

  /// Hashes every part equality compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(pattern)
    hasher.combine(target)
    hasher.combine(parameters)
    hasher.combine(isCaseInsensitive)
    hasher.combine(isOverride)
    hasher.combine(owner)
  }

  /// Checks the rule and compiles its two patterns.
  ///
  /// - Throws: ``UniversalLinkError`` when either pattern is malformed, the source is an app
  ///   pattern, the target is not one, or the target needs a capture the source lacks.
  package func compile() throws(UniversalLinkError) -> CompiledRewrite {
    let source: RoutePattern
    let destination: RoutePattern
    do {
      source = try parts.source.get()
      destination = try parts.targetPattern.get()
    } catch {
      throw .malformedPattern(rule: description, error)
    }
    if case .app = source.namespace { throw .sourceIsAppLink(pattern) }
    guard case .app = destination.namespace else {
      throw .targetIsNotAppLink(source: pattern, target: target.description)
    }
    // Whether every link the source matches has a value for `name`: a path parameter, a
    // catch-all or a required query capture of that name.
    func sourceRequires(_ name: String) -> Bool {
      for segment in source.segments {
        switch segment {
        case .parameter(let captured, _), .catchAll(let captured): if captured == name { return true }
        case .literal, .optional: continue
        }
      }
      return source.queryCaptures.contains { !$0.isOptional && $0.name == name }
    }
    func check(_ name: String) throws(UniversalLinkError) {
      guard sourceRequires(name) || parameters[name] != nil else {
        throw .missingTargetParameter(source: pattern, target: target.description, parameter: name)
      }
    }
    // The target's required captures, path first, as ``RoutePattern/requiredParameterNames``.
    for segment in destination.segments {
      switch segment {
      case .parameter(let name, _), .catchAll(let name): try check(name)
      case .literal, .optional: continue
      }
    }
    for capture in destination.queryCaptures where !capture.isOptional { try check(capture.name) }
    var consumed = source.queryCaptures.map(\.key)
    for capture in destination.queryCaptures where !consumed.contains(capture.key) { consumed.append(capture.key) }
    return CompiledRewrite(
      rule: self, pattern: source, target: destination,
      targetParameterNames: destination.parameterNames,
      consumedQueryKeys: consumed)
  }

  public var description: String { "\(pattern) → \(target)" }
}

/// A checked ``UniversalLink`` with its patterns compiled.
package struct CompiledRewrite: Sendable, Hashable {
  /// The rule as declared.
  package let rule: UniversalLink
  /// The compiled source pattern.
  package let pattern: RoutePattern
  /// The compiled target pattern.
  package let target: RoutePattern
  /// The target's parameter names: captures outside it are passed on as extra parameters.
  let targetParameterNames: [String]
  /// The query keys the rule captures or the target takes, each once; other query items travel on.
  let consumedQueryKeys: [String]
  /// The rule's fixed parameters.
  package var parameters: [String: String] { rule.parameters }
}

/// A rewrite rule that cannot be built.
public enum UniversalLinkError: Error, Sendable, Hashable, CustomStringConvertible {
  /// One of the rule's two patterns does not parse.
  case malformedPattern(rule: String, RoutePatternError)
  /// The source is an app pattern (`/cart`); rewrites start from a web or market-scheme link.
  case sourceIsAppLink(String)
  /// The target is not an app pattern.
  case targetIsNotAppLink(source: String, target: String)
  /// The target needs a capture the source does not supply.
  case missingTargetParameter(source: String, target: String, parameter: String)

  public var description: String {
    switch self {
    case .malformedPattern(let rule, let error):
      "rewrite rule `\(rule)`: \(error.description)"
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

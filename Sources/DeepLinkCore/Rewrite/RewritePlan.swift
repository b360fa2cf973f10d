/// A rewrite rule worked out once, when the configuration is compiled, into the steps that
/// build its target link straight from the matched link's segments and query items.
///
/// The general way to rewrite is to collect the source's captures into a dictionary, split it
/// into the target's values and the extras, and build the target with reverse routing
/// (``RoutePattern/link(_:scheme:host:)``). A plan gives the same link and the same extras
/// without either dictionary: each target segment is a literal, a segment of the link at a
/// known position, a query item of the link, or a fixed value. Rules a plan cannot express (a
/// target with optional or catch-all segments, a target value taken from an optional or
/// catch-all source capture) have no plan and take the general way. A final class with
/// constant properties, so looking a plan up costs one reference count.
final class RewritePlan: Sendable {
  /// Where a value comes from.
  enum ValueSource: Sendable {
    /// The link's path segment at this position (a required capture of the source).
    case segment(Int)
    /// The link's path segment at this position, if the link has it (an optional capture).
    case optionalSegment(Int)
    /// The link's path segments from this position on, joined with `/` (a catch-all).
    case catchAll(from: Int)
    /// The first query item of this name with a non-empty value, else the fixed value if any.
    case query(key: String, fallback: String?)
    /// A fixed parameter of the rule.
    case fixed(String)

    /// The value in `link`, read as the route table's captures are.
    @inline(__always)
    func value(in link: DeepLink) -> String? {
      switch self {
      case .segment(let position):
        return link.pathSegments[position]
      case .optionalSegment(let position):
        return position < link.pathSegments.count ? link.pathSegments[position] : nil
      case .catchAll(let start):
        return link.pathSegments[start...].joined(separator: "/")
      case .query(let key, let fallback):
        if let value = link.queryValue(key), !value.isEmpty { return value }
        return fallback
      case .fixed(let value):
        return value
      }
    }
  }

  /// One segment of the target path.
  enum Segment: Sendable {
    case literal(String)
    case value(ValueSource, ParameterType)
  }

  /// One query capture of the target.
  struct QueryItem: Sendable {
    let key: String
    let source: ValueSource?
    let type: ParameterType
    let isOptional: Bool
  }

  let scheme: String
  let segments: [Segment]
  let queryItems: [QueryItem]
  /// The rule's fixed parameters the target does not take.
  let fixedExtras: [String: String]
  /// The source's captures the target does not take, passed on as extras.
  let capturedExtras: [(name: String, source: ValueSource)]
  /// The query keys the rule captures or the target takes; other query items travel on.
  let consumedQueryKeys: [String]

  /// The plan for `rule`, whose target gets the scheme `appScheme`; `nil` when the rule needs
  /// the general way.
  init?(_ rule: CompiledRewrite, appScheme: String) {
    guard RoutePattern.isCustomScheme(appScheme) else { return nil }
    var sources: [String: ValueSource] = [:]
    var extrasFromCaptures: [(name: String, source: ValueSource)] = []
    for (position, segment) in rule.pattern.segments.enumerated() {
      switch segment {
      case .literal: continue
      case .parameter(let name, _): sources[name] = .segment(position)
      case .optional(let name, _): sources[name] = .optionalSegment(position)
      case .catchAll(let name): sources[name] = .catchAll(from: position)
      }
    }
    for capture in rule.pattern.queryCaptures {
      sources[capture.name] = .query(key: capture.key, fallback: nil)
    }
    let targetNames = rule.targetParameterNames
    for name in rule.pattern.parameterNames where !targetNames.contains(name) {
      if let source = sources[name] { extrasFromCaptures.append((name, source)) }
    }

    /// The source of a target value: the capture of the source pattern, else the fixed value.
    func source(of name: String) -> ValueSource? {
      let fixed = rule.parameters[name]
      switch sources[name] {
      case .query(let key, _)?: return .query(key: key, fallback: fixed)
      case let captured?: return captured
      case nil: return fixed.map(ValueSource.fixed)
      }
    }

    var segments: [Segment] = []
    for segment in rule.target.segments {
      switch segment {
      case .literal(let text):
        segments.append(.literal(text))
      case .parameter(let name, let type):
        // An optional capture (which may be absent, then the fixed value applies) and a
        // catch-all (several segments, refused in one) are left to the general way.
        switch source(of: name) {
        case .segment(let position)?: segments.append(.value(.segment(position), type))
        case .fixed(let value)?: segments.append(.value(.fixed(value), type))
        case .query(let key, let fallback)?: segments.append(.value(.query(key: key, fallback: fallback), type))
        case .optionalSegment?, .catchAll?, nil: return nil
        }
      case .optional, .catchAll:
        return nil
      }
    }
    var queryItems: [QueryItem] = []
    for capture in rule.target.queryCaptures {
      let source = source(of: capture.name)
      if case .optionalSegment? = source { return nil }
      if case .catchAll? = source { return nil }
      queryItems.append(QueryItem(key: capture.key, source: source, type: capture.type, isOptional: capture.isOptional))
    }
    self.scheme = appScheme.lowercased()
    self.segments = segments
    self.queryItems = queryItems
    self.fixedExtras = rule.parameters.filter { !targetNames.contains($0.key) }
    self.capturedExtras = extrasFromCaptures
    self.consumedQueryKeys = Array(rule.consumedQueryKeys)
  }

  /// The rewritten link and the extras, or `nil` when a value does not fit the target (the
  /// general way's reverse-routing error): the next rule is then tried. `link` is a parsed link
  /// (``DeepLink/init(_:)-(String)``), as every link a decision rewrites is.
  func apply(to link: DeepLink) -> (DeepLink, [String: String])? {
    var pathSegments: [String] = []
    pathSegments.reserveCapacity(segments.count)
    for segment in segments {
      switch segment {
      case .literal(let text):
        pathSegments.append(text)
      case .value(let source, let type):
        guard let value = source.value(in: link), type.accepts(value) else { return nil }
        // A segment of a parsed link is a segment value already (never empty, `.`, `..`, with a
        // `/`, a backslash or a control character: the parser refuses those); anything else is checked.
        if case .segment = source {} else if !RoutePattern.isSegmentValue(value) { return nil }
        pathSegments.append(value)
      }
    }
    var items: [DeepLinkQueryItem] = []
    for item in queryItems {
      guard let value = item.source?.value(in: link) else {
        if item.isOptional { continue }
        return nil
      }
      guard item.type.accepts(value), RoutePattern.hasNoControlCharacter(value) else { return nil }
      items.append(DeepLinkQueryItem(name: item.key, value: value))
    }
    // Query items the rule does not consume travel on, but never one whose value is a link.
    for item in link.queryItems where !consumedQueryKeys.contains(item.name) && !NestedLink.holdsLink(item) {
      items.append(item)
    }
    var extras = fixedExtras
    if !capturedExtras.isEmpty {
      extras = [String: String](minimumCapacity: fixedExtras.count + capturedExtras.count)
      for (name, value) in fixedExtras { extras[name] = value }
      for (name, source) in capturedExtras {
        if let value = source.value(in: link) { extras[name] = value }
      }
    }
    return (DeepLink(scheme: scheme, pathSegments: pathSegments, queryItems: items, fragment: link.fragment), extras)
  }
}

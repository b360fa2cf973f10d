/// A rewrite rule worked out once, when the configuration is compiled, into where each capture
/// of its target reads its value in the matched link: the one way a decision rewrites a link.
///
/// A target capture reads a segment of the link at a known position (required, optional or
/// catch-all), a query item of the link, or a fixed value. The target pattern is filled with those
/// values as a share link is (``RoutePattern/fillPath(from:)``, ``RoutePattern/fillQuery(from:_:)``),
/// so a value the target would refuse makes the rule not apply and the next rule is tried.
/// Captures the target does not take, and the rule's fixed parameters, travel as extras. A final
/// class with constant properties, so looking a plan up costs one reference count.
final class RewritePlan: Sendable {
  /// Where a value comes from.
  enum ValueSource: Sendable {
    /// The link's path segment at this position (a required capture of the source).
    case segment(Int)
    /// The link's path segment at this position if the link has it (an optional capture),
    /// else the fixed value if any.
    case optionalSegment(Int, fallback: String?)
    /// The link's path segments from this position on, joined with `/` (a catch-all).
    case catchAll(from: Int)
    /// The value of the first query item of this name (the one the route table captures too),
    /// unless that value is empty; else (no such item, or its value is empty) the fixed value if
    /// any. A later item of the same name is never read.
    case query(key: String, fallback: String?)
    /// A fixed parameter of the rule.
    case fixed(String)

    /// The value in `link`, read as the route table's captures are.
    @inline(__always)
    func value(in link: DeepLink) -> String? {
      switch self {
      case .segment(let position):
        return link.pathSegments[position]
      case .optionalSegment(let position, let fallback):
        return position < link.pathSegments.count ? link.pathSegments[position] : fallback
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

  /// The values of the target's captures for one matched link.
  private struct MatchedValues: PatternFillValues {
    let plan: RewritePlan
    let link: DeepLink

    func pathValue(_ name: String, at position: Int) -> String? {
      plan.pathSources[position]?.value(in: link)
    }

    func queryValue(_ name: String, at index: Int) -> String? {
      plan.querySources[index]?.value(in: link)
    }

    func isLinkSegment(at position: Int) -> Bool {
      if case .segment = plan.pathSources[position] { true } else { false }
    }
  }

  let scheme: String
  /// The rule's target pattern, which the plan fills.
  let target: RoutePattern
  /// Where each segment of the target reads its value, by position: `nil` for a literal, and for
  /// an optional capture with no source.
  let pathSources: [ValueSource?]
  /// Where each query capture of the target reads its value, in order; `nil` when nothing supplies it.
  let querySources: [ValueSource?]
  /// The target path when every segment of it is a literal: the rewritten link shares this
  /// array instead of building its own.
  let literalPath: [String]?
  /// The rule's fixed parameters the target does not take.
  let fixedExtras: DeepLinkParameters
  /// A capture of the source pattern: its name and where its value is read.
  struct Capture: Sendable {
    let name: String
    let source: ValueSource
  }

  /// The source's captures the target does not take, passed on as extras.
  let capturedExtras: [Capture]
  /// The query keys the rule captures or the target takes; other query items travel on.
  let consumedQueryKeys: [String]

  /// The plan for `rule`, whose target gets `scheme`, a custom scheme already lowercased: the
  /// configuration checks and lowercases its app scheme once for all its rules.
  init?(_ rule: borrowing CompiledRewrite, scheme: String) {
    let targetNames = rule.targetParameterNames
    let pattern = rule.pattern
    // The source's captures the target does not take, path first, in the order written.
    var extrasFromCaptures: [Capture] = []
    for position in pattern.segments.indices {
      let capture: Capture
      switch pattern.segments[position] {
      case .literal: continue
      case .parameter(let name, _): capture = Capture(name: name, source: .segment(position))
      case .optional(let name, _): capture = Capture(name: name, source: .optionalSegment(position, fallback: nil))
      case .catchAll(let name): capture = Capture(name: name, source: .catchAll(from: position))
      }
      if !targetNames.contains(capture.name) { extrasFromCaptures.append(capture) }
    }
    for capture in pattern.queryCaptures where !targetNames.contains(capture.name) {
      extrasFromCaptures.append(Capture(name: capture.name, source: .query(key: capture.key, fallback: nil)))
    }

    let target = rule.target
    var pathSources: [ValueSource?] = []
    pathSources.reserveCapacity(target.segments.count)
    for segment in target.segments {
      switch segment {
      case .literal:
        pathSources.append(nil)
      case .parameter(let name, _), .catchAll(let name):
        // Compilation checked that the source or the fixed parameters supply every required
        // capture of the target.
        guard let source = Self.valueSource(of: name, in: pattern, fixed: rule.parameters[name]) else { return nil }
        pathSources.append(source)
      case .optional(let name, _):
        pathSources.append(Self.valueSource(of: name, in: pattern, fixed: rule.parameters[name]))
      }
    }
    self.scheme = scheme
    self.target = target
    self.pathSources = pathSources
    self.querySources = target.queryCaptures.map {
      Self.valueSource(of: $0.name, in: pattern, fixed: rule.parameters[$0.name])
    }
    // A target without path captures has one path for every link, written once.
    let hasPathCaptures = target.segments.contains { if case .literal = $0 { false } else { true } }
    self.literalPath = hasPathCaptures ? nil : try? target.fillPath(from: [String: String]())
    // In name order, as `DeepLinkParameters(_:)` makes them from a dictionary.
    var fixedExtras = DeepLinkParameters()
    if rule.parameters.count == 1 {
      // One fixed parameter (a locale, usually): nothing to sort.
      if let name = rule.parameters.keys.first, !targetNames.contains(name) {
        fixedExtras[name] = rule.parameters[name]
      }
    } else if !rule.parameters.isEmpty {
      for name in rule.parameters.keys.sorted() where !targetNames.contains(name) {
        fixedExtras[name] = rule.parameters[name]
      }
    }
    self.fixedExtras = fixedExtras
    self.capturedExtras = extrasFromCaptures
    self.consumedQueryKeys = rule.consumedQueryKeys
  }

  /// Where the target's capture `name` is read from: the first capture of that name in
  /// `pattern` (path first, in the order written), else the fixed value.
  /// An optional segment or a query item falls back to the fixed value when the link lacks it.
  private static func valueSource(of name: String, in pattern: RoutePattern, fixed: String?) -> ValueSource? {
    for position in pattern.segments.indices {
      switch pattern.segments[position] {
      case .parameter(let captured, _) where captured == name: return .segment(position)
      case .optional(let captured, _) where captured == name: return .optionalSegment(position, fallback: fixed)
      case .catchAll(let captured) where captured == name: return .catchAll(from: position)
      case .literal, .parameter, .optional, .catchAll: continue
      }
    }
    for capture in pattern.queryCaptures where capture.name == name {
      return .query(key: capture.key, fallback: fixed)
    }
    return fixed.map(ValueSource.fixed)
  }

  /// The rewritten link and the extras, or `nil` when a value does not fit the target (where
  /// reverse routing would throw): the next rule is then tried. `link` is a parsed link
  /// (``DeepLink/init(_:)-(String)``), as every link a decision rewrites is.
  func apply(to link: DeepLink) -> (DeepLink, DeepLinkParameters)? {
    let values = MatchedValues(plan: self, link: link)
    guard let pathSegments = literalPath ?? (try? target.fillPath(from: values)) else { return nil }
    var items: [DeepLinkQueryItem] = []
    if !querySources.isEmpty || !link.queryItems.isEmpty {
      guard let query = query(for: values) else { return nil }
      items = query
    }
    var extras = fixedExtras
    if !capturedExtras.isEmpty { extras.entries.reserveCapacity(fixedExtras.count + capturedExtras.count) }
    for capture in capturedExtras {
      if let value = capture.source.value(in: link) { extras[capture.name] = value }
    }
    return (
      DeepLink(scheme: scheme, pathSegments: pathSegments, queryItems: items, fragment: link.fragment), extras
    )
  }

  /// The target's query for the matched link: its captures, then the link's items the rule does
  /// not consume; the link's own list when that is what it comes to. `nil` when a value does not fit.
  private func query(for values: MatchedValues) -> [DeepLinkQueryItem]? {
    let link = values.link
    var items = SharingList(link.queryItems, capacity: querySources.count + link.queryItems.count)
    do {
      try target.fillQuery(from: values) { items.append($0) }
    } catch {
      return nil
    }
    // Query items the rule does not consume travel on, but never one whose value is a link.
    for item in link.queryItems where !consumedQueryKeys.contains(item.name) && !NestedLink.holdsLink(item) {
      items.append(item)
    }
    return items.list
  }
}

/// A list built item by item that is often the same as a list already made (a rewritten link's
/// query, when the rule keeps the source's items in their order): while the items appended are
/// the source's own, in order, nothing is allocated, and the result is the source itself.
struct SharingList<Element: Equatable> {
  private let source: [Element]
  private let capacity: Int
  /// How many of the source's first elements were appended, while they are all there is.
  private var shared = 0
  /// The elements, once one differed from the source's.
  private var own: [Element]? = nil

  init(_ source: [Element], capacity: Int) {
    self.source = source
    self.capacity = capacity
  }

  mutating func append(_ element: Element) {
    if own == nil {
      if shared < source.count && source[shared] == element {
        shared += 1
        return
      }
      var copy: [Element] = []
      copy.reserveCapacity(capacity)
      copy.append(contentsOf: source[0..<shared])
      own = copy
    }
    own!.append(element)
  }

  /// The elements appended.
  var list: [Element] {
    own ?? (shared == source.count ? source : Array(source[0..<shared]))
  }
}

/// A rewrite rule worked out once, when the configuration is compiled, into the steps that
/// build its target link straight from the matched link's segments and query items: the one way
/// a decision rewrites a link.
///
/// Each target segment is a literal, a segment of the link at a known position (required,
/// optional or catch-all), a query item of the link, or a fixed value; each value is checked
/// as reverse routing (``RoutePattern/link(_:scheme:host:)``) checks it (its type, a single
/// segment, no control character), so a value the target would refuse makes the rule not apply
/// and the next rule is tried. Captures the target does not take, and the rule's fixed
/// parameters, travel as extras. A final class with constant properties, so looking a plan up
/// costs one reference count.
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

  /// One segment of the target path.
  enum Segment: Sendable {
    case literal(String)
    /// A required capture of the target.
    case value(ValueSource, ParameterType)
    /// An optional capture of the target: left out when the value is absent, but then no later
    /// capture may have a value (it would be read back as this one).
    case optionalValue(ValueSource?, ParameterType)
    /// A catch-all of the target: the value's `/`-separated parts, each a segment.
    case catchAll(ValueSource)
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
  /// The target path when every segment of it is a literal: the rewritten link shares this
  /// array instead of building its own.
  let literalPath: [String]?
  let queryItems: [QueryItem]
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

    var segments: [Segment] = []
    segments.reserveCapacity(rule.target.segments.count)
    for segment in rule.target.segments {
      switch segment {
      case .literal(let text):
        segments.append(.literal(text))
      case .parameter(let name, let type):
        // Compilation checked that the source or the fixed parameters supply every required
        // capture of the target.
        guard let source = Self.valueSource(of: name, in: pattern, fixed: rule.parameters[name]) else { return nil }
        segments.append(.value(source, type))
      case .optional(let name, let type):
        segments.append(.optionalValue(Self.valueSource(of: name, in: pattern, fixed: rule.parameters[name]), type))
      case .catchAll(let name):
        guard let source = Self.valueSource(of: name, in: pattern, fixed: rule.parameters[name]) else { return nil }
        segments.append(.catchAll(source))
      }
    }
    self.scheme = scheme
    self.segments = segments
    // `nil` unless every segment is a literal.
    var literals: [String]? = nil
    if segments.allSatisfy({ if case .literal = $0 { true } else { false } }) {
      literals = segments.map { if case .literal(let text) = $0 { text } else { "" } }
    }
    self.literalPath = literals
    var queryItems: [QueryItem] = []
    // Most targets have no query: reserving room for none still makes a buffer call.
    if !rule.target.queryCaptures.isEmpty { queryItems.reserveCapacity(rule.target.queryCaptures.count) }
    for capture in rule.target.queryCaptures {
      let source = Self.valueSource(of: capture.name, in: pattern, fixed: rule.parameters[capture.name])
      queryItems.append(QueryItem(key: capture.key, source: source, type: capture.type, isOptional: capture.isOptional))
    }
    self.queryItems = queryItems
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
    guard let pathSegments = literalPath ?? path(for: link) else { return nil }
    var items: [DeepLinkQueryItem] = []
    if !queryItems.isEmpty || !link.queryItems.isEmpty {
      guard let query = query(for: link) else { return nil }
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

  /// The target's query for `link`: its captures, then the source's items the rule does not
  /// consume; the source's own list when that is what it comes to. `nil` when a value does not fit.
  private func query(for link: DeepLink) -> [DeepLinkQueryItem]? {
    var items = SharingList(link.queryItems, capacity: queryItems.count + link.queryItems.count)
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
    return items.list
  }

  /// The target path for `link`, segment by segment, or `nil` when a value does not fit.
  private func path(for link: DeepLink) -> [String]? {
    var pathSegments: [String] = []
    pathSegments.reserveCapacity(segments.count)
    var afterAbsentOptional = false
    for segment in segments {
      switch segment {
      case .literal(let text):
        pathSegments.append(text)
      case .value(let source, let type):
        guard !afterAbsentOptional, let value = source.value(in: link), type.accepts(value) else { return nil }
        // A segment of a parsed link is a segment value already (never empty, `.`, `..`, with a
        // `/`, a backslash or a control character: the parser refuses those); anything else is checked.
        if case .segment = source {} else if !RoutePattern.isSegmentValue(value) { return nil }
        pathSegments.append(value)
      case .optionalValue(let source, let type):
        guard let value = source?.value(in: link) else {
          afterAbsentOptional = true
          continue
        }
        guard !afterAbsentOptional, type.accepts(value), RoutePattern.isSegmentValue(value) else { return nil }
        pathSegments.append(value)
      case .catchAll(let source):
        guard let value = source.value(in: link) else { return nil }
        for part in value.split(separator: "/", omittingEmptySubsequences: false) {
          let part = String(part)
          guard RoutePattern.isSegmentValue(part) else { return nil }
          pathSegments.append(part)
        }
      }
    }
    return pathSegments
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

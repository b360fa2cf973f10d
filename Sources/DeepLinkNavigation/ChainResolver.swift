import DeepLinkCore

/// Resolves a chained link (`shop://productlist/12/productdetail/34`) into a
/// ``NavigationPlan`` from a set of chainable steps.
///
/// A chainable step is a route pattern and a value (`/productlist/{id:int}` → the list
/// screen). Any combination of steps chains: the link's path is cut into consecutive runs of
/// segments, each matched by a route table (`RouteTable`) of the steps. Cuts are chosen greedily
/// with backtracking: the longest first run that matches a step and leaves a remainder that
/// resolves, and so on; the result is deterministic. A link with a run that matches no step
/// resolves to `nil`: it is not opened halfway.
///
/// Each run is matched as a link of its own, with the whole link's scheme and host; only the
/// last run carries the query and fragment, so a step with query captures (`/search?q={query}`)
/// can only end a chain.
///
/// ```swift
/// let resolver = try ChainResolver(steps: [
///   (pattern: "/productlist/{id:int}", value: Screen.list),
///   (pattern: "/productdetail/{id:int}", value: Screen.detail),
/// ])
/// let plan = resolver.resolve(try DeepLink("shop://productlist/12/productdetail/34"))
/// plan?.values  // [.list, .detail]
/// plan?.map { $0["id"] }  // ["12", "34"]
/// ```
public struct ChainResolver<Value: Sendable>: Sendable {
  /// The chainable steps' patterns, in registration order.
  package let patterns: [String]
  /// The chainable steps' values, each at its pattern's position in ``patterns``.
  package let values: [Value]
  let table: RouteTable<Int>
  /// The first literal segment of every step, when every step starts with one: a link whose
  /// first segment is none of them cannot resolve, and is declined without any lookup.
  let firstLiterals: SmallStringMap<Bool>?
  /// The most segments one step can match (`nil` when a step has a catch-all): no run is tried
  /// longer than that, so resolving costs O(*n* · longest step), not O(*n*²).
  let longestRun: Int?

  /// Compiles the chainable steps.
  ///
  /// - Parameter steps: patterns in the route-pattern syntax (`Docs/RoutePatterns.md`) and their values,
  ///   most important first (earlier steps win ties).
  /// - Throws: ``DeepLinkCore/DeepLinkConfigurationError/malformedPattern(_:)`` for a pattern that
  ///   does not parse, ``DeepLinkCore/DeepLinkConfigurationError/conflictingRoutes(_:)`` for two
  ///   steps that match exactly the same runs.
  public init(steps: [(pattern: String, value: Value)]) throws(DeepLinkConfigurationError) {
    var patterns: [String] = []
    var values: [Value] = []
    patterns.reserveCapacity(steps.count)
    values.reserveCapacity(steps.count)
    for index in 0..<steps.count {
      patterns.append(steps[index].pattern)
      values.append(steps[index].value)
    }
    try self.init(patterns: patterns, values: values)
  }

  /// Compiles the chainable steps given as two lists: `patterns[i]` opens `values[i]`.
  ///
  /// - Parameters:
  ///   - patterns: patterns in the syntax of ``DeepLinkCore/RoutePattern``, most important first
  ///     (earlier steps win ties).
  ///   - values: one value for each pattern, in the same order.
  /// - Precondition: `patterns` and `values` have the same count.
  /// - Throws: as ``init(steps:)``.
  package init(patterns: [String], values: [Value]) throws(DeepLinkConfigurationError) {
    precondition(patterns.count == values.count, "ChainResolver: one value for each pattern")
    // The table maps each pattern to its index in `values`.
    let compiled = try ChainSteps(patterns: patterns)
    self.firstLiterals = compiled.firstLiterals
    self.longestRun = compiled.longestRun
    self.patterns = patterns
    self.values = values
    self.table = compiled.table
  }

  /// The chainable steps, in registration order: ``patterns`` and ``values`` paired.
  package var steps: [(pattern: String, value: Value)] {
    patterns.indices.map { (pattern: patterns[$0], value: values[$0]) }
  }

  /// The plan for `link`, or `nil` when its path cannot be cut into runs that each match a step.
  ///
  /// - Complexity: at most *n* · *k* table lookups for a path of *n* segments whose longest step
  ///   has *k* segments (*n*(*n*+1)/2 when a step has a catch-all); none for a link whose first
  ///   segment starts no step.
  public func resolve(_ link: DeepLink) -> NavigationPlan<Value>? {
    guard let matched = resolveSteps(link) else { return nil }
    return plan(link, matched)
  }

  /// The matched steps as the plugin's resolution carries them.
  func resolveSteps(_ link: DeepLink) -> [NavigationResolution.Step]? {
    let count = link.pathSegments.count
    if let firstLiterals, let first = link.pathSegments.first, !firstLiterals.contains(first) { return nil }
    if count == 0 {
      guard let match = table.match(link) else { return nil }
      return [
        NavigationResolution.Step(index: match.value, pattern: match.pattern, parameters: match.parameters)
      ]
    }
    var failedStarts = Set<Int>()
    var found: [NavigationResolution.Step] = []

    func solve(from start: Int) -> Bool {
      if start == count { return true }
      if failedStarts.contains(start) { return false }
      let longest = longestRun.map { min(count, start + max(1, $0)) } ?? count
      for end in stride(from: longest, to: start, by: -1) {
        guard let match = table.match(Self.run(of: link, start..<end)) else { continue }
        found.append(
          NavigationResolution.Step(
            index: match.value, pattern: match.pattern, parameters: match.parameters, start: start, end: end)
        )
        if solve(from: end) { return true }
        found.removeLast()
      }
      failedStarts.insert(start)
      return false
    }
    return solve(from: 0) ? found : nil
  }

  /// Builds the plan for steps resolved from `link`; `nil` if a step's index is out of range.
  func plan(_ link: DeepLink, _ matched: [NavigationResolution.Step]) -> NavigationPlan<Value>? {
    var planned: [NavigationStep<Value>] = []
    for step in matched {
      guard values.indices.contains(step.index), step.start <= step.end, step.end <= link.pathSegments.count else {
        return nil
      }
      let range = link.pathSegments.isEmpty ? 0..<0 : step.start..<step.end
      planned.append(
        NavigationStep(
          value: values[step.index], pattern: step.pattern, parameters: step.parameters.dictionary,
          link: link.pathSegments.isEmpty ? link : Self.run(of: link, range), segments: range))
    }
    return planned.isEmpty ? nil : NavigationPlan(link: link, steps: planned)
  }

  /// The run `range` of `link`'s path as a link of its own; the last run keeps the query and
  /// fragment.
  static func run(of link: DeepLink, _ range: Range<Int>) -> DeepLink {
    let isLast = range.upperBound == link.pathSegments.count
    return DeepLink(
      scheme: link.scheme, host: link.host, port: link.port, pathSegments: Array(link.pathSegments[range]),
      queryItems: isLast ? link.queryItems : [], fragment: isLast ? link.fragment : nil)
  }
}

/// The chainable steps' patterns compiled into the table a ``ChainResolver`` cuts runs with,
/// and what it knows of them before any lookup; each step's value is its index.
struct ChainSteps {
  let table: RouteTable<Int>
  /// The first literal segment of every step, when every step starts with one; `nil` otherwise.
  let firstLiterals: SmallStringMap<Bool>?
  let longestRun: Int?

  /// Compiles `patterns`, most important first.
  ///
  /// - Throws: ``DeepLinkConfigurationError/malformedPattern(_:)`` or
  ///   ``DeepLinkConfigurationError/conflictingRoutes(_:)``, as ``ChainResolver/init(steps:)``.
  init(patterns: [String]) throws(DeepLinkConfigurationError) {
    var parsed: [RoutePattern] = []
    parsed.reserveCapacity(patterns.count)
    var firstLiterals: [String]? = []
    var longestRun: Int? = 0
    for source in patterns {
      let pattern: RoutePattern
      do {
        pattern = try RoutePattern(source)
      } catch {
        throw .malformedPattern(error)
      }
      parsed.append(pattern)
      if pattern.segments.contains(where: { if case .catchAll = $0 { true } else { false } }) {
        longestRun = nil
      } else if let longest = longestRun {
        longestRun = max(longest, pattern.segments.count)
      }
      if case .app = pattern.namespace, case .literal(let first)? = pattern.segments.first {
        firstLiterals?.append(first)
      } else {
        firstLiterals = nil
      }
    }
    do {
      self.table = try RouteTable(indexing: parsed)
    } catch {
      throw .conflictingRoutes(error)
    }
    self.firstLiterals = firstLiterals.map { SmallStringMap(keys: $0, values: Array(repeating: true, count: $0.count)) }
    self.longestRun = longestRun
  }
}

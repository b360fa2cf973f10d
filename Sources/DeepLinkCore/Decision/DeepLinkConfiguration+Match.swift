import Foundation

/// A table route the match stage chose, with its captures (and the rewrite's extras).
struct TableMatch {
  let target: RouteTarget
  /// The route's pattern as registered.
  let pattern: String
  let parameters: DeepLinkParameters
}

/// An opaque plugin the match stage chose, with its answer.
struct PluginMatch {
  let target: RouteTarget
  /// The plugin's name.
  let name: String
  /// The data its answer carries.
  let data: Data?
  /// The barrier its answer names.
  let barrier: BarrierName?
  /// The patterns of the steps it resolved the link to (a step-resolving plugin), else empty.
  let patterns: [String]
  /// The typed value a step-resolving plugin resolved the link to, handed back to it as it is.
  let value: (any Sendable)?
}

extension DeepLinkConfiguration {
  /// The match stage, table half: the most specific table route visible to the link's owner
  /// whose plugin accepts its captures. A route's own capture wins over an extra of the same name.
  @inline(__always)
  func matchTable(_ walk: LinkWalk, _ trace: inout DecisionTrace) -> TableMatch? {
    let routedLink = walk.routedLink
    if trace.enabled {
      let candidates = routes.candidates(for: routedLink)
      trace.add(
        .match,
        candidates.isEmpty
          ? "no table route matches"
          : "table candidates, most specific first: "
            + candidates.map { "`\($0.pattern)`" }.joined(separator: ", "))
    }
    let extras = walk.extras
    var choice = RouteChoice(
      routes: routes, link: routedLink, linkOwner: walk.linkOwner, extraCapacity: extras.count)
    guard routes.search(routedLink, &choice) else { return nil }
    let index = choice.route
    let target = routes.value(at: index)
    var parameters =
      choice.captured.take() ?? routes.parameters(at: index, in: routedLink, extraCapacity: extras.count)
    if !extras.isEmpty { parameters.add(missingFrom: extras) }
    return TableMatch(target: target, pattern: routeSources[Int(index)], parameters: parameters)
  }

  /// The match stage, plugin half, when no table route matched: the first opaque plugin, in
  /// install order and visible to the link's owner, that takes the link (without query values
  /// that are links). A plugin whose answer names a barrier that is not installed is skipped
  /// (checked here, so the link never starts its way to a barrier that does not exist), and
  /// reported by `namedUnknownBarrier`.
  @inline(__always)
  func matchPlugins(_ walk: LinkWalk, _ trace: inout DecisionTrace) -> (match: PluginMatch?, namedUnknownBarrier: Bool)
  {
    let inertLink = NestedLink.dropped(from: walk.routedLink)
    var namedUnknownBarrier = false
    for opaque in opaquePlugins {
      guard opaque.target.owner.sees(linkOf: walk.linkOwner) else { continue }
      let plugin = plugins[opaque.index]
      // A plugin that resolves steps answers and names its patterns from one resolution.
      let (option, patterns, value) =
        opaque.stepResolver?.resolveDeepLinkValue(inertLink) ?? (plugin.shouldHandleDeepLink(inertLink), [], nil)
      guard let (data, pluginBarrier) = option.acceptance else {
        trace.add(.match, "plugin `\(plugin.name)` declines")
        continue
      }
      if let pluginBarrier, barriers[pluginBarrier] == nil {
        trace.add(
          .match, "plugin `\(plugin.name)` takes it behind barrier `\(pluginBarrier)`, which is not installed: skipped")
        namedUnknownBarrier = true
        continue
      }
      return (
        PluginMatch(
          target: opaque.target, name: plugin.name, data: data, barrier: pluginBarrier, patterns: patterns, value: value
        ),
        namedUnknownBarrier
      )
    }
    return (nil, namedUnknownBarrier)
  }

  /// The check-values stage: `invalid` when a value in `parameters` (`target`'s captures and the
  /// rewrite's extras, or the extras alone for a plugin) holds a link, a slash, a dot segment or
  /// an invisible control; `nil` when every value is safe.
  @inline(__always)
  func checkValues(
    _ parameters: DeepLinkParameters, of target: RouteTarget?, _ walk: LinkWalk, _ trace: inout DecisionTrace
  ) -> DeepLinkDecision? {
    guard let name = Self.unsafeParameter(in: parameters, of: target, extras: walk.extras) else { return nil }
    trace.add(
      .match, "invalid: the value of `\(name)` holds a link, a slash, a dot segment or an invisible control")
    return .init(
      input: walk.input, outcome: .invalid, reason: .unsafeParameter, link: walk.link, rewrittenTo: walk.rewrittenTo,
      rewriteRule: appliedRule(walk), source: walk.source, trace: trace, linkOwner: walk.linkOwner)
  }

  /// The decision for a link nothing takes: `external` for a web link no rule rewrote (the
  /// browser shows the page, and gets the link as it came), `notFound` otherwise.
  @inline(__always)
  func unmatched(_ walk: LinkWalk, _ trace: inout DecisionTrace, namedUnknownBarrier: Bool) -> DeepLinkDecision {
    let link = walk.link
    if link.isWebLink && walk.rewrittenTo == nil {
      trace.add(.match, "external: \(walk.linkOwner) does not open this path; the browser shows the page")
      return DeepLinkDecision(
        input: walk.input, outcome: .external, reason: .unmatchedWebPath, link: link, source: walk.source,
        trace: trace, linkOwner: walk.linkOwner)
    }
    trace.add(.match, "notFound: no route or plugin takes `\(walk.routedLink.path)`")
    return DeepLinkDecision(
      input: walk.input, outcome: .notFound, reason: namedUnknownBarrier ? .unknownBarrier : .noRoute,
      link: NestedLink.dropped(from: link),
      rewrittenTo: walk.rewrittenTo.map { NestedLink.dropped(from: $0) },
      rewriteRule: appliedRule(walk), source: walk.source,
      trace: trace, linkOwner: walk.linkOwner)
  }

  /// The name of the first value in `parameters` that ``CapturedValueCheck`` refuses, or that is a
  /// link (``NestedLink``) without being `target`'s free text, if one is. A catch-all's value, and
  /// an extra a rewrite rule passed on (which may come from the rule's own catch-all), are checked
  /// segment by segment.
  ///
  /// - Complexity: O(*n*) in the values' length; NFKC work only for a value with a non-ASCII byte.
  static func unsafeParameter(
    in parameters: DeepLinkParameters, of target: RouteTarget?, extras: DeepLinkParameters
  ) -> String? {
    for (name, value) in parameters {
      let isFreeText = target.map { !$0.freeTextParameters.isEmpty && $0.freeTextParameters.contains(name) } ?? false
      // Most values pass as a whole; only a refused one is looked at again, segment by segment,
      // when it is a catch-all's (or a rewrite extra taken from one), whose `/` are its own.
      if !CapturedValueCheck.isSafe(value, freeText: isFreeText) {
        let isCatchAll = target.map { !$0.catchAllParameters.isEmpty && $0.catchAllParameters.contains(name) } ?? false
        guard isCatchAll || (!extras.isEmpty && extras[name] == value) else { return name }
        for segment in value.split(separator: "/", omittingEmptySubsequences: false)
        where !CapturedValueCheck.isSafe(String(segment), freeText: false) {
          return name
        }
      }
      // A capture that is not free text never hands a handler a link.
      if !isFreeText && NestedLink.isLink(value) { return name }
    }
    return nil
  }
}

/// The route a decision takes: the first candidate, most specific first, that is visible to the
/// link's owner and whose plugin accepts its captured values. Captures are read with room for
/// the rewrite's extras, which join them in place; they are the taken candidate's only.
private struct RouteChoice: RouteVisitor {
  let routes: RouteTable<RouteTarget>
  let link: DeepLink
  let linkOwner: LinkOwner
  let extraCapacity: Int
  /// The route taken.
  var route: Int32 = -1
  /// The taken route's captures, when its plugin checked them.
  var captured: DeepLinkParameters? = nil

  mutating func visit(_ route: Int32) -> Bool {
    captured = nil
    let target = routes.value(at: route)
    guard target.owner.sees(linkOf: linkOwner) else { return false }
    if let acceptsParameters = target.acceptsParameters {
      let values = routes.parameters(at: route, in: link, extraCapacity: extraCapacity)
      guard acceptsParameters(values) else { return false }
      captured = values
    }
    self.route = route
    return true
  }
}

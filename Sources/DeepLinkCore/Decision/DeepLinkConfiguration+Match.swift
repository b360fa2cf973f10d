import Foundation

/// A table route the match stage chose, with its captures (and the rewrite's extras) and, when
/// the walk was asked for them, the table candidates after it.
struct TableMatch {
  let target: RouteTarget
  /// The route's pattern as registered.
  let pattern: String
  let parameters: DeepLinkParameters
  /// The routes after the one chosen that take the link, in the order the walk met them.
  let fallbacks: [LinkCandidate]
}

/// An opaque plugin the match stage chose, with its answer.
struct PluginMatch {
  let target: RouteTarget
  /// The plugin's name.
  let name: String
  /// The data its answer carries, handed back to it as it is.
  let data: (any Sendable)?
  /// The barrier its answer names.
  let barrier: BarrierName?
  /// The patterns of the steps its answer names, else empty.
  let patterns: [String]
}

/// What the plugin half of the match found: the plugin chosen when no table route was, and,
/// when the walk was asked for them, the plugins after the route or plugin chosen that take
/// the link.
struct PluginWalk {
  var match: PluginMatch? = nil
  /// Whether a plugin was skipped because its answer named a barrier that is not installed.
  var namedUnknownBarrier = false
  var fallbacks: [LinkCandidate] = []
}

extension DeepLinkConfiguration {
  /// The match stage, table half: the most specific table route visible to the link's owner
  /// whose plugin accepts its captures. A route's own capture wins over an extra of the same name.
  ///
  /// One walk over the routes matching `walk.routedLink`, most specific first. With `planning`,
  /// it goes on past the route chosen and keeps each later route visible to the link's owner
  /// whose plugin accepts its captures and whose values are safe, as a fallback; under tracing it
  /// goes on too, and records each route it meets (``DecisionTrace/candidates``).
  @inline(__always)
  func matchTable(_ walk: LinkWalk, _ trace: inout DecisionTrace, planning: Bool) -> TableMatch? {
    let routedLink = walk.routedLink
    let extras = walk.extras
    var choice = RouteChoice(
      routes: routes, link: routedLink, linkOwner: walk.linkOwner, extraCapacity: extras.count,
      onward: planning || trace.enabled ? RouteChoice.Onward(planning: planning, tracing: trace.enabled) : nil)
    _ = routes.search(routedLink, &choice)
    var match: TableMatch? = nil
    if choice.route >= 0 {
      let index = choice.route
      var parameters =
        choice.captured.take() ?? routes.parameters(at: index, in: routedLink, extraCapacity: extras.count)
      if !extras.isEmpty { parameters.add(missingFrom: extras) }
      var fallbacks: [LinkCandidate] = []
      for (route, captured) in choice.onward?.fallbacks ?? [] {
        let target = routes.value(at: route)
        var values = captured ?? routes.parameters(at: route, in: routedLink, extraCapacity: extras.count)
        if !extras.isEmpty { values.add(missingFrom: extras) }
        guard Self.unsafeParameter(in: values, of: target, extras: extras) == nil else {
          choice.onward?.mark(route, .unsafeValues)
          continue
        }
        fallbacks.append(
          LinkCandidate(
            route: RouteID(name: target.name, pattern: routeSources[Int(route)]), target: target, parameters: values,
            barriers: barriers(for: target, pluginBarrier: nil, source: walk.source), pluginData: nil,
            matchedInTable: true))
      }
      match = TableMatch(
        target: routes.value(at: index), pattern: routeSources[Int(index)], parameters: parameters,
        fallbacks: fallbacks)
    }
    if trace.enabled, let met = choice.onward?.met {
      trace.candidates = met.map {
        DecisionTrace.Candidate(
          route: RouteID(name: routes.value(at: $0.route).name, pattern: routeSources[Int($0.route)]),
          verdict: $0.verdict)
      }
      trace.add(
        .match,
        met.isEmpty
          ? "no table route matches"
          : "table candidates, most specific first: "
            + met.map { "`\(routeSources[Int($0.route)])`" }.joined(separator: ", "))
    }
    return match
  }

  /// The match stage, plugin half: one walk over the opaque plugins visible to the link's owner,
  /// in install order, each asked once about the link without query values that are links.
  ///
  /// When no table route was chosen (`afterTable` false), the first plugin that takes the link
  /// is chosen; a plugin whose answer names a barrier that is not installed is skipped (checked
  /// here, so the link never starts its way to a barrier that does not exist), and reported by
  /// ``PluginWalk/namedUnknownBarrier``. With `planning`, every later plugin that takes the link
  /// (behind an installed barrier, if any) is a fallback; without it, the walk ends at the plugin
  /// chosen, and after a table route there is nothing to ask.
  @inline(__always)
  func matchPlugins(_ walk: LinkWalk, _ trace: inout DecisionTrace, afterTable: Bool, planning: Bool) -> PluginWalk {
    var result = PluginWalk()
    guard planning || !afterTable, !opaquePlugins.isEmpty else { return result }
    let inertLink = NestedLink.dropped(from: walk.routedLink)
    var choosing = !afterTable
    for opaque in opaquePlugins {
      guard opaque.target.owner.sees(linkOf: walk.linkOwner) else { continue }
      let plugin = plugins[opaque.index]
      guard let (data, pluginBarrier, patterns) = plugin.shouldHandleDeepLink(inertLink).acceptance else {
        if choosing { trace.add(.match, "plugin `\(plugin.name)` declines") }
        continue
      }
      if let pluginBarrier, barriers[pluginBarrier] == nil {
        if choosing {
          trace.add(
            .match,
            "plugin `\(plugin.name)` takes it behind barrier `\(pluginBarrier)`, which is not installed: skipped")
          result.namedUnknownBarrier = true
        }
        continue
      }
      if choosing {
        result.match = PluginMatch(
          target: opaque.target, name: plugin.name, data: data, barrier: pluginBarrier, patterns: patterns)
        // Extras the check-values stage refuses settle the link: no later plugin is asked.
        guard planning, Self.unsafeParameter(in: walk.extras, of: nil, extras: walk.extras) == nil else {
          return result
        }
        choosing = false
        continue
      }
      result.fallbacks.append(
        LinkCandidate(
          route: RouteID(name: plugin.name), target: opaque.target, parameters: walk.extras,
          barriers: barriers(for: opaque.target, pluginBarrier: pluginBarrier, source: walk.source),
          pluginData: data, matchedInTable: false))
    }
    return result
  }

  /// The plugin half of the linker's walk after a table route was chosen: the opaque plugins
  /// visible to the link's owner that take the link, in install order, as fallbacks.
  @inline(never)
  func pluginsAfterTable(_ walk: LinkWalk) -> [LinkCandidate] {
    var trace = DecisionTrace(enabled: false)
    return matchPlugins(walk, &trace, afterTable: true, planning: true).fallbacks
  }

  /// The check-values stage: `nil` when every value in `parameters` (`target`'s captures and the
  /// rewrite's extras, or the extras alone for a plugin) is safe; otherwise, when one holds a
  /// link, a slash, a dot segment or an invisible control, ``DeepLinkReason/unsafeParameter``:
  ///
  /// - from outside the app, `notFound`, the link being its scheme and host only: the system
  ///   opened the app for a link on its own domain or scheme (a filter cannot say "no two dots in
  ///   a row"), so the app shows its not-found, and nothing of the path reaches a handler;
  /// - from inside the app, `invalid`: the app wrote the link itself.
  @inline(__always)
  func checkValues(
    _ parameters: DeepLinkParameters, of target: RouteTarget?, _ walk: LinkWalk, _ trace: inout DecisionTrace
  ) -> DeepLinkDecision? {
    guard let name = Self.unsafeParameter(in: parameters, of: target, extras: walk.extras) else { return nil }
    guard walk.source.isExternal else {
      trace.add(
        .match, "invalid: the value of `\(name)` holds a link, a slash, a dot segment or an invisible control")
      return .init(
        input: walk.input, outcome: .invalid, reason: .unsafeParameter, link: walk.link,
        rewrittenTo: walk.rewrittenTo, rewriteRule: appliedRule(walk), source: walk.source, trace: trace,
        linkOwner: walk.linkOwner)
    }
    trace.add(
      .match,
      "not found: the value of `\(name)` holds a link, a slash, a dot segment or an invisible control; "
        + "the system opens the app for it, and the app shows its not-found")
    return .init(
      input: walk.input, outcome: .notFound, reason: .unsafeParameter, link: walk.link.schemeAndHost,
      source: walk.source, trace: trace, linkOwner: walk.linkOwner)
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
///
/// With ``onward``, the search goes on past the route taken: when planning, each later route
/// visible to the link's owner whose plugin accepts its captures is kept as a fallback; when
/// tracing, each route met is recorded with what became of it.
private struct RouteChoice: RouteVisitor {
  /// What a search that goes on past the route taken keeps.
  struct Onward {
    let planning: Bool
    let tracing: Bool
    /// The routes after the one taken that may take the link, with their captures when their
    /// plugin checked them (planning).
    var fallbacks: [(route: Int32, captured: DeepLinkParameters?)] = []
    /// Every route met, in order, with what became of it (tracing).
    var met: [(route: Int32, verdict: DecisionTrace.Verdict)] = []

    /// Records what became of `route`, met earlier.
    mutating func mark(_ route: Int32, _ verdict: DecisionTrace.Verdict) {
      if let index = met.firstIndex(where: { $0.route == route }) { met[index].verdict = verdict }
    }
  }

  let routes: RouteTable<RouteTarget>
  let link: DeepLink
  let linkOwner: LinkOwner
  let extraCapacity: Int
  /// The route taken.
  var route: Int32 = -1
  /// The taken route's captures, when its plugin checked them.
  var captured: DeepLinkParameters? = nil
  /// Set when the search goes on past the route taken.
  var onward: Onward?

  mutating func visit(_ route: Int32) -> Bool {
    if onward != nil { return visitOnward(route) }
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

  /// ``visit(_:)`` for a search that goes on past the route taken: it never stops the search.
  @inline(never)
  private mutating func visitOnward(_ route: Int32) -> Bool {
    guard var onward = onward.take() else { return false }
    defer { self.onward = onward }
    let target = routes.value(at: route)
    guard target.owner.sees(linkOf: linkOwner) else {
      if onward.tracing { onward.met.append((route, .notVisible(target.owner))) }
      return false
    }
    let taken = self.route >= 0
    // After the route taken, captures are checked only for a fallback.
    guard !taken || onward.planning else {
      if onward.tracing { onward.met.append((route, .lost)) }
      return false
    }
    var values: DeepLinkParameters? = nil
    if let acceptsParameters = target.acceptsParameters {
      let captures = routes.parameters(at: route, in: link, extraCapacity: extraCapacity)
      guard acceptsParameters(captures) else {
        if onward.tracing { onward.met.append((route, .refused)) }
        return false
      }
      values = captures
    }
    if taken {
      onward.fallbacks.append((route, values))
      if onward.tracing { onward.met.append((route, .fallback)) }
      return false
    }
    self.route = route
    captured = values
    if onward.tracing { onward.met.append((route, .taken)) }
    return false
  }
}

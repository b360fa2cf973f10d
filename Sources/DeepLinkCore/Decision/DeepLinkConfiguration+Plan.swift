import Foundation

/// How the linker runs a routed decision: made with the decision, never part of it.
final class ExecutionPlan: Sendable {
  /// The route or plugin chosen.
  let target: RouteTarget
  /// Whether ``target`` came from the route table (rather than an opaque plugin).
  let matchedInTable: Bool
  /// The parameters a rewrite passed on, without the route's own captures.
  let extraParameters: DeepLinkParameters
  /// The data an opaque plugin's `shouldHandleDeepLink` returned.
  let pluginData: Data?
  /// The typed value a step-resolving plugin's `resolveDeepLinkValue` returned.
  let pluginValue: (any Sendable)?
  /// The candidates to try, in order, when ``target`` declines: the remaining table candidates,
  /// then the opaque plugins after the one chosen that take the link. Computed with the plan, so
  /// the linker never asks the decision again.
  let fallbacks: [LinkCandidate]

  init(
    target: RouteTarget, matchedInTable: Bool, extraParameters: DeepLinkParameters, pluginData: Data?,
    pluginValue: (any Sendable)? = nil, fallbacks: [LinkCandidate]
  ) {
    self.target = target
    self.matchedInTable = matchedInTable
    self.extraParameters = extraParameters
    self.pluginData = pluginData
    self.pluginValue = pluginValue
    self.fallbacks = fallbacks
  }
}

/// One route or plugin that may handle a link, with everything the gate and execute stages need.
struct LinkCandidate: Sendable {
  var route: RouteID
  var target: RouteTarget
  var parameters: DeepLinkParameters
  var barriers: [BarrierName]
  var pluginData: Data?
  /// The typed value a step-resolving plugin resolved the link to, handed back to it as it is.
  var pluginValue: (any Sendable)? = nil
  /// Whether the candidate came from the route table: a path-matching plugin then receives its
  /// parameters as typed values; an opaque plugin receives exactly the data it returned, `nil` too.
  var matchedInTable: Bool

  init(
    route: RouteID, target: RouteTarget, parameters: DeepLinkParameters, barriers: [BarrierName], pluginData: Data?,
    matchedInTable: Bool
  ) {
    self.route = route
    self.target = target
    self.parameters = parameters
    self.barriers = barriers
    self.pluginData = pluginData
    self.matchedInTable = matchedInTable
  }

  init?(_ decision: DeepLinkDecision, plan: ExecutionPlan) {
    guard let route = decision.route else { return nil }
    self.init(
      route: route, target: plan.target, parameters: decision.parameters, barriers: decision.barriers,
      pluginData: plan.pluginData, matchedInTable: plan.matchedInTable)
    self.pluginValue = plan.pluginValue
  }
}

extension DeepLinkConfiguration {
  /// The plan stage for a table route: the routed decision (with the barriers the link passes
  /// and the link as its handler sees it) and, when `planning`, the linker's plan.
  @inline(__always)
  func plan(_ match: TableMatch, _ walk: LinkWalk, _ trace: inout DecisionTrace, planning: Bool) -> (
    DeepLinkDecision, ExecutionPlan?
  ) {
    let target = match.target
    let parameters = match.parameters
    let link = walk.link
    trace.add(.match, "routed to `\(match.pattern)` (\(target.name)) of \(target.owner)")
    // Handlers see the link without query values that are links, but for a free-text capture's
    // own, and without query items that shadow a routed parameter.
    // A link without a query (most links) has nothing to drop: no work at all.
    var keptLink = link
    if !link.queryItems.isEmpty {
      // The link as it came keeps the item the rewrite rule's own free-text capture read.
      let ruleIndex = walk.ruleIndex
      keptLink = ShadowingQueryItems.dropped(
        from: NestedLink.dropped(
          from: link,
          keepingCaptured: { key in
            guard ruleIndex >= 0 else { return target.freeTextQueryKeys.contains(key) }
            return rewriteRules[ruleIndex].pattern.queryCaptures.contains {
              $0.key == key && target.freeTextParameters.contains($0.name)
            }
          }), shadowing: parameters)
    }
    var keptRewritten = walk.rewrittenTo
    // A rewritten link with the link's own query, which lost nothing, loses nothing either.
    if let rewritten = walk.rewrittenTo, !rewritten.queryItems.isEmpty,
      !(keptLink.storage === link.storage && rewritten.queryItems == link.queryItems)
    {
      keptRewritten = ShadowingQueryItems.dropped(
        from: NestedLink.dropped(from: rewritten, keepingCaptured: { target.freeTextQueryKeys.contains($0) }),
        shadowing: parameters)
    }
    let decision = DeepLinkDecision(
      input: walk.input, outcome: .routed, reason: nil,
      link: keptLink,
      rewrittenTo: keptRewritten,
      rewriteRule: appliedRule(walk),
      route: RouteID(name: target.name, pattern: match.pattern),
      parameters: parameters, barriers: barriers(for: target, pluginBarrier: nil, source: walk.source),
      waitsForPreconditions: target.waitForPreconditions, source: walk.source, trace: trace,
      linkOwner: walk.linkOwner, owner: target.owner)
    guard planning else { return (decision, nil) }
    return (
      decision,
      makePlan(target: target, matchedInTable: true, extraParameters: walk.extras, pluginData: nil, after: decision)
    )
  }

  /// The plan stage for an opaque plugin: the routed decision (the link without query values
  /// that are links or that shadow an extra) and, when `planning`, the linker's plan.
  @inline(__always)
  func plan(_ match: PluginMatch, _ walk: LinkWalk, _ trace: inout DecisionTrace, planning: Bool) -> (
    DeepLinkDecision, ExecutionPlan?
  ) {
    let steps = match.patterns.count > 1 ? match.patterns : []
    trace.add(
      .match,
      "routed to plugin `\(match.name)` of \(match.target.owner)"
        + (match.barrier.map { " behind barrier `\($0)`" } ?? "")
        + (steps.isEmpty ? "" : ": steps " + steps.joined(separator: " → ")))
    let extras = walk.extras
    let decision = DeepLinkDecision(
      input: walk.input, outcome: .routed, reason: nil,
      link: ShadowingQueryItems.dropped(from: NestedLink.dropped(from: walk.link), shadowing: extras),
      rewrittenTo: walk.rewrittenTo.map {
        ShadowingQueryItems.dropped(from: NestedLink.dropped(from: $0), shadowing: extras)
      },
      rewriteRule: appliedRule(walk),
      route: RouteID(name: match.name, pattern: match.patterns.last),
      steps: steps.map { RouteID(name: match.name, pattern: $0) }, parameters: extras,
      barriers: barriers(for: match.target, pluginBarrier: match.barrier, source: walk.source),
      waitsForPreconditions: false, source: walk.source, trace: trace, linkOwner: walk.linkOwner,
      owner: match.target.owner)
    guard planning else { return (decision, nil) }
    return (
      decision,
      makePlan(
        target: match.target, matchedInTable: false, extraParameters: extras, pluginData: match.data,
        pluginValue: match.value, after: decision)
    )
  }

  /// The plan for `target` with its fallbacks: the remaining table candidates, then the opaque
  /// plugins after the one chosen that take the link, each with the barriers it passes.
  private func makePlan(
    target: RouteTarget, matchedInTable: Bool, extraParameters: DeepLinkParameters, pluginData: Data?,
    pluginValue: (any Sendable)? = nil, after decision: DeepLinkDecision
  ) -> ExecutionPlan {
    var fallbacks: [LinkCandidate] = []
    guard let link = decision.routedLink else {
      return ExecutionPlan(
        target: target, matchedInTable: matchedInTable, extraParameters: extraParameters, pluginData: pluginData,
        pluginValue: pluginValue, fallbacks: fallbacks)
    }
    let linkOwner = decision.linkOwner ?? .platform
    var nextPlugin = 0
    if matchedInTable {
      let visible = routes.candidates(for: link).filter { $0.value.owner.sees(linkOf: linkOwner) && Self.accepts($0) }
      for match in visible.dropFirst() {
        var parameters = extraParameters
        for (name, value) in match.parameters { parameters[name] = value }
        guard Self.unsafeParameter(in: parameters, of: match.value, extras: extraParameters) == nil else {
          continue
        }
        fallbacks.append(
          LinkCandidate(
            route: RouteID(name: match.value.name, pattern: match.pattern), target: match.value, parameters: parameters,
            barriers: barriers(for: match.value, pluginBarrier: nil, source: decision.source), pluginData: nil,
            matchedInTable: true))
      }
    } else if case .plugin(let chosen) = target.kind,
      let position = opaquePlugins.firstIndex(where: { $0.index == chosen })
    {
      nextPlugin = position + 1
    }
    for opaque in opaquePlugins.dropFirst(nextPlugin) where opaque.target.owner.sees(linkOf: linkOwner) {
      let (candidateTarget, stepResolver) = (opaque.target, opaque.stepResolver)
      let plugin = plugins[opaque.index]
      let inertLink = NestedLink.dropped(from: link)
      let (option, _, value) =
        stepResolver?.resolveDeepLinkValue(inertLink) ?? (plugin.shouldHandleDeepLink(inertLink), [], nil)
      guard let (data, pluginBarrier) = option.acceptance,
        pluginBarrier.map({ barriers[$0] != nil }) ?? true
      else { continue }
      var candidate = LinkCandidate(
        route: RouteID(name: plugin.name), target: candidateTarget, parameters: extraParameters,
        barriers: barriers(for: candidateTarget, pluginBarrier: pluginBarrier, source: decision.source),
        pluginData: data, matchedInTable: false)
      candidate.pluginValue = value
      fallbacks.append(candidate)
    }
    return ExecutionPlan(
      target: target, matchedInTable: matchedInTable, extraParameters: extraParameters, pluginData: pluginData,
      pluginValue: pluginValue, fallbacks: fallbacks)
  }

  /// Whether a table candidate's plugin accepts its captured values.
  private static func accepts(_ match: RouteMatch<RouteTarget>) -> Bool {
    match.value.acceptsParameters?(match.parameters) ?? true
  }

  /// The barriers a link passes, in order, each once: mandatory, the plugin's, the route's,
  /// then confirmation for a state-changing route reached from outside the app.
  private func barriers(for target: RouteTarget, pluginBarrier: BarrierName?, source: LinkSource) -> [BarrierName] {
    var names: [BarrierName] = []
    func add(_ name: BarrierName?) {
      if let name, !names.contains(name) { names.append(name) }
    }
    add(mandatoryBarrier)
    add(pluginBarrier)
    for name in target.barriers { add(name) }
    if target.changesState && source.isExternal { add(confirmationBarrier) }
    return names
  }
}

import Foundation

/// One route or plugin that may handle a link, with everything the gate and execute stages need.
///
/// The match walk yields them in the order the linker tries them: the route or plugin chosen
/// (the decision's), then the remaining table candidates, then the opaque plugins after the one
/// chosen that take the link. The linker runs them as they are: it never asks the decision, the
/// table or the plugins again.
struct LinkCandidate: Sendable {
  var route: RouteID
  var target: RouteTarget
  var parameters: DeepLinkParameters
  var barriers: [BarrierName]
  /// The data an opaque plugin answered with, handed back to it as it is; `nil` for a route.
  var pluginData: (any Sendable)?
  /// Whether the candidate came from the route table.
  var matchedInTable: Bool

  init(
    route: RouteID, target: RouteTarget, parameters: DeepLinkParameters, barriers: [BarrierName],
    pluginData: (any Sendable)?,
    matchedInTable: Bool
  ) {
    self.route = route
    self.target = target
    self.parameters = parameters
    self.barriers = barriers
    self.pluginData = pluginData
    self.matchedInTable = matchedInTable
  }
}

extension DeepLinkConfiguration {
  /// The plan stage for a table route: the routed decision (with the barriers the link passes
  /// and the link as its handler sees it) and, when `planning`, the candidates the linker tries
  /// in order: the route, its table fallbacks, then `laterPlugins`.
  @inline(__always)
  func plan(
    _ match: TableMatch, then laterPlugins: [LinkCandidate], _ walk: LinkWalk, _ trace: inout DecisionTrace,
    planning: Bool
  ) -> (DeepLinkDecision, [LinkCandidate]) {
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
    let route = RouteID(name: target.name, pattern: match.pattern)
    let barriers = barriers(for: target, pluginBarrier: nil, source: walk.source)
    let decision = DeepLinkDecision(
      input: walk.input, outcome: .routed, reason: nil,
      link: keptLink,
      rewrittenTo: keptRewritten,
      rewriteRule: appliedRule(walk),
      route: route,
      parameters: parameters, barriers: barriers,
      waitsForPreconditions: target.waitForPreconditions, source: walk.source, trace: trace,
      linkOwner: walk.linkOwner, owner: target.owner)
    guard planning else { return (decision, []) }
    let chosen = LinkCandidate(
      route: route, target: target, parameters: parameters, barriers: barriers, pluginData: nil, matchedInTable: true)
    return (decision, [chosen] + match.fallbacks + laterPlugins)
  }

  /// The plan stage for an opaque plugin: the routed decision (the link without query values
  /// that are links or that shadow an extra) and, when `planning`, the candidates the linker
  /// tries in order: the plugin, then `laterPlugins`.
  @inline(__always)
  func plan(
    _ match: PluginMatch, then laterPlugins: [LinkCandidate], _ walk: LinkWalk, _ trace: inout DecisionTrace,
    planning: Bool
  ) -> (DeepLinkDecision, [LinkCandidate]) {
    let steps = match.patterns.count > 1 ? match.patterns : []
    trace.add(
      .match,
      "routed to plugin `\(match.name)` of \(match.target.owner)"
        + (match.barrier.map { " behind barrier `\($0)`" } ?? "")
        + (steps.isEmpty ? "" : ": steps " + steps.joined(separator: " → ")))
    let extras = walk.extras
    let route = RouteID(name: match.name, pattern: match.patterns.last)
    let barriers = barriers(for: match.target, pluginBarrier: match.barrier, source: walk.source)
    let decision = DeepLinkDecision(
      input: walk.input, outcome: .routed, reason: nil,
      link: ShadowingQueryItems.dropped(from: NestedLink.dropped(from: walk.link), shadowing: extras),
      rewrittenTo: walk.rewrittenTo.map {
        ShadowingQueryItems.dropped(from: NestedLink.dropped(from: $0), shadowing: extras)
      },
      rewriteRule: appliedRule(walk),
      route: route,
      steps: steps.map { RouteID(name: match.name, pattern: $0) }, parameters: extras,
      barriers: barriers,
      waitsForPreconditions: false, source: walk.source, trace: trace, linkOwner: walk.linkOwner,
      owner: match.target.owner)
    guard planning else { return (decision, []) }
    let chosen = LinkCandidate(
      route: route, target: match.target, parameters: extras, barriers: barriers, pluginData: match.data,
      matchedInTable: false)
    return (decision, [chosen] + laterPlugins)
  }

  /// The barriers a link passes, in order, each once: mandatory, the plugin's, the route's,
  /// then confirmation for a state-changing route reached from outside the app.
  func barriers(for target: RouteTarget, pluginBarrier: BarrierName?, source: LinkSource) -> [BarrierName] {
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

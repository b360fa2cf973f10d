import Foundation

extension DeepLinkConfiguration {
  /// Decides one link: parse → admit → rewrite → match.
  ///
  /// Pure and synchronous: the same configuration and input always give the same decision,
  /// on any thread, without locks.
  ///
  /// ```swift
  /// let decision = configuration.decide("https://shop.example.ca/fr/panier")
  /// decision.outcome  // .routed
  /// decision.route  // "/cart"
  /// ```
  ///
  /// - Parameters:
  ///   - input: the link as received.
  ///   - source: where it came from; by default, from outside the app (custom scheme or
  ///     universal link by its scheme), so confirmation barriers apply.
  ///   - tracing: whether to record each step in ``DeepLinkDecision/trace`` (for `explain`).
  /// - Complexity: O(*n*) in the link's length plus the route lookup, which does not grow with
  ///   the number of routes; opaque plugins are asked in install order only when no table
  ///   route matched.
  public func decide(_ input: String, source: LinkSource? = nil, tracing: Bool = false) -> DeepLinkDecision {
    let (decision, _) = plannedDecision(input, source: source, tracing: tracing, planning: false)
    return decision
  }

  /// ``decide(_:source:tracing:)`` with the plan the linker runs for a routed decision: the
  /// route or plugin chosen and what it receives. The plan is the linker's own; the decision
  /// stays data only. Without `planning`, no plan is made (``decide(_:source:tracing:)``).
  func plannedDecision(
    _ input: String, source: LinkSource? = nil, tracing: Bool = false, planning: Bool = true
  ) -> (decision: DeepLinkDecision, plan: ExecutionPlan?) {
    var trace = DecisionTrace(enabled: tracing)
    let parsed: DeepLink
    do {
      parsed = try DeepLink(input, knownHosts: knownHosts)
    } catch {
      trace.add(.parse, "invalid: \(error.description)")
      return (
        .init(input: input, outcome: .invalid, reason: error.reason, source: source ?? .customScheme, trace: trace), nil
      )
    }
    let source = source ?? .external(for: parsed)
    trace.add(
      .parse,
      "scheme `\(parsed.scheme)`" + (parsed.host.map { ", host `\($0)`" } ?? "") + ", path `"
        + LinkRedactor.redactPath(parsed) + "`")
    let link = parsed

    // admit
    if hasFilters, let (outcome, reason) = filters.verdict(for: link) {
      trace.add(.admit, "\(outcome): \(reason)")
      return (.init(input: input, outcome: outcome, reason: reason, link: link, source: source, trace: trace), nil)
    }
    var admittedScheme: URLScheme? = nil
    // Whose link this is: the owner of its domain or scheme, then of the rule that rewrote it.
    var linkOwner = LinkOwner.platform
    if let host = link.host {
      guard link.port == nil,
        let owner = exactDomains[host] ?? wildcardDomains.first(where: { $0.matches(host) })?.owner
      else {
        let reason: DeepLinkReason = link.port == nil ? .foreignHost : .nonDefaultPort
        trace.add(.admit, "external: `\(host)` is not one of the app's domains")
        return (.init(input: input, outcome: .external, reason: reason, link: link, source: source, trace: trace), nil)
      }
      linkOwner = owner
      // The app opens only `https` on its domains, as the OS does: cleartext goes to the browser.
      guard link.scheme == "https" else {
        trace.add(.admit, "external: `\(link.scheme)` on \(owner)'s domain `\(host)`; the app opens only `https`")
        return (
          .init(
            input: input, outcome: .external, reason: .cleartextWebLink, link: link, source: source, trace: trace,
            linkOwner: owner),
          nil
        )
      }
      trace.add(.admit, "ours: `\(host)` is a domain of \(owner)")
    } else {
      admittedScheme = schemes[link.scheme]
      guard admittedScheme != nil else {
        trace.add(.admit, "invalid: `\(link.scheme)` is not a registered scheme")
        return (
          .init(
            input: input, outcome: .invalid, reason: .unregisteredScheme, link: link, source: source, trace: trace),
          nil
        )
      }
      linkOwner = admittedScheme?.owner ?? .platform
      trace.add(.admit, "ours: `\(link.scheme)` is a scheme of \(linkOwner)")
    }

    // rewrite
    var routedLink = link
    var rewrittenTo: DeepLink? = nil
    var extras = DeepLinkParameters()
    var appliedRule: UniversalLink? = nil
    var appliedRuleIndex = -1
    if let (rewritten, ruleExtras, ruleIndex) = rewrite(link) {
      let rule = rewriteRules[ruleIndex].rule
      appliedRule = rule
      appliedRuleIndex = ruleIndex
      routedLink = rewritten
      rewrittenTo = rewritten
      extras = ruleExtras
      if rule.owner != .platform { linkOwner = rule.owner }
      trace.add(
        .rewrite, "rule `\(rule.pattern)` → `\(rule.target)` of \(rule.owner): \(LinkRedactor.redact(rewritten))")
      if rule.isOverride {
        // In a composed configuration a market's override stands only where the platform granted it.
        trace.add(
          .rewrite,
          rule.owner == .platform
            ? "the rule replaces an earlier rule for the same links"
            : "the rule overrides the platform's rule for the same links, as the platform allows \(rule.owner)")
      }
    } else if let scheme = admittedScheme, let mapped = mapToAppScheme(link, scheme) {
      routedLink = mapped
      rewrittenTo = mapped
      trace.add(.rewrite, "scheme `\(link.scheme)` → `\(appScheme)`: \(LinkRedactor.redact(mapped))")
    } else {
      trace.add(.rewrite, "no rule applies")
    }

    // match
    if trace.enabled {
      let candidates = routes.candidates(for: routedLink)
      trace.add(
        .match,
        candidates.isEmpty
          ? "no table route matches"
          : "table candidates, most specific first: "
            + candidates.map { "`\($0.pattern)`" }.joined(separator: ", "))
    }
    var choice = RouteChoice(routes: routes, link: routedLink, linkOwner: linkOwner, extraCapacity: extras.count)
    if routes.search(routedLink, &choice) {
      let index = choice.route
      let target = routes.value(at: index)
      let pattern = routeSources[Int(index)]
      var parameters =
        choice.captured.take() ?? routes.parameters(at: index, in: routedLink, extraCapacity: extras.count)
      // A route's own capture wins over an extra of the same name.
      if !extras.isEmpty { parameters.add(missingFrom: extras) }
      if let name = Self.unsafeParameter(in: parameters, of: target, extras: extras) {
        let decision = DeepLinkDecision.unsafeParameter(
          name, input: input, link: link, rewrittenTo: rewrittenTo, rule: appliedRule, source: source,
          linkOwner: linkOwner, trace: &trace)
        return (decision, nil)
      }
      trace.add(.match, "routed to `\(pattern)` (\(target.name)) of \(target.owner)")
      // Handlers see the link without query values that are links, but for a free-text capture's
      // own, and without query items that shadow a routed parameter.
      // A link without a query (most links) has nothing to drop: no work at all.
      var keptLink = link
      if !link.queryItems.isEmpty {
        // The link as it came keeps the item the rewrite rule's own free-text capture read.
        let ruleIndex = appliedRuleIndex
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
      var keptRewritten = rewrittenTo
      // A rewritten link with the link's own query, which lost nothing, loses nothing either.
      if let rewritten = rewrittenTo, !rewritten.queryItems.isEmpty,
        !(keptLink.storage === link.storage && rewritten.queryItems == link.queryItems)
      {
        keptRewritten = ShadowingQueryItems.dropped(
          from: NestedLink.dropped(from: rewritten, keepingCaptured: { target.freeTextQueryKeys.contains($0) }),
          shadowing: parameters)
      }
      let decision = DeepLinkDecision(
        input: input, outcome: .routed, reason: nil,
        link: keptLink,
        rewrittenTo: keptRewritten,
        rewriteRule: appliedRule,
        route: pattern,
        parameters: parameters, barriers: barriers(for: target, pluginBarrier: nil, source: source),
        waitsForPreconditions: target.waitForPreconditions, source: source, trace: trace, linkOwner: linkOwner,
        owner: target.owner)
      return (
        decision,
        planning ? ExecutionPlan(target: target, matchedInTable: true, extraParameters: extras, pluginData: nil) : nil
      )
    }
    // Opaque plugins and the not-found handler see the link without query values that are links.
    let inertLink = NestedLink.dropped(from: routedLink)
    var namedUnknownBarrier = false
    for (index, target, stepResolver) in opaquePlugins {
      let plugin = plugins[index]
      guard target.owner.sees(linkOf: linkOwner) else { continue }
      // A plugin that resolves steps answers and names its patterns from one resolution.
      let (option, patterns) = stepResolver?.resolveDeepLink(inertLink) ?? (plugin.shouldHandleDeepLink(inertLink), [])
      guard let (data, pluginBarrier) = option.acceptance else {
        trace.add(.match, "plugin `\(plugin.name)` declines")
        continue
      }
      // A barrier named only by an answer is checked here, in the decision, so the link never
      // starts its way to a barrier that does not exist.
      if let pluginBarrier, barriers[pluginBarrier.rawValue] == nil {
        trace.add(
          .match, "plugin `\(plugin.name)` takes it behind barrier `\(pluginBarrier)`, which is not installed: skipped")
        namedUnknownBarrier = true
        continue
      }
      let steps = patterns.count > 1 ? patterns : []
      if let name = Self.unsafeParameter(in: extras, of: nil, extras: extras) {
        let decision = DeepLinkDecision.unsafeParameter(
          name, input: input, link: link, rewrittenTo: rewrittenTo, rule: appliedRule, source: source,
          linkOwner: linkOwner, trace: &trace)
        return (decision, nil)
      }
      trace.add(
        .match,
        "routed to plugin `\(plugin.name)` of \(target.owner)" + (pluginBarrier.map { " behind barrier `\($0)`" } ?? "")
          + (steps.isEmpty ? "" : ": steps " + steps.joined(separator: " → ")))
      let decision = DeepLinkDecision(
        input: input, outcome: .routed, reason: nil,
        link: ShadowingQueryItems.dropped(from: NestedLink.dropped(from: link), shadowing: extras),
        rewrittenTo: rewrittenTo.map {
          ShadowingQueryItems.dropped(from: NestedLink.dropped(from: $0), shadowing: extras)
        },
        rewriteRule: appliedRule,
        route: patterns.last ?? plugin.name, steps: steps, parameters: extras,
        barriers: barriers(for: target, pluginBarrier: pluginBarrier, source: source), waitsForPreconditions: false,
        source: source, trace: trace, linkOwner: linkOwner, owner: target.owner)
      return (
        decision,
        planning ? ExecutionPlan(target: target, matchedInTable: false, extraParameters: extras, pluginData: data) : nil
      )
    }
    if link.isWebLink && rewrittenTo == nil {
      trace.add(.match, "external: \(linkOwner) does not open this path; the browser shows the page")
      // The browser gets the link as it came.
      let decision = DeepLinkDecision(
        input: input, outcome: .external, reason: .unmatchedWebPath, link: parsed, source: source, trace: trace,
        linkOwner: linkOwner)
      return (decision, nil)
    }
    trace.add(.match, "notFound: no route or plugin takes `\(routedLink.path)`")
    let decision = DeepLinkDecision(
      input: input, outcome: .notFound, reason: namedUnknownBarrier ? .unknownBarrier : .noRoute,
      link: NestedLink.dropped(from: link),
      rewrittenTo: rewrittenTo.map { NestedLink.dropped(from: $0) },
      rewriteRule: appliedRule, source: source,
      trace: trace, linkOwner: linkOwner)
    return (decision, nil)
  }

  /// Decides a link given as raw bytes (a file's line, a command-line argument).
  ///
  /// Bytes that are not valid UTF-8 are decided exactly as their percent-encoded form (which is
  /// `invalid`), never after replacing them with U+FFFD; the decision's ``DeepLinkDecision/input``
  /// is that form, so no output shows the raw bytes.
  ///
  /// ```swift
  /// configuration.decide(utf8: Array("shop://cart".utf8)).outcome  // .routed
  /// configuration.decide(utf8: Array("shop://transaction/".utf8) + [0xC0, 0xAF]).outcome  // .invalid
  /// ```
  ///
  /// - Complexity: ``decide(_:source:tracing:)``'s, plus one validation of the bytes.
  public func decide(utf8 bytes: some Collection<UInt8>, source: LinkSource? = nil, tracing: Bool = false)
    -> DeepLinkDecision
  {
    decide(utf8: Array(bytes), source: source, tracing: tracing)
  }

  /// ``decide(utf8:source:tracing:)`` for bytes already in an array (`deeplink check`'s lines):
  /// no generic collection code on the way.
  public func decide(utf8 bytes: [UInt8], source: LinkSource? = nil, tracing: Bool = false) -> DeepLinkDecision {
    if let string = String.validUTF8(bytes) {
      return decide(string, source: source, tracing: tracing)
    }
    return decide(PercentEncoding.escapingInvalidUTF8(bytes), source: source, tracing: tracing)
  }

  /// The candidates to try, in order, after the decision's own target declined: the remaining
  /// table candidates, then the opaque plugins after the one chosen that take the link.
  func fallbackCandidates(after decision: DeepLinkDecision, plan: ExecutionPlan) -> [LinkCandidate] {
    guard let link = decision.routedLink, decision.outcome == .routed else { return [] }
    var result: [LinkCandidate] = []
    var nextPlugin = 0
    if plan.matchedInTable {
      let linkOwner = decision.linkOwner ?? .platform
      let visible = routes.candidates(for: link).filter { $0.value.owner.sees(linkOf: linkOwner) && Self.accepts($0) }
      for match in visible.dropFirst() {
        var parameters = plan.extraParameters
        for (name, value) in match.parameters { parameters[name] = value }
        guard Self.unsafeParameter(in: parameters, of: match.value, extras: plan.extraParameters) == nil else {
          continue
        }
        result.append(
          LinkCandidate(
            route: match.pattern, target: match.value, parameters: parameters,
            barriers: barriers(for: match.value, pluginBarrier: nil, source: decision.source), pluginData: nil,
            matchedInTable: true))
      }
    } else if case .plugin(let chosen) = plan.target.kind,
      let position = opaquePlugins.firstIndex(where: { $0.index == chosen })
    {
      nextPlugin = position + 1
    }
    for (index, target, _) in opaquePlugins.dropFirst(nextPlugin)
    where target.owner.sees(linkOf: decision.linkOwner ?? .platform) {
      let plugin = plugins[index]
      guard let (data, pluginBarrier) = plugin.shouldHandleDeepLink(NestedLink.dropped(from: link)).acceptance,
        pluginBarrier.map({ barriers[$0.rawValue] != nil }) ?? true
      else { continue }
      result.append(
        LinkCandidate(
          route: plugin.name, target: target, parameters: plan.extraParameters,
          barriers: barriers(for: target, pluginBarrier: pluginBarrier, source: decision.source), pluginData: data,
          matchedInTable: false))
    }
    return result
  }

  /// The name of the first value in `parameters` that ``CapturedValueCheck`` refuses, or that is a
  /// link (``NestedLink``) without being `target`'s free text, if one is. A catch-all's value, and
  /// an extra a rewrite rule passed on (which may come from the rule's own catch-all), are checked
  /// segment by segment.
  ///
  /// - Complexity: O(*n*) in the values' length; NFKC work only for a value with a non-ASCII byte.
  private static func unsafeParameter(
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

  /// Applies the first rewrite rule whose pattern matches and whose target accepts the values,
  /// through the rule's ``RewritePlan``.
  private func rewrite(_ link: DeepLink) -> (DeepLink, DeepLinkParameters, Int)? {
    guard rewrites.count > 0 else { return nil }
    var choice = RewriteChoice(rules: rewrites, plans: rewritePlans, link: link)
    _ = rewrites.search(link, &choice)
    return choice.result
  }

  /// Maps a link of a market scheme (`shopca://ca/cart`, `shopca://cart`) onto the app scheme,
  /// dropping the scheme's custom host.
  private func mapToAppScheme(_ link: DeepLink, _ scheme: URLScheme) -> DeepLink? {
    var segments = link.pathSegments
    if let customHost = scheme.customHost, let first = segments.first,
      first.utf8.count == customHost.utf8.count,
      zip(first.utf8, customHost.utf8).allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 })
    {
      segments.removeFirst()
    }
    guard scheme.scheme != appScheme || segments.count != link.pathSegments.count else { return nil }
    return DeepLink(
      scheme: appScheme, pathSegments: segments, queryItems: link.queryItems, fragment: link.fragment)
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

/// The rewrite a decision applies: the first rule, most specific first, whose plan turns the link
/// into one its target accepts.
private struct RewriteChoice: RouteVisitor {
  let rules: RouteTable<Int>
  let plans: [RewritePlan?]
  let link: DeepLink
  /// The rewritten link, its extras and the rule's index.
  var result: (DeepLink, DeepLinkParameters, Int)? = nil

  mutating func visit(_ route: Int32) -> Bool {
    let ruleIndex = rules.value(at: route)
    guard let plan = plans[ruleIndex], let (rewritten, extras) = plan.apply(to: link) else { return false }
    result = (rewritten, extras, ruleIndex)
    return true
  }
}

/// How the linker runs a routed decision: made with the decision, never part of it.
struct ExecutionPlan: Sendable {
  /// The route or plugin chosen.
  let target: RouteTarget
  /// Whether ``target`` came from the route table (rather than an opaque plugin).
  let matchedInTable: Bool
  /// The parameters a rewrite passed on, without the route's own captures.
  let extraParameters: DeepLinkParameters
  /// The data an opaque plugin's `shouldHandleDeepLink` returned.
  let pluginData: Data?
}

/// One route or plugin that may handle a link, with everything the gate and execute stages need.
struct LinkCandidate: Sendable {
  var route: String
  var target: RouteTarget
  var parameters: DeepLinkParameters
  var barriers: [BarrierName]
  var pluginData: Data?
  /// Whether the candidate came from the route table: a path-matching plugin then receives its
  /// parameters as typed values; an opaque plugin receives exactly the data it returned, `nil` too.
  var matchedInTable: Bool

  init(
    route: String, target: RouteTarget, parameters: DeepLinkParameters, barriers: [BarrierName], pluginData: Data?,
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
  }
}

/// Collects trace steps only when asked to, so the hot path does not build strings.
struct DecisionTrace {
  let enabled: Bool
  var steps: [DeepLinkTraceStep] = []

  init(enabled: Bool) {
    self.enabled = enabled
  }

  mutating func add(_ stage: DeepLinkTraceStep.Stage, _ detail: @autoclosure () -> String) {
    if enabled { steps.append(DeepLinkTraceStep(stage, detail())) }
  }
}

extension DeepLinkDecision {
  /// `invalid`: the value of the capture `name` holds a link, a slash, a dot segment or an
  /// invisible control.
  static func unsafeParameter(
    _ name: String, input: String, link: DeepLink, rewrittenTo: DeepLink?, rule: UniversalLink?, source: LinkSource,
    linkOwner: LinkOwner, trace: inout DecisionTrace
  ) -> DeepLinkDecision {
    trace.add(.match, "invalid: the value of `\(name)` holds a link, a slash, a dot segment or an invisible control")
    return .init(
      input: input, outcome: .invalid, reason: .unsafeParameter, link: link, rewrittenTo: rewrittenTo,
      rewriteRule: rule, source: source, trace: trace, linkOwner: linkOwner)
  }

  init(
    input: String, outcome: DeepLinkOutcome, reason: DeepLinkReason?, link: DeepLink? = nil,
    rewrittenTo: DeepLink? = nil,
    rewriteRule: UniversalLink? = nil,
    route: String? = nil, steps: [String] = [], parameters: DeepLinkParameters = DeepLinkParameters(),
    barriers: [BarrierName] = [],
    waitsForPreconditions: Bool = false, source: LinkSource, trace: DecisionTrace, linkOwner: LinkOwner? = nil,
    owner: LinkOwner? = nil
  ) {
    self.input = input
    self.outcome = outcome
    self.reason = reason
    self.link = link
    self.rewrittenTo = rewrittenTo
    self.rewriteRule = rewriteRule
    self.route = route
    self.steps = steps
    self.parameters = parameters
    self.barriers = barriers
    self.waitsForPreconditions = waitsForPreconditions
    self.source = source
    self.trace = trace.steps
    self.linkOwner = linkOwner
    self.owner = owner
  }
}

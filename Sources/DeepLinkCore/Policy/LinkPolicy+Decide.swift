import Foundation

extension LinkPolicy {
  /// The entry that switches off a link routed as `decision` (through `route`, if given instead
  /// of the decision's own) at `date`: its host, its rewrite rule, its route or a step of its
  /// chain, in that order; `nil` when none applies. A route entry covers every route and step of
  /// the pattern it names.
  ///
  /// - Complexity: a handful of lookups of a few keys each.
  package func entry(switchingOff decision: DeepLinkDecision, route: RouteID? = nil, at date: Date) -> Entry? {
    guard isInForce(at: date) else { return nil }
    func live(_ index: Int?) -> Entry? {
      guard let index else { return nil }
      let entry = entries[index]
      return entry.until.map { date < $0 } ?? true ? entry : nil
    }
    if !hosts.isEmpty, let host = decision.link?.host, let entry = live(hosts[host]) {
      return entry
    }
    if !rules.isEmpty, let rule = decision.rewriteRule?.pattern, let entry = live(rules[rule]) {
      return entry
    }
    guard !routes.isEmpty else { return nil }
    if let route = route ?? decision.route, let entry = live(routes[route.description]) {
      return entry
    }
    for step in decision.steps { if let entry = live(routes[step.description]) { return entry } }
    return nil
  }

  /// The entry that switches off the links of `rule` at `date`, by naming the rule or its target
  /// route; `nil` when none does.
  package func entry(switchingOff rule: UniversalLink, at date: Date) -> Entry? {
    guard isInForce(at: date) else { return nil }
    for index in [rules[rule.pattern], routes[rule.target.description]].compactMap({ $0 }) {
      let entry = entries[index]
      if entry.until.map({ date < $0 }) ?? true { return entry }
    }
    return nil
  }

  /// The entry that switches off every link to `host` at `date`, if any.
  package func entry(switchingOffHost host: String, at date: Date) -> Entry? {
    guard isInForce(at: date), let index = hosts[host] else { return nil }
    let entry = entries[index]
    return entry.until.map { date < $0 } ?? true ? entry : nil
  }

  /// `decision` as it stands under the policy at `date`: a routed link the policy switches off
  /// becomes `external` (to the entry's fallback, or to the link itself if it is a web link) or
  /// `notFound`, with the reason ``DeepLinkReason/disabledByPolicy``; every decision names the
  /// policy's version while it is in force.
  package func apply(to decision: DeepLinkDecision, at date: Date = Date()) -> DeepLinkDecision {
    var result = decision
    apply(to: &result, at: date)
    return result
  }

  /// ``apply(to:at:)-(DeepLinkDecision,_)`` in place: a decision that stays as it is only gains
  /// the policy's version, without a copy.
  ///
  /// - Complexity: a few comparisons of the link's host, rule and route with the policy's.
  package func apply(to decision: inout DeepLinkDecision, at date: Date = Date()) {
    guard isInForce(at: date) else { return }
    if decision.outcome == .routed, let entry = entry(switchingOff: decision, at: date) {
      decision = disabled(decision, by: entry)
    } else {
      decision.policyVersion = version
    }
  }

  /// The decision for a link `entry` switches off.
  func disabled(_ decision: DeepLinkDecision, by entry: Entry) -> DeepLinkDecision {
    var trace = DecisionTrace(enabled: !decision.trace.isEmpty)
    for step in decision.trace { trace.add(step.stage, step.detail) }
    let web = decision.link?.isWebLink ?? false
    let outcome: DeepLinkOutcome = entry.fallback != nil || web ? .external : .notFound
    trace.add(.gate, "\(outcome): policy \(version) switches off \(entry.target): \(entry.reason)")
    var result = DeepLinkDecision(
      input: decision.input, outcome: outcome, reason: .disabledByPolicy, link: decision.link,
      rewrittenTo: decision.rewrittenTo, rewriteRule: decision.rewriteRule, source: decision.source, trace: trace,
      linkOwner: decision.linkOwner)
    result.policyVersion = version
    result.policyFallback = entry.fallback
    return result
  }
}

extension DeepLinkConfiguration {
  /// Decides `input` (see ``decide(_:source:)``) under `policy`, if one is given.
  package func decide(
    _ input: String, source: LinkSource? = nil, tracing: Bool = false, policy: LinkPolicy?, at date: Date = Date()
  ) -> DeepLinkDecision {
    var decision = decide(input, source: source, tracing: tracing)
    policy?.apply(to: &decision, at: date)
    return decision
  }
}

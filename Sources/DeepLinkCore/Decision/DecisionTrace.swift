/// Collects trace steps only when asked to, so the hot path does not build strings.
package struct DecisionTrace {
  let enabled: Bool
  var steps: [DeepLinkTraceStep] = []
  /// The table routes the match walk met, most specific first, each with what became of it.
  package var candidates: [Candidate] = []

  /// A table route the match walk met.
  package struct Candidate: Sendable, Hashable {
    package let route: RouteID
    package var verdict: Verdict
  }

  /// What became of a table route the match walk met.
  package enum Verdict: Sendable, Hashable {
    /// The route chosen.
    case taken
    /// A route the walk keeps, after the one chosen, to try when that one declines.
    case fallback
    /// A route after the one chosen, not asked further (a walk that keeps no fallbacks).
    case lost
    /// A route of an owner that does not see the link's owner's links.
    case notVisible(LinkOwner)
    /// A route whose plugin refused its captured values.
    case refused
    /// A route after the one chosen whose values are unsafe (`unsafeParameter`).
    case unsafeValues
  }

  init(enabled: Bool) {
    self.enabled = enabled
  }

  mutating func add(_ stage: DeepLinkTraceStep.Stage, _ detail: @autoclosure () -> String) {
    if enabled { steps.append(DeepLinkTraceStep(stage, detail())) }
  }
}

extension DeepLinkDecision {
  init(
    input: String, outcome: DeepLinkOutcome, reason: DeepLinkReason?, link: DeepLink? = nil,
    rewrittenTo: DeepLink? = nil,
    rewriteRule: UniversalLink? = nil,
    route: RouteID? = nil, steps: [RouteID] = [], parameters: DeepLinkParameters = DeepLinkParameters(),
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

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

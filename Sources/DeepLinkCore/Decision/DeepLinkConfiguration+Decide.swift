import Foundation

extension DeepLinkConfiguration {
  /// Decides one link: parse → admit → rewrite → match → check values.
  ///
  /// Pure and synchronous: the same configuration and input always give the same decision,
  /// on any thread, without locks.
  ///
  /// ```swift
  /// let decision = configuration.decide("https://shop.example.ca/fr/panier")
  /// decision.outcome  // .routed
  /// decision.route?.pattern  // "/cart"
  /// ```
  ///
  /// - Parameters:
  ///   - input: the link as received.
  ///   - source: where it came from; by default, from outside the app (custom scheme or
  ///     universal link by its scheme), so confirmation barriers apply.
  /// - Complexity: O(*n*) in the link's length plus the route lookup, which does not grow with
  ///   the number of routes; opaque plugins are asked in install order only when no table
  ///   route matched.
  public func decide(_ input: String, source: LinkSource? = nil) -> DeepLinkDecision {
    plannedDecision(input, source: source, tracing: false, planning: false).decision
  }

  /// ``decide(_:source:)``, recording each step in the decision's trace when `tracing` (for
  /// `explain`).
  package func decide(_ input: String, source: LinkSource? = nil, tracing: Bool) -> DeepLinkDecision {
    plannedDecision(input, source: source, tracing: tracing, planning: false).decision
  }

  /// ``decide(_:source:)`` with the candidates the linker runs for a routed decision, in
  /// order: the route or plugin chosen, then the remaining table candidates, then the opaque
  /// plugins after the one chosen that take the link, each with what it receives and the
  /// barriers it passes. The candidates are the linker's own; the decision stays data only.
  /// Without `planning`, the match walk ends at the route or plugin chosen (unless it is traced)
  /// and no candidates are returned (``decide(_:source:)``).
  ///
  /// Each stage is one function, in the order a link meets them: `parse`, `admit`, `rewrite`,
  /// `matchTable` then `matchPlugins` (one walk over the table's matches, then one over the
  /// opaque plugins, which yield the decision and its candidates together), `checkValues` and
  /// `plan`; a stage that settles the link returns its decision and the walk ends there.
  func plannedDecision(
    _ input: String, source: LinkSource? = nil, tracing: Bool = false, planning: Bool = true
  ) -> (decision: DeepLinkDecision, candidates: [LinkCandidate]) {
    var trace = DecisionTrace(enabled: tracing)
    return plannedDecision(input, source: source, &trace, planning: planning)
  }

  /// ``plannedDecision(_:source:tracing:planning:)`` recording into `trace`, which keeps what the
  /// match walk met (``DecisionTrace/candidates``).
  @inline(__always)
  func plannedDecision(
    _ input: String, source: LinkSource?, _ trace: inout DecisionTrace, planning: Bool
  ) -> (decision: DeepLinkDecision, candidates: [LinkCandidate]) {
    let link: DeepLink
    do {
      link = try parse(input, &trace)
    } catch {
      return (refused(input, error, source: source, &trace), [])
    }
    let source = source ?? .external(for: link)
    var owner = LinkOwner.platform
    var scheme: URLScheme? = nil
    if let decision = admit(link, input: input, source: source, &trace, owner: &owner, scheme: &scheme) {
      return (decision, [])
    }
    var walk = LinkWalk(input: input, link: link, source: source, linkOwner: owner, admittedScheme: scheme)
    rewrite(&walk, &trace)
    if let match = matchTable(walk, &trace, planning: planning) {
      if let refused = checkValues(match.parameters, of: match.target, walk, &trace) { return (refused, []) }
      return plan(match, then: planning ? pluginsAfterTable(walk) : [], walk, &trace, planning: planning)
    }
    let plugins = matchPlugins(walk, &trace, afterTable: false, planning: planning)
    if let match = plugins.match {
      if let refused = checkValues(walk.extras, of: nil, walk, &trace) { return (refused, []) }
      return plan(match, then: plugins.fallbacks, walk, &trace, planning: planning)
    }
    return (unmatched(walk, &trace, namedUnknownBarrier: plugins.namedUnknownBarrier), [])
  }

  /// ``decide(_:source:)`` with the table routes its match walk met, most specific first,
  /// each with what became of it: what `deeplink explain` shows of the match.
  package func tracedDecision(_ input: String, source: LinkSource? = nil) -> (
    decision: DeepLinkDecision, candidates: [DecisionTrace.Candidate]
  ) {
    var trace = DecisionTrace(enabled: true)
    let (decision, _) = plannedDecision(input, source: source, &trace, planning: false)
    return (decision, trace.candidates)
  }

  /// Decides a link given as raw bytes (a file's line, a command-line argument).
  ///
  /// Bytes that are not valid UTF-8 are decided exactly as their percent-encoded form (which the
  /// parser refuses, ``DeepLinkReason/invalidUTF8``: `invalid`, or the app's not-found for a link
  /// from outside on its own scheme or domain), never after replacing them with U+FFFD; the
  /// decision's ``DeepLinkDecision/input`` is that form, so no output shows the raw bytes.
  ///
  /// ```swift
  /// configuration.decide(utf8: Array("shop://cart".utf8)).outcome  // .routed
  /// configuration.decide(utf8: Array("shop://transaction/".utf8) + [0xC0, 0xAF]).reason  // .invalidUTF8
  /// ```
  ///
  /// - Complexity: ``decide(_:source:)``'s, plus one validation of the bytes.
  package func decide(utf8 bytes: some Collection<UInt8>, source: LinkSource? = nil, tracing: Bool = false)
    -> DeepLinkDecision
  {
    decide(utf8: Array(bytes), source: source, tracing: tracing)
  }

  /// ``decide(utf8:source:tracing:)`` for bytes already in an array (`deeplink check`'s lines):
  /// no generic collection code on the way.
  package func decide(utf8 bytes: [UInt8], source: LinkSource? = nil, tracing: Bool = false) -> DeepLinkDecision {
    if let string = String.validUTF8(bytes) {
      return decide(string, source: source, tracing: tracing)
    }
    return decide(PercentEncoding.escapingInvalidUTF8(bytes), source: source, tracing: tracing)
  }

  /// The rewrite rule the walk applied, if any.
  @inline(__always)
  func appliedRule(_ walk: LinkWalk) -> UniversalLink? {
    walk.ruleIndex >= 0 ? rewriteRules[walk.ruleIndex].rule : nil
  }
}

/// One link on its way through the stages after parsing: what each stage learnt, for the next.
struct LinkWalk {
  /// The link as received.
  let input: String
  /// The link as parsed.
  let link: DeepLink
  /// Where it came from.
  let source: LinkSource
  /// Whose link this is: the owner of its domain or scheme (admission), then of the rule that
  /// rewrote it (rewrite).
  var linkOwner: LinkOwner
  /// The registered scheme of a custom-scheme link (admission).
  let admittedScheme: URLScheme?
  /// The link the routes are matched against: the rewritten link, or the link as parsed.
  var routedLink: DeepLink
  /// The link a rewrite rule or a market scheme's mapping made, if any.
  var rewrittenTo: DeepLink? = nil
  /// The parameters the rewrite rule passed on.
  var extras = DeepLinkParameters()
  /// The index of the rewrite rule applied in the configuration's rules, `-1` for none.
  var ruleIndex = -1

  init(input: String, link: DeepLink, source: LinkSource, linkOwner: LinkOwner, admittedScheme: URLScheme?) {
    self.input = input
    self.link = link
    self.source = source
    self.linkOwner = linkOwner
    self.admittedScheme = admittedScheme
    self.routedLink = link
  }
}

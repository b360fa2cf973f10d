import DeepLinkCore
import DeepLinkTools
import Foundation

/// `deeplink explain [--market ID] URL`: the decision, stage by stage, with the rules and routes
/// that were considered and why they were not taken.
enum ExplainCommand {
  static func run(_ parsed: ParsedCommand, environment: ToolEnvironment) throws -> ExitStatus {
    let selection = try MarketSelection.resolve(parsed, environment: environment)
    let input = parsed.positionals[0]
    environment.standardOutput.write(explanation(of: input, selection: selection))
    return .success
  }

  /// The explanation: every line's text with the values of token-like `name=value` pairs redacted
  /// where they stand (the link and parameters are redacted by structure already) and control,
  /// line-separator and bidi characters made visible.
  ///
  /// Under a policy, the rules and routes considered are those of the decision the build makes;
  /// a route the policy switches off is named as such, with the policy's version and reason.
  static func explanation(of input: String, selection: MarketSelection) -> String {
    let configuration = selection.configuration
    let now = Date()
    // One walk: the decision and the table routes its match met, as they were met.
    let (built, walked) = configuration.tracedDecision(input)
    let decision = selection.policy.map { $0.apply(to: built, at: now) } ?? built
    // The policy's version and the entry that switch the build's route off, if they do.
    let switchedOff = selection.policy.flatMap { policy in
      built.outcome == .routed ? policy.entry(switchingOff: built, at: now).map { (policy.version, $0) } : nil
    }
    let report = DecisionReport(
      decision, market: selection.id, configuration: selection.configuration, destination: true)
    var lines: [(String, String)] = [("link", report.url), ("market", selection.id ?? "none (the platform alone)")]
    var stages = decision.trace.map { ($0.stage.rawValue, $0.detail) }
    // Rules and routes considered, placed after the last line of their stage.
    if let link = decision.link {
      insert(rewriteNotes(decision, link: link, configuration), after: "rewrite", in: &stages)
      if let routed = built.routedLink {
        insert(
          matchNotes(built, walked: walked, link: routed, configuration, switchedOff: switchedOff), after: "match",
          in: &stages)
      }
    }
    var previous = ""
    lines.append(("", ""))
    for (stage, detail) in stages {
      lines.append((stage == previous ? "" : stage, detail))
      previous = stage
    }
    lines.append(("barriers", decision.barriers.isEmpty ? "none" : barrierText(decision)))
    if decision.outcome == .routed, let route = decision.route {
      // A table route's name is its own; a plugin's step is named by its pattern, as `route` prints it.
      let name = configuration.route(route) != nil ? route.name : route.description
      let parameters = report.parameters.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
      lines.append(("handler", "\(name) (`\(route)`)" + (parameters.isEmpty ? "" : " with \(parameters)")))
      if !report.steps.isEmpty { lines.append(("steps", report.steps.joined(separator: " → "))) }
      for row in report.destination?.rows ?? [] { lines.append(row) }
    } else {
      lines.append(("handler", handlerText(decision.outcome)))
    }
    lines.append(("outcome", decision.outcome.rawValue + (decision.reason.map { " (\($0))" } ?? "")))
    return lines.map {
      $0.0.isEmpty && $0.1.isEmpty
        ? "\n" : $0.0.padded(to: 10) + SafeText.visible(SafeText.redactFreeText($0.1)) + "\n"
    }.joined()
  }

  private static func insert(_ notes: [String], after stage: String, in stages: inout [(String, String)]) {
    guard !notes.isEmpty, let last = stages.lastIndex(where: { $0.0 == stage }) else { return }
    stages.insert(contentsOf: notes.map { (stage, "  " + $0) }, at: last + 1)
  }

  private static func rewriteNotes(
    _ decision: DeepLinkDecision, link: DeepLink, _ configuration: DeepLinkConfiguration
  ) -> [String] {
    var notes: [String] = []
    for rule in configuration.universalLinks {
      guard let compiled = try? rule.compile() else { continue }
      switch PatternProbe.probe(compiled.pattern, link) {
      case .unrelated:
        continue
      case .rejected(let why):
        notes.append("✗ `\(rule.pattern)`: \(why)")
      case .matches(let captures):
        if decision.rewriteRule == rule {
          notes.append("✓ `\(rule.pattern)` → `\(rule.target)`")
        } else if let problem = PatternProbe.targetProblem(compiled.target, captures) {
          notes.append("✗ `\(rule.pattern)`: \(problem)")
        } else {
          notes.append("· `\(rule.pattern)` matches too, but a more specific rule came first")
        }
      }
    }
    return notes
  }

  /// The routes considered for `decision`, the build's: those its match walk met (`walked`),
  /// in the order it met them, each with what became of it, then those whose shape fits the link
  /// but whose typed or required captures refused it (which the walk never meets). `switchedOff`
  /// is the policy version and entry that switch its route off, if any.
  private static func matchNotes(
    _ decision: DeepLinkDecision, walked: [DecisionTrace.Candidate], link: DeepLink,
    _ configuration: DeepLinkConfiguration, switchedOff: (version: String, entry: LinkPolicy.Entry)?
  ) -> [String] {
    var notes: [String] = []
    for candidate in walked {
      let (pattern, name) = (candidate.route.description, candidate.route.name)
      switch candidate.verdict {
      case .taken:
        if let (version, entry) = switchedOff {
          notes.append(
            "✗ `\(pattern)` (\(name)): matches, but policy \(version) switches off \(entry.target): " + entry.reason)
        } else if decision.outcome == .routed {
          notes.append("✓ `\(pattern)` (\(name))")
        } else {
          notes.append("✗ `\(pattern)` (\(name)): taken, but a captured value is refused")
        }
      case .fallback, .lost:
        notes.append(
          "· `\(pattern)`: matches, but `\(decision.route?.description ?? "?")` won (more specific or earlier)")
      case .notVisible(let owner):
        notes.append(
          "✗ `\(pattern)`: matches, but a route of \(owner) does not take links of \(decision.linkOwner ?? .platform)")
      case .refused:
        notes.append("✗ `\(pattern)`: the route's own check refused the captured values")
      case .unsafeValues:
        notes.append("✗ `\(pattern)`: matches, but a captured value is refused")
      }
    }
    for route in configuration.routeDescriptions {
      guard case .rejected(let why) = PatternProbe.probe(route.pattern, link) else { continue }
      notes.append("✗ `\(route.pattern.source)`: \(why)")
    }
    return notes
  }

  private static func barrierText(_ decision: DeepLinkDecision) -> String {
    decision.barriers.map(\.rawValue).joined(separator: " → ")
      + " (the link came from outside the app: \(decision.source.rawValue))"
  }

  private static func handlerText(_ outcome: DeepLinkOutcome) -> String {
    switch outcome {
    case .routed: "a plugin"
    case .external: "the external-URL handler (the browser)"
    case .forbidden: "none: refused by a filter"
    case .ignored: "none: dropped silently"
    case .notFound: "the not-found handler"
    case .invalid: "none: never routed, never opened externally"
    }
  }
}

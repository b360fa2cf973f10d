import DeepLinkTools

/// `deeplink route [--market ID] [--json] URL`: decides one link and prints the decision.
enum RouteCommand {
  static func run(_ parsed: ParsedCommand, environment: ToolEnvironment) throws -> ExitStatus {
    let selection = try MarketSelection.resolve(parsed, environment: environment)
    let decision = selection.configuration.decide(parsed.positionals[0], policy: selection.policy)
    let report = DecisionReport(
      decision, market: selection.id, configuration: selection.configuration, destination: parsed.has("--json"))
    if parsed.has("--json") {
      var json = JSONWriter()
      report.write(to: &json)
      json.raw(0x0A)
      environment.standardOutput.write(json.bytes)
    } else {
      environment.standardOutput.write(report.text)
    }
    return .success
  }
}

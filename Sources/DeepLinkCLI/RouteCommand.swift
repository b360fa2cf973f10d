import DeepLinkComposition

/// `deeplink route [--market ID] [--json] URL`: decides one link and prints the decision.
enum RouteCommand {
  static func run(_ parsed: ParsedCommand, environment: ToolEnvironment) throws -> ExitStatus {
    // Composed as an app's launch is (the destination check only in a debug build): `route` is
    // what `scripts/icount.sh launch` counts as the cost of a launch.
    let selection = try MarketSelection.resolve(
      parsed, checkingDestinations: DeepLinkAssembly.checksDestinationsAtLaunch)
    let decision = selection.configuration.decide(parsed.positionals[0], policy: selection.policy)
    let report = DecisionReport(decision, market: selection.id)
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

import DeepLinkCore

/// `deeplink link --market ID [--locale L] ROUTE [NAME=VALUE…]`: the market's canonical web link
/// for a route (by name, `product`, or pattern, `/product/{id:int}`), from its own web rules,
/// else the platform's; the link decides back to the same route and parameters.
enum LinkCommand {
  static func run(_ parsed: ParsedCommand, environment: ToolEnvironment) throws -> ExitStatus {
    let selection = try MarketSelection.resolve(parsed)
    let configuration = selection.configuration
    let requested = parsed.positionals[0]
    let routes = configuration.routeList
    guard
      let route = routes.first(where: { $0.pattern == requested })?.pattern
        ?? routes.first(where: { $0.name == requested })?.pattern
    else {
      throw UsageError(
        "no route `\(requested)`; give a route's name or pattern (`deeplink routes` lists them)", command: .link)
    }
    var parameters: [String: String] = [:]
    for argument in parsed.positionals.dropFirst() {
      guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
        throw UsageError("`\(argument)` is not NAME=VALUE", command: .link)
      }
      parameters[String(argument[..<equals])] = String(argument[argument.index(after: equals)...])
    }
    let preferences = parsed.value("--locale").map { ["locale": $0] } ?? [:]
    do {
      let link = try configuration.webLink(
        to: route, parameters: parameters, owner: selection.id.map(LinkOwner.market) ?? .platform,
        preferences: preferences)
      environment.standardOutput.write(SafeText.visible(link.absoluteString) + "\n")
      return .success
    } catch {
      throw CommandFailure(message: error.description, status: .failure)
    }
  }
}

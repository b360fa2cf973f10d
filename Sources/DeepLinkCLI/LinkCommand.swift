import DeepLinkCore
import DeepLinkTools

/// `deeplink link --market ID [--locale L] ROUTE [NAME=VALUE…]`: the market's canonical web link
/// for a route (by name, `product`, or pattern, `/product/{id:int}`), from its own web rules,
/// else the platform's; the link decides back to the same route and parameters.
enum LinkCommand {
  static func run(_ parsed: ParsedCommand, environment: ToolEnvironment) throws -> ExitStatus {
    let selection = try MarketSelection.resolve(parsed, environment: environment)
    let configuration = selection.configuration
    let requested = parsed.positionals[0]
    let routes = configuration.routeDescriptions
    guard
      let route = routes.first(where: { $0.pattern.source == requested })
        ?? routes.first(where: { $0.id.name == requested })
    else {
      throw UsageError(
        "no route `\(requested)`; give a route's name or pattern (`deeplink routes` lists them)", command: .link)
    }
    // Nothing given is dropped silently: every NAME must be one of the route's parameters, given
    // once, and a --locale must be one the market's web rules are written for.
    let names = route.pattern.parameterNames
    var parameters: [String: String] = [:]
    for argument in parsed.positionals.dropFirst() {
      guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
        throw UsageError("`\(argument)` is not NAME=VALUE", command: .link)
      }
      let name = String(argument[..<equals])
      guard names.contains(name) else {
        throw UsageError(
          "`\(name)` is not a parameter of `\(route.pattern.source)`; "
            + (names.isEmpty ? "it takes none" : "give " + names.map { "`\($0)=…`" }.joined(separator: ", ")),
          command: .link)
      }
      guard parameters[name] == nil else {
        throw UsageError("`\(name)` is given twice; give it once", command: .link)
      }
      parameters[name] = String(argument[argument.index(after: equals)...])
    }
    let owner = selection.id.map(LinkOwner.market) ?? .platform
    let ownRules = configuration.universalLinks.filter { $0.owner == owner }
    let locale = parsed.value("--locale")
    // A locale none of the owner's rules is written for is refused before anything else.
    if let locale {
      let locales = Set(ownRules.compactMap { $0.parameters["locale"] }).sorted()
      guard locales.contains(locale) else {
        throw UsageError(
          "\(owner) has no web links for locale `\(locale)`; "
            + (locales.isEmpty
              ? "leave out --locale" : "use one of " + locales.map { "`\($0)`" }.joined(separator: ", ")),
          command: .link)
      }
    }
    let preferences = locale.map { ["locale": $0] } ?? [:]
    // The owner's web rules onto the route, and those of them the preferences fit (as `webLink` picks them).
    let ownOntoRoute = configuration.rewriteRules.filter {
      $0.rule.owner == owner && $0.target == route.pattern && $0.rule.pattern.hasPrefix("http")
    }.map(\.rule)
    let fitting = ownOntoRoute.filter { $0.parameters.allSatisfy { preferences[$0.key] == $0.value } }
    /// The usage error when the owner has rules onto the route but none in the locale asked for.
    func localeProblem() -> UsageError? {
      guard fitting.isEmpty else { return nil }
      let locales = Set(ownOntoRoute.compactMap { $0.parameters["locale"] }).sorted().map { "`\($0)`" }
      if ownOntoRoute.isEmpty {
        return locale == nil
          ? nil
          : UsageError(
            "\(owner) has no web link onto `\(route.pattern.source)` in any locale; leave out --locale to share the platform's",
            command: .link)
      }
      return UsageError(
        "\(owner)'s web links onto `\(route.pattern.source)` are written for "
          + (locales.isEmpty
            ? "no locale: leave out --locale"
            : "--locale " + locales.joined(separator: ", ")
              + ": give one of them"),
        command: .link)
    }
    let link: DeepLink
    do {
      link = try configuration.webLink(to: route.id, parameters: parameters, owner: owner, preferences: preferences)
    } catch {
      if let problem = localeProblem() { throw problem }
      throw CommandFailure(message: error.description, status: .failure)
    }
    // The link must come from the rule the request asked for: the owner's own (in the locale
    // given), never a fallback to the platform's that leaves the locale or the values behind.
    if let rule = configuration.decide(link.absoluteString, source: .inApp).rewriteRule, rule.owner != owner {
      if let problem = localeProblem() { throw problem }
      if !fitting.isEmpty {
        throw CommandFailure(
          message: "\(owner)'s web links onto `\(route.pattern.source)` cannot carry "
            + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            + " (only the platform's `\(link.absoluteString)` can); check the values against \(owner)'s patterns "
            + "(`deeplink routes --market …`) or share the app link",
          status: .failure)
      }
    }
    environment.standardOutput.write(SafeText.visible(link.absoluteString) + "\n")
    return .success
  }
}

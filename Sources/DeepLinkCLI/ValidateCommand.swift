import DeepLinkComposition

/// `deeplink validate [--market ID|--all]`: the composition checks; exits 1 on any problem.
///
/// `--market ID` checks the market against the platform and against the other markets of the
/// catalogue (a domain or scheme another market claims too); `--all` checks every market.
enum ValidateCommand {
  static func run(_ parsed: ParsedCommand, environment: ToolEnvironment) throws -> ExitStatus {
    if parsed.has("--all"), parsed.value("--market") != nil {
      throw UsageError("give either --market ID or --all, not both", command: .validate)
    }
    let subject: String
    let problems: [CompositionProblem]
    if parsed.has("--all") {
      subject = "every market (" + MarketCatalogue.ids.joined(separator: ", ") + ")"
      problems = DeepLinkAssembly.validateCatalogue()
    } else if let id = try MarketSelection.marketID(parsed) {
      subject = "Market\(id)"
      problems =
        DeepLinkAssembly.validate(market: id)
        + crossMarketProblems(of: id, in: DeepLinkAssembly.validateCatalogue())
    } else {
      subject = "the platform"
      do {
        _ = try DeepLinkAssembly.configuration(market: nil)
        problems = []
      } catch {
        problems = error.problems
      }
    }
    if problems.isEmpty {
      environment.standardOutput.write("\(subject): no problems\n")
      return .success
    }
    var text = "\(subject): \(problems.count) problem\(problems.count == 1 ? "" : "s")\n"
    for problem in problems { text += "  - \(problem)\n" }
    environment.standardOutput.write(text)
    return .failure
  }

  /// The problems among the catalogue's `problems` that concern `market` and another market: a
  /// domain or scheme both claim.
  static func crossMarketProblems(of market: String, in problems: [CompositionProblem]) -> [CompositionProblem] {
    problems.filter { problem in
      switch problem {
      case .domainClaimedTwice(_, let markets), .schemeClaimedTwice(_, let markets): markets.contains(market)
      default: false
      }
    }
  }
}

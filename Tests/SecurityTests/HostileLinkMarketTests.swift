import DeepLinkComposition
import DeepLinkCore
import Testing

/// The hostile-link tables against the composed configuration of the platform and of every
/// market (`DeepLinkAssembly.configuration(market:)`), deciding each link as one from outside.
///
/// The route names and parameter sets of the real catalogue differ from the fixture's (web links
/// are rewritten to app links), so this suite checks what must hold in every market: the same
/// refusal reasons, never routed where the table says so, routed where it says the attack is
/// inert (with the same value for every parameter both capture), and never handed to the
/// browser for a foreign host when the row is ambiguous or dangerous.
@Suite struct HostileLinkMarketTests {
  static let markets = ["platform"] + MarketCatalogue.ids

  static let configurations: [String: Result<DeepLinkConfiguration, CompositionError>] = Dictionary(
    uniqueKeysWithValues: markets.map { market in
      (
        market,
        Result { () throws(CompositionError) in
          try DeepLinkAssembly.configuration(market: market == "platform" ? nil : market)
        }
      )
    })

  @Test("every market refuses, keeps out or defuses every hostile link", arguments: markets, HostileLink.all)
  func hostileLink(market: String, row: HostileLink) throws {
    let configuration = try #require(Self.configurations[market]).get()
    let decision = configuration.decide(row.link)
    let shown =
      "\(decision.outcome)(\(decision.reason?.rawValue ?? decision.route?.description ?? "")) \(decision.parameters)"
    switch row.expectation {
    case .invalid(let reason):
      #expect(decision.outcome == .invalid, "\(shown)")
      #expect(decision.reason?.rawValue == reason, "\(shown)")
    case .neverRoutedIntoApp:
      #expect(decision.link != nil, "did not parse: \(shown)")
      #expect(decision.outcome != .routed, "\(shown)")
    case .routedInert(_, let parameters):
      #expect(decision.outcome == .routed, "\(shown)")
      // A rewrite may drop a capture the platform route does not take (such as `slug`), but at
      // least one of the expected parameters must arrive, and each that arrives must be exact.
      #expect(parameters.isEmpty || parameters.keys.contains { decision.parameters[$0] != nil }, "\(shown)")
      for (name, value) in parameters {
        if let captured = decision.parameters[name] { #expect(captured == value, "`\(name)`: \(shown)") }
      }
    }
    if row.mustNeverReachExternalHandler, decision.outcome == .external {
      let domains = Set(configuration.domains.map(\.name))
      #expect(domains.contains(decision.link?.host ?? ""), "handed to the browser: \(shown)")
    }
  }
}

import DeepLinkCore
import Testing

/// One row of a market's link table: a link and the decision expected for it, deciding the
/// link as one that came from outside the app.
///
/// ```swift
/// DecisionExpectation("https://shop.example.ca/fr/panier", route: "/cart", parameters: ["locale": "fr"])
/// DecisionExpectation("https://shop.example.ca/about", outcome: .external)
/// ```
package struct DecisionExpectation: Sendable, CustomStringConvertible {
  /// The link as received.
  package let link: String
  /// The outcome expected.
  package let outcome: DeepLinkOutcome
  /// The route pattern expected (for `routed`).
  package let route: String?
  /// The parameters expected; `nil` leaves them unchecked.
  package let parameters: DeepLinkParameters?
  /// The barriers expected; `nil` leaves them unchecked.
  package let barriers: [BarrierName]?

  /// A row for a routed link.
  package init(_ link: String, route: String, parameters: DeepLinkParameters? = nil, barriers: [BarrierName]? = nil) {
    self.link = link
    self.outcome = .routed
    self.route = route
    self.parameters = parameters
    self.barriers = barriers
  }

  /// A row for a link that is not routed.
  package init(_ link: String, outcome: DeepLinkOutcome) {
    self.link = link
    self.outcome = outcome
    self.route = nil
    self.parameters = nil
    self.barriers = nil
  }

  /// The same expectation for another spelling of the link (casing, trailing slash, extra query).
  package func with(link: String) -> DecisionExpectation {
    DecisionExpectation(
      link: link, outcome: outcome, route: route, parameters: parameters, barriers: barriers)
  }

  private init(
    link: String, outcome: DeepLinkOutcome, route: String?, parameters: DeepLinkParameters?, barriers: [BarrierName]?
  ) {
    self.link = link
    self.outcome = outcome
    self.route = route
    self.parameters = parameters
    self.barriers = barriers
  }

  package var description: String { link }
}

/// Checks one row against `configuration`, recording an issue at the caller for every difference.
package func expectDecision(
  _ row: DecisionExpectation, in configuration: DeepLinkConfiguration,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let decision = configuration.decide(row.link)
  #expect(
    decision.outcome == row.outcome, "outcome of `\(row.link)` (\(decision.reason?.rawValue ?? "-"))",
    sourceLocation: sourceLocation)
  #expect(decision.route?.description == row.route, "route of `\(row.link)`", sourceLocation: sourceLocation)
  if let parameters = row.parameters {
    #expect(decision.parameters == parameters, "parameters of `\(row.link)`", sourceLocation: sourceLocation)
  }
  if let barriers = row.barriers {
    #expect(decision.barriers == barriers, "barriers of `\(row.link)`", sourceLocation: sourceLocation)
  }
}

/// Spellings of a web link that must decide the same: upper-case host, trailing slash, and an
/// extra query item (campaign tag).
package func webVariants(of link: String) -> [String] {
  guard let schemeEnd = link.range(of: "://") else { return [link] }
  let afterScheme = link[schemeEnd.upperBound...]
  let hostEnd = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? afterScheme.endIndex
  let upperHost = String(link[..<schemeEnd.upperBound]) + afterScheme[..<hostEnd].uppercased() + afterScheme[hostEnd...]
  let (path, query) = link.firstIndex(of: "?").map { (String(link[..<$0]), String(link[$0...])) } ?? (link, "")
  let trailing = (path.hasSuffix("/") ? path : path + "/") + query
  let extra = link + (link.contains("?") ? "&" : "?") + "utm_source=newsletter"
  return [upperHost, trailing, extra]
}

/// Checks that every spelling from `webVariants(of:)` of a routed row's link decides to the
/// same outcome and route as the row says, recording an issue at the caller for each difference.
package func expectWebVariants(
  of row: DecisionExpectation, in configuration: DeepLinkConfiguration,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  for variant in webVariants(of: row.link) {
    let decision = configuration.decide(variant)
    #expect(decision.outcome == row.outcome, "outcome of `\(variant)`", sourceLocation: sourceLocation)
    #expect(decision.route?.description == row.route, "route of `\(variant)`", sourceLocation: sourceLocation)
  }
}

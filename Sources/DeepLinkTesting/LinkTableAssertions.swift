import DeepLinkCore
import Testing

/// One row of a link table: a link and what a route table should make of it.
///
/// ```swift
/// let rows: [LinkExpectation] = [
///   .init("shop://product/123", route: "/product/{id}", parameters: ["id": "123"]),
///   .init("shop://nowhere", route: nil),
/// ]
/// ```
package struct LinkExpectation: Sendable, CustomStringConvertible {
  /// The link as received.
  package let link: String
  /// The pattern the link should match, as registered; `nil` when it should match none.
  package let route: String?
  /// The parameters the match should capture; `nil` to leave them unchecked.
  package let parameters: DeepLinkParameters?

  /// Creates a row.
  package init(_ link: String, route: String?, parameters: DeepLinkParameters? = nil) {
    self.link = link
    self.route = route
    self.parameters = parameters
  }

  package var description: String { link }
}

/// Checks one row of a link table against `table`, recording a Swift Testing issue at the
/// caller's location for every difference.
package func expectRoute<Value: Sendable>(
  _ expectation: LinkExpectation, in table: RouteTable<Value>, sourceLocation: SourceLocation = #_sourceLocation
) {
  let link: DeepLink
  do {
    link = try DeepLink(expectation.link)
  } catch {
    Issue.record("`\(expectation.link)` did not parse: \(error)", sourceLocation: sourceLocation)
    return
  }
  let match = table.match(link)
  #expect(
    match?.pattern == expectation.route, "route of `\(expectation.link)`", sourceLocation: sourceLocation)
  if let parameters = expectation.parameters, let match {
    #expect(match.parameters == parameters, "parameters of `\(expectation.link)`", sourceLocation: sourceLocation)
  }
}

import DeepLinkCore
import Testing

extension RouteTable where Value == String {
  /// A table whose routes are `patterns`, in order, each route's value being its pattern.
  ///
  /// Lets a suite state a table as a list of patterns and check matches by pattern:
  ///
  /// ```swift
  /// let table = try RouteTable(patterns: ["/product/{id:int}", "/product/{slug}"])
  /// table.match(try DeepLink("shop://product/abc"))?.pattern  // "/product/{slug}"
  /// ```
  ///
  /// - Parameters:
  ///   - patterns: the patterns, most important first (earlier patterns win ties).
  ///   - caseInsensitive: whether every pattern's literals ignore ASCII case.
  /// - Throws: ``RoutePatternError`` for a malformed pattern, ``RouteTableError`` for a conflict.
  package init(patterns: [String], caseInsensitive: Bool = false) throws {
    var builder = Builder()
    for source in patterns {
      try builder.add(RoutePattern(source, caseInsensitive: caseInsensitive), value: source)
    }
    self = builder.build()
  }
}

/// Checks every row of a link table against `table` (see ``expectRoute(_:in:sourceLocation:)``).
package func expectRoutes<Value: Sendable>(
  _ expectations: [LinkExpectation], in table: RouteTable<Value>, sourceLocation: SourceLocation = #_sourceLocation
) {
  for expectation in expectations { expectRoute(expectation, in: table, sourceLocation: sourceLocation) }
}

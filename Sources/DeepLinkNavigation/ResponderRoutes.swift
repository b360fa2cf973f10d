import DeepLinkCore

/// The route patterns one ``DeepLinkResponder`` answers to, compiled into a
/// route table (`RouteTable`).
///
/// Compile them once (a `let` on the coordinator), not on every access: a malformed pattern or
/// two patterns matching the same links throw here, at construction, never at routing time.
///
/// ```swift
/// final class ProductCoordinator: DeepLinkResponder {
///   let deepLinkRoutes = try! ResponderRoutes(["/product/{id:int}", "/product/{id:int}/reviews"])
///   func respond(on match: MatchedDeepLink) { showProduct(id: match["id"]!) }
/// }
/// ```
public struct ResponderRoutes: Sendable {
  /// Routes that match no link: a node that only passes links on to its children.
  public static let none = ResponderRoutes(table: RouteTable())

  let table: RouteTable<String>

  init(table: RouteTable<String>) {
    self.table = table
  }

  /// Compiles `patterns`, most important first (earlier patterns win ties).
  ///
  /// - Parameter patterns: patterns in the route-pattern syntax (`Docs/RoutePatterns.md`).
  /// - Throws: ``DeepLinkCore/DeepLinkConfigurationError/malformedPattern(_:)`` for a pattern that
  ///   does not parse, ``DeepLinkCore/DeepLinkConfigurationError/conflictingRoutes(_:)`` for two
  ///   patterns that match exactly the same links.
  public init(_ patterns: [String]) throws(DeepLinkConfigurationError) {
    var builder = RouteTable<String>.Builder()
    for source in patterns {
      let pattern: RoutePattern
      do {
        pattern = try RoutePattern(source)
      } catch {
        throw .malformedPattern(error)
      }
      do {
        try builder.add(pattern, value: source)
      } catch {
        throw .conflictingRoutes(error)
      }
    }
    self.table = builder.build()
  }

  /// The patterns in registration order.
  package var patterns: [String] { table.routes.map(\.pattern) }

  /// The most specific pattern that matches `link`, with its captures, or `nil`.
  ///
  /// - Complexity: O(*d*) in the link's path segments, independent of the number of patterns.
  public func match(_ link: DeepLink) -> MatchedDeepLink? {
    guard let match = table.match(link) else { return nil }
    return MatchedDeepLink(link: link, pattern: match.pattern, parameters: match.parameters.dictionary)
  }
}

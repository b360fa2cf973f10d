/// A route chosen for a link, with the parameters it captured.
///
/// Parameters are read from the link on demand, so a match costs no allocation until they are
/// asked for.
package struct RouteMatch<Value: Sendable>: Sendable {
  @usableFromInline
  let storage: RouteTable<Value>.Storage
  @usableFromInline
  let route: Int32
  /// The link that matched.
  package let link: DeepLink

  // Inlinable, with `value` and `routeIndex`, so that a caller that only reads those lets the
  // optimiser drop the link's copy.
  @inlinable
  init(storage: RouteTable<Value>.Storage, route: Int32, link: DeepLink) {
    self.storage = storage
    self.route = route
    self.link = link
  }

  /// The pattern as registered (`/product/{id}`).
  ///
  /// - Complexity: O(*n*) in the pattern's length: it is read from the table's text arena.
  package var pattern: String { storage.trie.source(of: route) }

  /// The value registered with the route.
  @inlinable
  package var value: Value { storage.values[Int(route)] }

  /// The route's position in registration order.
  @inlinable
  package var routeIndex: Int { Int(route) }

  /// The captured parameters by name: path segments decoded, a catch-all's segments joined
  /// with `/`, query captures decoded. Absent optional captures are left out.
  package var parameters: DeepLinkParameters { storage.trie.parameters(route: route, link: link) }

  /// The captured value of the parameter `name`, or `nil`.
  package subscript(_ name: String) -> String? { storage.trie.parameter(name, route: route, link: link) }
}

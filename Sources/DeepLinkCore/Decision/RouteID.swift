/// The identity of a route, the same from the catalogue through the decision, telemetry and
/// `explain`: a table route's stable name and its app pattern; an opaque plugin's name alone.
///
/// A route added by pattern only (`addRoute("/x/{id}")`) is named after its pattern: its
/// ``name`` and ``pattern`` are the same text. A platform route's name is its own (`product`),
/// and a plugin route's is the plugin's name. An opaque plugin whose answer names steps has the
/// plugin's name with the pattern of the last step as its route.
///
/// ```swift
/// let route = RouteID(name: "product", pattern: "/product/{id:int}")
/// route.description  // "/product/{id:int}"
/// RouteID(name: "PaymentPlugin").description  // "PaymentPlugin"
/// RouteID(pattern: "/orders/{id}") == RouteID(name: "/orders/{id}", pattern: "/orders/{id}")  // true
/// ```
///
/// Its ``description`` (the pattern, else the name) is what the CLI, snapshots and telemetry print.
public struct RouteID: Sendable, Hashable, CustomStringConvertible {
  /// The route's stable name: a platform route's or plugin's name, or the pattern of a route
  /// added by pattern only.
  public let name: String
  /// The route's app pattern as registered; `nil` for an opaque plugin.
  public let pattern: String?

  /// Creates an identity.
  package init(name: String, pattern: String? = nil) {
    self.name = name
    self.pattern = pattern
  }

  /// The identity of a route added by pattern only (`addRoute("/orders/{id}")`), or of a
  /// plugin route whose plugin is named after its path: named after its pattern.
  package init(pattern: String) {
    self.name = pattern
    self.pattern = pattern
  }

  /// The pattern, else the name.
  public var description: String { pattern ?? name }
}

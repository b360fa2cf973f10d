/// A route that cannot join a table.
public enum RouteTableError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Two patterns match exactly the same links; the table would have to pick one silently.
  case conflict(existing: String, new: String)

  public var description: String {
    switch self {
    case .conflict(let existing, let new):
      "route `\(new)` conflicts with route `\(existing)`: both match exactly the same links; "
        + "remove one, or make one more specific (a literal, a type, a required query capture)"
    }
  }
}

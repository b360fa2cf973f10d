/// A route whose declared destination type does not fit its links: found when the configuration
/// is compiled (``DeepLinkConfigurationError/destinationMismatch(_:)``), so a routed link always
/// makes its destination.
public struct DestinationMismatch: Sendable, Hashable, CustomStringConvertible {
  /// What does not fit.
  package enum Problem: Sendable, Hashable {
    /// The route captures a parameter the destination has no field for.
    case noField(capture: String)
    /// The field's type does not hold every value the capture admits; `rule` names the rewrite
    /// rule that passes the capture on, `nil` for the route's own capture.
    case incompatibleType(capture: String, rule: String?)
    /// The capture may be absent (`{id:int?}`) and the field is not optional.
    case optionalCapture(capture: String)
    /// The field is not optional and not a capture every link of the route carries (a link of the
    /// app's own scheme carries only the route's captures).
    case notCarried
    /// A rewrite rule passes this fixed value on, and it does not read as the field's type.
    case fixedValue(value: String, rule: String)
    /// The destination's fields cannot be read (a list, a nested structure, a self-reading type
    /// that is neither optional nor `CaseIterable`).
    case unreadable(DestinationError)
    /// Another owner's route declares the same destination type (a market's route may not take
    /// the platform's destination, nor the platform a market's).
    case sharedDestination(otherRoute: String)
    /// The route declares where it lives (a ``LinkPlacement``) but no destination type to put
    /// there.
    case placementWithoutDestination
  }

  /// The route's pattern.
  package let route: String
  /// The destination type's name.
  package let destination: String
  /// The field (its parameter name); for ``Problem/noField(capture:)`` the capture's name.
  package let field: String
  /// The field's type as declared (`Int?`), `nil` when there is no field.
  package let fieldType: String?
  /// What does not fit.
  package let problem: Problem
  /// Whether ``destination`` is a parent screen the route's ``LinkPlacement`` declares, rather
  /// than the route's own destination.
  package let isParent: Bool

  /// Creates a mismatch.
  package init(
    route: String, destination: String, field: String, fieldType: String?, problem: Problem, isParent: Bool = false
  ) {
    self.route = route
    self.destination = destination
    self.field = field
    self.fieldType = fieldType
    self.problem = problem
    self.isParent = isParent
  }

  public var description: String {
    let head = "route `\(route)`, \(isParent ? "parent" : "destination") `\(destination)`: "
    let field = "field `\(self.field)` (\(fieldType ?? "none"))"
    switch problem {
    case .noField(let capture):
      return head + "no field for the capture `\(capture)`; add a field named `\(self.field)` "
        + "(or a `CodingKeys` case of that name) of a type that holds it"
    case .incompatibleType(let capture, let rule):
      return head + field + " cannot hold every value of "
        + (rule.map { "`\(capture)`, which the rule `\($0)` passes on" } ?? "the capture `\(capture)`")
        + "; a plain capture needs `String`, an `int` one `Int`, `Int64`, `UInt`, `UInt64` or `String`, "
        + "a `uuid` one `UUID` or `String`"
    case .optionalCapture(let capture):
      return head + field + " is not optional, but the capture `\(capture)` may be absent; make the field optional"
    case .notCarried where isParent:
      return head + field + " is not optional, but not every link of the route carries it; a parent is made "
        + "from the link's own values: make the parent a list screen (no required field) or leave it out"
    case .notCarried:
      return head + field + " is not optional, but not every link of the route carries it "
        + "(the app's own link carries only the route's captures); make it optional or capture it in the route"
    case .fixedValue(let value, let rule):
      return head + field + " cannot read `\(value)`, which the rule `\(rule)` passes on; "
        + "change the rule's value or give the field a type that reads it"
    case .unreadable(let error):
      return head + "its fields cannot be read (\(error)); make each field one plain value or an optional of one"
    case .sharedDestination(let other):
      return head + "the route `\(other)` of another owner declares the same destination type; give each its own"
    case .placementWithoutDestination:
      return "route `\(route)` declares its tab and parents but no destination type; declare the destination"
    }
  }
}

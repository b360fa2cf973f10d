/// Why a destination could not be made from a link's parameters, or written back as parameters.
///
/// Composition checks every declared destination against its route, so a routed link never
/// fails this way; a destination decoded from parameters of another source can.
package struct DestinationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong with the field.
  package enum Problem: Sendable, Hashable {
    /// The field is not optional and the parameters have no value for it.
    case missing
    /// The value does not read as the field's type.
    case notOfType(value: String)
    /// The field is a list, a nested structure or a type that cannot be read from one value.
    case unsupported
  }

  /// The destination type's name (`ProductPage`).
  package let destination: String
  /// The field's parameter name (`id`), empty for the destination as a whole.
  package let field: String
  /// The type the field asked for (`Int`).
  package let fieldType: String
  /// What went wrong.
  package let problem: Problem

  /// Creates an error.
  package init(destination: String, field: String, fieldType: String, problem: Problem) {
    self.destination = destination
    self.field = field
    self.fieldType = fieldType
    self.problem = problem
  }

  /// A field (or, with no `field`, the destination itself) that is not one plain value, with the
  /// types named as `String(describing:)` names them.
  static func unsupported(_ destination: Any.Type, field: String = "", fieldType: Any.Type? = nil) -> DestinationError {
    DestinationError(
      destination: String(describing: destination), field: field,
      fieldType: fieldType.map { String(describing: $0) } ?? "",
      problem: .unsupported)
  }

  package var description: String {
    let subject = field.isEmpty ? "`\(destination)`" : "field `\(field)` (\(fieldType)) of `\(destination)`"
    switch problem {
    case .missing:
      return subject + " has no parameter; make the field optional or capture it in the route"
    case .notOfType(let value):
      return subject + ": `\(LinkRedactor.redactParameter(name: field, value: value))` does not read as \(fieldType)"
        + "; give the field a type that holds every value of its parameter (`String` holds any)"
    case .unsupported:
      return subject + " is not one value (a list or a nested structure); a destination's fields are plain values"
    }
  }
}

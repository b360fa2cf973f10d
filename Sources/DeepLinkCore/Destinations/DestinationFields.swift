import Foundation

/// One field of a destination type, as composition reads it: its parameter name, the plain type
/// its value is read as, and whether it may be absent.
struct DestinationField {
  /// The plain type a field's text is read as.
  enum Kind: Sendable, Hashable {
    case text
    /// An integer type; `holdsEveryIntCapture` when it holds 18 decimal digits (an `{id:int}`).
    case integer(holdsEveryIntCapture: Bool)
    case boolean
    case decimal
    case uuid
  }

  /// The parameter name (the field's `CodingKeys` name).
  var name: String
  /// The Swift type the field asked for (`Int`, `Locale`).
  var type: Any.Type
  var kind: Kind
  /// Whether the field is optional (read with `decodeIfPresent`).
  var isOptional: Bool
  /// Whether the field's type reads itself from the plain value (an enum of raw values), so not
  /// every text of the plain type is one of its values.
  var isCustom: Bool

  /// The field's type as an error names it (`Int?`); read only when an error is made.
  var displayType: String { String(describing: type) + (isOptional ? "?" : "") }
}

extension DestinationField {
  /// The fields of `type`, read by decoding it once with a probing ``ParametersDecoder``: every
  /// field its `init(from:)` asks for, in order.
  ///
  /// - Throws: ``DestinationError`` when a field is not one plain value, or a non-optional field
  ///   of a type that reads itself refuses every stand-in value and is not `CaseIterable`.
  static func fields<Destination: Decodable>(of type: Destination.Type) throws(DestinationError) -> [DestinationField] {
    let log = FieldLog()
    do {
      _ = try Destination(from: ParametersDecoder(probing: type, into: log))
    } catch let error as DestinationError {
      throw error
    } catch {
      throw DestinationError.unsupported(type)
    }
    return log.fields
  }
}

/// The fields a probing decoder saw.
final class FieldLog {
  var fields: [DestinationField] = []
  /// The plain type the field being read asked for last, from its own `init(from:)`.
  var leaf: (kind: DestinationField.Kind, type: Any.Type)?
}

/// The stand-in value of each plain type, and its kind.
enum StandIn {
  /// The kind of `type` when it is one of the plain types; `nil` otherwise.
  static func kind(of type: Any.Type) -> DestinationField.Kind? {
    if type == String.self { return .text }
    if type == Int64.self || type == UInt64.self { return .integer(holdsEveryIntCapture: true) }
    // 32 bits where the platform's word is (watchOS on arm64_32): too narrow for 18 digits.
    if type == Int.self || type == UInt.self { return .integer(holdsEveryIntCapture: Int.bitWidth >= 64) }
    if type == Int32.self || type == Int16.self || type == Int8.self || type == UInt32.self || type == UInt16.self
      || type == UInt8.self
    {
      return .integer(holdsEveryIntCapture: false)
    }
    if type == Bool.self { return .boolean }
    if type == Double.self || type == Float.self { return .decimal }
    if type == UUID.self { return .uuid }
    return nil
  }

  /// The stand-in text of a kind: what a probing ``ParametersDecoder`` reads a field of it as.
  static func text(of kind: DestinationField.Kind) -> String {
    switch kind {
    case .text: "x"
    case .integer: "1"
    case .boolean: "true"
    case .decimal: "1"
    case .uuid: "00000000-0000-0000-0000-000000000000"
    }
  }
}

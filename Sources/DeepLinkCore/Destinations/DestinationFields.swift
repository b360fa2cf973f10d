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
  /// The fields of `type`, read by decoding it once from stand-in values: every field its
  /// `init(from:)` asks for, in order.
  ///
  /// - Throws: ``DestinationError`` when a field is not one plain value, or a non-optional field
  ///   of a type that reads itself refuses every stand-in value and is not `CaseIterable`.
  static func fields<Destination: Decodable>(of type: Destination.Type) throws(DestinationError) -> [DestinationField] {
    let probe = FieldProbe(destination: type)
    do {
      _ = try Destination(from: probe)
    } catch let error as DestinationError {
      throw error
    } catch {
      throw DestinationError.unsupported(probe.destination)
    }
    return probe.log.fields
  }
}

/// The fields a probe saw.
final class FieldLog {
  var fields: [DestinationField] = []
  /// The plain type the field being read asked for last, from its own `init(from:)`.
  var leaf: (kind: DestinationField.Kind, type: Any.Type)?
}

/// A decoder that answers every field with a stand-in value and records what was asked.
struct FieldProbe: Decoder {
  let destination: Any.Type
  let log = FieldLog()
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(FieldProbeContainer<Key>(probe: self))
  }
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw DestinationError.unsupported(destination, fieldType: destination)
  }
  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw DestinationError.unsupported(destination, fieldType: destination)
  }
}

/// The stand-in value of each plain type, and its kind.
enum StandIn {
  ///
  /// Compared by identity: a cast of a metatype costs more than these few comparisons.
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

  /// The stand-in text of a kind: what ``ParametersDecoder`` reads as a value of it.
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

struct FieldProbeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let probe: FieldProbe
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { [] }

  func contains(_ key: Key) -> Bool { true }
  func decodeNil(forKey key: Key) throws -> Bool { false }

  private func record(_ key: Key, _ type: Any.Type, kind: DestinationField.Kind, optional: Bool, custom: Bool) {
    probe.log.fields.append(
      DestinationField(
        name: key.stringValue, type: type, kind: kind, isOptional: optional, isCustom: custom))
  }

  /// A stand-in of the plain type `T`, recorded.
  private func plain<T: Decodable>(_ type: T.Type, _ key: Key, optional: Bool) throws -> T? {
    guard let kind = StandIn.kind(of: type) else { return nil }
    record(key, type, kind: kind, optional: optional, custom: false)
    return try ParametersDecoder(parameters: [key.stringValue: StandIn.text(of: kind)], destination: probe.destination)
      .container(keyedBy: Key.self).decode(type, forKey: key)
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    if let value = try plain(type, key, optional: false) { return value }
    // A type that reads itself from one value: its own `init(from:)` tells which plain type.
    probe.log.leaf = nil
    let stand = LeafProbe(log: probe.log, key: key)
    let made = try? T(from: stand)
    guard let leaf = probe.log.leaf else {
      throw DestinationError.unsupported(probe.destination, field: key.stringValue, fieldType: type)
    }
    record(key, type, kind: leaf.kind, optional: false, custom: true)
    if let made { return made }
    // The stand-in was not one of its values: the first of its cases stands in.
    if let cases = (type as? any CaseIterable.Type), let first = Self.firstCase(of: cases) as? T { return first }
    throw DestinationError(
      destination: String(describing: probe.destination), field: key.stringValue, fieldType: String(describing: type),
      problem: .notOfType(value: StandIn.text(of: leaf.kind)))
  }

  private static func firstCase<C: CaseIterable>(of type: C.Type) -> Any? { C.allCases.first }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    if StandIn.kind(of: type) != nil {
      _ = try plain(type, key, optional: true)
      return nil
    }
    probe.log.leaf = nil
    _ = try? T(from: LeafProbe(log: probe.log, key: key))
    guard let leaf = probe.log.leaf else {
      throw DestinationError.unsupported(probe.destination, field: key.stringValue, fieldType: type)
    }
    record(key, type, kind: leaf.kind, optional: true, custom: true)
    return nil
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(type, key) }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(type, key) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(type, key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decode(type, key) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(type, key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decode(type, key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decode(type, key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decode(type, key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decode(type, key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decode(type, key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decode(type, key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decode(type, key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decode(type, key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decode(type, key) }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeIfPresent(type, key) }
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeIfPresent(type, key) }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeIfPresent(type, key) }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeIfPresent(type, key) }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeIfPresent(type, key) }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeIfPresent(type, key) }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeIfPresent(type, key) }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeIfPresent(type, key) }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeIfPresent(type, key) }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeIfPresent(type, key) }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeIfPresent(type, key) }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeIfPresent(type, key) }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeIfPresent(type, key) }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeIfPresent(type, key) }

  private func decode<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
    try decode(type, forKey: key) as T
  }
  private func decodeIfPresent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
    try decodeIfPresent(type, forKey: key) as T?
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    throw DestinationError.unsupported(probe.destination, field: key.stringValue)
  }
  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw DestinationError.unsupported(probe.destination, field: key.stringValue)
  }
  func superDecoder() throws -> any Decoder { probe }
  func superDecoder(forKey key: Key) throws -> any Decoder {
    throw DestinationError.unsupported(probe.destination, field: key.stringValue)
  }
}

/// The single value a self-reading type asks for: records the plain type and answers with its
/// stand-in.
struct LeafProbe: Decoder, SingleValueDecodingContainer {
  let log: FieldLog
  let key: any CodingKey
  var codingPath: [any CodingKey] { [key] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    throw ProblemError(problem: .unsupported)
  }
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw ProblemError(problem: .unsupported) }
  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
  func decodeNil() -> Bool { false }

  func decode<T: Decodable>(_ type: T.Type) throws -> T { try leaf(type) }

  private func leaf<T: Decodable>(_ type: T.Type) throws -> T {
    guard let kind = StandIn.kind(of: type) else { return try T(from: self) }
    log.leaf = (kind, type)
    return try ValueDecoder(text: StandIn.text(of: kind), key: key).decode(type)
  }
  func decode(_ type: String.Type) throws -> String { try leaf(type) }
  func decode(_ type: Bool.Type) throws -> Bool { try leaf(type) }
  func decode(_ type: Double.Type) throws -> Double { try leaf(type) }
  func decode(_ type: Float.Type) throws -> Float { try leaf(type) }
  func decode(_ type: Int.Type) throws -> Int { try leaf(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try leaf(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try leaf(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try leaf(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try leaf(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try leaf(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try leaf(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try leaf(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try leaf(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try leaf(type) }
}

import Foundation

extension DeepLinkParameters {
  /// The destination these parameters describe: each field read from the parameter of its name
  /// (its `CodingKeys` name), an optional field `nil` when the parameter is absent; parameters
  /// without a field are left out.
  ///
  /// ```swift
  /// let parameters: DeepLinkParameters = ["id": "123", "locale": "fr", "slug": "tv"]
  /// let page = try parameters.decode(ProductPage.self)  // ProductPage(id: 123, locale: "fr")
  /// ```
  ///
  /// - Throws: ``DestinationError`` naming the field that is missing or does not read as its type.
  /// - Complexity: O(*f* × *p*) for *f* fields and *p* parameters, a handful each; nothing is
  ///   encoded on the way.
  package func decode<Destination: Decodable>(_ type: Destination.Type) throws(DestinationError) -> Destination {
    let decoder = ParametersDecoder(parameters: self, destination: type)
    do {
      return try Destination(from: decoder)
    } catch let error as DestinationError {
      throw error
    } catch {
      // A type's own `init(from:)` threw something else (a `DecodingError` of a validating
      // initialiser): named after the field it was reading when it can be told.
      throw DestinationError(
        destination: String(describing: decoder.destination), field: error.codingField ?? "", fieldType: "",
        problem: .notOfType(value: error.codingField.flatMap { self[$0] } ?? ""))
    }
  }
}

extension Error {
  /// The first coding key of a `DecodingError`'s path, if it is one.
  fileprivate var codingField: String? {
    guard let error = self as? DecodingError else { return nil }
    switch error {
    case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
      .valueNotFound(_, let context):
      return context.codingPath.first?.stringValue
    @unknown default:
      return nil
    }
  }
}

/// Reads a destination from parameters: a keyed container over the parameters, each field a
/// single value read from its text.
struct ParametersDecoder: Decoder {
  let parameters: DeepLinkParameters
  /// The destination's type; named only in an error.
  let destination: Any.Type
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(ParametersContainer<Key>(decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw DestinationError.unsupported(destination, fieldType: destination)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw DestinationError.unsupported(destination, fieldType: destination)
  }
}

/// The fields of a destination, each read from the parameter of its key.
struct ParametersContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: ParametersDecoder
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { decoder.parameters.compactMap { Key(stringValue: $0.name) } }

  func contains(_ key: Key) -> Bool { decoder.parameters[key.stringValue] != nil }
  func decodeNil(forKey key: Key) throws -> Bool { decoder.parameters[key.stringValue] == nil }

  /// The parameter's text, or a `missing` error naming the field and the type asked for.
  private func text(_ key: Key, as type: Any.Type) throws(DestinationError) -> String {
    guard let value = decoder.parameters[key.stringValue] else {
      throw error(key, type, .missing)
    }
    return value
  }

  private func error(_ key: Key, _ type: Any.Type, _ problem: DestinationError.Problem) -> DestinationError {
    DestinationError(
      destination: String(describing: decoder.destination), field: key.stringValue,
      fieldType: String(describing: type), problem: problem)
  }

  private func read<T: LosslessStringConvertible>(_ type: T.Type, _ key: Key) throws(DestinationError) -> T {
    let value = try text(key, as: type)
    guard let read = T(value) else { throw error(key, type, .notOfType(value: value)) }
    return read
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String { try text(key, as: type) }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(type, key) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(type, key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(type, key) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try read(type, key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try read(type, key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try read(type, key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try read(type, key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try read(type, key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try read(type, key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try read(type, key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try read(type, key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try read(type, key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try read(type, key) }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    let value = try text(key, as: type)
    if type == UUID.self {
      guard let uuid = UUID(uuidString: value) else { throw error(key, type, .notOfType(value: value)) }
      return try cast(uuid, key, type)
    }
    do {
      return try T(from: ValueDecoder(text: value, key: key))
    } catch let problem as ProblemError {
      throw error(key, type, problem.problem)
    } catch {
      throw self.error(key, type, .notOfType(value: value))
    }
  }

  /// `value` as `T` when `T` is its type (a `UUID` read for a `UUID` field).
  private func cast<V, T>(_ value: V, _ key: Key, _ type: T.Type) throws(DestinationError) -> T {
    guard let cast = value as? T else { throw error(key, type, .unsupported) }
    return cast
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    throw error(key, type, .unsupported)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw error(key, [String].self, .unsupported)
  }

  func superDecoder() throws -> any Decoder { decoder }
  func superDecoder(forKey key: Key) throws -> any Decoder { throw error(key, Any.self, .unsupported) }
}

/// One field's value for a type that decodes itself from a single value (an enum of `String`
/// raw values, a wrapper of an `Int`).
struct ValueDecoder: Decoder, SingleValueDecodingContainer {
  let text: String
  let key: any CodingKey
  var codingPath: [any CodingKey] { [key] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    throw ProblemError(problem: .unsupported)
  }
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw ProblemError(problem: .unsupported) }
  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  func decodeNil() -> Bool { false }

  private func read<T: LosslessStringConvertible>(_ type: T.Type) throws -> T {
    guard let value = T(text) else { throw ProblemError(problem: .notOfType(value: text)) }
    return value
  }

  func decode(_ type: String.Type) throws -> String { text }
  func decode(_ type: Bool.Type) throws -> Bool { try read(type) }
  func decode(_ type: Double.Type) throws -> Double { try read(type) }
  func decode(_ type: Float.Type) throws -> Float { try read(type) }
  func decode(_ type: Int.Type) throws -> Int { try read(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try read(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try read(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try read(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try read(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try read(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if type == UUID.self {
      guard let uuid = UUID(uuidString: text) as? T else { throw ProblemError(problem: .notOfType(value: text)) }
      return uuid
    }
    return try T(from: self)
  }
}

/// What a field's own single value refused, before the field's name is known.
struct ProblemError: Error {
  let problem: DestinationError.Problem
}

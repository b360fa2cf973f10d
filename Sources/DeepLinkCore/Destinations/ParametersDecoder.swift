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

/// The one decoder of destinations. Reading, it takes each field from the parameter of its key,
/// a single value read from its text. Probing (``DestinationField/fields(of:)``), it answers
/// every field with the stand-in of its plain type and records the field in its log.
struct ParametersDecoder: Decoder {
  let parameters: DeepLinkParameters
  /// The destination's type; named only in an error.
  let destination: Any.Type
  /// Where a probing decoder records the fields; `nil` when reading.
  let log: FieldLog?
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// A decoder reading `destination` from `parameters`.
  init(parameters: DeepLinkParameters, destination: Any.Type) {
    self.parameters = parameters
    self.destination = destination
    self.log = nil
  }

  /// A decoder recording the fields of `destination` into `log`.
  init(probing destination: Any.Type, into log: FieldLog) {
    self.parameters = [:]
    self.destination = destination
    self.log = log
  }

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

/// The fields of a destination, each read from the parameter of its key (or, probing, its
/// stand-in).
struct ParametersContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: ParametersDecoder
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] {
    decoder.log != nil ? [] : decoder.parameters.compactMap { Key(stringValue: $0.name) }
  }

  func contains(_ key: Key) -> Bool { decoder.log != nil || decoder.parameters[key.stringValue] != nil }
  func decodeNil(forKey key: Key) throws -> Bool { decoder.log == nil && decoder.parameters[key.stringValue] == nil }

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

  /// A field of a plain type: its parameter read as `T`, or, probing, its stand-in, recorded.
  private func plain<T: LosslessStringConvertible>(_ type: T.Type, _ key: Key) throws -> T {
    if let log = decoder.log, let kind = StandIn.kind(of: type), let standIn = T(StandIn.text(of: kind)) {
      record(key, type, kind: kind, optional: false, custom: false, in: log)
      return standIn
    }
    let value = try text(key, as: type)
    guard let read = T(value) else { throw error(key, type, .notOfType(value: value)) }
    return read
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String { try plain(type, key) }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try plain(type, key) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try plain(type, key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try plain(type, key) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try plain(type, key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try plain(type, key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try plain(type, key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try plain(type, key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try plain(type, key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try plain(type, key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try plain(type, key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try plain(type, key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try plain(type, key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try plain(type, key) }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    if let log = decoder.log { return try probe(type, key, in: log) }
    let value = try text(key, as: type)
    if type == UUID.self {
      guard let uuid = UUID(uuidString: value) as? T else { throw error(key, type, .notOfType(value: value)) }
      return uuid
    }
    do {
      return try T(from: ValueDecoder(text: value, key: key))
    } catch let problem as ProblemError {
      throw error(key, type, problem.problem)
    } catch {
      throw self.error(key, type, .notOfType(value: value))
    }
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let log = decoder.log else {
      return decoder.parameters[key.stringValue] == nil ? nil : try decode(type, forKey: key)
    }
    if let kind = StandIn.kind(of: type) {
      record(key, type, kind: kind, optional: true, custom: false, in: log)
    } else {
      let leaf = try self.leaf(of: type, key, in: log).leaf
      record(key, type, kind: leaf.kind, optional: true, custom: true, in: log)
    }
    return nil
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(type, key) }
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(type, key) }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(type, key) }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optional(type, key) }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(type, key) }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optional(type, key) }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optional(type, key) }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optional(type, key) }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optional(type, key) }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optional(type, key) }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optional(type, key) }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optional(type, key) }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optional(type, key) }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optional(type, key) }

  /// An optional field of a plain type: `nil` without its parameter; probing, recorded.
  private func optional<T: LosslessStringConvertible & Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
    if decoder.log != nil { return try decodeIfPresent(type, forKey: key) as T? }
    return decoder.parameters[key.stringValue] == nil ? nil : try plain(type, key)
  }

  // MARK: Probing

  private func record(
    _ key: Key, _ type: Any.Type, kind: DestinationField.Kind, optional: Bool, custom: Bool, in log: FieldLog
  ) {
    log.fields.append(
      DestinationField(name: key.stringValue, type: type, kind: kind, isOptional: optional, isCustom: custom))
  }

  /// The plain type a self-reading `type` asks its single value for (from its own
  /// `init(from:)`), and the value it made from that plain type's stand-in, if it took it.
  private func leaf<T: Decodable>(
    of type: T.Type, _ key: Key, in log: FieldLog
  ) throws -> (leaf: (kind: DestinationField.Kind, type: Any.Type), made: T?) {
    log.leaf = nil
    let made = try? T(from: ValueDecoder(text: "", key: key, log: log))
    guard let leaf = log.leaf else {
      throw DestinationError.unsupported(decoder.destination, field: key.stringValue, fieldType: type)
    }
    return (leaf, made)
  }

  /// A non-optional field of any type, probed: a plain type's stand-in; for a type that reads
  /// itself from one value, the value it makes from its plain type's stand-in, or its first case.
  private func probe<T: Decodable>(_ type: T.Type, _ key: Key, in log: FieldLog) throws -> T {
    if let kind = StandIn.kind(of: type) {
      record(key, type, kind: kind, optional: false, custom: false, in: log)
      return try T(from: ValueDecoder(text: StandIn.text(of: kind), key: key))
    }
    let (leaf, made) = try self.leaf(of: type, key, in: log)
    record(key, type, kind: leaf.kind, optional: false, custom: true, in: log)
    if let made { return made }
    // The stand-in was not one of its values: the first of its cases stands in.
    if let cases = (type as? any CaseIterable.Type), let first = Self.firstCase(of: cases) as? T { return first }
    throw DestinationError(
      destination: String(describing: decoder.destination), field: key.stringValue,
      fieldType: String(describing: type), problem: .notOfType(value: StandIn.text(of: leaf.kind)))
  }

  private static func firstCase<C: CaseIterable>(of type: C.Type) -> Any? { C.allCases.first }

  // MARK: Nested values, refused

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    throw unsupported(key, type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw unsupported(key, [String].self)
  }

  func superDecoder() throws -> any Decoder { decoder }
  func superDecoder(forKey key: Key) throws -> any Decoder { throw unsupported(key, Any.self) }

  /// The error for a field that is not one plain value; probing, it names no field type.
  private func unsupported(_ key: Key, _ type: Any.Type) -> DestinationError {
    decoder.log != nil
      ? DestinationError.unsupported(decoder.destination, field: key.stringValue) : error(key, type, .unsupported)
  }
}

/// One field's value for a type that decodes itself from a single value (an enum of `String`
/// raw values, a wrapper of an `Int`). Probing (with a log), it records the plain type asked
/// for and reads that type's stand-in instead of `text`.
struct ValueDecoder: Decoder, SingleValueDecodingContainer {
  let text: String
  let key: any CodingKey
  var log: FieldLog? = nil
  var codingPath: [any CodingKey] { [key] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    throw ProblemError(problem: .unsupported)
  }
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw ProblemError(problem: .unsupported) }
  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  func decodeNil() -> Bool { false }

  /// The text to read as `type`: the stand-in of its kind, recorded, when probing.
  private func text(as type: Any.Type) -> String {
    guard let log, let kind = StandIn.kind(of: type) else { return text }
    log.leaf = (kind, type)
    return StandIn.text(of: kind)
  }

  private func read<T: LosslessStringConvertible>(_ type: T.Type) throws -> T {
    let text = text(as: type)
    guard let value = T(text) else { throw ProblemError(problem: .notOfType(value: text)) }
    return value
  }

  func decode(_ type: String.Type) throws -> String { text(as: type) }
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
      let text = text(as: type)
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

import Foundation

extension DeepLinkParameters {
  /// The parameters a destination is made from: each field written as the text of its value
  /// under its `CodingKeys` name, a `nil` optional left out. The reverse of
  /// ``decode(_:)``.
  ///
  /// - Throws: ``DestinationError`` for a field that is not one plain value.
  package init<Destination: Encodable>(encoding destination: Destination) throws(DestinationError) {
    let encoder = ParametersEncoder(destination: Destination.self)
    do {
      try destination.encode(to: encoder)
    } catch let error as DestinationError {
      throw error
    } catch {
      throw DestinationError.unsupported(encoder.destination)
    }
    self.init()
    for (name, value) in encoder.fields.values { self[name] = value }
  }
}

/// The fields written so far, in the order written.
final class EncodedFields {
  var values: [(String, String)] = []
}

/// Writes a destination as parameters: a keyed container whose every field is one value.
struct ParametersEncoder: Encoder {
  let destination: Any.Type
  let fields = EncodedFields()
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(ParametersEncodingContainer<Key>(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    RefusingContainer<AnyKey>(destination: destination, field: "")
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    RefusingContainer<AnyKey>(destination: destination, field: "")
  }
}

struct ParametersEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: ParametersEncoder
  var codingPath: [any CodingKey] { [] }

  private func put(_ value: String, _ key: Key) { encoder.fields.values.append((key.stringValue, value)) }

  mutating func encodeNil(forKey key: Key) throws {}
  mutating func encode(_ value: String, forKey key: Key) throws { put(value, key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { put(String(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) throws { put(String(value), key) }
  mutating func encode(_ value: Float, forKey key: Key) throws { put(String(value), key) }
  mutating func encode(_ value: Int, forKey key: Key) throws { put(String(value), key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { put(String(value), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { put(String(value), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { put(String(value), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { put(String(value), key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { put(String(value), key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { put(String(value), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { put(String(value), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { put(String(value), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { put(String(value), key) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    if let uuid = value as? UUID {
      put(uuid.uuidString, key)
      return
    }
    let single = ValueEncoder(destination: encoder.destination, field: key.stringValue)
    try value.encode(to: single)
    // A value that wrote nothing (a `nil` optional through `encode(_:forKey:)`) is left out, as
    // decoding reads a missing parameter as `nil`.
    guard let text = single.text.value else { return }
    put(text, key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    KeyedEncodingContainer(RefusingContainer<NestedKey>(destination: encoder.destination, field: key.stringValue))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    RefusingContainer<Key>(destination: encoder.destination, field: key.stringValue)
  }

  mutating func superEncoder() -> any Encoder { encoder }
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    ValueEncoder(destination: encoder.destination, field: key.stringValue)
  }
}

/// The one value a field's own `encode(to:)` writes.
final class EncodedText {
  var value: String?
}

/// Takes the single value of a type that encodes itself as one (an enum of raw values).
struct ValueEncoder: Encoder, SingleValueEncodingContainer {
  let destination: Any.Type
  let field: String
  let text = EncodedText()
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(RefusingContainer<Key>(destination: destination, field: field))
  }
  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    RefusingContainer<AnyKey>(destination: destination, field: field)
  }
  func singleValueContainer() -> any SingleValueEncodingContainer { self }

  private func put(_ value: String) { text.value = value }
  mutating func encodeNil() throws {}
  mutating func encode(_ value: String) throws { put(value) }
  mutating func encode(_ value: Bool) throws { put(String(value)) }
  mutating func encode(_ value: Double) throws { put(String(value)) }
  mutating func encode(_ value: Float) throws { put(String(value)) }
  mutating func encode(_ value: Int) throws { put(String(value)) }
  mutating func encode(_ value: Int8) throws { put(String(value)) }
  mutating func encode(_ value: Int16) throws { put(String(value)) }
  mutating func encode(_ value: Int32) throws { put(String(value)) }
  mutating func encode(_ value: Int64) throws { put(String(value)) }
  mutating func encode(_ value: UInt) throws { put(String(value)) }
  mutating func encode(_ value: UInt8) throws { put(String(value)) }
  mutating func encode(_ value: UInt16) throws { put(String(value)) }
  mutating func encode(_ value: UInt32) throws { put(String(value)) }
  mutating func encode(_ value: UInt64) throws { put(String(value)) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    if let uuid = value as? UUID {
      put(uuid.uuidString)
    } else {
      try value.encode(to: self)
    }
  }
}

/// A coding key of any name.
struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// A container a destination's field may not use (a list, a nested structure): every write fails.
struct RefusingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol, UnkeyedEncodingContainer,
  SingleValueEncodingContainer
{
  let destination: Any.Type
  let field: String
  var codingPath: [any CodingKey] { [] }
  var count: Int { 0 }

  private func refuse() -> DestinationError {
    DestinationError.unsupported(destination, field: field)
  }

  mutating func encodeNil(forKey key: Key) throws { throw refuse() }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw refuse() }
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    KeyedEncodingContainer(RefusingContainer<NestedKey>(destination: destination, field: field))
  }
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { self }
  mutating func superEncoder() -> any Encoder { ValueEncoder(destination: destination, field: field) }
  mutating func superEncoder(forKey key: Key) -> any Encoder { ValueEncoder(destination: destination, field: field) }

  mutating func encodeNil() throws { throw refuse() }
  mutating func encode<T: Encodable>(_ value: T) throws { throw refuse() }
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
    NestedKey
  > {
    KeyedEncodingContainer(RefusingContainer<NestedKey>(destination: destination, field: field))
  }
  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
}

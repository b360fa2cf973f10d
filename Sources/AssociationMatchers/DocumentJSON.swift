import Foundation

/// A JSON value as the association files hold it, read with `JSONDecoder`, for both matchers.
enum DocumentJSON: Decodable, Sendable {
  case null, bool(Bool), number(Double), string(String), array([DocumentJSON]), object([String: DocumentJSON])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([DocumentJSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: DocumentJSON].self))
    }
  }

  var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
  var string: String? { if case .string(let value) = self { value } else { nil } }
  var array: [DocumentJSON]? { if case .array(let value) = self { value } else { nil } }
  var object: [String: DocumentJSON]? { if case .object(let value) = self { value } else { nil } }
  var strings: [String]? {
    array.flatMap { list in list.allSatisfy { $0.string != nil } ? list.compactMap(\.string) : nil }
  }
}

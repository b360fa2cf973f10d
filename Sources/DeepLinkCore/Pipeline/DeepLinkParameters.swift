import Foundation

/// The parameters a link reaches its handler with: the route's captures plus those a rewrite
/// passed on (such as `locale`), read as typed values.
///
/// Values stay as the link carried them (percent-decoded text); the accessors read them as the
/// type the handler needs. Nothing is encoded or decoded between the decision and the handler.
///
/// ```swift
/// try linker.addRoute("/product/{id:int}") { link, state in
///   guard let id = state.parameters.int("id") else { return false }
///   navigator.showProduct(id, locale: state.parameters["locale"])
///   return true
/// }
/// ```
public struct DeepLinkParameters: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral,
  CustomStringConvertible
{
  /// Every parameter, by name.
  public let dictionary: [String: String]

  /// Parameters with these values.
  public init(_ dictionary: [String: String] = [:]) {
    self.dictionary = dictionary
  }

  public init(dictionaryLiteral elements: (String, String)...) {
    self.dictionary = Dictionary(elements) { _, last in last }
  }

  /// The value of `name` as it came, `nil` when the link has none.
  public subscript(name: String) -> String? { dictionary[name] }

  /// The value of `name` as text, `nil` when the link has none.
  public func string(_ name: String) -> String? { dictionary[name] }

  /// The value of `name` as a decimal integer (an `{name:int}` capture), `nil` when the link has
  /// none or it is not one.
  public func int(_ name: String) -> Int? { dictionary[name].flatMap { Int($0) } }

  /// The value of `name` as a UUID (an `{name:uuid}` capture), `nil` when the link has none or it
  /// is not one.
  public func uuid(_ name: String) -> UUID? { dictionary[name].flatMap { UUID(uuidString: $0) } }

  /// The names, sorted.
  public var names: [String] { dictionary.keys.sorted() }

  /// Whether there are none.
  public var isEmpty: Bool { dictionary.isEmpty }

  /// How many there are.
  public var count: Int { dictionary.count }

  public func makeIterator() -> Dictionary<String, String>.Iterator { dictionary.makeIterator() }

  /// `name=value` pairs in name order.
  public var description: String {
    "[" + names.map { "\($0)=\(dictionary[$0] ?? "")" }.joined(separator: ", ") + "]"
  }
}

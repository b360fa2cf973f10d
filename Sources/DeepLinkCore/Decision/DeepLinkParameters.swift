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
///
/// A link carries a handful of parameters, so they are kept as a list of pairs with unique
/// names, in the order the route captured them, then the rewrite's: building them is one
/// allocation, and finding one by name compares a few names. Two values are equal when they hold
/// the same pairs, in any order.
public struct DeepLinkParameters: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral,
  CustomStringConvertible, Codable
{
  /// One parameter.
  public typealias Element = (name: String, value: String)

  @usableFromInline
  struct Entry: Sendable {
    @usableFromInline var name: String
    @usableFromInline var value: String

    @usableFromInline
    init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  @usableFromInline
  var entries: ContiguousArray<Entry>

  /// No parameters.
  package init() {
    entries = []
  }

  /// Parameters with these values, in name order.
  package init(_ dictionary: [String: String]) {
    entries = ContiguousArray(dictionary.lazy.map { Entry(name: $0.key, value: $0.value) })
    entries.sort { $0.name < $1.name }
  }

  /// Parameters with these values in this order; a name given twice keeps its last value.
  public init(dictionaryLiteral elements: (String, String)...) {
    entries = []
    entries.reserveCapacity(elements.count)
    for (name, value) in elements { self[name] = value }
  }

  /// Room for `capacity` parameters, none yet.
  init(capacity: Int) {
    entries = []
    entries.reserveCapacity(capacity)
  }

  /// Adds a parameter whose name is not among these yet.
  mutating func appendNew(_ name: String, _ value: String) {
    entries.append(Entry(name: name, value: value))
  }

  /// Adds each of `others` whose name is not among these: a value already here wins.
  mutating func add(missingFrom others: DeepLinkParameters) {
    if entries.isEmpty {
      self = others
      return
    }
    for entry in others.entries where index(of: entry.name) == nil { entries.append(entry) }
  }

  @inlinable
  func index(of name: String) -> Int? {
    entries.firstIndex { $0.name == name }
  }

  /// The value of `name` as it came, `nil` when the link has none; setting `nil` removes it.
  public subscript(name: String) -> String? {
    get { index(of: name).map { entries[$0].value } }
    set {
      switch (index(of: name), newValue) {
      case (let i?, let value?): entries[i].value = value
      case (let i?, nil): entries.remove(at: i)
      case (nil, let value?): entries.append(Entry(name: name, value: value))
      case (nil, nil): break
      }
    }
  }

  /// The value of `name` as text, `nil` when the link has none.
  package func string(_ name: String) -> String? { self[name] }

  /// The value of `name` as a decimal integer (an `{name:int}` capture), `nil` when the link has
  /// none or it is not one.
  public func int(_ name: String) -> Int? { self[name].flatMap { Int($0) } }

  /// The value of `name` as a UUID (an `{name:uuid}` capture), `nil` when the link has none or it
  /// is not one.
  public func uuid(_ name: String) -> UUID? { self[name].flatMap { UUID(uuidString: $0) } }

  /// The names, sorted.
  package var names: [String] { entries.map(\.name).sorted() }

  /// Every parameter, by name.
  ///
  /// - Complexity: O(*n*): the dictionary is built when asked for.
  public var dictionary: [String: String] {
    Dictionary(uniqueKeysWithValues: entries.lazy.map { ($0.name, $0.value) })
  }

  /// The position of the first parameter: 0.
  public var startIndex: Int { entries.startIndex }
  /// One past the last parameter's position: the count.
  public var endIndex: Int { entries.endIndex }
  /// The parameter at `position`, in capture order then the rewrite's.
  public subscript(position: Int) -> Element {
    let entry = entries[position]
    return (entry.name, entry.value)
  }

  /// Whether both hold the same name and value pairs, in any order.
  public static func == (lhs: DeepLinkParameters, rhs: DeepLinkParameters) -> Bool {
    lhs.entries.count == rhs.entries.count && lhs.entries.allSatisfy { rhs[$0.name] == $0.value }
  }

  /// Hashes the pairs regardless of their order, as `==` compares them.
  public func hash(into hasher: inout Hasher) {
    // Order-independent, as equality is: the pairs' own hashes, summed.
    var sum = 0
    for entry in entries {
      var pair = Hasher()
      pair.combine(entry.name)
      pair.combine(entry.value)
      sum &+= pair.finalize()
    }
    hasher.combine(entries.count)
    hasher.combine(sum)
  }

  /// `name=value` pairs in name order.
  public var description: String {
    "[" + entries.sorted { $0.name < $1.name }.map { "\($0.name)=\($0.value)" }.joined(separator: ", ") + "]"
  }

  /// Reads parameters written by ``encode(to:)``: a JSON object of names and values, kept in name
  /// order.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode([String: String].self))
  }

  /// Writes the parameters as one object of names and values.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(dictionary)
  }
}

/// A map from strings to values for the handful of keys composition and decisions look up:
/// schemes, hosts, the roots of a route table, the targets of rewrite rules.
///
/// Up to ``linearLimit`` keys are compared in turn with `==`, length first; past that, the keys
/// are indexed by a dictionary, so a map of thousands is not quadratic to fill. Keys keep the
/// order they were added in (`Docs/Performance.md`, "Where the code is shaped for speed").
package struct SmallStringMap<Value: Sendable>: Sendable {
  /// The most keys compared in turn before a dictionary is used.
  package static var linearLimit: Int { 8 }

  /// The keys, in the order added, each once.
  package private(set) var keys: [String] = []
  /// The values, each at its key's position in ``keys``.
  package private(set) var values: [Value] = []
  /// Each key's position, once there are more than ``linearLimit`` keys (empty until then).
  private var index: [String: Int] = [:]

  /// An empty map.
  package init() {}

  /// A map from each of `keys` to the value at the same position of `values`; a later
  /// duplicate key is ignored.
  package init(keys: [String], values: [Value]) {
    precondition(keys.count == values.count, "a value for each key")
    self.keys.reserveCapacity(keys.count)
    self.values.reserveCapacity(keys.count)
    for position in keys.indices { add(keys[position], values[position]) }
  }

  /// Adds `key` with `value`, unless the map has `key` already (its value is then kept).
  ///
  /// - Returns: whether `key` was added.
  @discardableResult
  package mutating func add(_ key: String, _ value: Value) -> Bool {
    guard position(of: key) == nil else { return false }
    if keys.count == Self.linearLimit {
      for position in keys.indices { index[keys[position]] = position }
    }
    if keys.count >= Self.linearLimit { index[key] = keys.count }
    keys.append(key)
    values.append(value)
    return true
  }

  /// The position of `key` in ``keys``, or `nil`.
  @inline(__always)
  package func position(of key: String) -> Int? {
    if keys.count > Self.linearLimit { return index[key] }
    let count = key.utf8.count
    for position in keys.indices where keys[position].utf8.count == count && keys[position] == key {
      return position
    }
    return nil
  }

  /// The value for `key`, or `nil`.
  @inline(__always)
  package subscript(_ key: String) -> Value? {
    position(of: key).map { values[$0] }
  }

  /// The value for `key`, or `nil`.
  package subscript(_ key: Substring) -> Value? {
    if keys.count > Self.linearLimit { return index[String(key)].map { values[$0] } }
    for position in keys.indices where keys[position] == key { return values[position] }
    return nil
  }

  /// Whether `key` is in the map.
  @inline(__always)
  package func contains(_ key: String) -> Bool { position(of: key) != nil }

  /// Whether the map has no keys.
  package var isEmpty: Bool { keys.isEmpty }

  /// The number of keys.
  package var count: Int { keys.count }
}

/// A read-only map from strings to values for the handful of keys a decision looks up on every
/// link: schemes, hosts, the roots of a route table.
///
/// Up to ``linearLimit`` keys are compared in turn with `==`, which for the short ASCII keys
/// these are is a length check and a byte comparison (inline for keys of 15 bytes or fewer); a
/// `Dictionary` would hash the key with a seeded SipHash first, which costs more than comparing
/// a few keys. Larger maps use a `Dictionary`.
package struct SmallStringMap<Value: Sendable>: Sendable {
  /// The most keys compared in turn before a dictionary is used.
  package static var linearLimit: Int { 8 }

  private let keys: [String]
  private let values: [Value]
  private let index: [String: Int]?

  /// A map from each of `keys` to the value at the same position of `values`; a later
  /// duplicate key is ignored.
  ///
  /// Two lists, not a list of pairs: each distinct tuple type an app uses is type metadata the
  /// Swift runtime makes on first use, at launch (see `Docs/Performance.md`).
  package init(keys: [String], values: [Value]) {
    precondition(keys.count == values.count, "a value for each key")
    var kept: [String] = []
    var keptValues: [Value] = []
    var index: [String: Int]? = nil
    kept.reserveCapacity(keys.count)
    keptValues.reserveCapacity(keys.count)
    for position in keys.indices {
      let key = keys[position]
      if index == nil && kept.count == Self.linearLimit {
        var made: [String: Int] = [:]
        for offset in kept.indices { made[kept[offset]] = offset }
        index = made
      }
      if index != nil {
        guard index![key] == nil else { continue }
        index![key] = kept.count
      } else if kept.contains(key) {
        continue
      }
      kept.append(key)
      keptValues.append(values[position])
    }
    self.keys = kept
    self.values = keptValues
    self.index = index
  }

  /// The value for `key`, or `nil`.
  @inline(__always)
  package subscript(_ key: String) -> Value? {
    if let index { return index[key].map { values[$0] } }
    // Lengths first: for native strings a stored count, so most keys are passed over cheaply.
    let count = key.utf8.count
    for position in keys.indices where keys[position].utf8.count == count && keys[position] == key {
      return values[position]
    }
    return nil
  }

  /// The value for `key`, or `nil`.
  subscript(_ key: Substring) -> Value? {
    if let index { return index[String(key)].map { values[$0] } }
    for position in keys.indices where keys[position] == key { return values[position] }
    return nil
  }

  /// Whether `key` is in the map.
  @inline(__always)
  package func contains(_ key: String) -> Bool { self[key] != nil }

  /// Whether the map has no keys.
  package var isEmpty: Bool { keys.isEmpty }

  /// The number of keys.
  package var count: Int { keys.count }
}

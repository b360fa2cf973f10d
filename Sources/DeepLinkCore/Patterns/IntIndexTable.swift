/// A table from non-negative `Int` keys to the order they were added in: an open-addressing
/// hash table over two arrays, for the overlap searches of composition.
struct IntIndexTable {
  /// Each slot holds a key's index plus one, or 0 when empty.
  private var slots: [Int32]
  /// The keys, in the order they were added.
  private(set) var keys: [Int] = []

  /// An empty table with room for about `capacity` keys before it grows.
  init(capacity: Int = 32) {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    slots = Array(repeating: 0, count: size)
  }

  /// The number of keys.
  var count: Int { keys.count }

  /// The index of `key`, or `nil` when it was never added.
  ///
  /// - Complexity: O(1) on average.
  func index(of key: Int) -> Int? {
    let mask = slots.count - 1
    var slot = Self.hash(key) & mask
    while true {
      let entry = Int(slots[slot])
      if entry == 0 { return nil }
      if keys[entry - 1] == key { return entry - 1 }
      slot = (slot + 1) & mask
    }
  }

  /// Adds `key` after the others and returns its index, or returns `nil` when it is there already.
  ///
  /// - Complexity: O(1) amortised.
  mutating func insert(_ key: Int) -> Int? {
    if (keys.count + 1) * 2 > slots.count { grow() }
    let mask = slots.count - 1
    var slot = Self.hash(key) & mask
    while true {
      let entry = Int(slots[slot])
      if entry == 0 { break }
      if keys[entry - 1] == key { return nil }
      slot = (slot + 1) & mask
    }
    keys.append(key)
    slots[slot] = Int32(keys.count)
    return keys.count - 1
  }

  private mutating func grow() {
    slots = Array(repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for index in keys.indices {
      var slot = Self.hash(keys[index]) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index + 1)
    }
  }

  @inline(__always)
  private static func hash(_ key: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15) >> 32)
  }
}

/// The pairs a breadth-first search visited, in visit order (which is its queue), each with the
/// pair it was reached from and the segment read on the way.
struct SearchTrail {
  private var table: IntIndexTable
  /// For each visited pair, the index of the pair it was reached from, or -1.
  private var from: [Int] = []
  /// The segment read to reach each visited pair; `""` for an empty step, as no segment a pattern
  /// or a value reads is empty.
  private var segments: [String] = []

  /// An empty trail.
  init(capacity: Int = 32) {
    table = IntIndexTable(capacity: capacity)
  }

  /// The number of pairs visited.
  var count: Int { table.count }

  /// The pair visited `index`th.
  func pair(at index: Int) -> Int { table.keys[index] }

  /// Records `pair`, reached from the pair visited `from`th (-1 for the start) by reading
  /// `segment`; `false` when it was visited already.
  mutating func visit(_ pair: Int, from: Int, segment: String?) -> Bool {
    guard table.insert(pair) != nil else { return false }
    self.from.append(from)
    segments.append(segment ?? "")
    return true
  }

  /// Whether `pair` was visited.
  func contains(_ pair: Int) -> Bool { table.index(of: pair) != nil }

  /// The segments read on the way to the pair visited `index`th.
  func path(to index: Int) -> [String] {
    var result: [String] = []
    var current = index
    while current >= 0 {
      if !segments[current].isEmpty { result.append(segments[current]) }
      current = from[current]
    }
    return result.reversed()
  }
}

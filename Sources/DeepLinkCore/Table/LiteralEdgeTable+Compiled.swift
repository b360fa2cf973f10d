// This file's name sorts after `CompiledRouteTrie+Matching.swift` on purpose: with the file
// before it, the optimiser stopped inlining `child(of:along:)` into the table's search (a call a
// segment, every lookup about 16 % dearer; `scripts/icount.sh lookup`).

/// The frozen form of a ``LiteralEdgeTable``: a perfect hash over its edges, with a pilot per
/// small bucket of edges (hash and displace, as in CHD and PTHash).
///
/// An edge's 64-bit hash picks its bucket (two edges to a bucket on average); the bucket's pilot,
/// chosen when the table is compiled, sends each of the bucket's edges to a slot no other edge
/// has. A lookup reads the pilot, then one slot: a segment that is not a child is known absent
/// after one comparison, where linear probing kept looking until an empty slot. So the slots
/// can be nearly full (load about 0.89) where probing needed them at most half full, and a
/// 100,000-route table keeps about 23 bytes a route less.
///
/// A slot is 16 bytes, so none straddles two cache lines (the allocator aligns blocks to 16
/// bytes). A literal of up to eight bytes is kept in its slot, as the bytes themselves (the
/// key): a lookup of a short segment touches its pilot and its slot and nothing else. A longer
/// literal's slot keeps the low half of its hash and where its bytes are, in an arena of the
/// long literals only, each after its length.
///
/// A bucket no pilot places (edges with equal 64-bit hashes, an unusually large bucket) goes to
/// an overflow table probed linearly, which a lookup reads only when its slot did not match and
/// the overflow is not empty: in practice it is empty.
///
/// A value of plain pointers owned by ``CompiledRouteTrie``, which frees them with ``free()``.
struct CompiledLiteralEdges {
  struct Slot: Sendable {
    /// The parent node, with ``CompiledLiteralEdges/longMark`` set for a long literal.
    var parent: UInt32 = 0
    /// The child node; -1 for an empty slot.
    var child: Int32 = -1
    /// A short literal's bytes, zero-padded, little-endian, in two halves; for a long literal,
    /// the low half of its hash and where its length and bytes are in the arena.
    var keyLow: UInt32 = 0
    var keyHigh: UInt32 = 0
  }

  /// Set in a long literal's slot's parent (node indices are below 2³¹).
  static let longMark: UInt32 = 1 << 31
  /// The longest literal kept in its slot. Literals hold no NUL byte (the parser and the pattern
  /// reader refuse control characters), so zero-padding cannot make two of them equal.
  static let shortLength = 8
  /// Buckets larger than this go to the overflow without trying pilots (a bucket averages two
  /// edges; one of more than 32 is either a hash flood or vanishingly rare).
  static let largestPlacedBucket = 32

  let folded: Bool
  /// One edge a slot, each where its bucket's pilot sends it; empty slots have a negative child.
  private let slots: UnsafeMutableBufferPointer<Slot>
  /// Each bucket's pilot.
  private let pilots: UnsafeMutableBufferPointer<UInt16>
  /// The edges no pilot placed, probed linearly (load ≤ 1/2); usually empty.
  private let overflow: UnsafeMutableBufferPointer<Slot>
  private let bytes: UnsafeMutableBufferPointer<UInt8>

  /// Compiles `table`, leaving it empty: its edges are placed by pilots into slots about 1.125
  /// times their count, in the builder's own block (the builder keeps at least a third more
  /// slots than edges), and its long literals taken over as they are.
  ///
  /// - Parameter maximumPilot: the last pilot tried for a bucket before it goes to the overflow
  ///   (lowered only by tests, to exercise the overflow).
  init(taking table: inout LiteralEdgeTable, maximumPilot: Int = Int(UInt16.max)) {
    folded = table.folded
    var (builderSlots, count, long) = table.take()
    bytes = long
    guard count > 0 else {
      slots = TableMemory.allocate(Slot.self, count: 0)
      pilots = TableMemory.allocate(UInt16.self, count: 0)
      overflow = TableMemory.allocate(Slot.self, count: 0)
      return
    }
    // The edges moved to the front of the builder's block, which becomes the slots: placing
    // needs no second table beside it, only a few bytes an edge of scratch.
    builderSlots.keepOnly { $0.child >= 0 }
    let slots = builderSlots.takeBuffer(count: count + count / 8 + 1)
    let (pilots, unplaced) = Self.place(count, in: slots, long: UnsafeBufferPointer(long), maximumPilot: maximumPilot)
    let overflow = TableMemory.allocate(Slot.self, count: unplaced.isEmpty ? 0 : 2 * unplaced.count + 1)
    overflow.initialize(repeating: Slot())
    for edge in unplaced {
      var index = Self.position(UInt32(truncatingIfNeeded: Self.hash(of: edge, long: long)), overflow.count)
      while overflow[index].child >= 0 { index = index + 1 == overflow.count ? 0 : index + 1 }
      overflow[index] = edge
    }
    self.slots = slots
    self.pilots = pilots
    self.overflow = overflow
  }

  /// Places the `count` edges at the front of `slots` where their buckets' pilots send them,
  /// choosing each bucket's pilot, largest buckets first (a large bucket needs many free slots
  /// at once, easiest found while the table is nearly empty), and empties every other slot;
  /// returns the pilots and the edges of the buckets no pilot up to `maximumPilot` placed.
  ///
  /// Scratch memory is kept small, since it adds to the build's peak: the edges are sorted by
  /// bucket in place, only the low half of each hash (what a pilot keys) and each edge's slot
  /// are kept while pilots are chosen (8 bytes an edge), slots are marked taken in a bit set,
  /// and the edges are then moved to their slots in place, cycle by cycle.
  private static func place(
    _ count: Int, in slots: UnsafeMutableBufferPointer<Slot>, long: UnsafeBufferPointer<UInt8>, maximumPilot: Int
  ) -> (pilots: UnsafeMutableBufferPointer<UInt16>, unplaced: [Slot]) {
    let bucketCount = (count + 1) / 2
    // Where each bucket's edges start once sorted: `slots[starts[b]..<starts[b + 1]]`.
    let starts = UnsafeMutableBufferPointer<Int32>.allocate(capacity: bucketCount + 1)
    defer { starts.deallocate() }
    starts.initialize(repeating: 0)
    let low = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: count)
    defer { low.deallocate() }
    var largest = 0
    do {
      let hashes = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: count)
      defer { hashes.deallocate() }
      for edge in 0..<count {
        let hash = Self.hash(of: slots[edge], long: long)
        hashes[edge] = hash
        starts[Self.bucket(hash, bucketCount) + 1] += 1
      }
      for bucket in 0..<bucketCount {
        largest = max(largest, Int(starts[bucket + 1]))
        starts[bucket + 1] += starts[bucket]
      }
      // A counting sort in place: each bucket's cursor takes the edges that belong there,
      // swapping the others to their own bucket's cursor.
      let next = UnsafeMutableBufferPointer<Int32>.allocate(capacity: bucketCount)
      defer { next.deallocate() }
      for bucket in 0..<bucketCount { next[bucket] = starts[bucket] }
      for bucket in 0..<bucketCount {
        let end = starts[bucket + 1]
        while next[bucket] < end {
          let i = Int(next[bucket])
          let target = Self.bucket(hashes[i], bucketCount)
          if target == bucket {
            next[bucket] += 1
          } else {
            let j = Int(next[target])
            next[target] += 1
            slots.swapAt(i, j)
            hashes.swapAt(i, j)
          }
        }
      }
      for edge in 0..<count { low[edge] = UInt32(truncatingIfNeeded: hashes[edge]) }
    }
    // The buckets by size, largest first (a counting sort: sizes are small).
    var bySize = [Int32](repeating: 0, count: largest + 2)
    for bucket in 0..<bucketCount { bySize[largest - Int(starts[bucket + 1] - starts[bucket]) + 1] += 1 }
    for size in 0...largest { bySize[size + 1] += bySize[size] }
    let order = UnsafeMutableBufferPointer<Int32>.allocate(capacity: bucketCount)
    defer { order.deallocate() }
    for bucket in 0..<bucketCount {
      let rank = largest - Int(starts[bucket + 1] - starts[bucket])
      order[Int(bySize[rank])] = Int32(bucket)
      bySize[rank] += 1
    }

    // Each edge's slot, or -1 while it has none (and for good when its bucket is not placed).
    let target = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    defer { target.deallocate() }
    target.initialize(repeating: -1)
    var isTaken = BitSet(count: slots.count)
    let pilots = TableMemory.allocate(UInt16.self, count: bucketCount)
    pilots.initialize(repeating: 0)
    let maximumPilot = min(maximumPilot, Int(UInt16.max))
    let taken = UnsafeMutableBufferPointer<Int>.allocate(capacity: largestPlacedBucket)
    defer { taken.deallocate() }
    for bucket in order {
      let start = Int(starts[Int(bucket)])
      let size = Int(starts[Int(bucket) + 1]) - start
      if size == 0 { break }  // the rest are empty too
      guard size <= largestPlacedBucket else { continue }
      var pilot = 0
      while pilot <= maximumPilot {
        // Two equal keys go to one slot whatever the pilot: looked for only once a bucket
        // proves hard to place (a bucket of two needs about three pilots on average).
        if pilot == 256 && Self.hasEqualKeys(low[start..<(start + size)]) { break }
        // Each member's slot, marked taken as it is found free, unmarked on failure.
        let keyed = UInt64(pilot) &* pilotMultiplier
        var k = 0
        while k < size {
          let index = Self.slot(keyed: UInt64(low[start + k]) ^ keyed, slots.count)
          if isTaken[index] { break }
          isTaken[index] = true
          taken[k] = index
          k += 1
        }
        if k == size {
          for j in 0..<size { target[start + j] = Int32(taken[j]) }
          pilots[Int(bucket)] = UInt16(truncatingIfNeeded: pilot)
          break
        }
        for j in 0..<k { isTaken[taken[j]] = false }
        pilot += 1
      }
    }

    var unplaced: [Slot] = []
    for edge in 0..<count where target[edge] < 0 { unplaced.append(slots[edge]) }
    // Each edge to its slot, following cycles: an edge is carried to its slot, and the edge
    // waiting there is carried on to its own. `target` is -2 once a position's edge has left.
    for edge in 0..<count where target[edge] >= 0 {
      var carried = slots[edge]
      var destination = Int(target[edge])
      target[edge] = -2
      while destination < count && target[destination] >= 0 {
        let waiting = slots[destination]
        let next = Int(target[destination])
        slots[destination] = carried
        target[destination] = -2
        carried = waiting
        destination = next
      }
      slots[destination] = carried
    }
    for index in 0..<slots.count where !isTaken[index] { slots[index] = Slot() }
    return (pilots, unplaced)
  }

  /// Whether two of a bucket's keys are equal: no pilot separates them.
  private static func hasEqualKeys(_ keys: Slice<UnsafeMutableBufferPointer<UInt32>>) -> Bool {
    for i in keys.indices {
      for j in keys.indices where j > i && keys[i] == keys[j] { return true }
    }
    return false
  }

  /// Frees the buffers; called once, by the owner's `deinit`.
  func free() {
    TableMemory.deallocate(slots)
    TableMemory.deallocate(pilots)
    TableMemory.deallocate(overflow)
    TableMemory.deallocate(bytes)
  }

  /// Inserts every occupied slot of `source` into `target` by linear probing from the low half
  /// of its hash; `target`'s slots are all empty and more than `source`'s occupied ones. The
  /// building table grows with it.
  static func insert(_ source: UnsafeBufferPointer<Slot>, into target: UnsafeMutableBufferPointer<Slot>) {
    for slot in source where slot.child >= 0 {
      var index = position(lowHash(of: slot), target.count)
      while target[index].child >= 0 { index = index + 1 == target.count ? 0 : index + 1 }
      target[index] = slot
    }
  }

  /// The low half of the hash of the edge in `slot`: kept in a long literal's slot, computed
  /// again from a short literal's key.
  @inline(__always)
  private static func lowHash(of slot: Slot) -> UInt32 {
    if slot.parent & longMark != 0 { return slot.keyLow }
    return UInt32(truncatingIfNeeded: shortHash(of: slot))
  }

  /// The 64-bit hash of the edge in `slot`: computed again from a short literal's key (its
  /// bytes, already lowercased in a folded table; literals hold no NUL byte and are not empty,
  /// so the key's length is its count of non-zero bytes), or from a long literal's bytes.
  private static func hash(of slot: Slot, long: UnsafeMutableBufferPointer<UInt8>) -> UInt64 {
    hash(of: slot, long: UnsafeBufferPointer(long))
  }

  private static func hash(of slot: Slot, long: UnsafeBufferPointer<UInt8>) -> UInt64 {
    guard slot.parent & longMark != 0 else { return shortHash(of: slot) }
    let literal = LiteralArena.literal(at: Int32(bitPattern: slot.keyHigh), in: long)
    // Stored lowercased when folded; lowercasing again changes nothing.
    return EdgeHash.hashAndLastWord(Int32(bitPattern: slot.parent & ~longMark), literal, folded: false).hash
  }

  @inline(__always)
  private static func shortHash(of slot: Slot) -> UInt64 {
    let word = UInt64(slot.keyLow) | UInt64(slot.keyHigh) << 32
    return EdgeHash.hash(
      Int32(bitPattern: slot.parent), shortKey: word, length: (64 - word.leadingZeroBitCount + 7) / 8)
  }

  /// Whether the table has no edges.
  var isEmpty: Bool { slots.count == 0 }

  /// `hash` scaled to `0..<count` (multiply and shift: no power-of-two size needed).
  @inline(__always)
  static func position(_ hash: UInt32, _ count: Int) -> Int {
    Int((UInt64(hash) &* UInt64(count)) >> 32)
  }

  /// The bucket of an edge: the high half of its hash, scaled.
  @inline(__always)
  static func bucket(_ hash: UInt64, _ count: Int) -> Int {
    position(UInt32(truncatingIfNeeded: hash >> 32), count)
  }

  /// The slot the pilot sends an edge to: the low half of its hash (the high half picked the
  /// bucket) keyed by the pilot and mixed by one multiplication, so that every pilot moves every
  /// edge independently of the others.
  @inline(__always)
  static func slot(_ hash: UInt64, _ pilot: UInt16, _ count: Int) -> Int {
    slot(keyed: hash & 0xFFFF_FFFF ^ UInt64(pilot) &* pilotMultiplier, count)
  }

  /// The pilot's key: the pilot times this, exclusive-or-ed into the edge's hash.
  static let pilotMultiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// The slot of a hash already keyed by its pilot.
  @inline(__always)
  private static func slot(keyed: UInt64, _ count: Int) -> Int {
    position(UInt32(truncatingIfNeeded: (keyed &* 0xD6E8_FEB8_6659_FD93) >> 32), count)
  }

  /// The child of `parent` along the segment `segment` (compared without regard to ASCII case
  /// when the table is folded), or -1.
  ///
  /// - Complexity: O(*m*) in the segment's length; O(1) in the number of edges.
  @inline(__always)
  func child(of parent: Int32, along segment: UnsafeBufferPointer<UInt8>) -> Int32 {
    guard slots.count > 0 else { return -1 }
    let isShort = segment.count <= Self.shortLength
    // A short literal is compared as its bytes zero-padded, and no literal holds a NUL: a segment
    // ending in one (only a link made from parts can) is no literal, and must not read as the
    // literal without its NULs.
    if isShort, let last = segment.last, last == 0 { return -1 }
    let (hash, lastWord) = EdgeHash.hashAndLastWord(parent, segment, folded: folded)
    let tag = UInt32(bitPattern: parent) | (isShort ? 0 : Self.longMark)
    let keyLow = UInt32(truncatingIfNeeded: isShort ? lastWord : hash)
    let keyHigh = UInt32(truncatingIfNeeded: lastWord >> 32)
    let pilot = pilots[Self.bucket(hash, pilots.count)]
    let slot = slots[Self.slot(hash, pilot, slots.count)]
    // An empty slot never matches: its parent is 0 without the long mark and its key is 0,
    // which no short literal's is.
    if matches(slot, tag, keyLow, keyHigh, isShort, segment) { return slot.child }
    return overflow.count == 0 ? -1 : overflowChild(tag, keyLow, keyHigh, isShort, segment, hash)
  }

  @inline(__always)
  private func matches(
    _ slot: Slot, _ tag: UInt32, _ keyLow: UInt32, _ keyHigh: UInt32, _ isShort: Bool,
    _ segment: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard slot.parent == tag && slot.keyLow == keyLow else { return false }
    if isShort { return slot.keyHigh == keyHigh }
    return EdgeHash.equals(
      LiteralArena.literal(at: Int32(bitPattern: slot.keyHigh), in: UnsafeBufferPointer(bytes)), segment,
      folded: folded)
  }

  private func overflowChild(
    _ tag: UInt32, _ keyLow: UInt32, _ keyHigh: UInt32, _ isShort: Bool, _ segment: UnsafeBufferPointer<UInt8>,
    _ hash: UInt64
  ) -> Int32 {
    var index = Self.position(UInt32(truncatingIfNeeded: hash), overflow.count)
    while true {
      let slot = overflow[index]
      if slot.child < 0 { return -1 }
      if matches(slot, tag, keyLow, keyHigh, isShort, segment) { return slot.child }
      index = index + 1 == overflow.count ? 0 : index + 1
    }
  }

  /// How many edges went to the overflow (tests).
  var overflowCount: Int { overflow.count(where: { $0.child >= 0 }) }
}

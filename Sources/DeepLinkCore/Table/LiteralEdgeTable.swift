#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The literal edges of a route trie under construction, in one open-addressing hash table
/// keyed by (parent node, segment text).
///
/// One flat buffer instead of a dictionary per node, its slots laid out as the compiled table's
/// (``CompiledLiteralEdges/Slot``: a literal of up to eight bytes is its own key, a longer one is
/// its hash and where its bytes are in `long`), so compiling re-hashes the slots into a table
/// sized to their count and takes over `long` as it is.
struct LiteralEdgeTable: Sendable {
  typealias Slot = CompiledLiteralEdges.Slot

  /// Whether literals compare without regard to ASCII case (stored lowercased).
  let folded: Bool
  /// Every slot initialised; empty ones have a negative child. Load at most 3/4.
  private(set) var slots = TableBuffer<Slot>()
  /// The literals longer than eight bytes, each after its length (see ``LiteralArena``).
  private(set) var long = ByteArena()
  private(set) var count = 0

  init(folded: Bool) {
    self.folded = folded
  }

  /// The child of `parent` along the segment `bytes`; when there is none, the edge
  /// `parent --bytes--> newChild` is added and `newChild` returned (the caller then makes the
  /// node). One hash and one probe sequence for both.
  ///
  /// - Complexity: O(*m*) in the length of `bytes`; expected O(1) in the number of edges,
  ///   amortised.
  mutating func child(of parent: Int32, along bytes: UnsafeBufferPointer<UInt8>, orAdd newChild: Int32) -> Int32 {
    if (count + 1) * 4 > slots.count * 3 { grow() }
    let folded = folded
    let (hash, lastWord) = EdgeHash.hashAndLastWord(parent, bytes, folded: folded)
    let isShort = bytes.count <= CompiledLiteralEdges.shortLength
    let tag = UInt32(bitPattern: parent) | (isShort ? 0 : CompiledLiteralEdges.longMark)
    let keyLow = isShort ? UInt32(truncatingIfNeeded: lastWord) : hash
    let keyHigh = isShort ? UInt32(truncatingIfNeeded: lastWord >> 32) : UInt32(long.count)
    let found = long.withUnsafeBufferPointer { long in
      slots.withUnsafeMutableBufferPointer { slots -> Int32 in
        var index = CompiledLiteralEdges.position(hash, slots.count)
        while true {
          let slot = slots[index]
          if slot.child < 0 { break }
          if slot.parent == tag && slot.keyLow == keyLow {
            if isShort {
              if slot.keyHigh == keyHigh { return slot.child }
            } else if EdgeHash.equals(
              LiteralArena.literal(at: Int32(bitPattern: slot.keyHigh), in: long), bytes, folded: folded)
            {
              return slot.child
            }
          }
          index = index + 1 == slots.count ? 0 : index + 1
        }
        slots[index] = Slot(parent: tag, child: newChild, keyLow: keyLow, keyHigh: keyHigh)
        return newChild
      }
    }
    guard found == newChild else { return found }
    count += 1
    guard !isShort else { return newChild }
    let length = bytes.count
    let lengthCount = length < 255 ? 1 : 5
    long.append(count: lengthCount + length) { buffer in
      LiteralArena.writeLength(length, to: buffer)
      let target = buffer.baseAddress! + lengthCount
      if folded {
        for k in 0..<length { target[k] = EdgeHash.lower(bytes[k]) }
      } else {
        for k in 0..<length { target[k] = bytes[k] }
      }
    }
    return newChild
  }

  private mutating func grow() {
    var grown = TableBuffer(repeating: Slot(), count: max(16, slots.count * 2))
    grown.withUnsafeMutableBufferPointer { grown in
      slots.withUnsafeBufferPointer { CompiledLiteralEdges.insert($0, into: grown) }
    }
    slots = grown
  }

  /// The slots and the long literals, handed over to the compiled table; the table is empty
  /// afterwards.
  mutating func take() -> (slots: TableBuffer<Slot>, count: Int, long: UnsafeMutableBufferPointer<UInt8>) {
    defer { self = LiteralEdgeTable(folded: folded) }
    return (slots, count, long.takeBuffer())
  }
}

/// The layout of a literal in an edge table's arena: its length (one byte, or 255 and four more
/// bytes, little-endian), then its bytes.
enum LiteralArena {
  /// Writes `length` at the start of `buffer`, in one byte or five.
  @inline(__always)
  static func writeLength(_ length: Int, to buffer: UnsafeMutableBufferPointer<UInt8>) {
    if length < 255 {
      buffer[0] = UInt8(length)
    } else {
      buffer[0] = 255
      for k in 0..<4 { buffer[1 + k] = UInt8(truncatingIfNeeded: length >> (8 * k)) }
    }
  }

  /// The bytes of the literal at `offset`.
  @inline(__always)
  static func literal(at offset: Int32, in arena: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var start = Int(offset)
    var length = Int(arena[start])
    start += 1
    if length == 255 {
      length = 0
      for k in 0..<4 { length |= Int(arena[start + k]) << (8 * k) }
      start += 4
    }
    return UnsafeBufferPointer(rebasing: arena[start..<(start + length)])
  }
}

/// The hash and byte comparison shared by the building and the compiled edge tables.
enum EdgeHash {
  @inline(__always)
  static func lower(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }

  /// The hash of the edge from `parent` along `bytes` (lowercased first, when folded): the parent
  /// and the length, then the bytes mixed in eight at a time, then Murmur3's 64-bit finaliser.
  @inline(__always)
  static func hash(_ parent: Int32, _ bytes: UnsafeBufferPointer<UInt8>, folded: Bool) -> UInt32 {
    hashAndLastWord(parent, bytes, folded: folded).hash
  }

  /// ``hash(_:_:folded:)``, and the last eight bytes or fewer it mixed in (lowercased when
  /// folded, zero-padded, little-endian): for a segment of up to eight bytes, the segment itself.
  @inline(__always)
  static func hashAndLastWord(
    _ parent: Int32, _ bytes: UnsafeBufferPointer<UInt8>, folded: Bool
  ) -> (hash: UInt32, lastWord: UInt64) {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var h = UInt64(UInt32(bitPattern: parent)) &* multiplier ^ UInt64(bytes.count)
    guard let base = UnsafeRawPointer(bytes.baseAddress) else { return (finalise(h), 0) }
    var word: UInt64 = 0
    var offset = 0
    while offset + 8 <= bytes.count {
      word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      if folded { word = lowercased(word) }
      h = (h ^ word) &* multiplier
      h ^= h >> 29
      offset += 8
    }
    let tail = bytes.count - offset
    if tail > 0 {
      // The last one to seven bytes, zero-padded, in two overlapping four-byte loads or three
      // single bytes, without a loop.
      if tail >= 4 {
        let low = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        let high = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset + tail - 4, as: UInt32.self))
        word = UInt64(low) | UInt64(high >> (8 * UInt32(8 - tail))) << 32
      } else {
        word =
          UInt64(bytes[offset]) | UInt64(bytes[offset + tail >> 1]) << (8 * UInt64(tail >> 1))
          | UInt64(bytes[offset + tail - 1]) << (8 * UInt64(tail - 1))
      }
      if folded { word = lowercased(word) }
      h = (h ^ word) &* multiplier
      h ^= h >> 29
    }
    return (finalise(h), word)
  }

  /// ``hash(_:_:folded:)`` of a segment of one to eight bytes, from its key (its bytes,
  /// lowercased when folded, zero-padded, little-endian) and its length: the same single mixing
  /// step `hashAndLastWord` takes for such a segment.
  @inline(__always)
  static func hash(_ parent: Int32, shortKey word: UInt64, length: Int) -> UInt32 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var h = UInt64(UInt32(bitPattern: parent)) &* multiplier ^ UInt64(length)
    h = (h ^ word) &* multiplier
    h ^= h >> 29
    return finalise(h)
  }

  /// Murmur3's 64-bit finaliser, then the low 32 bits.
  @inline(__always)
  private static func finalise(_ wide: UInt64) -> UInt32 {
    var h = wide
    h ^= h >> 33
    h = h &* 0xff51_afd7_ed55_8ccd
    h ^= h >> 33
    h = h &* 0xc4ce_b9fe_1a85_ec53
    h ^= h >> 33
    return UInt32(truncatingIfNeeded: h)
  }

  /// Eight bytes with each ASCII capital letter lowercased, as ``lower(_:)`` does one byte.
  @inline(__always)
  static func lowercased(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let low7 = word & (0x7F * ones)
    // Bit 7 of each byte: whether its low seven bits are ≥ "A", and whether they are > "Z".
    let atLeastA = low7 &+ (0x80 - 0x41) * ones
    let aboveZ = low7 &+ (0x80 - 0x5B) * ones
    let capitals = atLeastA & ~aboveZ & ~word & (0x80 * ones)
    return word | (capitals >> 2)
  }

  /// Whether the stored (lowercased, when folded) literal equals the segment's bytes.
  @inline(__always)
  static func equals(_ stored: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>, folded: Bool) -> Bool {
    guard stored.count == bytes.count else { return false }
    if folded {
      for i in 0..<stored.count where stored[i] != lower(bytes[i]) { return false }
    } else if let storedBase = stored.baseAddress, let base = bytes.baseAddress {
      return memcmp(storedBase, base, stored.count) == 0
    }
    return true
  }
}

/// The frozen form of a ``LiteralEdgeTable``: slots sized to the edge count (load ≤ 1/2, not a
/// power of two), 16 bytes each, so that none straddles two cache lines (the allocator aligns
/// blocks to 16 bytes). A literal of up to eight bytes is kept in its slot, as the bytes
/// themselves (the key): a lookup of a short segment touches its slot and nothing else, one
/// dependent load fewer per trie level in tables too large for the cache. A longer literal's
/// slot keeps its hash and where its bytes are, in an arena of the long literals only, each
/// after its length.
///
/// A value of plain pointers owned by ``CompiledRouteTrie``, which frees them with ``free()``.
struct CompiledLiteralEdges {
  struct Slot: Sendable {
    /// The parent node, with ``CompiledLiteralEdges/longMark`` set for a long literal.
    var parent: UInt32 = 0
    /// The child node; -1 for an empty slot.
    var child: Int32 = -1
    /// A short literal's bytes, zero-padded, little-endian, in two halves; for a long literal,
    /// its hash and where its length and bytes are in the arena.
    var keyLow: UInt32 = 0
    var keyHigh: UInt32 = 0
  }

  /// Set in a long literal's slot's parent (node indices are below 2³¹).
  static let longMark: UInt32 = 1 << 31
  /// The longest literal kept in its slot. Literals hold no NUL byte (the parser and the pattern
  /// reader refuse control characters), so zero-padding cannot make two of them equal.
  static let shortLength = 8

  let folded: Bool
  private let slots: UnsafeMutableBufferPointer<Slot>
  private let bytes: UnsafeMutableBufferPointer<UInt8>

  /// Compiles `table`, leaving it empty: its edges are re-hashed into a table sized to their
  /// count (and the builder's slots freed), its long literals taken over as they are.
  init(taking table: inout LiteralEdgeTable) {
    folded = table.folded
    var (builderSlots, count, long) = table.take()
    // The edges first moved to the front of the builder's block and the block shrunk to them:
    // beside the new table, re-hashing needs the edges, not the builder's empty slots.
    builderSlots.keepOnly { $0.child >= 0 }
    let edges = builderSlots.takeBuffer()
    defer {
      if let base = edges.baseAddress {
        TableMemory.returnPages(UnsafeMutableRawPointer(base), count: edges.count * MemoryLayout<Slot>.stride)
      }
      TableMemory.deallocate(edges)
    }
    let slots = TableMemory.allocate(Slot.self, count: count == 0 ? 0 : 2 * count + 1)
    slots.initialize(repeating: Slot())
    Self.insert(UnsafeBufferPointer(edges), into: slots)
    self.slots = slots
    bytes = long
  }

  /// Frees the buffers; called once, by the owner's `deinit`.
  func free() {
    TableMemory.deallocate(slots)
    TableMemory.deallocate(bytes)
  }

  /// Inserts every occupied slot of `source` into `target`, whose slots are all empty and more
  /// than `source`'s occupied ones.
  static func insert(_ source: UnsafeBufferPointer<Slot>, into target: UnsafeMutableBufferPointer<Slot>) {
    for slot in source where slot.child >= 0 {
      var index = position(hash(of: slot), target.count)
      while target[index].child >= 0 { index = index + 1 == target.count ? 0 : index + 1 }
      target[index] = slot
    }
  }

  /// The hash of the edge in `slot`: kept in a long literal's slot, computed again from a short
  /// literal's key (its bytes, already lowercased in a folded table). Literals hold no NUL byte
  /// and are not empty, so the key's length is its count of non-zero bytes.
  @inline(__always)
  private static func hash(of slot: Slot) -> UInt32 {
    if slot.parent & longMark != 0 { return slot.keyLow }
    let word = UInt64(slot.keyLow) | UInt64(slot.keyHigh) << 32
    return EdgeHash.hash(
      Int32(bitPattern: slot.parent), shortKey: word, length: (64 - word.leadingZeroBitCount + 7) / 8)
  }

  /// Whether the table has no edges.
  var isEmpty: Bool { slots.count == 0 }

  @inline(__always)
  static func position(_ hash: UInt32, _ count: Int) -> Int {
    Int((UInt64(hash) &* UInt64(count)) >> 32)
  }

  /// The child of `parent` along the segment `segment` (compared without regard to ASCII case
  /// when the table is folded), or -1.
  ///
  /// - Complexity: O(*m*) in the segment's length; expected O(1) in the number of edges.
  @inline(__always)
  func child(of parent: Int32, along segment: UnsafeBufferPointer<UInt8>) -> Int32 {
    guard slots.count > 0 else { return -1 }
    let (hash, lastWord) = EdgeHash.hashAndLastWord(parent, segment, folded: folded)
    let isShort = segment.count <= Self.shortLength
    let tag = UInt32(bitPattern: parent) | (isShort ? 0 : Self.longMark)
    let keyLow = isShort ? UInt32(truncatingIfNeeded: lastWord) : hash
    let keyHigh = UInt32(truncatingIfNeeded: lastWord >> 32)
    var index = Self.position(hash, slots.count)
    while true {
      let slot = slots[index]
      if slot.child < 0 { return -1 }
      if slot.parent == tag && slot.keyLow == keyLow {
        if isShort {
          if slot.keyHigh == keyHigh { return slot.child }
        } else if EdgeHash.equals(
          LiteralArena.literal(at: Int32(bitPattern: slot.keyHigh), in: UnsafeBufferPointer(bytes)), segment,
          folded: folded)
        {
          return slot.child
        }
      }
      index = index + 1 == slots.count ? 0 : index + 1
    }
  }
}

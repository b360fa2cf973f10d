/// The literal edges of a route trie in one open-addressing hash table keyed by
/// (parent node, segment text).
///
/// One flat array instead of a dictionary per node keeps memory near 32 bytes an edge and a
/// lookup to one hash of the segment's bytes plus, usually, one string comparison.
struct LiteralEdgeTable: Sendable {
  private struct Slot: Sendable {
    var hash: UInt32 = 0
    var parent: Int32 = -1
    var child: Int32 = -1
    var literal: Int32 = -1
  }

  /// Whether literals compare without regard to ASCII case (stored lowercased).
  let folded: Bool
  private var slots: [Slot] = []
  private var literals: [String] = []
  private(set) var count = 0

  init(folded: Bool) {
    self.folded = folded
  }

  /// The child of `parent` along `segment`, or -1.
  ///
  /// - Complexity: O(*m*) in the length of `segment`; expected O(1) in the number of edges.
  @inline(__always)
  func child(of parent: Int32, along segment: String) -> Int32 {
    guard count > 0 else { return -1 }
    let hash = Self.hash(parent, segment, folded: folded)
    let mask = slots.count - 1
    var index = Int(hash) & mask
    while true {
      let slot = slots[index]
      if slot.child < 0 { return -1 }
      if slot.hash == hash && slot.parent == parent && equals(literals[Int(slot.literal)], segment) {
        return slot.child
      }
      index = (index + 1) & mask
    }
  }

  /// Adds the edge `parent --literal--> child`; the caller has checked it is absent.
  mutating func insert(parent: Int32, literal: String, child: Int32) {
    if (count + 1) * 2 > slots.count { grow() }
    let stored = folded ? Self.lowercasedASCII(literal) : literal
    literals.append(stored)
    place(
      Slot(
        hash: Self.hash(parent, stored, folded: false), parent: parent, child: child,
        literal: Int32(literals.count - 1)))
    count += 1
  }

  private mutating func place(_ slot: Slot) {
    let mask = slots.count - 1
    var index = Int(slot.hash) & mask
    while slots[index].child >= 0 { index = (index + 1) & mask }
    slots[index] = slot
  }

  private mutating func grow() {
    let old = slots
    slots = Array(repeating: Slot(), count: max(16, old.count * 2))
    for slot in old where slot.child >= 0 { place(slot) }
  }

  @inline(__always)
  private func equals(_ literal: String, _ segment: String) -> Bool {
    guard folded else { return literal == segment }
    guard literal.utf8.count == segment.utf8.count else { return false }
    let contiguous = literal.utf8.withContiguousStorageIfAvailable { stored in
      segment.utf8.withContiguousStorageIfAvailable { bytes in
        for i in 0..<stored.count where stored[i] != Self.lower(bytes[i]) { return false }
        return true
      }
    }
    if let contiguous, let result = contiguous { return result }
    return zip(literal.utf8, segment.utf8).allSatisfy { $0 == Self.lower($1) }
  }

  @inline(__always)
  private static func lower(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }

  static func lowercasedASCII(_ text: String) -> String {
    String(decoding: text.utf8.map(lower), as: UTF8.self)
  }

  /// FNV-1a over the parent and the segment's bytes, then a murmur finaliser.
  @inline(__always)
  private static func hash(_ parent: Int32, _ segment: String, folded: Bool) -> UInt32 {
    let seed: UInt32 = 2_166_136_261 ^ UInt32(bitPattern: parent) &* 16_777_619
    // Over the contiguous UTF-8 when there is one (native and small strings): stepping through
    // `utf8` with its iterator costs several times more per byte on the lookup's hot path.
    var h =
      segment.utf8.withContiguousStorageIfAvailable { fnv1a(seed, $0, folded: folded) }
      ?? fnv1a(seed, segment.utf8, folded: folded)
    h ^= h >> 16
    h = h &* 0x85eb_ca6b
    h ^= h >> 13
    h = h &* 0xc2b2_ae35
    h ^= h >> 16
    return h
  }

  @inline(__always)
  private static func fnv1a(_ seed: UInt32, _ bytes: some Sequence<UInt8>, folded: Bool) -> UInt32 {
    var h = seed
    if folded {
      for byte in bytes { h = (h ^ UInt32(lower(byte))) &* 16_777_619 }
    } else {
      for byte in bytes { h = (h ^ UInt32(byte)) &* 16_777_619 }
    }
    return h
  }
}

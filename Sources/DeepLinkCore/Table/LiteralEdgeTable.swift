/// The literal edges of a route trie under construction, in one open-addressing hash table
/// keyed by (parent node, segment text).
///
/// One flat buffer instead of a dictionary per node, its slots laid out as the compiled table's
/// (``CompiledLiteralEdges/Slot``: a literal of up to eight bytes is its own key, a longer one is
/// the low half of its hash and where its bytes are in `long`), so compiling places the slots
/// as they are in the compiled table's perfect hash and takes over `long` as it is.
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
    let (wideHash, lastWord) = EdgeHash.hashAndLastWord(parent, bytes, folded: folded)
    let hash = UInt32(truncatingIfNeeded: wideHash)
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

/// A fixed number of bits, all clear at first.
struct BitSet {
  private var words: [UInt64]

  init(count: Int) {
    words = [UInt64](repeating: 0, count: (count + 63) / 64)
  }

  subscript(index: Int) -> Bool {
    @inline(__always) get { words[index >> 6] & (1 << UInt64(index & 63)) != 0 }
    @inline(__always) set {
      if newValue {
        words[index >> 6] |= 1 << UInt64(index & 63)
      } else {
        words[index >> 6] &= ~(1 << UInt64(index & 63))
      }
    }
  }
}

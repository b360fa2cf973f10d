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

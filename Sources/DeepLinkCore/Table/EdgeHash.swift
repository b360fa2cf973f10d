#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The hash and byte comparison shared by the building and the compiled edge tables.
enum EdgeHash {
  @inline(__always)
  static func lower(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }

  /// The hash of the edge from `parent` along `bytes` (lowercased first, when folded): the parent
  /// and the length, then the bytes mixed in eight at a time, then Murmur3's 64-bit finaliser.
  @inline(__always)
  static func hash(_ parent: Int32, _ bytes: UnsafeBufferPointer<UInt8>, folded: Bool) -> UInt64 {
    hashAndLastWord(parent, bytes, folded: folded).hash
  }

  /// ``hash(_:_:folded:)``, and the last eight bytes or fewer it mixed in (lowercased when
  /// folded, zero-padded, little-endian): for a segment of up to eight bytes, the segment itself.
  @inline(__always)
  static func hashAndLastWord(
    _ parent: Int32, _ bytes: UnsafeBufferPointer<UInt8>, folded: Bool
  ) -> (hash: UInt64, lastWord: UInt64) {
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
  static func hash(_ parent: Int32, shortKey word: UInt64, length: Int) -> UInt64 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var h = UInt64(UInt32(bitPattern: parent)) &* multiplier ^ UInt64(length)
    h = (h ^ word) &* multiplier
    h ^= h >> 29
    return finalise(h)
  }

  /// Murmur3's 64-bit finaliser.
  @inline(__always)
  private static func finalise(_ wide: UInt64) -> UInt64 {
    var h = wide
    h ^= h >> 33
    h = h &* 0xff51_afd7_ed55_8ccd
    h ^= h >> 33
    h = h &* 0xc4ce_b9fe_1a85_ec53
    h ^= h >> 33
    return h
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

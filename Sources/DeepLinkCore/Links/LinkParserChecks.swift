// The link parser's first pass (unsafe buffer reads): one scan over a link's raw bytes that
// refuses bytes no link may hold and records where its components end.

/// Checks shared by links and pattern literals.
enum LinkParserChecks {
  /// What one pass over a link's raw bytes found.
  struct Summary {
    /// Where the `/` are (their count is an upper bound on the path segments).
    var slashOffsets = ByteOffsets(byte: 0x2F)
    /// Where the `&` are (their count is one less than an upper bound on the query items).
    var ampersandOffsets = ByteOffsets(byte: 0x26)
    /// How many `/`.
    var slashes: Int { slashOffsets.count }
    /// How many `&`.
    var ampersands: Int { ampersandOffsets.count }
    /// Whether a `%`, `+`, `[` or `]` occurs: without one, no component needs decoding.
    var hasEscapes = false
    /// Whether a byte from 0x80 occurs: without one, every component is ASCII.
    var hasNonASCII = false
    /// The offset of the first `?`, or the length.
    var firstQuestion: Int
    /// The offset of the first `#`, or the length.
    var firstHash: Int
  }

  /// Where one byte occurs in a link, in order: the offsets of the first ``capacity`` occurrences
  /// and how many there are in all. The scan records them as it stops at the byte, so that the
  /// parser finds where components end without searching the link again.
  struct ByteOffsets {
    /// How many offsets are kept.
    static let capacity = 16
    /// The byte.
    let byte: UInt8
    /// How many times the byte occurs.
    private(set) var count = 0
    /// The first ``capacity`` offsets (a link is at most 8 KiB, so each fits 16 bits).
    private var offsets: Kept = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private typealias Kept = (
      UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16,
      UInt16, UInt16
    )

    init(byte: UInt8) { self.byte = byte }

    /// Notes an occurrence at `offset`, after every one noted so far.
    @inline(__always)
    mutating func append(_ offset: Int) {
      if count < Self.capacity {
        let position = count &* 2
        withUnsafeMutableBytes(of: &offsets) {
          $0.storeBytes(of: UInt16(truncatingIfNeeded: offset), toByteOffset: position, as: UInt16.self)
        }
      }
      count &+= 1
    }

    /// The offset of the first occurrence in `start..<end`, or `end`. `cursor` is the index of
    /// the kept offset to look at first, and is moved past those before `start`, so that calls
    /// with `start` never decreasing read each kept offset once. Past the kept offsets, the link
    /// `p` (the one scanned) is searched.
    @inline(__always)
    func first(from start: Int, to end: Int, cursor: inout Int, in p: UnsafeBufferPointer<UInt8>) -> Int {
      let kept = Swift.min(count, Self.capacity)
      while cursor < kept {
        let position = cursor &* 2
        let offset = Int(withUnsafeBytes(of: offsets) { $0.load(fromByteOffset: position, as: UInt16.self) })
        if offset >= start { return Swift.min(offset, end) }
        cursor &+= 1
      }
      return count == kept ? end : LinkParser.firstIndex(of: byte, in: p, from: start, to: end)
    }
  }

  /// Refuses raw control characters (C0, DEL, C1), backslashes and the ASCII characters that are
  /// never valid unencoded, counting what the parser sizes its arrays by and keeping where the
  /// first `/` and `&` are. Brackets are checked per component (they mean an IPv6 host). `p` is
  /// at most ``DeepLink/maximumLength`` bytes.
  ///
  /// - Complexity: O(*n*), one table look-up per byte, four bytes at a time between the bytes
  ///   it stops at.
  @discardableResult
  static func scan(_ p: UnsafeBufferPointer<UInt8>) throws(DeepLinkError) -> Summary {
    let n = p.count
    var summary = Summary(firstQuestion: n, firstHash: n)
    // The classes of the bytes skipped, or-ed together.
    var seen: UInt8 = 0
    let stop = LinkByteTables.scanStop
    var i = 0
    while true {
      // Skip to the next byte to stop at, four at a time while four are left.
      while i &+ 4 <= n {
        let classes = flags(p[i]) | flags(p[i &+ 1]) | flags(p[i &+ 2]) | flags(p[i &+ 3])
        if classes & stop != 0 { break }
        seen |= classes
        i &+= 4
      }
      while i < n {
        let c = flags(p[i])
        if c & stop != 0 { break }
        seen |= c
        i &+= 1
      }
      guard i < n else { break }
      let b = p[i]
      switch b {
      case 0x00...0x1F, 0x7F: throw .controlCharacter(offset: i)
      case 0x5C: throw .backslash(offset: i)
      case 0x20, 0x22, 0x3C, 0x3E, 0x5E, 0x60, 0x7B, 0x7C, 0x7D:
        throw .invalidCharacter(Character(Unicode.Scalar(b)), offset: i)
      case 0x2F: summary.slashOffsets.append(i)
      case 0x26: summary.ampersandOffsets.append(i)
      case 0x3F: if summary.firstQuestion == n { summary.firstQuestion = i }
      case 0x23: if summary.firstHash == n { summary.firstHash = i }
      default:  // 0xC2
        if i + 1 < n && p[i + 1] >= 0x80 && p[i + 1] <= 0x9F { throw .controlCharacter(offset: i) }
        seen |= LinkByteTables.scanNonASCII
      }
      i &+= 1
    }
    summary.hasEscapes = seen & LinkByteTables.scanEscape != 0
    summary.hasNonASCII = seen & LinkByteTables.scanNonASCII != 0
    return summary
  }

  /// The ``LinkByteTables/flags`` of `b`.
  @inline(__always)
  private static func flags(_ b: UInt8) -> UInt8 { LinkByteTables.flags[Int(b)] }
}

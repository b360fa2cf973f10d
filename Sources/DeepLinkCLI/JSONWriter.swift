/// Writes JSON by hand into a reused byte buffer: no `Encodable`, no intermediate objects.
///
/// `check --format jsonl` writes one object per link through this, hundreds of thousands a
/// second; callers ``reset()`` and reuse one writer.
///
/// ```swift
/// var json = JSONWriter()
/// json.beginObject()
/// json.key("outcome"); json.string("routed")
/// json.endObject()
/// String(decoding: json.bytes, as: UTF8.self)  // {"outcome":"routed"}
/// ```
public struct JSONWriter: Sendable {
  /// The bytes written so far.
  public private(set) var bytes: [UInt8] = []
  private var needsComma = false

  /// An empty writer.
  public init(capacity: Int = 1024) {
    bytes.reserveCapacity(capacity)
  }

  /// Empties the buffer, keeping its capacity.
  public mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
    needsComma = false
  }

  /// `{`
  public mutating func beginObject() {
    separate()
    bytes.append(0x7B)
    needsComma = false
  }

  /// `}`
  public mutating func endObject() {
    bytes.append(0x7D)
    needsComma = true
  }

  /// `[`
  public mutating func beginArray() {
    separate()
    bytes.append(0x5B)
    needsComma = false
  }

  /// `]`
  public mutating func endArray() {
    bytes.append(0x5D)
    needsComma = true
  }

  /// An object key and its `:`; the value follows.
  public mutating func key(_ name: String) {
    separate()
    appendQuoted(name)
    bytes.append(0x3A)
    needsComma = false
  }

  /// A string value.
  ///
  /// - Complexity: O(*n*) in the UTF-8 length; ASCII without escapes is copied as is.
  public mutating func string(_ value: String) {
    separate()
    appendQuoted(value)
    needsComma = true
  }

  /// A string value, or `null`.
  public mutating func string(_ value: String?) {
    if let value { string(value) } else { null() }
  }

  /// `null`
  public mutating func null() {
    separate()
    bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    needsComma = true
  }

  /// `true` or `false`.
  public mutating func bool(_ value: Bool) {
    separate()
    bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
    needsComma = true
  }

  /// An integer.
  public mutating func int(_ value: Int) {
    separate()
    bytes.append(contentsOf: String(value).utf8)
    needsComma = true
  }

  /// An array of strings.
  public mutating func strings(_ values: [String]) {
    beginArray()
    for value in values { string(value) }
    endArray()
  }

  /// A raw byte, for separators between top-level values (`\n` in JSON Lines).
  public mutating func raw(_ byte: UInt8) {
    bytes.append(byte)
    needsComma = false
  }

  /// Raw text, for non-JSON output written through the same buffer.
  public mutating func raw(contentsOf text: String) {
    bytes.append(contentsOf: text.utf8)
    needsComma = false
  }

  /// Raw bytes: a prepared piece of JSON (`,"market":"CA","outcome":`) or other output.
  ///
  /// - Complexity: O(*n*) in `raw.count`, one copy.
  public mutating func raw(contentsOf raw: [UInt8]) {
    bytes.append(contentsOf: raw)
    needsComma = false
  }

  /// A string value written as is after a piece written with `raw`, without a separator:
  /// `raw` pieces carry their own commas.
  ///
  /// - Complexity: O(*n*) in the UTF-8 length; ASCII without escapes is copied as is.
  public mutating func quoted(_ value: String) {
    appendQuoted(value)
    needsComma = false
  }

  /// ``quoted(_:)``, or `null`.
  public mutating func quoted(_ value: String?) {
    if let value { appendQuoted(value) } else { raw(Self.null) }
    needsComma = false
  }

  /// Raw text known at compile time: a piece of JSON between values (`],"reason":`).
  ///
  /// - Complexity: O(*n*) in the text's length, one copy; no allocation, no reference counting.
  public mutating func raw(_ text: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    needsComma = false
  }

  private static let null: StaticString = "null"

  private mutating func separate() {
    if needsComma { bytes.append(0x2C) }
  }

  private mutating func appendQuoted(_ value: String) {
    // A native string lends its bytes without a copy (and without touching its reference count,
    // which threads writing the same route names would contend for).
    let done: Void? = value.utf8.withContiguousStorageIfAvailable { appendQuoted($0) }
    if done == nil {
      var value = value
      value.withUTF8 { appendQuoted($0) }
    }
  }

  /// `"`, the bytes with `"`, `\\` and control characters escaped, `"`. Beyond what JSON requires,
  /// C1 controls, U+2028/U+2029, bidi controls and the other format characters are written as
  /// `\u` escapes (``SafeText/needsEscape(_:)``), so that no value can split a line for tools that
  /// split on Unicode line breaks or reorder a terminal's text.
  private mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
    bytes.append(0x22)
    var start = 0
    var index = Self.firstEscaped(in: utf8, from: 0)
    while index < utf8.count {
      if start < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index])) }
      let byte = utf8[index]
      if byte >= 0x80 {
        let (scalar, length) = Self.scalar(in: utf8, at: index)
        if SafeText.needsEscape(scalar) {
          appendEscape(scalar)
        } else {
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[index..<(index + length)]))
        }
        start = index + length
        index = Self.firstEscaped(in: utf8, from: start)
        continue
      }
      switch byte {
      case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
      case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
      case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
      case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
      case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
      default:
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
      }
      start = index + 1
      index = Self.firstEscaped(in: utf8, from: start)
    }
    if start < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count])) }
    bytes.append(0x22)
  }

  /// `\uXXXX` for `scalar`, as a surrogate pair above U+FFFF.
  private mutating func appendEscape(_ scalar: Unicode.Scalar) {
    let hex: [UInt8] = Array("0123456789abcdef".utf8)
    for unit in String(scalar).utf16 {
      bytes.append(contentsOf: [0x5C, 0x75])
      for shift in stride(from: 12, through: 0, by: -4) { bytes.append(hex[Int((unit >> UInt16(shift)) & 0xF)]) }
    }
  }

  /// The scalar whose UTF-8 starts at `index` (valid UTF-8: a `String`'s bytes) and its length.
  private static func scalar(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
    let lead = utf8[index]
    let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    guard index + length <= utf8.count else { return ("\u{FFFD}", 1) }
    var value = UInt32(length == 1 ? lead : lead & (0xFF >> (length + 1)))
    if length > 1 {
      for offset in 1..<length { value = value << 6 | UInt32(utf8[index + offset] & 0x3F) }
    }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
  }

  /// The index of the first byte at or after `start` that a JSON string must escape (below
  /// 0x20, `"` or `\\`) or that may start a character the writer escapes (every byte of 0x80
  /// and above, which ``appendQuoted(_:)`` then decodes), or `utf8.count`.
  ///
  /// Eight bytes at a time: a byte is flagged when it is below 0x20, 0x80 or above, or XORs to
  /// zero with `"` or `\\`. Only the lowest flagged byte of a word is certain, which is the one
  /// returned.
  ///
  /// - Complexity: O(*n*) in the bytes scanned.
  @inline(__always)
  private static func firstEscaped(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var index = start
    if let base = utf8.baseAddress {
      let raw = UnsafeRawPointer(base)
      while index + 8 <= utf8.count {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let below20 = word &- (ones &* 0x20)
        let flags =
          ((below20 | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & ~word & highs) | (word & highs)
        if flags != 0 { return index + flags.trailingZeroBitCount / 8 }
        index += 8
      }
    }
    while index < utf8.count {
      let byte = utf8[index]
      if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte >= 0x80 { return index }
      index += 1
    }
    return index
  }
}

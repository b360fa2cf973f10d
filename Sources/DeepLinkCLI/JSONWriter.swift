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

  private mutating func separate() {
    if needsComma { bytes.append(0x2C) }
  }

  private mutating func appendQuoted(_ value: String) {
    bytes.append(0x22)
    var value = value
    value.withUTF8 { utf8 in
      var start = 0
      for index in 0..<utf8.count {
        let byte = utf8[index]
        guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
        if start < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index])) }
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
      }
      if start < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count])) }
    }
    bytes.append(0x22)
  }
}

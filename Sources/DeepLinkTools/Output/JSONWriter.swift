import DeepLinkCore

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
package struct JSONWriter: Sendable {
  /// The bytes written so far.
  package private(set) var bytes: [UInt8] = []
  private var needsComma = false

  /// An empty writer.
  package init(capacity: Int = 1024) {
    bytes.reserveCapacity(capacity)
  }

  /// `text` as a JSON string literal, quoted and escaped as ``string(_:)-(String)`` writes it: the
  /// one JSON escaper for output built as text (the association files, the benchmark's `--json`).
  package static func literal(_ text: String) -> String {
    var json = JSONWriter(capacity: text.utf8.count + 2)
    json.string(text)
    return String(decoding: json.bytes, as: UTF8.self)
  }

  /// Removes the last `count` bytes written (to reopen an object just closed).
  package mutating func dropLast(_ count: Int) {
    bytes.removeLast(min(count, bytes.count))
  }

  /// Empties the buffer, keeping its capacity.
  package mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
    needsComma = false
  }

  /// `{`
  package mutating func beginObject() {
    separate()
    bytes.append(0x7B)
    needsComma = false
  }

  /// `}`
  package mutating func endObject() {
    bytes.append(0x7D)
    needsComma = true
  }

  /// `[`
  package mutating func beginArray() {
    separate()
    bytes.append(0x5B)
    needsComma = false
  }

  /// `]`
  package mutating func endArray() {
    bytes.append(0x5D)
    needsComma = true
  }

  /// An object key and its `:`; the value follows.
  package mutating func key(_ name: String) {
    separate()
    appendQuoted(name)
    bytes.append(0x3A)
    needsComma = false
  }

  /// A string value.
  ///
  /// - Complexity: O(*n*) in the UTF-8 length; ASCII without escapes is copied as is.
  package mutating func string(_ value: String) {
    separate()
    appendQuoted(value)
    needsComma = true
  }

  /// A string value, or `null`.
  package mutating func string(_ value: String?) {
    if let value { string(value) } else { null() }
  }

  /// `null`
  package mutating func null() {
    separate()
    bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    needsComma = true
  }

  /// `true` or `false`.
  package mutating func bool(_ value: Bool) {
    separate()
    bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
    needsComma = true
  }

  /// An integer.
  package mutating func int(_ value: Int) {
    separate()
    bytes.append(contentsOf: String(value).utf8)
    needsComma = true
  }

  /// An array of strings.
  package mutating func strings(_ values: [String]) {
    beginArray()
    for value in values { string(value) }
    endArray()
  }

  /// A raw byte, for separators between top-level values (`\n` in JSON Lines).
  package mutating func raw(_ byte: UInt8) {
    bytes.append(byte)
    needsComma = false
  }

  /// Raw text, for non-JSON output written through the same buffer.
  package mutating func raw(contentsOf text: String) {
    bytes.append(contentsOf: text.utf8)
    needsComma = false
  }

  /// Raw bytes: a prepared piece of JSON (`,"market":"CA","outcome":`) or other output.
  ///
  /// - Complexity: O(*n*) in `raw.count`, one copy.
  package mutating func raw(contentsOf raw: [UInt8]) {
    bytes.append(contentsOf: raw)
    needsComma = false
  }

  /// A string value written as is after a piece written with `raw`, without a separator:
  /// `raw` pieces carry their own commas.
  ///
  /// - Complexity: O(*n*) in the UTF-8 length; ASCII without escapes is copied as is.
  package mutating func quoted(_ value: String) {
    appendQuoted(value)
    needsComma = false
  }

  /// ``quoted(_:)``, or `null`.
  package mutating func quoted(_ value: String?) {
    if let value { appendQuoted(value) } else { raw(Self.null) }
    needsComma = false
  }

  /// A member of an object written after a piece written with `raw`: `"name":"value"`, after a `,`
  /// when `comma`, both strings escaped as ``quoted(_:)-(String)`` escapes them.
  ///
  /// - Complexity: O(*n*) in the strings' UTF-8 length; when neither has anything to escape (the
  ///   usual case), one pass into room reserved once.
  package mutating func member(_ name: String, _ value: String, comma: Bool) {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      let name = name.utf8.span
      let value = value.utf8.span
      var plain = true
      bytes.append(addingCapacity: name.count + value.count + 6) { out in
        if comma { out.append(0x2C) }
        out.append(0x22)
        for index in name.indices {
          guard !Self.mayNeedEscape(name[index]) else {
            plain = false
            out.removeAll()
            return
          }
          out.append(name[index])
        }
        out.append(0x22)
        out.append(0x3A)
        out.append(0x22)
        for index in value.indices {
          guard !Self.mayNeedEscape(value[index]) else {
            plain = false
            out.removeAll()
            return
          }
          out.append(value[index])
        }
        out.append(0x22)
      }
      if plain {
        needsComma = false
        return
      }
    }
    if comma { bytes.append(0x2C) }
    appendQuoted(name)
    bytes.append(0x3A)
    appendQuoted(value)
    needsComma = false
  }

  /// `bytes` as a string value, copied as they are: the caller knows they need no escaping (they are
  /// printable ASCII other than `"` and `\\`, ``mayNeedEscape(_:)`` is false for each); like
  /// ``quoted(_:)-(String)``, without a separator.
  ///
  /// - Complexity: O(*n*) in `bytes.count`, one copy.
  package mutating func quoted(plain bytes: [UInt8]) {
    self.bytes.append(0x22)
    self.bytes.append(contentsOf: bytes)
    self.bytes.append(0x22)
    needsComma = false
  }

  /// `link`'s normal form (``DeepLink/absoluteString``) as a string value, written from the link's
  /// parts straight into the buffer, without making the string; like ``quoted(_:)-(String)``,
  /// without a separator.
  ///
  /// - Complexity: O(*n*) in the link's length; a scan of the written bytes for any to escape
  ///   (percent-encoding leaves none but in a host).
  package mutating func quoted(_ link: DeepLink) {
    let start = bytes.count
    bytes.append(0x22)
    link.appendAbsoluteString(to: &bytes)
    if Self.containsByteToEscape(bytes, from: start + 1) {
      bytes.removeSubrange(start...)
      appendQuoted(link.absoluteString)
    } else {
      bytes.append(0x22)
    }
    needsComma = false
  }

  /// Whether any of `bytes` from `start` on ``mayNeedEscape(_:)``.
  private static func containsByteToEscape(_ bytes: [UInt8], from start: Int) -> Bool {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      return !PlainBytes.arePlain(bytes.span.extracting(start...))
    }
    return bytes[start...].contains(where: mayNeedEscape)
  }

  /// Raw text known at compile time: a piece of JSON between values (`],"reason":`).
  ///
  /// - Complexity: O(*n*) in the text's length, one copy; no allocation, no reference counting.
  package mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    needsComma = false
  }

  private static let null: StaticString = "null"

  private mutating func separate() {
    if needsComma { bytes.append(0x2C) }
  }

  /// `"`, the bytes with `"`, `\\` and control characters escaped, `"`. Beyond what JSON requires,
  /// DEL, C1 controls, U+2028/U+2029, bidi controls and the other format characters are written as
  /// `\u` escapes (``SafeText/needsEscape(_:)``), so that no value can split a line for tools that
  /// split on Unicode line breaks or reorder a terminal's text.
  ///
  /// - Complexity: O(*n*); a value with nothing to escape (the usual case) is one scan and one copy.
  private mutating func appendQuoted(_ value: String) {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      // Checked eight bytes at a time, then copied over the bytes' `Span` into room reserved once;
      // a value with a byte to escape goes the scalar way below.
      let utf8 = value.utf8.span
      if PlainBytes.arePlain(utf8) {
        bytes.append(addingCapacity: utf8.count + 2) { out in
          out.append(0x22)
          for index in utf8.indices { out.append(utf8[index]) }
          out.append(0x22)
        }
        return
      }
    } else if !value.utf8.containsByte(where: Self.mayNeedEscape) {
      bytes.append(0x22)
      bytes.append(contentsOf: value.utf8)
      bytes.append(0x22)
      return
    }
    bytes.append(0x22)
    appendEscaped(value)
    bytes.append(0x22)
  }

  /// Whether a JSON string may not hold `byte` as it is: `"`, `\\`, a control (DEL among them), or
  /// a byte of a non-ASCII scalar (which ``appendEscaped(_:)`` judges whole).
  @inline(__always)
  package static func mayNeedEscape(_ byte: UInt8) -> Bool {
    byte &- 0x20 >= 0x5F || byte == 0x22 || byte == 0x5C
  }

  /// The scalars of `value`, each as it is or escaped.
  private mutating func appendEscaped(_ value: String) {
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": bytes.append(contentsOf: [0x5C, 0x22])
      case "\\": bytes.append(contentsOf: [0x5C, 0x5C])
      case "\n": bytes.append(contentsOf: [0x5C, 0x6E])
      case "\r": bytes.append(contentsOf: [0x5C, 0x72])
      case "\t": bytes.append(contentsOf: [0x5C, 0x74])
      default:
        // The controls JSON requires, DEL, and beyond ASCII every invisible character.
        if SafeText.needsEscape(scalar) {
          appendEscape(scalar)
        } else {
          UTF8.encode(scalar) { bytes.append($0) }
        }
      }
    }
  }

  /// `\uXXXX` for `scalar`, as a surrogate pair above U+FFFF.
  private mutating func appendEscape(_ scalar: Unicode.Scalar) {
    let hex: [UInt8] = Array("0123456789abcdef".utf8)
    for unit in String(scalar).utf16 {
      bytes.append(contentsOf: [0x5C, 0x75])
      for shift in stride(from: 12, through: 0, by: -4) { bytes.append(hex[Int((unit >> UInt16(shift)) & 0xF)]) }
    }
  }
}

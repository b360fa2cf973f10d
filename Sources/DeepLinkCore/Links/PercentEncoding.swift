/// Percent-encoding and decoding over UTF-8 bytes, without Foundation.
package enum PercentEncoding {
  /// Which ASCII characters stay unencoded.
  enum Component {
    /// A path segment: unreserved characters and sub-delimiters other than those that could
    /// be read as an authority (`:` and `@` are encoded).
    case pathSegment
    /// A query name or value: `&`, `=`, `+`, `#` and `%` are encoded.
    case queryComponent
    /// A fragment.
    case fragment

    @inline(__always)
    func allows(_ byte: UInt8) -> Bool {
      if isUnreserved(byte) { return true }
      switch self {
      case .pathSegment:
        // ! $ & ' ( ) * + , ; =
        return byte == 0x21 || byte == 0x24 || (byte >= 0x26 && byte <= 0x2C) || byte == 0x3B || byte == 0x3D
      case .queryComponent:
        // ! $ ' ( ) * , / : ; ? @
        return byte == 0x21 || byte == 0x24 || (byte >= 0x27 && byte <= 0x2A) || byte == 0x2C || byte == 0x2F
          || byte == 0x3A || byte == 0x3B || byte == 0x3F || byte == 0x40
      case .fragment:
        return byte == 0x21 || byte == 0x24 || (byte >= 0x26 && byte <= 0x2C) || byte == 0x2F || byte == 0x3A
          || byte == 0x3B || byte == 0x3D || byte == 0x3F || byte == 0x40
      }
    }
  }

  @inline(__always)
  static func isUnreserved(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
      || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
  }

  private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

  /// Percent-encodes every byte of `string`'s UTF-8 that `component` does not allow.
  static func encode(_ string: String, allowing component: Component) -> String {
    guard string.utf8.containsByte(where: { !component.allows($0) }) else { return string }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(string.utf8.count * 3)
    append(string, allowing: component, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `string`'s UTF-8 to `out`, percent-encoding every byte `component` does not allow.
  static func append(_ string: String, allowing component: Component, to out: inout [UInt8]) {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      let span = string.utf8.span
      for index in span.indices { append(span[index], allowing: component, to: &out) }
    } else {
      for byte in string.utf8 { append(byte, allowing: component, to: &out) }
    }
  }

  /// The UTF-8 length of `string` with every byte `component` does not allow percent-encoded.
  static func encodedLength(of string: String, allowing component: Component) -> Int {
    var length = 0
    for byte in string.utf8 { length += component.allows(byte) ? 1 : 3 }
    return length
  }

  /// ``append(_:allowing:to:)-([UInt8])``, or ``append(_:to:)-([UInt8])`` without a component.
  @inline(__always)
  static func append(_ string: String, allowing component: Component?, to out: inout [UInt8]) {
    if let component { append(string, allowing: component, to: &out) } else { append(string, to: &out) }
  }

  /// The same into an `OutputSpan`, with room already reserved.
  @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
  @inline(__always)
  static func append(_ string: String, allowing component: Component?, to out: inout OutputSpan<UInt8>) {
    if let component { append(string, allowing: component, to: &out) } else { append(string, to: &out) }
  }

  /// Appends `string`'s UTF-8 to `out` as it is.
  static func append(_ string: String, to out: inout [UInt8]) {
    out.append(contentsOf: string.utf8)
  }

  /// ``append(_:allowing:to:)`` into room already reserved: at least three bytes for each of
  /// `string`'s bytes.
  @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
  static func append(_ string: String, allowing component: Component, to out: inout OutputSpan<UInt8>) {
    let span = string.utf8.span
    for index in span.indices {
      let byte = span[index]
      if component.allows(byte) {
        out.append(byte)
      } else {
        out.append(0x25)
        out.append(hexDigits[Int(byte >> 4)])
        out.append(hexDigits[Int(byte & 0x0F)])
      }
    }
  }

  /// ``append(_:to:)`` into room already reserved: at least `string`'s UTF-8 length.
  @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
  static func append(_ string: String, to out: inout OutputSpan<UInt8>) {
    let span = string.utf8.span
    for index in span.indices { out.append(span[index]) }
  }

  @inline(__always)
  private static func append(_ byte: UInt8, allowing component: Component, to out: inout [UInt8]) {
    if component.allows(byte) {
      out.append(byte)
    } else {
      out.append(0x25)
      out.append(hexDigits[Int(byte >> 4)])
      out.append(hexDigits[Int(byte & 0x0F)])
    }
  }

  /// The value of `byte` as a hex digit, or `nil`: a look-up in the parser's one hex table
  /// (``LinkByteTables/hexDigitValues``).
  @inline(__always)
  static func hexValue(_ byte: UInt8) -> UInt8? {
    let value = LinkByteTables.hexDigitValues[Int(byte)]
    return value == 0xFF ? nil : value
  }

  /// `bytes` percent-decoded once, `+` read as a space when `plusIsSpace`; `nil` when an escape
  /// is malformed. What the escapes decode to is not checked: the caller checks what it needs.
  /// The one decoder for code outside the link parser (nested links, the redactor).
  static func decoded(_ bytes: some Collection<UInt8>, plusIsSpace: Bool) -> [UInt8]? {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var iterator = bytes.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case 0x25:
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
          return nil
        }
        result.append(high << 4 | low)
      case 0x2B where plusIsSpace: result.append(0x20)
      default: result.append(byte)
      }
    }
    return result
  }
}

/// Checks decoded bytes: well-formed UTF-8 (Unicode table 3-7) with no control characters.
enum UTF8Check {
  /// The length of the sequence the non-ASCII byte `lead` starts and the range its second byte
  /// must fall in (Unicode table 3-7; every later byte is 0x80…0xBF); `nil` when `lead` starts
  /// none.
  @inline(__always)
  static func sequence(startingWith lead: UInt8) -> (length: Int, lower: UInt8, upper: UInt8)? {
    switch lead {
    case 0xC2...0xDF: (2, 0x80, 0xBF)
    case 0xE0: (3, 0xA0, 0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
    case 0xED: (3, 0x80, 0x9F)
    case 0xF0: (4, 0x90, 0xBF)
    case 0xF1...0xF3: (4, 0x80, 0xBF)
    case 0xF4: (4, 0x80, 0x8F)
    default: nil
    }
  }

  enum Failure {
    case invalidUTF8
    case controlCharacter
  }

  /// Returns `nil` when `bytes` are well-formed UTF-8 without C0, DEL or C1 control characters.
  static func validate(_ bytes: UnsafeBufferPointer<UInt8>) -> Failure? {
    var i = 0
    let n = bytes.count
    while i < n {
      let b0 = bytes[i]
      // Printable ASCII (0x20...0x7E), the common case, in one comparison.
      if b0 &- 0x20 < 0x5F {
        i += 1
        continue
      }
      if b0 < 0x80 { return .controlCharacter }
      guard let (length, lower, upper) = sequence(startingWith: b0), i + length <= n else { return .invalidUTF8 }
      let b1 = bytes[i + 1]
      guard b1 >= lower && b1 <= upper else { return .invalidUTF8 }
      for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return .invalidUTF8 }
      // C1 controls U+0080...U+009F are C2 80...C2 9F.
      if b0 == 0xC2 && b1 <= 0x9F { return .controlCharacter }
      i += length
    }
    return nil
  }
}

extension PercentEncoding {
  /// `bytes` as a `String` in which every byte that is not part of a well-formed UTF-8 sequence
  /// is written as its percent-escape (`C0 AF` → `%C0%AF`); well-formed sequences stay as they are.
  ///
  /// The link parser refuses such an escape wherever it decodes one (invalid UTF-8), and a byte of
  /// 0x80 and above is never valid unencoded in a scheme or port, so a link read this way gets
  /// exactly the decision of its percent-encoded form: `invalid`.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  package static func escapingInvalidUTF8(_ bytes: some Collection<UInt8>) -> String {
    let input = Array(bytes)
    var output: [UInt8] = []
    output.reserveCapacity(input.count + 16)
    var i = 0
    while i < input.count {
      let length = wellFormedLength(input, at: i)
      if length > 0 {
        output.append(contentsOf: input[i..<(i + length)])
        i += length
      } else {
        output.append(0x25)
        output.append(hexDigits[Int(input[i] >> 4)])
        output.append(hexDigits[Int(input[i] & 0xF)])
        i += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The offset of the first byte of `bytes` that is not part of a well-formed UTF-8 sequence.
  static func firstInvalidUTF8Offset(_ bytes: some Collection<UInt8>) -> Int? {
    let input = Array(bytes)
    var i = 0
    while i < input.count {
      let length = wellFormedLength(input, at: i)
      guard length > 0 else { return i }
      i += length
    }
    return nil
  }

  /// The length of the well-formed UTF-8 sequence at `bytes[i]` (Unicode's table 3-7), or 0.
  private static func wellFormedLength(_ bytes: [UInt8], at i: Int) -> Int {
    let lead = bytes[i]
    func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
      i + offset < bytes.count && range.contains(bytes[i + offset])
    }
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: return continuation(1) ? 2 : 0
    case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
    case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
    case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
    case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
    case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
    case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
    default: return 0
    }
  }
}

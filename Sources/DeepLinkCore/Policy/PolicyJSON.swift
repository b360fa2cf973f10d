/// A JSON value read strictly, for documents that come from outside the app (a link policy):
/// objects keep their keys in order and a repeated key is an error, where `JSONSerialization`
/// and `JSONDecoder` would keep one of the values silently.
enum PolicyJSON: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([PolicyJSON])
  case object([(key: String, value: PolicyJSON)])

  static func == (lhs: PolicyJSON, rhs: PolicyJSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
    default: false
    }
  }

  /// Why a document is not JSON, with the byte offset.
  struct SyntaxError: Error, Sendable, Equatable {
    var message: String
    var offset: Int
  }

  /// The deepest nesting read: a policy needs three levels.
  static let maximumDepth = 16

  /// Reads `bytes` (UTF-8) as one JSON value.
  ///
  /// - Throws: ``SyntaxError`` for malformed JSON, a repeated key, invalid UTF-8, nesting past
  ///   ``maximumDepth`` or anything after the value.
  static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> PolicyJSON {
    var reader = Reader(bytes: bytes)
    let value = try reader.value(depth: 0)
    reader.skipSpace()
    guard reader.index == bytes.count else {
      throw SyntaxError(message: "text after the document", offset: reader.index)
    }
    return value
  }

  /// The value's kind, for error messages.
  var kind: String {
    switch self {
    case .null: "null"
    case .bool: "a Boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) throws(SyntaxError) -> PolicyJSON {
      guard depth <= PolicyJSON.maximumDepth else {
        throw SyntaxError(message: "nested deeper than \(PolicyJSON.maximumDepth) levels", offset: index)
      }
      skipSpace()
      guard index < bytes.count else { throw SyntaxError(message: "the document ends early", offset: index) }
      switch bytes[index] {
      case UInt8(ascii: "{"): return try object(depth: depth)
      case UInt8(ascii: "["): return try array(depth: depth)
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): return try word("true", .bool(true))
      case UInt8(ascii: "f"): return try word("false", .bool(false))
      case UInt8(ascii: "n"): return try word("null", .null)
      default: return try number()
      }
    }

    mutating func word(_ text: String, _ value: PolicyJSON) throws(SyntaxError) -> PolicyJSON {
      let utf8 = Array(text.utf8)
      guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
        throw SyntaxError(message: "unexpected character", offset: index)
      }
      index += utf8.count
      return value
    }

    mutating func object(depth: Int) throws(SyntaxError) -> PolicyJSON {
      index += 1
      var members: [(key: String, value: PolicyJSON)] = []
      var keys: Set<String> = []
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      while true {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
          throw SyntaxError(message: "expected a key in quotes", offset: index)
        }
        let keyOffset = index
        let key = try string()
        guard keys.insert(key).inserted else {
          throw SyntaxError(message: "the key `\(key)` is repeated", offset: keyOffset)
        }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
          throw SyntaxError(message: "expected `:` after the key `\(key)`", offset: index)
        }
        index += 1
        members.append((key, try value(depth: depth + 1)))
        skipSpace()
        guard index < bytes.count else { throw SyntaxError(message: "the object is not closed", offset: index) }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        guard bytes[index] == UInt8(ascii: "}") else {
          throw SyntaxError(message: "expected `,` or `}`", offset: index)
        }
        index += 1
        return .object(members)
      }
    }

    mutating func array(depth: Int) throws(SyntaxError) -> PolicyJSON {
      index += 1
      var elements: [PolicyJSON] = []
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      while true {
        elements.append(try value(depth: depth + 1))
        skipSpace()
        guard index < bytes.count else { throw SyntaxError(message: "the array is not closed", offset: index) }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        guard bytes[index] == UInt8(ascii: "]") else {
          throw SyntaxError(message: "expected `,` or `]`", offset: index)
        }
        index += 1
        return .array(elements)
      }
    }

    mutating func string() throws(SyntaxError) -> String {
      let start = index
      index += 1
      var scalars = String.UnicodeScalarView()
      var run = index
      func flush(_ end: Int) throws(SyntaxError) {
        guard run < end else { return }
        guard let text = utf8Text(bytes[run..<end]) else {
          throw SyntaxError(message: "a string is not valid UTF-8", offset: run)
        }
        scalars.append(contentsOf: text.unicodeScalars)
      }
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          try flush(index)
          index += 1
          return String(scalars)
        }
        if byte < 0x20 { throw SyntaxError(message: "a control character inside a string", offset: index) }
        if byte == UInt8(ascii: "\\") {
          try flush(index)
          index += 1
          guard index < bytes.count else { break }
          switch bytes[index] {
          case UInt8(ascii: "\""): scalars.append("\"")
          case UInt8(ascii: "\\"): scalars.append("\\")
          case UInt8(ascii: "/"): scalars.append("/")
          case UInt8(ascii: "b"): scalars.append("\u{08}")
          case UInt8(ascii: "f"): scalars.append("\u{0C}")
          case UInt8(ascii: "n"): scalars.append("\n")
          case UInt8(ascii: "r"): scalars.append("\r")
          case UInt8(ascii: "t"): scalars.append("\t")
          case UInt8(ascii: "u"):
            var value = try hex4()
            if (0xD800...0xDBFF).contains(value) {
              guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\"),
                bytes[index + 2] == UInt8(ascii: "u")
              else { throw SyntaxError(message: "a lone surrogate escape", offset: index) }
              index += 2
              let low = try hex4()
              guard (0xDC00...0xDFFF).contains(low) else {
                throw SyntaxError(message: "a lone surrogate escape", offset: index)
              }
              value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else {
              throw SyntaxError(message: "a lone surrogate escape", offset: index)
            }
            scalars.append(scalar)
          default:
            throw SyntaxError(message: "an unknown escape", offset: index)
          }
          index += 1
          run = index
          continue
        }
        index += 1
      }
      throw SyntaxError(message: "a string is not closed", offset: start)
    }

    /// The four hex digits after `\u`; leaves `index` on the last one.
    mutating func hex4() throws(SyntaxError) -> UInt32 {
      guard index + 4 < bytes.count else { throw SyntaxError(message: "a short \\u escape", offset: index) }
      var value: UInt32 = 0
      for offset in 1...4 {
        guard let digit = PercentEncoding.hexValue(bytes[index + offset]) else {
          throw SyntaxError(message: "a bad \\u escape", offset: index)
        }
        value = value << 4 | UInt32(digit)
      }
      index += 4
      return value
    }

    mutating func number() throws(SyntaxError) -> PolicyJSON {
      let start = index
      let allowed: Set<UInt8> = Set("+-0123456789.eE".utf8)
      while index < bytes.count, allowed.contains(bytes[index]) { index += 1 }
      guard index > start, let text = utf8Text(bytes[start..<index]), let value = Double(text),
        value.isFinite
      else { throw SyntaxError(message: "unexpected character", offset: start) }
      return .number(value)
    }
  }
}

/// The text of `bytes` if they are valid UTF-8.
private func utf8Text(_ bytes: ArraySlice<UInt8>) -> String? {
  String.validUTF8(Array(bytes))
}

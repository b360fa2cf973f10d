// The value lists behind the file's exclusions: the characters, escapes, invalid UTF-8 and dot
// segments a component refuses, spelt as Apple's patterns spell them.

extension AppleAppSiteAssociation {
  /// 8-4-4-4-12 `$(xdigit)`.
  static let uuidPattern = [8, 4, 4, 4, 12].map { String(repeating: "$(xdigit)", count: $0) }.joined(separator: "-")

  /// The printable ASCII characters a pattern can name one by one: all but `/` and the two
  /// wildcards `*` and `?`, which have no escape.
  static let namedCharacters: [Character] = (UInt8(0x21)...UInt8(0x7E)).map { Character(Unicode.Scalar($0)) }
    .filter { $0 != "/" && $0 != "*" && $0 != "?" }

  /// What a capture's `?*` holds when it spans an extra segment: a character other than `/`
  /// right before a slash that has text after it (`a/b`). Slashes that only repeat the one
  /// before the capture (`//42`) or follow it (`42/`) are not extra segments.
  static let extraSegments: [String] = namedCharacters.map { "*\($0)/?*" }

  /// What an int capture's `?*` may hold that is not 1 to 18 ASCII digits: any other printable
  /// ASCII character (`%` covers every escape, so every non-ASCII character too), an extra
  /// segment, or 19 characters.
  static let intRejects: [String] =
    namedCharacters.filter { !$0.isNumber }.map { "*\($0)*" } + extraSegments
    + [String(repeating: "?", count: 19) + "*"]

  /// What a final int capture's `*` may hold that is not 1 to 18 ASCII digits with slashes before
  /// or after them: any other printable ASCII character, 19 characters, or a slash between digits
  /// (an extra segment).
  static let lastIntRejects: [String] = {
    let digits = (0...9).map(String.init)
    return namedCharacters.filter { !$0.isNumber }.map { "*\($0)*" } + [String(repeating: "?", count: 19) + "*"]
      + digits.flatMap { before in digits.map { after in "*\(before)*/*\(after)*" } }
  }()

  /// How a final capture ends: a character that is not a slash, then none to three slashes (the
  /// router ignores a trailing slash run; a capture ending in `*` or with more slashes is not claimed).
  static let captureEnds: [String] = namedCharacters.flatMap { character in
    ["", "/", "//", "///"].map { "\(character)\($0)" }
  }

  /// Every character the router refuses in any value (`CapturedValueCheck`), percent-encoded:
  /// controls (C0, DEL, C1), format characters (bidi controls, zero-width characters, the
  /// byte-order mark, tags…) and the line and paragraph separators, read from the Unicode
  /// properties so the list cannot drift from the router's.
  static let controlEscapes: [String] = {
    var values = (0..<0x20).map { "%" + String($0, radix: 16, uppercase: true).leftPadded(to: 2) } + ["%7F"]
    var scalars: [UInt32] = []
    for value in UInt32(0x80)...UInt32(0xE01EF) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator: scalars.append(value)
      default: break
      }
    }
    return values + escaped(scalars)
  }()

  /// The slash and backslash look-alikes the router refuses in an identifier-like capture.
  static let slashEscapes = escaped([
    0x2044, 0x2215, 0x2571, 0x29F8, 0xFF0F, 0x2216, 0x2572, 0x29F5, 0x29F9, 0xFE68, 0xFF3C,
  ])

  /// Percent-escapes that can never start valid UTF-8: `%C0`, `%C1`, `%F5`–`%FF`, surrogates
  /// (`%ED%A0`–`%ED%BF`), overlong three- and four-byte forms and code points past U+10FFFF. A
  /// lead byte cut short (`%C3A`) or a stray continuation byte cannot be told apart by a pattern:
  /// iOS claims such a link and the app shows its not-found (`Docs/AssociationFiles.md`).
  static let invalidUTF8: [String] = {
    func hex(_ byte: Int) -> String { "%" + String(byte, radix: 16, uppercase: true) }
    var values = [0xC0, 0xC1].map(hex) + (0xF5...0xFF).map(hex)
    values += (0xA0...0xBF).map { "%ED" + hex($0) }
    values += (0x80...0x9F).map { "%E0" + hex($0) }
    values += (0x80...0x8F).map { "%F0" + hex($0) }
    values += (0x90...0xBF).map { "%F4" + hex($0) }
    return values
  }()

  /// `scalars` as percent-encoded UTF-8, upper-case hex.
  static func escaped(_ scalars: [UInt32]) -> [String] {
    scalars.compactMap(Unicode.Scalar.init).map { scalar in
      String(scalar).utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
    }
  }

  /// `/.` and `/..` segments, escaped or full-width (NFKC makes them dots).
  static let dotSegments: [String] = {
    let dots = [".", "%2E", "%EF%BC%8E", "%EF%B9%92", "%E3%80%82", "%EF%BD%A1"]
    var values = dots.map { "/" + $0 } + ["/%E2%80%A4", "/%E2%80%A5"]
    for first in dots { for second in dots { values.append("/" + first + second) } }
    return values
  }()

  /// Two dots in a row, escaped or as characters NFKC makes dots (`‥`, `…`): an identifier-like
  /// capture refuses them anywhere (`CapturedValueCheck`), and no literal holds them.
  static let dotPairs: [String] = {
    let dots = [".", "%2E", "%EF%BC%8E", "%EF%B9%92", "%E3%80%82", "%E2%80%A4", "%EF%BD%A1"]
    var values = ["%E2%80%A5", "%E2%80%A6"]
    for first in dots { for second in dots { values.append(first + second) } }
    return values
  }()

  /// The invisible characters an identifier-like capture refuses that a pattern can name one by
  /// one (percent-encoded): spaces other than U+0020, the Hangul fillers, U+034F, the soft hyphen,
  /// the variation selectors U+FE00–U+FE0F, the noncharacters of the first plane. Private-use and
  /// unassigned code points, and the supplementary variation selectors and noncharacters, are too
  /// many to list: iOS claims them and the app shows its not-found for such a link
  /// (`Docs/AssociationFiles.md`).
  static let invisibleEscapes: [String] = {
    var scalars: [UInt32] = [0xA0, 0xAD, 0x34F, 0x115F, 0x1160, 0x1680, 0x202F, 0x205F, 0x3000, 0x3164, 0xFFA0]
    scalars += Array(0x2000...0x200A) + Array(0xFE00...0xFE0F) + Array(0xFDD0...0xFDEF) + [0xFFFE, 0xFFFF]
    return scalars.compactMap(Unicode.Scalar.init).map { scalar in
      String(scalar).utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
    }
  }()

  /// `values` with their hex digits upper-case and lower-case (a link may use either).
  static func bothCases(_ values: [String]) -> [String] {
    var result: [String] = []
    for value in values {
      result.append(value)
      let lower = value.lowercased()
      if lower != value { result.append(lower) }
    }
    return result
  }
}

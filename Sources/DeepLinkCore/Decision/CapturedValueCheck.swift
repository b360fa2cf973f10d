import Foundation

/// The rule every captured parameter value passes before a link is routed (`DESIGN.md`, "Link
/// semantics"): a value that, after NFKC normalisation, contains `/` or `\`, is `.` or holds two
/// dots in a row (`..`, `...`, `a..b`, `…`), or contains a control, bidi-control or zero-width
/// (format) character makes the link `invalid`; so does, as written, an invisible character (a
/// space other than U+0020, a default-ignorable code point such as U+3164 or a variation
/// selector, a noncharacter, a private-use or unassigned code point, a letter or symbol that
/// renders blank such as U+2800 BRAILLE PATTERN BLANK) — `Docs/Security.md`, "Captured values".
///
/// A capture declared as free text (search's query) is exempt from all but the control, format
/// and separator part.
/// Look-alikes that NFKC leaves alone but that read as a slash (`⁄` U+2044, `∕` U+2215) or a
/// backslash (`∖` U+2216) count as one, and so do the ideographic full stops as a dot.
enum CapturedValueCheck {
  /// Whether `value` may be handed to a handler.
  ///
  /// - Complexity: O(*n*) in the value's UTF-8 length; the NFKC work is done only for a value
  ///   with a non-ASCII byte.
  static func isSafe(_ value: String, freeText: Bool) -> Bool {
    let ascii =
      value.utf8.withContiguousStorageIfAvailable { asciiVerdict($0, freeText: freeText) }
      ?? asciiVerdict(Array(value.utf8), freeText: freeText)
    if let ascii { return ascii }
    return unicodeVerdict(value, freeText: freeText)
  }

  /// The verdict for an ASCII value, or `nil` when a byte is non-ASCII.
  @inline(__always)
  private static func asciiVerdict(_ bytes: some Collection<UInt8>, freeText: Bool) -> Bool? {
    var afterDot = false
    var others = 0
    for byte in bytes {
      if byte >= 0x80 { return nil }
      if byte < 0x20 || byte == 0x7F { return false }
      if freeText { continue }
      if byte == 0x2F || byte == 0x5C { return false }
      if byte == 0x2E {
        // Two dots in a row (`..`, `...`, `a..b`) are refused wherever they stand.
        if afterDot { return false }
        afterDot = true
      } else {
        afterDot = false
        others += 1
      }
    }
    // Only dots: `.` (two or more were refused above).
    return freeText || others > 0 || bytes.isEmpty
  }

  /// The verdict for a value with a non-ASCII scalar: its scalars and those of its NFKC form.
  private static func unicodeVerdict(_ value: String, freeText: Bool) -> Bool {
    guard scalarsAreSafe(value.unicodeScalars, freeText: freeText, original: true) else { return false }
    let normalized = value.precomposedStringWithCompatibilityMapping
    guard scalarsAreSafe(normalized.unicodeScalars, freeText: freeText, original: false) else { return false }
    if freeText { return true }
    var afterDot = false
    var others = 0
    for scalar in normalized.unicodeScalars {
      if isDotLike(scalar) {
        if afterDot { return false }
        afterDot = true
      } else {
        afterDot = false
        others += 1
      }
    }
    return others > 0
  }

  /// Whether every scalar may stand in a value: never a control, format character or separator;
  /// in a value that is not free text, no slash or backslash look-alike either, and (as written,
  /// before NFKC turns a no-break space into a space) no invisible character: a space other than
  /// U+0020, a default-ignorable code point (Hangul fillers U+115F, U+1160, U+3164, U+FFA0,
  /// variation selectors, U+034F, the soft hyphen), a noncharacter (U+FDD0…U+FDEF, U+xFFFE,
  /// U+xFFFF), a private-use or an unassigned code point.
  private static func scalarsAreSafe(_ scalars: String.UnicodeScalarView, freeText: Bool, original: Bool) -> Bool {
    for scalar in scalars {
      let properties = scalar.properties
      switch properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator: return false
      case .privateUse, .unassigned, .surrogate, .spaceSeparator:
        if !freeText && original && scalar.value != 0x20 { return false }
      default: break
      }
      if freeText { continue }
      if isSlashLike(scalar) || isBackslashLike(scalar) { return false }
      if original && (properties.isDefaultIgnorableCodePoint || properties.isNoncharacterCodePoint) { return false }
      if original && rendersBlank(scalar) { return false }
    }
    return true
  }

  /// Whether `scalar` is a letter, mark or symbol that renders as nothing: one whose name in the
  /// Unicode Character Database (as the toolchain carries it) ends in `BLANK` or `FILLER`.
  /// Spaces and default-ignorable code points are refused on their own properties; this adds
  /// U+2800 BRAILLE PATTERN BLANK, U+13441 and U+13442 (Egyptian hieroglyph full and half blank)
  /// and U+16FE4 KHITAN SMALL SCRIPT FILLER (the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0
  /// are default-ignorable as well); `Docs/Security.md`, "Captured values". Punctuation
  /// "gap fillers" (U+A8F9 and the like) are drawn, and `BLANK SYMBOL` (U+2422, ␢) is not named so.
  static func rendersBlank(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .otherLetter, .nonspacingMark, .otherSymbol:
      guard let name = scalar.properties.name else { return false }
      return name.hasSuffix(" BLANK") || name.hasSuffix(" FILLER")
    default:
      return false
    }
  }

  /// `/` and the solidus look-alikes NFKC does not map to it.
  private static func isSlashLike(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2F, 0x2044, 0x2215, 0x2571, 0x29F8, 0xFF0F: true
    default: false
    }
  }

  /// `\` and the reverse-solidus look-alikes NFKC does not map to it.
  private static func isBackslashLike(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x5C, 0x2216, 0x2572, 0x29F5, 0x29F9, 0xFE68, 0xFF3C: true
    default: false
    }
  }

  /// `.` and the full stops a host reader or a browser reads as one.
  private static func isDotLike(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2E, 0x3002, 0xFF0E, 0xFF61: true
    default: false
    }
  }
}

import Foundation

/// The rule every captured parameter value passes before a link is routed (`DESIGN.md`, "Link
/// semantics"): a value that, after NFKC normalisation, contains `/` or `\`, is `.` or `..`, or
/// contains a control, bidi-control or zero-width (format) character makes the link `invalid`.
///
/// A capture declared as free text (search's query) is exempt from the slash and dot part only.
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
    var dots = 0
    var others = 0
    for byte in bytes {
      if byte >= 0x80 { return nil }
      if byte < 0x20 || byte == 0x7F { return false }
      if freeText { continue }
      if byte == 0x2F || byte == 0x5C { return false }
      if byte == 0x2E { dots += 1 } else { others += 1 }
    }
    return freeText || others > 0 || dots > 2 || dots == 0
  }

  /// The verdict for a value with a non-ASCII scalar: its scalars and those of its NFKC form.
  private static func unicodeVerdict(_ value: String, freeText: Bool) -> Bool {
    guard scalarsAreSafe(value.unicodeScalars, freeText: freeText) else { return false }
    let normalized = value.precomposedStringWithCompatibilityMapping
    guard scalarsAreSafe(normalized.unicodeScalars, freeText: freeText) else { return false }
    if freeText { return true }
    var dots = 0
    for scalar in normalized.unicodeScalars {
      guard isDotLike(scalar) else { return true }
      dots += 1
    }
    return dots == 0 || dots > 2
  }

  private static func scalarsAreSafe(_ scalars: String.UnicodeScalarView, freeText: Bool) -> Bool {
    for scalar in scalars {
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator: return false
      default: break
      }
      if !freeText && (isSlashLike(scalar) || isBackslashLike(scalar)) { return false }
    }
    return true
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

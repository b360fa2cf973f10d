import Foundation

/// The check a browser makes of a host's `xn--` labels (the WHATWG URL standard's "domain to
/// ASCII", through UTS #46): each must decode as Punycode (RFC 3492) to a label UTS #46 accepts
/// (see ``isValidLabel(_:)``). A host that fails it (`shop.example.ca.xn--`, `xn--abc-`) is one the
/// browser rejects, so the link is `invalid` rather than `external`.
///
/// The host is already in normal form: lower-case ASCII letters, digits, `-` and `.`.
enum PunycodeLabels {
  /// Throws ``DeepLinkError/invalidHost(_:)`` for a host with an `xn--` label that does not decode.
  ///
  /// - Complexity: O(*n*) in the host's length to find `xn--` labels; decoding only for them.
  static func check(_ host: String) throws(DeepLinkError) {
    // Most hosts have no `-` at all, and so no `xn--` label.
    guard host.utf8.containsByte(0x2D) else { return }
    let bytes = Array(host.utf8)
    var labelStart = 0
    for j in 0...bytes.count where j == bytes.count || bytes[j] == 0x2E {
      if j - labelStart >= 4 && bytes[labelStart] == 0x78 && bytes[labelStart + 1] == 0x6E
        && bytes[labelStart + 2] == 0x2D && bytes[labelStart + 3] == 0x2D
      {
        guard let decoded = decode(bytes[(labelStart + 4)..<j]), isValidLabel(decoded) else {
          throw .invalidHost(host)
        }
      }
      labelStart = j + 1
    }
  }

  /// Whether a decoded label could come out of UTS #46's processing: not empty, not all ASCII,
  /// not starting with a combining mark, without controls, format or private-use characters,
  /// unassigned code points or spaces, and unchanged by NFKC and lower-casing — the mapping UTS #46
  /// derives its table from, so a label holding a character the table maps (`xn--pokxncvks`,
  /// circled numbers and squared letters; upper-case letters; anything not in NFC) is refused, as
  /// the WHATWG parser refuses an `xn--` label whose characters are not all *valid*. (The table's
  /// few exceptions to NFKC_Casefold are not modelled: lower-casing keeps `ß` and `ς`, which the
  /// standard keeps too.)
  private static func isValidLabel(_ label: [Unicode.Scalar]) -> Bool {
    guard let first = label.first, label.contains(where: { $0.value >= 0x80 }) else { return false }
    switch first.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return false
    default: break
    }
    for scalar in label {
      switch scalar.properties.generalCategory {
      case .control, .format, .privateUse, .surrogate, .unassigned, .spaceSeparator, .lineSeparator,
        .paragraphSeparator:
        return false
      default: break
      }
      if scalar.value < 0x80
        && !(scalar.value == 0x2D || (0x30...0x39).contains(scalar.value) || (0x61...0x7A).contains(scalar.value))
      {
        return false
      }
    }
    let text = String(String.UnicodeScalarView(label))
    return Array(text.precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars) == label
  }

  /// RFC 3492's decoding of `input` (the label after `xn--`), or `nil` when it is not Punycode.
  static func decode(_ input: ArraySlice<UInt8>) -> [Unicode.Scalar]? {
    let base = 36
    let tMin = 1
    let tMax = 26
    var output: [Unicode.Scalar] = []
    var rest = input[...]
    if let delimiter = input.lastIndex(of: 0x2D) {
      for byte in input[..<delimiter] {
        guard byte < 0x80 else { return nil }
        output.append(Unicode.Scalar(byte))
      }
      rest = input[(delimiter + 1)...]
      // A delimiter with nothing after it and nothing before it encodes nothing.
      if rest.isEmpty && output.isEmpty { return nil }
    }
    var n = 128
    var i = 0
    var bias = 72
    var position = rest.startIndex
    while position < rest.endIndex {
      let oldI = i
      var w = 1
      var k = base
      while true {
        guard position < rest.endIndex else { return nil }
        let byte = rest[position]
        position += 1
        let digit: Int
        switch byte {
        case 0x61...0x7A: digit = Int(byte - 0x61)
        case 0x30...0x39: digit = Int(byte - 0x30) + 26
        default: return nil
        }
        let (product, overflow) = digit.multipliedReportingOverflow(by: w)
        guard !overflow, i <= Int(Int32.max) - product else { return nil }
        i += product
        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
        if digit < t { break }
        guard w <= Int(Int32.max) / (base - t) else { return nil }
        w *= base - t
        k += base
      }
      bias = adapt(i - oldI, output.count + 1, oldI == 0)
      n += i / (output.count + 1)
      i %= output.count + 1
      guard n <= 0x10FFFF, let scalar = Unicode.Scalar(UInt32(n)) else { return nil }
      output.insert(scalar, at: i)
      i += 1
    }
    return output
  }

  private static func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
    var delta = first ? delta / 700 : delta / 2
    delta += delta / count
    var k = 0
    while delta > ((36 - 1) * 26) / 2 {
      delta /= 36 - 1
      k += 36
    }
    return k + (36 * delta) / (delta + 38)
  }
}

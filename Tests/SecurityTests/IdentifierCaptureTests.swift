import DeepLinkComposition
import DeepLinkCore
import Foundation
import Testing

/// What an identifier-like capture refuses (`Docs/Security.md`, "Captured values"; issue 28):
/// values that are links once NFKC-normalised, invisible characters that are not format
/// characters, and two dots in a row; free text (search's query) stays free.
@Suite struct IdentifierCaptureTests {
  /// Values, as written in a path segment, that an identifier-like capture refuses.
  static let refused: [String] = [
    "javascript%EF%BC%9Aalert(1)",  // full-width colon: NFKC makes it a link
    "%EF%BD%88ttps:evil.test",  // full-width h
    "a%E3%85%A4b", "%E1%85%9F", "%E1%85%A0x", "a%EF%BE%A0",  // Hangul fillers U+3164, U+115F, U+1160, U+FFA0
    "a%EF%B8%8Fb", "a%F3%A0%84%80b",  // variation selectors U+FE0F, U+E0100
    "a%CD%8Fb",  // combining grapheme joiner U+034F
    "a%C2%ADb",  // soft hyphen
    "a%C2%A0b", "a%E2%80%89b", "a%E3%80%80b", "%C2%A0",  // no-break, thin and ideographic spaces
    "a%EF%BF%BE", "a%EF%B7%90", "a%F0%9F%BF%BF",  // noncharacters U+FFFE, U+FDD0, U+1FFFF
    "a%EE%80%80", "a%F3%B0%80%80",  // private use U+E000, U+F0000
    "a%E2%A0%80b", "%E2%A0%80", "a%F0%96%BF%A4b",  // blank: U+2800 BRAILLE PATTERN BLANK, U+16FE4 KHITAN SMALL SCRIPT FILLER
    "...", "....", "a..b", "a...", "..a", "%E2%80%A6", "a%E2%80%A5b", "a%EF%BC%8E%EF%BC%8Eb", "a.%E3%80%82b",
  ]

  /// Values an identifier-like capture keeps.
  static let kept: [String] = ["a.b", "v1.2.3", ".well", "caf%C3%A9", "a%20b", "ABC1234567", "a-b_c~d", "%E6%9D%B1"]

  /// Links with an identifier-like capture `{v}` in each composition.
  static let templates: [(market: String?, link: String, route: String, name: String)] = [
    (nil, "shop://transaction/{v}", "/transaction/{transaction_id}", "transaction_id"),
    (nil, "https://shop.example.com/ip/{v}/123", "/product/{id:int}", "slug"),
    ("CA", "https://shop.example.ca/en/ip/{v}/123", "/product/{id:int}", "slug"),
    ("CA", "shopca://ca/transaction/{v}", "/transaction/{transaction_id}", "transaction_id"),
    ("MX", "https://shop.example.com.mx/producto/{v}/123", "/product/{id:int}", "slug"),
    ("MX", "shopmx://mx/transaction/{v}", "/transaction/{transaction_id}", "transaction_id"),
  ]

  @Test("an identifier-like capture refuses the value", arguments: templates.indices, refused)
  func refuses(template: Int, value: String) throws {
    let (market, pattern, _, _) = Self.templates[template]
    let link = pattern.replacingOccurrences(of: "{v}", with: value)
    UnsafeValueDecision.expectRefused(link, by: try DeepLinkAssembly.configuration(market: market))
  }

  @Test("an identifier-like capture keeps the value", arguments: templates.indices, kept)
  func keeps(template: Int, value: String) throws {
    let (market, pattern, route, name) = Self.templates[template]
    let link = pattern.replacingOccurrences(of: "{v}", with: value)
    let decision = try DeepLinkAssembly.configuration(market: market).decide(link)
    #expect(decision.outcome == .routed, "\(link): \(decision.outcome) \(decision.reason?.rawValue ?? "")")
    #expect(decision.route?.description == route)
    #expect(decision.parameters[name] == value.removingPercentEncoding)
  }

  @Test(
    "free text keeps invisible characters, dots and look-alikes",
    arguments: [nil, "CA", "MX"],
    ["a%C2%A0b", "...", "a..b", "%E2%80%A6", "a%E3%85%A4b", "a%EE%80%80", "javascript%EF%BC%9Aalert(1)"])
  func freeText(market: String?, value: String) throws {
    let link: String =
      switch market {
      case "CA": "https://shop.example.ca/en/search?q=\(value)"
      case "MX": "https://shop.example.com.mx/buscar?q=\(value)"
      default: "shop://search?q=\(value)"
      }
    let decision = try DeepLinkAssembly.configuration(market: market).decide(link)
    #expect(decision.outcome == .routed, "\(link): \(decision.outcome) \(decision.reason?.rawValue ?? "")")
    #expect(decision.route?.description == "/search?q={query}")
    #expect(decision.parameters["query"] == value.removingPercentEncoding)
  }
}

/// The blank-rendering characters an identifier capture refuses, derived from the Unicode data the
/// toolchain carries (`Docs/Security.md`, "Captured values").
@Suite struct BlankCharacterTests {
  /// Every scalar of category Lo, Mn or So whose name ends in `BLANK` or `FILLER`, in planes 0
  /// and 1 (planes 2 and 3 hold CJK ideographs, named by their code points; 14 tags, which are
  /// format characters; 15 and 16 private use).
  static let derived: [Unicode.Scalar] = (0...0x1FFFF).compactMap { value in
    guard let scalar = Unicode.Scalar(value) else { return nil }
    switch scalar.properties.generalCategory {
    case .otherLetter, .nonspacingMark, .otherSymbol: break
    default: return nil
    }
    guard let name = scalar.properties.name, name.hasSuffix(" BLANK") || name.hasSuffix(" FILLER") else { return nil }
    return scalar
  }

  @Test("the set is the one Docs/Security.md lists; a new Unicode version that changes it fails here")
  func documentedSet() {
    #expect(Self.derived.map(\.value) == [0x115F, 0x1160, 0x2800, 0x3164, 0xFFA0, 0x13441, 0x13442, 0x16FE4])
  }

  @Test("each blank-rendering character makes an identifier capture refused, and free text keeps it")
  func refused() throws {
    let configuration = try DeepLinkAssembly.configuration(market: "CA")
    for scalar in Self.derived {
      let encoded = String(scalar).addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
      UnsafeValueDecision.expectRefused("shopca://ca/transaction/a\(encoded)b", by: configuration)
      let search = configuration.decide("shop://search?q=a\(encoded)b")
      #expect(search.outcome == .routed, "U+\(String(scalar.value, radix: 16)) in free text")
    }
    // Drawn characters whose names mention a blank or a filler stay.
    for kept in ["%E2%90%A2", "%EA%A3%B9"] {  // U+2422 BLANK SYMBOL, U+A8F9 DEVANAGARI GAP FILLER
      #expect(configuration.decide("shopca://ca/transaction/a\(kept)b").outcome == .routed, "\(kept)")
    }
  }
}

import DeepLinkCore
import DeepLinkTools
import Testing

@Suite struct JSONWriterTests {
  /// JSON's escaping and DEL's, one character at a time: the reference the writer's word-at-a-time scan must match.
  static func reference(_ string: String) -> String {
    var out: [UInt8] = [0x22]
    for byte in string.utf8 {
      switch byte {
      case 0x22: out += Array(#"\""#.utf8)
      case 0x5C: out += Array(#"\\"#.utf8)
      case 0x0A: out += Array(#"\n"#.utf8)
      case 0x0D: out += Array(#"\r"#.utf8)
      case 0x09: out += Array(#"\t"#.utf8)
      // DEL too: the tool's outputs escape every control (Docs/CLI.md, "Output safety").
      case ..<0x20, 0x7F: out += Array((#"\u00"# + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)).utf8)
      default: out.append(byte)
      }
    }
    return String(decoding: out + [0x22], as: UTF8.self)
  }

  @Test("strings are escaped wherever the special character falls in the text")
  func escapingAtEveryOffset() {
    let specials = ["\"", "\\", "\n", "\r", "\t", "\u{01}", "\u{1F}", "\u{7F}", "é", "漢", " ", "!", "#", "]", "~"]
    for special in specials {
      for prefix in 0..<20 {
        for suffix in [0, 1, 7, 8, 9] {
          let text = String(repeating: "a", count: prefix) + special + String(repeating: "b", count: suffix) + special
          var json = JSONWriter()
          json.string(text)
          #expect(String(decoding: json.bytes, as: UTF8.self) == Self.reference(text), "\(text.debugDescription)")
        }
      }
    }
  }

  @Test("raw pieces and quoted values write no separators of their own")
  func rawAndQuoted() {
    var json = JSONWriter()
    json.raw(contentsOf: Array(#"{"a":"#.utf8))
    json.quoted("x\"y")
    json.raw(contentsOf: Array(#","b":"#.utf8))
    json.quoted(nil as String?)
    json.raw(0x7D)
    #expect(String(decoding: json.bytes, as: UTF8.self) == #"{"a":"x\"y","b":null}"#)
  }

  @Test(
    "a member is its name and value quoted, with a colon and, when asked, a comma before it",
    arguments: [("locale", "en"), ("q", "a\"b"), ("na\u{202E}me", "x\ny"), ("", ""), ("é", "漢字")])
  func member(name: String, value: String) {
    for comma in [false, true] {
      var member = JSONWriter()
      member.raw(0x7B)
      member.member(name, value, comma: comma)
      var pieces = JSONWriter()
      pieces.raw(0x7B)
      if comma { pieces.raw(0x2C) }
      pieces.quoted(name)
      pieces.raw(0x3A)
      pieces.quoted(value)
      #expect(member.bytes == pieces.bytes, "\(name.debugDescription) \(value.debugDescription)")
    }
  }

  @Test(
    "a link written from its parts is its normal form, quoted, escapes included",
    arguments: [
      DeepLink(scheme: "shop", pathSegments: ["product", "1 2", "a\"b"], queryItems: [.init(name: "q", value: "x&y")]),
      DeepLink(scheme: "https", host: "shop.example.ca", port: 8443, pathSegments: [], fragment: "top"),
      DeepLink(scheme: "https", host: "caf\u{E9}.example", pathSegments: ["a"]),
      DeepLink(scheme: "https", host: "a\u{202E}b\"\\c", pathSegments: []),
    ])
  func quotedLink(link: DeepLink) {
    var fromParts = JSONWriter()
    fromParts.raw(0x5B)
    fromParts.quoted(link)
    var fromString = JSONWriter()
    fromString.raw(0x5B)
    fromString.quoted(link.absoluteString)
    #expect(fromParts.bytes == fromString.bytes, "\(link.absoluteString.debugDescription)")
  }

  @Test("objects and arrays put commas between values")
  func structure() {
    var json = JSONWriter()
    json.beginObject()
    json.key("list")
    json.strings(["a", "b"])
    json.key("none")
    json.null()
    json.endObject()
    #expect(String(decoding: json.bytes, as: UTF8.self) == #"{"list":["a","b"],"none":null}"#)
  }
}

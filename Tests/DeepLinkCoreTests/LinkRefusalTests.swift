import DeepLinkCore
import Testing

/// A link that must be refused with exactly this error.
struct RefusedLinkRow: Sendable, CustomTestStringConvertible {
  let link: String
  let error: DeepLinkError

  init(_ link: String, _ error: DeepLinkError) {
    self.link = link
    self.error = error
  }

  var testDescription: String { link.count > 80 ? String(link.prefix(77)) + "…" : link }
}

/// A link that must be refused for this reason (when the error's payload is an offset or a
/// count that the row does not care about).
struct RefusedReasonRow: Sendable, CustomTestStringConvertible {
  let link: String
  let reason: String

  init(_ link: String, _ reason: String) {
    self.link = link
    self.reason = reason
  }

  var testDescription: String { link.count > 80 ? String(link.prefix(77)) + "…" : link }
}

/// A host of 254 bytes: 63 + 1 + 63 + 1 + 63 + 1 + 62.
let host254 =
  [String](repeating: String(repeating: "a", count: 63), count: 3).joined(separator: ".") + "."
  + String(repeating: "b", count: 62)

/// Reads `link`, returning the error it was refused with, or `nil` when it was accepted.
func refusal(of link: String) -> DeepLinkError? {
  do {
    _ = try DeepLink(link)
    return nil
  } catch {
    return error
  }
}

/// The links the parser refuses, each with the error it must report.
@Suite struct LinkRefusalTests {
  // MARK: Refusals with an exact error

  @Test(
    "links are refused with exactly this error",
    arguments: [
      RefusedLinkRow("", .empty),
      // missing scheme, scheme-relative, malformed scheme
      RefusedLinkRow("//shop.example.com/x", .missingScheme),
      RefusedLinkRow("/product/123", .missingScheme),
      RefusedLinkRow("product/123", .missingScheme),
      RefusedLinkRow("shop.example.com/cart", .missingScheme),
      RefusedLinkRow(":product/1", .missingScheme),
      RefusedLinkRow("?q=1", .missingScheme),
      RefusedLinkRow("1shop://x", .invalidScheme("1shop")),
      RefusedLinkRow("sh_op://x", .invalidScheme("sh_op")),
      RefusedLinkRow("-shop://x", .invalidScheme("-shop")),
      RefusedLinkRow("shöp://x", .invalidScheme("shöp")),
      // web links need `//host`
      RefusedLinkRow("http:host/x", .missingHost),
      RefusedLinkRow("https:shop.example.com/cart", .missingHost),
      RefusedLinkRow("https:/shop.example.com/cart", .missingHost),
      RefusedLinkRow("http:///host", .missingHost),
      RefusedLinkRow("https://", .missingHost),
      RefusedLinkRow("https://?q=1", .missingHost),
      RefusedLinkRow("https://:443/", .missingHost),
      // userinfo
      RefusedLinkRow("https://user@shop.example.com/", .userInfo),
      RefusedLinkRow("https://user:pass@shop.example.com/", .userInfo),
      RefusedLinkRow("https://shop.example.com@evil.example/", .userInfo),
      RefusedLinkRow("https://@shop.example.com/", .userInfo),
      RefusedLinkRow("shop://user@product/1", .userInfo),
      // ports
      RefusedLinkRow("https://shop.example.com:/x", .invalidPort("")),
      RefusedLinkRow("https://shop.example.com:http/x", .invalidPort("http")),
      RefusedLinkRow("https://shop.example.com:-1/x", .invalidPort("-1")),
      RefusedLinkRow("https://shop.example.com:+443/x", .invalidPort("+443")),
      RefusedLinkRow("https://shop.example.com:65536/x", .invalidPort("65536")),
      RefusedLinkRow("https://shop.example.com:99999999999999999999/", .invalidPort("99999999999999999999")),
      RefusedLinkRow("https://shop.example.com:44%33/", .invalidPort("44%33")),
      RefusedLinkRow("https://shop.example.com:443:443/", .invalidPort("443:443")),
      RefusedLinkRow("shop://product:123/x", .invalidPort("product:123")),
      // IP hosts in every notation
      RefusedLinkRow("https://127.0.0.1/", .ipAddressHost("127.0.0.1")),
      RefusedLinkRow("https://127.0.0.1./", .ipAddressHost("127.0.0.1.")),
      RefusedLinkRow("https://3232235521/", .ipAddressHost("3232235521")),
      RefusedLinkRow("https://0xC0A80001/", .ipAddressHost("0xC0A80001")),
      RefusedLinkRow("https://0xc0a80001/", .ipAddressHost("0xc0a80001")),
      RefusedLinkRow("https://0300.0250.0.1/", .ipAddressHost("0300.0250.0.1")),
      RefusedLinkRow("https://0xC0.0xA8.0.1/", .ipAddressHost("0xC0.0xA8.0.1")),
      RefusedLinkRow("https://127.1/", .ipAddressHost("127.1")),
      RefusedLinkRow("https://0/", .ipAddressHost("0")),
      RefusedLinkRow("https://%31%32%37.0.0.1/", .ipAddressHost("%31%32%37.0.0.1")),
      RefusedLinkRow("https://127\u{3002}0\u{3002}0\u{3002}1/", .ipAddressHost("127\u{3002}0\u{3002}0\u{3002}1")),
      RefusedLinkRow("https://127.0.0.1:8080/", .ipAddressHost("127.0.0.1")),
      RefusedLinkRow("https://[::1]/", .ipAddressHost("[::1]")),
      RefusedLinkRow("https://[::1]:443/", .ipAddressHost("[::1]:443")),
      RefusedLinkRow("https://[::ffff:127.0.0.1]/", .ipAddressHost("[::ffff:127.0.0.1]")),
      RefusedLinkRow("http://[2001:db8::1]/x", .ipAddressHost("[2001:db8::1]")),
      // non-ASCII and otherwise invalid hosts
      RefusedLinkRow("https://bücher.example/", .invalidHost("bücher.example")),
      RefusedLinkRow("https://b%C3%BCcher.example/", .invalidHost("b%C3%BCcher.example")),
      RefusedLinkRow("https://xn--bcher-kva.example\u{2024}com/", .invalidHost("xn--bcher-kva.example\u{2024}com")),
      RefusedLinkRow("https://shop.example.com\u{FE52}/", .invalidHost("shop.example.com\u{FE52}")),
      RefusedLinkRow("https://shop_example.com/", .invalidHost("shop_example.com")),
      RefusedLinkRow("https://shop%2Fexample.com/", .invalidHost("shop%2Fexample.com")),
      RefusedLinkRow("https://shop%20example.com/", .invalidHost("shop%20example.com")),
      RefusedLinkRow("https://shop!.example.com/", .invalidHost("shop!.example.com")),
      RefusedLinkRow("https://shop.example.com%40evil.example/", .invalidHost("shop.example.com%40evil.example")),
      RefusedLinkRow("https://shop.example.com%3A443/", .invalidHost("shop.example.com%3A443")),
      RefusedLinkRow("https://%5Bfe80%3A%3A1%5D/", .invalidHost("%5Bfe80%3A%3A1%5D")),
      // empty host labels
      RefusedLinkRow("https://shop..example.com/", .emptyHostLabel("shop..example.com")),
      RefusedLinkRow("https://.shop.example.com/", .emptyHostLabel(".shop.example.com")),
      RefusedLinkRow("https://shop.example.com../", .emptyHostLabel("shop.example.com..")),
      RefusedLinkRow("https://./", .emptyHostLabel(".")),
      RefusedLinkRow("https://shop\u{FF0E}\u{FF0E}example.com/", .emptyHostLabel("shop\u{FF0E}\u{FF0E}example.com")),
      RefusedLinkRow("https://shop%2E%2Eexample.com/", .emptyHostLabel("shop%2E%2Eexample.com")),
      // over-long hosts
      RefusedLinkRow(
        "https://\(String(repeating: "a", count: 64)).example.com/",
        .hostTooLong("\(String(repeating: "a", count: 64)).example.com")),
      RefusedLinkRow(
        "https://\(Array(repeating: String(repeating: "a", count: 63), count: 4).joined(separator: "."))/",
        .hostTooLong(Array(repeating: String(repeating: "a", count: 63), count: 4).joined(separator: "."))),
      RefusedLinkRow("https://\(host254)/", .hostTooLong(host254)),
      // only http and https have hosts; other schemes are fine to read, decided later
    ])
  func refusedExactly(row: RefusedLinkRow) {
    #expect(refusal(of: row.link) == row.error)
  }

  // MARK: Refusals by reason

  @Test(
    "links are refused for this reason",
    arguments: [
      // dot segments, raw and encoded
      RefusedReasonRow("shop://a/./b", "dotSegment"),
      RefusedReasonRow("shop://a/../b", "dotSegment"),
      RefusedReasonRow("shop://./b", "dotSegment"),
      RefusedReasonRow("shop://../b", "dotSegment"),
      RefusedReasonRow("shop:/../b", "dotSegment"),
      RefusedReasonRow("shop://a/b/..", "dotSegment"),
      RefusedReasonRow("shop://a/%2e/b", "dotSegment"),
      RefusedReasonRow("shop://a/%2E/b", "dotSegment"),
      RefusedReasonRow("shop://a/%2e%2e/b", "dotSegment"),
      RefusedReasonRow("shop://a/%2E%2e/b", "dotSegment"),
      RefusedReasonRow("shop://a/.%2E/b", "dotSegment"),
      RefusedReasonRow("shop://%2e%2e/b", "dotSegment"),
      RefusedReasonRow("https://shop.example.com/../admin", "dotSegment"),
      RefusedReasonRow("https://shop.example.com/a/%2e%2e/admin", "dotSegment"),
      // encoded slash in a segment
      RefusedReasonRow("shop://a/b%2Fc", "encodedSlash"),
      RefusedReasonRow("shop://a/b%2fc", "encodedSlash"),
      RefusedReasonRow("shop://a%2Fb/c", "encodedSlash"),
      RefusedReasonRow("https://shop.example.com/a/%2F", "encodedSlash"),
      RefusedReasonRow("shop://a/%2F..", "encodedSlash"),
      // backslash, raw and encoded
      RefusedReasonRow("shop://a\\b", "backslash"),
      RefusedReasonRow("shop://a/b\\c", "backslash"),
      RefusedReasonRow("https:\\\\shop.example.com/x", "backslash"),
      RefusedReasonRow("https://shop.example.com\\@evil.example/", "backslash"),
      RefusedReasonRow("https://shop.example.com/a?q=\\", "backslash"),
      RefusedReasonRow("shop://a/b%5Cc", "backslash"),
      RefusedReasonRow("shop://a/b%5cc", "backslash"),
      RefusedReasonRow("shop://a/%5C..", "backslash"),
      // control characters and NUL, raw and encoded
      RefusedReasonRow("shop://a/b\u{0}c", "controlCharacter"),
      RefusedReasonRow("shop://a/b\nc", "controlCharacter"),
      RefusedReasonRow("shop://a/b\tc", "controlCharacter"),
      RefusedReasonRow("shop://a/b\rc", "controlCharacter"),
      RefusedReasonRow("shop://a/b\u{7F}c", "controlCharacter"),
      RefusedReasonRow("https://shop.example.com\u{0}.evil.example/", "controlCharacter"),
      RefusedReasonRow("shop://a/b?q=x\u{0}", "controlCharacter"),
      RefusedReasonRow("shop://a/b#x\u{1B}", "controlCharacter"),
      RefusedReasonRow("shop://a/b%00c", "controlCharacter"),
      RefusedReasonRow("shop://a/b%0a", "controlCharacter"),
      RefusedReasonRow("shop://a/b%0D%0A", "controlCharacter"),
      RefusedReasonRow("shop://a/%09", "controlCharacter"),
      RefusedReasonRow("shop://a/b%7F", "controlCharacter"),
      RefusedReasonRow("shop://a/b?q=%00", "controlCharacter"),
      RefusedReasonRow("shop://a/b?q%0a=1", "controlCharacter"),
      RefusedReasonRow("shop://a/b#%0a", "controlCharacter"),
      RefusedReasonRow("https://shop.example.com%00.evil.example/", "controlCharacter"),
      RefusedReasonRow("https://shop.example.com%0a/", "controlCharacter"),
      // an encoded IPv6 literal: its colons are read as a port first
      RefusedReasonRow("https://%5Bfe80::1%5D/", "invalidPort"),
      // C1 controls, raw and encoded
      RefusedReasonRow("shop://a/b\u{80}c", "controlCharacter"),
      RefusedReasonRow("shop://a/b\u{85}c", "controlCharacter"),
      RefusedReasonRow("shop://a/b\u{9F}c", "controlCharacter"),
      RefusedReasonRow("shop://a/b%C2%85c", "controlCharacter"),
      RefusedReasonRow("shop://a/b%c2%9f", "controlCharacter"),
      RefusedReasonRow("shop://a?q=%C2%80", "controlCharacter"),
      RefusedReasonRow("https://shop%C2%85.example.com/", "controlCharacter"),
      // malformed percent-escapes
      RefusedReasonRow("shop://a/%", "malformedPercentEscape"),
      RefusedReasonRow("shop://a/%4", "malformedPercentEscape"),
      RefusedReasonRow("shop://a/%4/b", "malformedPercentEscape"),
      RefusedReasonRow("shop://a/%zz", "malformedPercentEscape"),
      RefusedReasonRow("shop://a/%G0", "malformedPercentEscape"),
      RefusedReasonRow("shop://a/%%41", "malformedPercentEscape"),
      RefusedReasonRow("shop://a?q=%", "malformedPercentEscape"),
      RefusedReasonRow("shop://a?q=100%", "malformedPercentEscape"),
      RefusedReasonRow("shop://a?%zz=1", "malformedPercentEscape"),
      RefusedReasonRow("shop://a#%", "malformedPercentEscape"),
      RefusedReasonRow("https://shop%zz.example.com/", "malformedPercentEscape"),
      RefusedReasonRow("https://shop.example.com%/", "malformedPercentEscape"),
      // escapes that decode to invalid UTF-8
      RefusedReasonRow("shop://a/%ff", "invalidUTF8"),
      RefusedReasonRow("shop://a/%FF%FE", "invalidUTF8"),
      RefusedReasonRow("shop://a/%c3%28", "invalidUTF8"),
      RefusedReasonRow("shop://a/%c0%af", "invalidUTF8"),
      RefusedReasonRow("shop://a/%c1%bf", "invalidUTF8"),
      RefusedReasonRow("shop://a/%e0%80%af", "invalidUTF8"),
      RefusedReasonRow("shop://a/%ed%a0%80", "invalidUTF8"),
      RefusedReasonRow("shop://a/%f4%90%80%80", "invalidUTF8"),
      RefusedReasonRow("shop://a/%c3", "invalidUTF8"),
      RefusedReasonRow("shop://a/%80", "invalidUTF8"),
      RefusedReasonRow("shop://a/%e2%82", "invalidUTF8"),
      RefusedReasonRow("shop://a?q=%ff", "invalidUTF8"),
      RefusedReasonRow("shop://a#%c0%af", "invalidUTF8"),
      RefusedReasonRow("https://shop%ff.example.com/", "invalidUTF8"),
      // characters never valid unencoded
      RefusedReasonRow("shop://a/b c", "invalidCharacter"),
      RefusedReasonRow("shop://a/<script>", "invalidCharacter"),
      RefusedReasonRow("shop://a/\"x\"", "invalidCharacter"),
      RefusedReasonRow("shop://a/{x}", "invalidCharacter"),
      RefusedReasonRow("shop://a/x|y", "invalidCharacter"),
      RefusedReasonRow("shop://a/x^y", "invalidCharacter"),
      RefusedReasonRow("shop://a/`x`", "invalidCharacter"),
      RefusedReasonRow("shop://a/[x]", "invalidCharacter"),
      RefusedReasonRow("shop://a?q=[x]", "invalidCharacter"),
      RefusedReasonRow(" shop://a", "invalidCharacter"),
      // sizes
      RefusedReasonRow("shop://search?q=" + String(repeating: "a", count: 8192 - 15), "tooLong"),
      RefusedReasonRow("https://shop.example.com/" + String(repeating: "a/", count: 5000), "tooLong"),
      RefusedReasonRow("shop://" + (1...65).map(String.init).joined(separator: "/"), "tooManyPathSegments"),
      RefusedReasonRow(
        "https://shop.example.com/" + (1...65).map(String.init).joined(separator: "/"), "tooManyPathSegments"),
      RefusedReasonRow("shop://x/" + String(repeating: "a/", count: 200), "tooManyPathSegments"),
    ])
  func refusedForReason(row: RefusedReasonRow) {
    let error = refusal(of: row.link)
    #expect(error?.reason.rawValue == row.reason, "\(String(describing: error))")
  }

  @Test("a link over 8 KiB reports its length; one over 64 segments reports its segment count")
  func sizeErrorsCarryTheSize() {
    let long = "shop://search?q=" + String(repeating: "a", count: 8192)
    #expect(refusal(of: long) == .tooLong(bytes: long.utf8.count))
    let custom = "shop://" + (1...65).map(String.init).joined(separator: "/")
    #expect(refusal(of: custom) == .tooManyPathSegments(65))
    let web = "https://shop.example.com/" + (1...100).map(String.init).joined(separator: "/") + "?q=1/2/3"
    #expect(refusal(of: web) == .tooManyPathSegments(100))
  }

  @Test(
    "every refusal has a description that names the problem and a stable reason",
    arguments: ["", "//x", "https://user@shop.example.com/", "shop://a/%2e", "https://127.0.0.1/", "shop://a/%zz"])
  func refusalDescriptions(link: String) throws {
    let error = try #require(refusal(of: link))
    #expect(!error.description.isEmpty)
    #expect(!error.reason.rawValue.isEmpty)
    #expect(!error.reason.rawValue.contains(" "))
  }
}

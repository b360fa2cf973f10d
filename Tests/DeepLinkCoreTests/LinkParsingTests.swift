import DeepLinkCore
import Foundation
import Testing

/// A link that must be read, and the parts it must be read as.
struct ParsedLinkRow: Sendable, CustomTestStringConvertible {
  let link: String
  let scheme: String
  let host: String?
  let port: Int?
  let segments: [String]

  init(_ link: String, scheme: String, host: String? = nil, port: Int? = nil, segments: [String]) {
    self.link = link
    self.scheme = scheme
    self.host = host
    self.port = port
    self.segments = segments
  }

  var testDescription: String { link }
}

@Suite struct LinkParsingTests {
  // MARK: Custom schemes

  @Test(
    "the authority of a custom-scheme link is its first path segment",
    arguments: [
      "shop://product/123",
      "shop:///product/123",
      "shop:/product/123",
      "shop:product/123",
      "SHOP://product/123",
      "shop://product/123/",
      "shop://product//123",
      "shop:////product///123//",
    ])
  func customSchemeAuthority(link: String) throws {
    let parsed = try DeepLink(link)
    #expect(parsed.scheme == "shop")
    #expect(parsed.host == nil)
    #expect(parsed.port == nil)
    #expect(parsed.pathSegments == ["product", "123"])
    #expect(parsed.path == "/product/123")
    #expect(!parsed.isWebLink)
  }

  @Test("custom-scheme links with no path have no segments", arguments: ["shop://", "shop:///", "shop:", "shop:/"])
  func customSchemeEmptyPath(link: String) throws {
    let parsed = try DeepLink(link)
    #expect(parsed.pathSegments == [])
    #expect(parsed.path == "/")
  }

  @Test(
    "a custom scheme's authority keeps its case but the scheme is lowercased",
    arguments: [
      ParsedLinkRow("Shop://Product/ABC", scheme: "shop", segments: ["Product", "ABC"]),
      ParsedLinkRow("shopCA://ca/product/1", scheme: "shopca", segments: ["ca", "product", "1"]),
      ParsedLinkRow("my-app+x.v2://home", scheme: "my-app+x.v2", segments: ["home"]),
    ])
  func customSchemeCase(row: ParsedLinkRow) throws {
    let parsed = try DeepLink(row.link)
    #expect(parsed.scheme == row.scheme)
    #expect(parsed.host == row.host)
    #expect(parsed.pathSegments == row.segments)
  }

  // MARK: Web links: scheme, host, port

  @Test(
    "web links: scheme and host compare case-insensitively, one trailing dot and default ports are dropped",
    arguments: [
      ParsedLinkRow("https://shop.example.com/cart", scheme: "https", host: "shop.example.com", segments: ["cart"]),
      ParsedLinkRow("HTTPS://SHOP.Example.COM/cart", scheme: "https", host: "shop.example.com", segments: ["cart"]),
      ParsedLinkRow("https://shop.example.com./cart", scheme: "https", host: "shop.example.com", segments: ["cart"]),
      ParsedLinkRow("https://shop.example.com:443/cart", scheme: "https", host: "shop.example.com", segments: ["cart"]),
      ParsedLinkRow("http://shop.example.com:80/cart", scheme: "http", host: "shop.example.com", segments: ["cart"]),
      ParsedLinkRow(
        "https://shop.example.com:80/cart", scheme: "https", host: "shop.example.com", port: 80, segments: ["cart"]),
      ParsedLinkRow(
        "http://shop.example.com:443/cart", scheme: "http", host: "shop.example.com", port: 443, segments: ["cart"]),
      ParsedLinkRow(
        "https://shop.example.com:8443/cart", scheme: "https", host: "shop.example.com", port: 8443,
        segments: ["cart"]),
      ParsedLinkRow(
        "https://shop.example.com:65535/", scheme: "https", host: "shop.example.com", port: 65535, segments: []),
      ParsedLinkRow("https://shop.example.com", scheme: "https", host: "shop.example.com", segments: []),
      ParsedLinkRow("https://shop.example.com/", scheme: "https", host: "shop.example.com", segments: []),
      ParsedLinkRow("https://shop.example.com?q=1", scheme: "https", host: "shop.example.com", segments: []),
      ParsedLinkRow("https://a-b.c-d.example/x", scheme: "https", host: "a-b.c-d.example", segments: ["x"]),
      ParsedLinkRow("https://localhost/x", scheme: "https", host: "localhost", segments: ["x"]),
    ])
  func webLinkNormalisation(row: ParsedLinkRow) throws {
    let parsed = try DeepLink(row.link)
    #expect(parsed.scheme == row.scheme)
    #expect(parsed.host == row.host)
    #expect(parsed.port == row.port)
    #expect(parsed.pathSegments == row.segments)
    #expect(parsed.isWebLink)
  }

  @Test(
    "full-width and ideographic dots in a host, raw or percent-encoded, become `.`",
    arguments: [
      "https://shop\u{FF0E}example\u{FF0E}com/cart",
      "https://shop\u{3002}example\u{3002}com/cart",
      "https://shop\u{FF61}example\u{FF61}com/cart",
      "https://shop%EF%BC%8Eexample%EF%BC%8Ecom/cart",
      "https://shop%E3%80%82example%e3%80%82com/cart",
      "https://shop%EF%BD%A1example%EF%BD%A1com/cart",
      "https://shop.example.com\u{3002}/cart",
    ])
  func fullWidthDots(link: String) throws {
    let parsed = try DeepLink(link)
    #expect(parsed.host == "shop.example.com")
    #expect(parsed.pathSegments == ["cart"])
  }

  @Test(
    "percent-encoded letters in a host are decoded and lowercased",
    arguments: [
      "https://%73hop.example.com/",
      "https://%53HOP.example.com/",
      "https://shop%2Eexample%2ecom/",
      "https://%73%68%6F%70%2E%65%78%61%6D%70%6C%65%2E%63%6F%6D/",
    ])
  func encodedHostLetters(link: String) throws {
    #expect(try DeepLink(link).host == "shop.example.com")
  }

  // MARK: Path

  @Test(
    "trailing and repeated slashes do not change the path",
    arguments: [
      "https://shop.example.com/ip/desk/123",
      "https://shop.example.com/ip/desk/123/",
      "https://shop.example.com//ip//desk///123",
      "https://shop.example.com/ip/desk/123//",
      "https://shop.example.com///ip/desk/123?",
    ])
  func slashes(link: String) throws {
    #expect(try DeepLink(link).pathSegments == ["ip", "desk", "123"])
  }

  @Test(
    "each path segment is percent-decoded exactly once",
    arguments: [
      ("shop://search/red%20shoes", ["search", "red shoes"]),
      ("shop://a/%252F", ["a", "%2F"]),
      ("shop://a/%2525", ["a", "%25"]),
      ("shop://a/%252e%252e", ["a", "%2e%2e"]),
      ("shop://a/caf%C3%A9", ["a", "café"]),
      ("shop://a/café", ["a", "café"]),
      ("shop://a/%E2%82%AC", ["a", "€"]),
      ("shop://a/%F0%9F%9B%92", ["a", "🛒"]),
      ("shop://a/a+b", ["a", "a+b"]),
      ("shop://a/a%2Bb", ["a", "a+b"]),
      ("shop://a/%3F%23%26%3D", ["a", "?#&="]),
      ("shop://a/...", ["a", "..."]),
      ("shop://a/.x", ["a", ".x"]),
      ("shop://a/x..", ["a", "x.."]),
      ("shop://a/Product", ["a", "Product"]),
    ])
  func segmentDecoding(link: String, segments: [String]) throws {
    #expect(try DeepLink(link).pathSegments == segments)
  }

  @Test(
    "`+` is a space in the query but not in the path",
    arguments: ["shop://search/red+shoes?q=red+shoes", "https://shop.example.com/search/red+shoes?q=red+shoes"])
  func plusIsSpaceOnlyInQuery(link: String) throws {
    let parsed = try DeepLink(link)
    #expect(parsed.pathSegments.last == "red+shoes")
    #expect(parsed.queryValue("q") == "red shoes")
  }

  @Test("a link with exactly 64 path segments is accepted")
  func sixtyFourSegments() throws {
    let custom = "shop://" + (1...64).map(String.init).joined(separator: "/")
    #expect(try DeepLink(custom).pathSegments.count == 64)
    let web = "https://shop.example.com/" + (1...64).map(String.init).joined(separator: "/")
    #expect(try DeepLink(web).pathSegments.count == 64)
    let slashy = "https://shop.example.com/" + (1...64).map(String.init).joined(separator: "//") + "/"
    #expect(try DeepLink(slashy).pathSegments.count == 64)
  }

  @Test("a link of exactly 8 KiB is accepted")
  func exactlyMaximumLength() throws {
    let prefix = "shop://search?q="
    let link = prefix + String(repeating: "a", count: DeepLink.maximumLength - prefix.utf8.count)
    #expect(link.utf8.count == 8192)
    #expect(try DeepLink(link).queryValue("q")?.count == 8192 - prefix.utf8.count)
  }

  @Test("a host label of 63 bytes and a host of 253 bytes are accepted")
  func maximumHostSizes() throws {
    let label63 = String(repeating: "a", count: 63)
    #expect(try DeepLink("https://\(label63).example.com/").host == "\(label63).example.com")
    // 63 + 1 + 63 + 1 + 63 + 1 + 61 = 253
    let host253 = [label63, label63, label63, String(repeating: "b", count: 61)].joined(separator: ".")
    #expect(host253.utf8.count == 253)
    #expect(try DeepLink("https://\(host253)/").host == host253)
    #expect(try DeepLink("https://\(host253)./").host == host253)
  }

  // MARK: Query and fragment

  @Test("query items keep their order and repetition")
  func queryOrder() throws {
    let link = try DeepLink("shop://search?q=red&sort=price&q=blue&flag&empty=&=nameless&a=1=2")
    #expect(
      link.queryItems == [
        DeepLinkQueryItem(name: "q", value: "red"),
        DeepLinkQueryItem(name: "sort", value: "price"),
        DeepLinkQueryItem(name: "q", value: "blue"),
        DeepLinkQueryItem(name: "flag", value: nil),
        DeepLinkQueryItem(name: "empty", value: ""),
        DeepLinkQueryItem(name: "", value: "nameless"),
        DeepLinkQueryItem(name: "a", value: "1=2"),
      ])
    #expect(link.queryValue("q") == "red")
    #expect(link.queryValues("q") == ["red", "blue"])
    #expect(link.queryValue("flag") == nil)
    #expect(link.queryValues("flag") == [])
    #expect(link.queryValue("missing") == nil)
  }

  @Test(
    "query names and values are decoded once, `+` meaning a space",
    arguments: [
      ("shop://s?q=a+b", "a b"),
      ("shop://s?q=a%2Bb", "a+b"),
      ("shop://s?q=a%20b", "a b"),
      ("shop://s?q=a%26b%3Dc", "a&b=c"),
      ("shop://s?q=%2F%3F", "/?"),
      ("shop://s?q=/path?x", "/path?x"),
      ("shop://s?q=%252F", "%2F"),
      ("shop://s?q=caf%C3%A9", "café"),
      ("shop://s?q=%5C", "\\"),
    ])
  func queryDecoding(link: String, value: String) throws {
    #expect(try DeepLink(link).queryValue("q") == value)
  }

  @Test("`?flag` is an item with a nil value; empty items are skipped")
  func flagItems() throws {
    let link = try DeepLink("shop://s?flag&&other&")
    #expect(
      link.queryItems == [DeepLinkQueryItem(name: "flag", value: nil), DeepLinkQueryItem(name: "other", value: nil)])
    #expect(link.queryItems.first?.description == "flag")
  }

  @Test(
    "the fragment is decoded and takes no part in path or query",
    arguments: [
      ("shop://product/1#reviews", "reviews"),
      ("shop://product/1?x=1#a%20b", "a b"),
      ("shop://product/1#a+b", "a+b"),
      ("shop://product/1#/x?y=z", "/x?y=z"),
      ("https://shop.example.com#top", "top"),
      ("shop://product/1#", ""),
    ])
  func fragment(link: String, fragment: String) throws {
    let parsed = try DeepLink(link)
    #expect(parsed.fragment == fragment)
    #expect(!parsed.pathSegments.contains { $0.contains("#") })
  }

  @Test("a link without `#` has no fragment and a link without `?` no query items")
  func noFragment() throws {
    let link = try DeepLink("shop://product/1")
    #expect(link.fragment == nil)
    #expect(link.queryItems.isEmpty)
  }

  // MARK: Other schemes

  @Test(
    "any well-formed scheme is read; deciding whether it is ours comes later",
    arguments: ["javascript:alert(1)", "data:text/plain,hi", "file:///etc/passwd", "intent://x#Intent;end"])
  func otherSchemesAreReadNotRouted(link: String) throws {
    let parsed = try DeepLink(link)
    #expect(parsed.host == nil)
    #expect(!parsed.isWebLink)
  }

  // MARK: Foundation URL and round trips

  @Test(
    "a Foundation URL is read by the same rules",
    arguments: [
      "shop://product/123", "https://Shop.Example.com:443/ip/desk/123?q=red+shoes#x", "shop:///product/123",
      "https://shop.example.com/search?q=caf%C3%A9",
    ])
  func foundationURL(link: String) throws {
    let url = try #require(URL(string: link))
    #expect(try DeepLink(url) == DeepLink(link))
  }

  @Test("a Foundation URL carrying a refused link is refused with the same error")
  func foundationURLRefused() throws {
    let url = try #require(URL(string: "https://user@shop.example.com/x"))
    #expect(throws: DeepLinkError.userInfo) { try DeepLink(url) }
    let dots = try #require(URL(string: "shop://a/%2e%2e/b"))
    #expect(throws: DeepLinkError.self) { try DeepLink(dots) }
  }

  @Test(
    "`absoluteString` re-parses to an equal link",
    arguments: [
      "shop://product/123",
      "shop:///product/123",
      "shop:/product/123?x=1",
      "shop://",
      "shop://?q=1",
      "shop:?q=a@b:c",
      "SHOP://Product/A%20B/%252F?q=red+shoes&q=%2B&flag&e=&=v#frag%20ment",
      "https://Shop.Example.com.:443/ip/desk/123?q=red+shoes&q=2#frag",
      "https://shop.example.com",
      "https://shop.example.com:8080/a%3Ab/c@d?x=%26%3D%23",
      "http://shop\u{3002}example\u{3002}com/caf%C3%A9/%F0%9F%9B%92?q=%E2%82%AC",
      "shop://search/a+b/%3F%23?q=/?:@!$'()*,;",
      "shop://p/a:b/c@d/e;f=g/h&i/j!k/l$m/'()*,",
      "shop://a/b#x?y/z@w",
      "shop://a/%7B%7D%5B%5D%7C%5E%60%22%3C%3E%20",
      "shop://a?%5B=%5D",
      "shop://a%3Ab/c",
      "shop://a%40b/c",
    ])
  func absoluteStringRoundTrip(link: String) throws {
    let parsed = try DeepLink(link)
    let again = try DeepLink(parsed.absoluteString)
    #expect(again == parsed)
    #expect(again.absoluteString == parsed.absoluteString)
    #expect(parsed.description == parsed.absoluteString)
  }

  @Test("a link is read while its normal form has at most the maximum length, to the byte")
  func normalFormAtTheLimit() throws {
    // Each `+` is written `%20`: 17 + 3 × 2,725 = 8,192 bytes.
    let atLimit = "shop://search?q=a" + String(repeating: "+", count: 2_725)
    #expect(try DeepLink(atLimit).absoluteString.utf8.count == DeepLink.maximumLength)
    #expect(throws: DeepLinkError.tooLong(bytes: DeepLink.maximumLength + 3)) { try DeepLink(atLimit + "+") }
    // Raw UTF-8 is written as escapes (`é` as `%C3%A9`): 15 + 6 × 1,362 + 4 = 8,191 bytes, and one
    // more `:` (`%3A`) makes 8,194.
    let wide = "shop://product/" + String(repeating: "\u{E9}", count: 1_362) + "abcd"
    #expect(try DeepLink(wide).absoluteString.utf8.count == DeepLink.maximumLength - 1)
    #expect(throws: DeepLinkError.tooLong(bytes: DeepLink.maximumLength + 2)) { try DeepLink(wide + ":") }
  }

  @Test("`absoluteString` writes the normal form")
  func normalForm() throws {
    #expect(try DeepLink("SHOP:///Product//123/").absoluteString == "shop://Product/123")
    #expect(try DeepLink("HTTPS://Shop.Example.com.:443").absoluteString == "https://shop.example.com/")
    #expect(
      try DeepLink("https://shop.example.com:8080/a?q=a+b").absoluteString == "https://shop.example.com:8080/a?q=a%20b")
  }

  @Test("links built from parts keep them as given")
  func memberwise() {
    let link = DeepLink(
      scheme: "shop", pathSegments: ["search"], queryItems: [DeepLinkQueryItem(name: "q", value: "a b")])
    #expect(link.path == "/search")
    #expect(link.queryValue("q") == "a b")
    #expect(link.host == nil && link.port == nil && link.fragment == nil)
    #expect(link.absoluteString == "shop://search?q=a%20b")
  }
}

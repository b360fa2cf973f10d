import Testing

@testable import DeepLinkCore

/// A pattern's host is read without the link parser when it is spelled as hosts usually are;
/// the answer must be the parser's.
@Suite struct HostPatternReadingTests {
  @Test(
    "a usual host is read as the link parser reads it, and an unusual one goes through the parser",
    arguments: [
      "shop.example.ca", "www.shop.example.ca", "*.shop.example.ca", "shop.example.ca.", "*.shop.example.ca.",
      "a", "a.b", "x1.example.com", "shop-1.example.com", "a-b-c.d-e.fr", "localhost", "SHOP.Example.CA",
      "*.Shop.Example.CA", "127.0.0.1", "3232235521", "0xC0A80001", "1.2.3.a", "a.1", "a.1b", "a.b1",
      "xn--bcher-kva.example", "xn--a.example", "xnx--a.example", "-shop.example.ca", "shop-.example.ca",
      "shop..example.ca", ".shop.example.ca", "shop.example.ca..", "", ".", "*.", "*", "*.*.example.ca",
      "shop.example.ca:443", "user@shop.example.ca", "shop_example.ca", "shop example.ca", "shop%2Eexample.ca",
      "ex\u{00E4}mple.ca", "example.c\u{212A}", String(repeating: "a", count: 63) + ".ca",
      String(repeating: "a", count: 64) + ".ca",
      Array(repeating: String(repeating: "a", count: 49), count: 5)
        .joined(separator: ".") + ".ca",
      Array(repeating: String(repeating: "a", count: 50), count: 5).joined(separator: ".") + ".ca",
    ])
  func sameAsTheParser(host: String) {
    #expect(RoutePatternParser.hostPattern(host) == RoutePatternParser.parsedHostPattern(host), "\(host)")
  }
}

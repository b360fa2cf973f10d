import DeepLinkCore
import Testing

@testable import DeepLinkTools

@Suite struct SafeTextTests {
  @Test(
    "a link is redacted as LinkRedactor redacts it, fragment pairs too, with names looked up in the cache",
    arguments: [
      "shop://cart?token=s3cr3t", "https://shop.example.ca/en/ip/desk/1?utm_source=mail&Auth_Token=x&q=a+b",
      "https://shop.example.ca/en/ip/desk/1?code=1&state=2&x",
      "https://shop.example.ca/en/ip/desk/1#access_token=t&x=1",
      "https://shop.example.ca/en/ip/desk/1?session=%22s%22#password=p", "shop://search?q=caf%C3%A9&pin=1234",
      "https://shop.example.ca/en/ip/desk/1?utm_source=mail",
    ])
  func redactsLikeLinkRedactor(text: String) throws {
    let link = try DeepLink(text)
    var expected = LinkRedactor.redact(link)
    if link.fragment != nil, let hash = expected.firstIndex(of: "#") {
      expected = String(expected[...hash]) + SafeText.redactPairs(expected[expected.index(after: hash)...])
    }
    var names = SafeText.NameCache()
    for _ in 0..<2 {  // the second time from the cache
      #expect(SafeText.redact(link, names: &names) == expected)
    }
  }

  @Test("the name cache answers as LinkRedactor does, for names that share a slot too")
  func nameCache() {
    var names = SafeText.NameCache()
    let candidates = [
      "token", "tokem", "id", "locale", "Auth_Token", "slug", "query", "store_id", "pin", "pan", "", "é",
    ]
    for _ in 0..<3 {
      for name in candidates { #expect(names.isSensitive(name) == LinkRedactor.isSensitive(name), "\(name)") }
    }
  }
}

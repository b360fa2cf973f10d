import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import PlatformLinks
import Testing

/// A market declared in one type: its domains, scheme, web paths and rules.
@Suite struct MarketModuleTests {
  @Test("web paths are served on every domain, domains first, then the market's other rules")
  func webPathsOnEveryDomain() {
    struct Paths: MarketModule {
      var id: String { "BR" }
      var domains: [Domain] { ["shop.example.com.br", "www.shop.example.com.br"] }
      var rules: [UniversalLink] { [UniversalLink("shopbr://oferta/{code}", to: .cart)] }
      var webPaths: [WebPath] {
        [WebPath("/carrinho", to: .cart), WebPath("/p/{slug}/{id}", to: .product, parameters: ["locale": "pt"])]
      }
    }
    let rules = Paths().universalLinks
    #expect(
      rules.map(\.pattern) == [
        "https://shop.example.com.br/carrinho", "https://shop.example.com.br/p/{slug}/{id}",
        "https://www.shop.example.com.br/carrinho", "https://www.shop.example.com.br/p/{slug}/{id}",
        "shopbr://oferta/{code}",
      ])
    #expect(
      rules.map(\.target) == [
        PlatformRoute.cart.id, PlatformRoute.product.id, PlatformRoute.cart.id, PlatformRoute.product.id,
        PlatformRoute.cart.id,
      ])
    #expect(rules[1].parameters == ["locale": "pt"])
    #expect(rules.allSatisfy { !$0.isOverride && $0.isCaseInsensitive })
  }

  @Test("a market's web path on a domain it does not claim is refused like any other rule")
  func webPathOnlyOnOwnDomains() throws {
    struct Stray: MarketModule {
      var id: String { "BR" }
      var domains: [Domain] { ["shop.example.com.br"] }
      var rules: [UniversalLink] { [UniversalLink("https://shop.example.ca/carrinho", to: .cart)] }
    }
    let messages = compositionMessages(Stray())
    #expect(messages.contains { $0.contains("https://shop.example.ca/carrinho") && $0.contains("CA") }, "\(messages)")
  }
}

import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// A link the router sends to the browser from one of the app's own domains carries the hand-off
/// fragment every association file excludes, so the operating system cannot give it back to the
/// app; a link to another site goes to the browser as it came.
@MainActor
@Suite struct BrowserHandOffTests {
  @Test(
    "the browser gets the app's own unopened paths with the hand-off fragment, other sites as they came",
    arguments: [
      ("CA", "https://shop.example.ca/fr/aide", "https://shop.example.ca/fr/aide#no_universal_links"),
      (
        "CA", "https://shop.example.ca/en/ip/desk/abc#reviews",
        "https://shop.example.ca/en/ip/desk/abc#no_universal_links"
      ),
      (
        "CA", "https://www.shop.example.ca/en/search?x=1",
        "https://www.shop.example.ca/en/search?x=1#no_universal_links"
      ),
      (
        "MX", "https://shop.example.com.mx/ayuda?tema=envios",
        "https://shop.example.com.mx/ayuda?tema=envios#no_universal_links"
      ),
      ("MX", "https://www.example.org/page#top", "https://www.example.org/page#top"),
      (nil, "https://shop.example.com/help", "https://shop.example.com/help#no_universal_links"),
    ] as [(String?, String, String)])
  func handOff(market: String?, link: String, browser: String) async throws {
    let navigator = RecordingNavigator()
    let module = market.flatMap { MarketCatalogue.market(id: $0) }
    let linker = try #require(composedLinker(module, navigator: navigator))
    var opened: [String] = []
    linker.externalURLHandler = { opened.append($0.absoluteString) }
    #expect(await linker.handle(link) == .external)
    #expect(opened == [browser])
    #expect(navigator.shown.isEmpty)
  }

  @Test("a routed link keeps its own fragment")
  func routedKeepsFragment() throws {
    let configuration = try DeepLinkAssembly.configuration(market: "CA")
    let decision = configuration.decide("https://shop.example.ca/fr/panier#summary")
    #expect(decision.outcome == .routed)
    #expect(decision.browserLink == nil)
    #expect(decision.rewrittenTo?.fragment == "summary")
  }
}

import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import PlatformLinks
import Testing

/// A host written with a trailing dot (`Docs/AssociationFiles.md`, "Trailing-dot hosts"): Android compares the host as
/// given (`IntentFilter.AuthorityEntry.match`), so no filter the package writes takes `shop.example.ca.`, and the
/// router routes none of its links either. One that reaches the app anyway shows the app's not-found, with a
/// `notFound` event and reason `foreignHost`; it is never routed and never handed to the browser.
@Suite struct TrailingDotHostTests {
  /// A link, the market whose composed linker gets it, and what becomes of it.
  struct Row: Sendable, CustomTestStringConvertible {
    let market: String
    let link: String
    let outcome: DeepLinkOutcome
    let reason: DeepLinkReason?
    var testDescription: String { "\(market): \(link)" }

    init(_ market: String, _ link: String, _ outcome: DeepLinkOutcome, _ reason: DeepLinkReason? = nil) {
      (self.market, self.link, self.outcome, self.reason) = (market, link, outcome, reason)
    }
  }

  static let rows: [Row] = [
    Row("CA", "https://shop.example.ca./en/cart", .notFound, .foreignHost),
    Row("CA", "https://SHOP.EXAMPLE.CA./fr/panier?utm_source=mail#top", .notFound, .foreignHost),
    Row("CA", "https://www.shop.example.ca./en/ip/standing-desk/123", .notFound, .foreignHost),
    Row("CA", "https://shop.example.ca%2E/en/cart", .notFound, .foreignHost),
    Row("CA", "https://shop.example.ca\u{3002}/en/cart", .notFound, .foreignHost),
    Row("CA", "https://shop.example.ca.:443/en/cart", .notFound, .foreignHost),
    Row("CA", "https://shop.example.ca.:8443/en/cart", .notFound, .foreignHost),
    Row("CA", "https://shop.example.com./fr/panier", .notFound, .foreignHost),
    Row("MX", "https://shop.example.com.mx./carrito", .notFound, .foreignHost),
    Row("MX", "https://www.shop.example.com.mx./carrito", .notFound, .foreignHost),
    // The same links without the dot route; cleartext and other sites go to the browser as before.
    Row("CA", "https://shop.example.ca/en/cart", .routed),
    Row("CA", "https://shop.example.ca:443/en/cart", .routed),
    Row("CA", "https://user.example.ca/en/cart?next=shop.example.ca.", .external, .foreignHost),
    Row("MX", "https://shop.example.com.mx/carrito", .routed),
    Row("MX", "http://shop.example.com.mx./carrito", .external, .cleartextWebLink),
    Row("MX", "https://shop.example.ca./en/cart", .external, .foreignHost),
  ]

  @Test("a link to one of the app's hosts written with a trailing dot is not routed", arguments: rows)
  @MainActor
  func trailingDot(row: Row) async throws {
    let configuration = try DeepLinkAssembly.configuration(market: row.market)
    let decision = configuration.decide(row.link)
    #expect(decision.outcome == row.outcome)
    #expect(decision.reason == row.reason)
    guard row.outcome == .notFound else { return }
    #expect(decision.route == nil)
    #expect(decision.browserLink == nil)

    let navigator = RecordingNavigator()
    let telemetry = RecordingTelemetry()
    var notFound: [String] = []
    var external: [String] = []
    let linker = try makeDeepLinker(market: row.market, navigator: navigator, session: navigator) {
      $0.with(telemetry: telemetry)
        .with(notFoundHandler: { notFound.append($0.absoluteString) })
        .with(externalURLHandler: { external.append($0.absoluteString) })
    }
    #expect(await linker.handle(row.link) == .notFound)
    #expect(notFound.count == 1)
    #expect(external.isEmpty)
    #expect(navigator.shown.isEmpty)
    let final = telemetry.events.filter(\.kind.isFinal)
    #expect(final.map(\.kind) == [.notFound])
    #expect(final.first?.reason == DeepLinkReason.foreignHost.rawValue)
  }
}

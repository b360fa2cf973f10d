import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import PlatformLinks
import Testing

/// What the Telemetry.md example ships events to.
@MainActor final class Tracker {
  private(set) var logged: [(name: String, fields: [String: String])] = []
  func log(_ name: String, _ fields: [String: String]) { logged.append((name, fields)) }
}

@MainActor let tracker = Tracker()

// Docs/Telemetry.md.

struct Analytics: DeepLinkTelemetry {
  @MainActor func record(_ event: DeepLinkEvent) {
    tracker.log(
      "deeplink.\(event.kind)",
      ["link": event.link, "route": event.route?.description ?? "", "reason": event.reason ?? ""])
  }
}

@MainActor
@Suite struct TelemetryAndAdoptionExamples {
  @Test("Telemetry.md: the analytics sink logs every event of a link")
  func analytics() async throws {
    let linker = try DeepLinker.configure().add(urlSchemes: [URLScheme("shop")]).with(telemetry: Analytics())
      .initialize()
    try linker.addRoute("/cart") { _, _ in true }
    _ = await linker.handle("shop://cart")
    #expect(tracker.logged.suffix(3).map(\.name) == ["deeplink.received", "deeplink.matched", "deeplink.handled"])
    #expect(tracker.logged.last?.fields["route"] == "/cart")
  }

  @Test("Adoption.md, share links: from a destination value, web and app links")
  func shareLinkOfDestination() throws {
    let navigator = RecordingNavigator()
    let linker = try #require(composedLinker(MarketCatalogue.market(id: "CA"), navigator: navigator))
    let link = try linker.link(to: ProductPage(id: 123, locale: "fr"))
    // https://shop.example.ca/fr/ip/-/123
    let appLink = try linker.appLink(to: PaymentPage(orderID: 55))
    // shop://pay?order_id=55

    #expect(link.absoluteString == "https://shop.example.ca/fr/ip/-/123")
    #expect(appLink.absoluteString == "shop://pay?order_id=55")
  }
}

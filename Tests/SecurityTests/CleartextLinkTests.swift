import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// Cleartext `http` links to the app's own domains (`Docs/Security.md`, "Cleartext http"): never
/// routed, `external` with reason `cleartextWebLink`, handed to the browser with the hand-off
/// fragment so that the `https` page it upgrades to is not given back to the app.
@Suite struct CleartextLinkTests {
  static let markets = ["platform"] + MarketCatalogue.ids

  static func configuration(_ market: String) throws -> DeepLinkConfiguration {
    try DeepLinkAssembly.configuration(market: market == "platform" ? nil : market)
  }

  /// A link and what the external-URL handler gets for it.
  struct Row: Sendable, CustomTestStringConvertible {
    let market: String
    let link: String
    let reason: DeepLinkReason
    let browserLink: String
    var testDescription: String { "\(market): \(link)" }
  }

  static let rows: [Row] = [
    Row(
      market: "platform", link: "http://shop.example.com/ip/desk/123", reason: .cleartextWebLink,
      browserLink: "http://shop.example.com/ip/desk/123#no_universal_links"),
    Row(
      market: "platform", link: "HTTP://SHOP.example.com./cart#top", reason: .cleartextWebLink,
      browserLink: "http://shop.example.com/cart#no_universal_links"),
    Row(
      market: "platform", link: "http://shop.example.com/about", reason: .cleartextWebLink,
      browserLink: "http://shop.example.com/about#no_universal_links"),
    Row(
      market: "platform", link: "http://www.example.org/x#y", reason: .foreignHost,
      browserLink: "http://www.example.org/x#y"),
    Row(
      market: "CA", link: "http://shop.example.ca/fr/panier", reason: .cleartextWebLink,
      browserLink: "http://shop.example.ca/fr/panier#no_universal_links"),
    Row(
      market: "CA", link: "http://www.shop.example.ca/en/ip/standing-desk/123?utm_source=mail",
      reason: .cleartextWebLink,
      browserLink: "http://www.shop.example.ca/en/ip/standing-desk/123?utm_source=mail#no_universal_links"),
    Row(
      market: "CA", link: "http://shop.example.com/ip/desk/123", reason: .cleartextWebLink,
      browserLink: "http://shop.example.com/ip/desk/123#no_universal_links"),
    Row(
      market: "MX", link: "http://shop.example.com.mx/pago-en-tienda/ABCDEFGHIJ", reason: .cleartextWebLink,
      browserLink: "http://shop.example.com.mx/pago-en-tienda/ABCDEFGHIJ#no_universal_links"),
    Row(
      market: "MX", link: "http://www.shop.example.com.mx/carrito", reason: .cleartextWebLink,
      browserLink: "http://www.shop.example.com.mx/carrito#no_universal_links"),
    Row(
      market: "MX", link: "http://shop.example.com.mx:8080/carrito", reason: .nonDefaultPort,
      browserLink: "http://shop.example.com.mx:8080/carrito"),
  ]

  @Test("an http link to the app's domains goes to the browser with the hand-off fragment", arguments: rows)
  func cleartext(row: Row) throws {
    let decision = try Self.configuration(row.market).decide(row.link)
    #expect(decision.outcome == .external)
    #expect(decision.reason == row.reason)
    #expect(decision.route?.description == nil)
    #expect(decision.parameters.isEmpty)
    #expect(decision.rewrittenTo == nil)
    #expect(decision.browserLink?.absoluteString == row.browserLink)
  }

  @Test(
    "every https link a market routes or hands to the browser is external as http, on every rule and domain",
    arguments: markets)
  func everyRule(market: String) throws {
    let configuration = try Self.configuration(market)
    var links: [String] = []
    if market != "platform" {
      links += DecisionSnapshot.exampleLinks(
        in: try String(contentsOf: PackageManifest.exampleLinks(market: market), encoding: .utf8))
    }
    for domain in configuration.domains.map(\.name) where !domain.hasPrefix("*") {
      links += AssociationSamples.samples(configuration, host: domain, examples: links).map(\.link)
    }
    var judged = 0
    for https in links where https.hasPrefix("https://") {
      let http = "http://" + https.dropFirst("https://".count)
      let decision = configuration.decide(http)
      guard decision.link != nil, let host = decision.link?.host,
        configuration.domains.contains(where: { $0.name == host })
      else { continue }
      #expect(decision.outcome == .external, "\(http): \(decision.outcome)")
      #expect(
        decision.reason == .cleartextWebLink || decision.reason == .nonDefaultPort,
        "\(http): \(decision.reason?.rawValue ?? "-")")
      #expect(decision.route?.description == nil && decision.parameters.isEmpty, "\(http)")
      if decision.reason == .cleartextWebLink {
        #expect(decision.browserLink?.fragment == DeepLinkDecision.browserHandOffFragment, "\(http)")
      }
      judged += 1
    }
    #expect(judged > 20)
  }

  @Test("the linker hands an http link on the app's domain to the browser, never to a route")
  @MainActor
  func linkerHandsOver() async throws {
    let linker = DeepLinker()
    let opened = SeenURLs()
    try linker.configure().add(urlSchemes: [URLScheme("app")]).add(allowedDomains: ["app.example.com"])
      .add(universalLinks: [UniversalLink("https://app.example.com/basket", to: "/cart")])
      .with(externalURLHandler: { link in opened.urls.append(link.absoluteString) })
      .initialize()
    let routed = SeenURLs()
    try linker.addRoute("/cart") { link, _ in
      routed.urls.append(link.absoluteString)
      return true
    }
    _ = await linker.handle("http://app.example.com/basket")
    #expect(routed.urls.isEmpty)
    #expect(opened.urls == ["http://app.example.com/basket#no_universal_links"])
  }
}

/// Links a closure saw, as text.
@MainActor final class SeenURLs {
  var urls: [String] = []
}

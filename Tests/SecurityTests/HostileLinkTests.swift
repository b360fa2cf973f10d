import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// The hostile-link suite: every row of ``HostileLink/all`` against the parser and the platform's
/// routes. `Docs/Security.md` explains the classes and the rules.
@Suite struct HostileLinkTests {
  static let gate = PlatformLinkGate.platform

  @Test("the suite covers at least 200 links in at least 15 classes, every class at least 5 times")
  func coverage() throws {
    let all = HostileLink.all
    #expect(all.count >= 200)
    let counts = Dictionary(grouping: all, by: \.linkClass).mapValues(\.count)
    #expect(counts.count == HostileLink.LinkClass.allCases.count)
    #expect(counts.count >= 15)
    for linkClass in HostileLink.LinkClass.allCases {
      #expect((counts[linkClass] ?? 0) >= 5, "class \(linkClass.rawValue) has \(counts[linkClass] ?? 0) links")
    }
    let duplicates = Dictionary(grouping: all, by: \.link).filter { $0.value.count > 1 }.keys
    #expect(duplicates.isEmpty, "links listed twice: \(duplicates.sorted())")

    // Behaviour, not only counts: every class holds a link a lenient parser (Foundation's
    // `URLComponents`) reads, so the class exercises our decisions rather than only inputs any
    // parser would throw away; and the composed pipeline refuses (or reduces to inert data) every
    // row of every class, which a row that routes with live data would break.
    for linkClass in HostileLink.LinkClass.allCases {
      let rows = all.filter { $0.linkClass == linkClass }
      #expect(
        rows.contains { URLComponents(string: $0.link) != nil },
        "class \(linkClass.rawValue): no row that a lenient parser reads")
    }
    let configuration = try DeepLinkAssembly.configuration(market: nil)
    var outcomes: Set<DeepLinkOutcome> = []
    for row in all {
      let decision = configuration.decide(row.link)
      outcomes.insert(decision.outcome)
      if case .routedInert = row.expectation { continue }
      #expect(decision.outcome != .routed, "\(row.link) routes")
    }
    // The rows reach every refusal the pipeline has for links from outside, and routing.
    #expect(outcomes.isSuperset(of: [.invalid, .external, .notFound, .routed]), "\(outcomes)")
  }

  @Test(
    "a hostile link is refused by the parser, or never routed, or routed only with inert parameters",
    arguments: HostileLink.all)
  func hostileLink(_ row: HostileLink) {
    let parsed = Result { () throws(DeepLinkError) in try DeepLink(row.link) }
    let decision = Self.gate.decide(row.link)
    switch row.expectation {
    case .invalid(let reason):
      switch parsed {
      case .success(let link): Issue.record("parsed as `\(link)`; expected invalid(\(reason))")
      case .failure(let error): #expect(error.reason.rawValue == reason, "\(error)")
      }
      #expect(decision == .invalid(reason: reason))
    case .neverRoutedIntoApp:
      guard case .success = parsed else {
        Issue.record("did not parse (\(decision)); expected it to parse and not be routed")
        return
      }
      if case .routed = decision { Issue.record("routed into the app: \(decision)") }
    case .routedInert(let route, let parameters):
      #expect(decision == .routed(route: route, parameters: parameters))
    }
    if row.mustNeverReachExternalHandler, case .success(let link) = parsed {
      #expect(
        !link.isWebLink || PlatformRouteFixture.isPlatformHost(link.host),
        "an ambiguous or dangerous link parsed as a web link to the foreign host `\(link.host ?? "")`")
    }
    if row.mustNeverReachExternalHandler, case .external(let host) = decision {
      #expect(PlatformRouteFixture.isPlatformHost(host), "handed to the browser for the foreign host `\(host)`")
    }
  }

  @Test(
    "a link to a foreign host never matches a platform route in the table itself",
    arguments: HostileLink.all.filter { !$0.mustNeverReachExternalHandler })
  func foreignHostNeverMatches(_ row: HostileLink) throws {
    let link = try DeepLink(row.link)
    #expect(link.isWebLink)
    #expect(!PlatformRouteFixture.isPlatformHost(link.host))
    #expect(Self.gate.table.match(link) == nil)
  }

  @Test(
    "a parsed hostile link writes out to a string that parses back to the same link",
    arguments: HostileLink.all.filter {
      if case .invalid = $0.expectation { false } else { true }
    })
  func roundTrip(_ row: HostileLink) throws {
    let link = try DeepLink(row.link)
    #expect(try DeepLink(link.absoluteString) == link, "`\(link.absoluteString)`")
  }

  @Test("app patterns match custom-scheme links of any scheme: refusing foreign schemes is the admit step's job")
  func tableIsSchemeAgnosticSoAdmissionIsLoadBearing() throws {
    let link = try DeepLink("intent://product/1#Intent;scheme=shop;end")
    #expect(Self.gate.table.match(link)?.value.route == "/product/{id}")
    #expect(Self.gate.decide(link) == .invalid(reason: "unregisteredScheme"))
  }
}

/// Legitimate links, so that the hostile suite cannot pass by refusing everything.
@Suite struct PlatformLinkControlTests {
  static let rows: [(link: String, route: String, parameters: [String: String])] = [
    ("shop://product/123", "/product/{id}", ["id": "123"]),
    ("shop:///product/123", "/product/{id}", ["id": "123"]),
    ("shop:/product/123", "/product/{id}", ["id": "123"]),
    ("shop://home", "/", [:]),
    ("shop://", "/", [:]),
    ("shop:", "/", [:]),
    ("shop://search?q=red+shoes", "/search?q={query}", ["query": "red shoes"]),
    ("shop://pay?order_id=42", "/pay?order_id={order_id}", ["order_id": "42"]),
    ("https://shop.example.com/ip/desk/123", "/product/{id}", ["slug": "desk", "id": "123"]),
    ("https://Shop.Example.com./ip/123/", "/product/{id}", ["id": "123"]),
    ("https://www.shop.example.com:443/cp/desks/7", "/category/{id}", ["slug": "desks", "id": "7"]),
    ("https://shop.example.com/account/orders/9", "/orders/{id}", ["id": "9"]),
    ("https://shop%2Eexample.com/cart", "/cart", [:]),
    ("https://shop\u{3002}example\u{3002}com/cart", "/cart", [:]),
  ]

  @Test("a platform link routes with its parameters", arguments: rows.indices)
  func routes(_ index: Int) {
    let row = Self.rows[index]
    #expect(
      PlatformLinkGate.platform.decide(row.link) == .routed(route: row.route, parameters: row.parameters), "\(row.link)"
    )
  }
}

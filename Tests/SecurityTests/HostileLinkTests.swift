import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import Foundation
import PlatformLinks
import Testing

/// The configurations the security suite decides links with: the platform alone and every market
/// of the catalogue, each composed as the app composes it (`DeepLinkAssembly.configuration(market:)`).
enum ComposedConfigurations {
  /// `platform` (the platform alone), then every market's catalogue identifier.
  static let names: [String] = ["platform"] + MarketCatalogue.ids

  private static let configurations: [String: Result<DeepLinkConfiguration, CompositionError>] = Dictionary(
    uniqueKeysWithValues: names.map { name in
      (name, Result { () throws(CompositionError) in try DeepLinkAssembly.configuration(market: market(name)) })
    })

  /// The market identifier of `name`, `nil` for the platform alone.
  static func market(_ name: String) -> String? {
    name == "platform" ? nil : name
  }

  /// The composed configuration of `name`; a composition error fails the test.
  static func configuration(_ name: String) throws -> DeepLinkConfiguration {
    try #require(configurations[name]).get()
  }
}

/// A decision reduced to what a hostile-link row states exactly.
private struct Decided: Equatable, CustomStringConvertible {
  var outcome: DeepLinkOutcome
  var reason: String?
  var route: String?
  var parameters: [String: String] = [:]
  var barriers: [BarrierName] = []

  init(_ decision: DeepLinkDecision) {
    outcome = decision.outcome
    reason = decision.reason?.rawValue
    route = routePattern(of: decision)
    parameters = decision.parameters.dictionary
    barriers = decision.barriers
  }

  init(_ expectation: HostileLink.Expectation) {
    switch expectation {
    case .invalid(let reason): (outcome, self.reason) = (.invalid, reason)
    case .keptInApp(let reason): (outcome, self.reason) = (.notFound, reason)
    case .unadmitted: (outcome, reason) = (.invalid, "unregisteredScheme")
    case .notFound: (outcome, reason) = (.notFound, "noRoute")
    case .trailingDotHost: (outcome, reason) = (.notFound, "foreignHost")
    case .ownSite(let reason), .foreign(let reason): (outcome, self.reason) = (.external, reason)
    case .routed(let route, let parameters, let barriers):
      (outcome, self.route, self.parameters, self.barriers) = (.routed, route, parameters, barriers)
    }
  }

  var description: String {
    let shownParameters = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.prefix(60))" }
    return "\(outcome)(\(reason ?? route ?? "")) [\(shownParameters.joined(separator: ", "))] \(barriers)"
  }
}

/// The hostile-link suite: every row of ``HostileLink/all`` decided by the composed configuration of
/// the platform and of every market. `Docs/Security.md` explains the classes and the rules.
@Suite struct HostileLinkTests {
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
    // Every exception names a market of the catalogue.
    let unknown = Set(all.flatMap(\.exceptions.keys)).subtracting(MarketCatalogue.ids)
    #expect(unknown.isEmpty, "exceptions for markets the catalogue does not have: \(unknown.sorted())")

    // Behaviour, not only counts: every class holds a link a lenient parser (Foundation's
    // `URLComponents`) reads, so the class exercises our decisions rather than only inputs any
    // parser would throw away; and in every configuration the rows reach every refusal the
    // pipeline has for links from outside, and routing.
    for linkClass in HostileLink.LinkClass.allCases {
      let rows = all.filter { $0.linkClass == linkClass }
      #expect(
        rows.contains { URLComponents(string: $0.link) != nil },
        "class \(linkClass.rawValue): no row that a lenient parser reads")
    }
    for name in ComposedConfigurations.names {
      let configuration = try ComposedConfigurations.configuration(name)
      let outcomes = Set(all.map { configuration.decide($0.link).outcome })
      #expect(outcomes.isSuperset(of: [.invalid, .external, .notFound, .routed]), "\(name): \(outcomes)")
    }
  }

  @Test(
    "every configuration decides a hostile link exactly as its row says: outcome, reason, route, parameters, barriers",
    arguments: ComposedConfigurations.names, HostileLink.all)
  func hostileLink(configurationName name: String, row: HostileLink) throws {
    let configuration = try ComposedConfigurations.configuration(name)
    let expectation = row.expectation(in: ComposedConfigurations.market(name))
    let decision = configuration.decide(row.link)
    #expect(Decided(decision) == Decided(expectation), "\(name)")

    let parsed = Result { () throws(DeepLinkError) in try DeepLink(row.link) }
    switch expectation {
    case .invalid(let reason), .keptInApp(let reason):
      switch parsed {
      case .success(let link): Issue.record("parsed as `\(link)`; expected the parser to refuse it (\(reason))")
      case .failure(let error): #expect(error.reason.rawValue == reason, "\(error)")
      }
      // What the not-found gets of a link kept in the app: its scheme and host, nothing the parser refused.
      if case .keptInApp = expectation {
        #expect(decision.link?.pathSegments == [], "\(decision.link?.description ?? "-")")
        #expect(decision.link?.queryItems == [])
      }
    default:
      #expect(decision.link != nil, "did not parse: \(Decided(decision))")
    }

    // What the browser gets: a foreign link as it came; a link on the configuration's own
    // domains only with the hand-off fragment, so the system cannot hand it back to the app.
    let domains = Set(configuration.domains.map(\.name))
    switch expectation {
    case .foreign:
      #expect(!domains.contains(decision.link?.host ?? ""), "\(name) claims the host")
      #expect(decision.browserLink == decision.link)
    case .ownSite:
      #expect(
        domains.contains(decision.browserLink?.host ?? ""), "\(name): \(decision.browserLink?.description ?? "-")")
      #expect(decision.browserLink?.fragment == DeepLinkDecision.browserHandOffFragment)
    default:
      #expect(decision.browserLink == nil)
    }
  }

  @Test(
    "a parsed hostile link writes out to a string that parses back to the same link",
    arguments: HostileLink.all.filter {
      switch $0.expectation {
      case .invalid, .keptInApp: false
      default: true
      }
    })
  func roundTrip(_ row: HostileLink) throws {
    let link = try DeepLink(row.link)
    #expect(try DeepLink(link.absoluteString) == link, "`\(link.absoluteString)`")
  }

  @Test(
    "the catalogue's app patterns match custom-scheme links of any scheme: refusing foreign schemes is the admit step's job",
    arguments: ComposedConfigurations.names)
  func tableIsSchemeAgnosticSoAdmissionIsLoadBearing(configurationName name: String) throws {
    let table = try RouteTable(patterns: PlatformRoute.platformCatalogue.map(\.source))
    let link = try DeepLink("intent://product/1#Intent;scheme=shop;end")
    #expect(table.match(link)?.pattern == "/product/{id:int}")
    let decision = try ComposedConfigurations.configuration(name).decide(link.absoluteString)
    #expect(Decided(decision) == Decided(.unadmitted))
  }
}

/// Legitimate links, so that the hostile suite cannot pass by refusing everything.
@Suite struct PlatformLinkControlTests {
  static let rows: [HostileLink] = [
    .inert("shop://product/123", .lookAlikeScheme, route: "/product/{id:int}", parameters: ["id": "123"]),
    .inert("shop:///product/123", .lookAlikeScheme, route: "/product/{id:int}", parameters: ["id": "123"]),
    .inert("shop:/product/123", .lookAlikeScheme, route: "/product/{id:int}", parameters: ["id": "123"]),
    .inert("shop://home", .lookAlikeScheme, route: "/home"),
    .inert("shop://", .lookAlikeScheme, route: "/"),
    .inert("shop:", .lookAlikeScheme, route: "/"),
    .inert(
      "shop://search?q=red+shoes", .lookAlikeScheme, route: "/search?q={query}", parameters: ["query": "red shoes"]),
    .inert(
      "shop://pay?order_id=42", .lookAlikeScheme, route: "/pay?order_id={order_id:int}",
      parameters: ["order_id": "42"], barriers: ["authentication", "confirmation"]),
    .inert(
      "https://shop.example.com/ip/desk/123", .lookAlikeHost, route: "/product/{id:int}",
      parameters: ["slug": "desk", "id": "123"]),
    .inert("https://Shop.Example.com/ip/123/", .lookAlikeHost, route: "/product/{id:int}", parameters: ["id": "123"]),
    .inert(
      "https://www.shop.example.com:443/cp/desks/7", .lookAlikeHost, route: "/category/{id:int}",
      parameters: ["slug": "desks", "id": "7"]),
    .inert(
      "https://shop.example.com/account/orders/9", .lookAlikeHost, route: "/orders/{id:int}",
      parameters: ["id": "9"], barriers: ["authentication"]),
    .inert("https://shop%2Eexample.com/cart", .lookAlikeHost, route: "/cart"),
    .inert("https://shop\u{3002}example\u{3002}com/cart", .lookAlikeHost, route: "/cart"),
  ]

  @Test(
    "a platform link routes with its parameters in every configuration",
    arguments: ComposedConfigurations.names, rows)
  func routes(configurationName name: String, row: HostileLink) throws {
    let decision = try ComposedConfigurations.configuration(name).decide(row.link)
    #expect(Decided(decision) == Decided(row.expectation(in: ComposedConfigurations.market(name))), "\(name)")
  }
}

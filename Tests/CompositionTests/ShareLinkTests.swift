import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import Foundation
import PlatformLinks
import Testing

/// Share links: the reverse of every web rule of every market (and the platform) decides back to
/// the same route and parameters, with ordinary and hostile values alike.
@Suite struct ShareLinkTests {
  static let hostileValues = [
    "a b", "ü", "a%2Fb", "..", ".", "a/b", "x?y=1", "#frag", "\u{202E}x", "https://evil.test/",
  ]

  static func sample(_ type: ParameterType) -> String {
    switch type {
    case .string: "DESK123456"
    case .int: "123"
    case .uuid: "123e4567-e89b-12d3-a456-426614174000"
    }
  }

  @Test("the issue's example: product 123 in CA, in French")
  func example() throws {
    let configuration = try DeepLinkAssembly.configuration(market: "CA")
    let link = try configuration.webLink(
      to: PlatformRoute.product.id, parameters: ["id": "123"], owner: .market("CA"), preferences: ["locale": "fr"])
    #expect(link.absoluteString == "https://shop.example.ca/fr/ip/-/123")
    let english = try configuration.webLink(
      to: PlatformRoute.product.id, parameters: ["id": "123"], owner: .market("CA"), preferences: ["locale": "en"])
    #expect(english.absoluteString == "https://shop.example.ca/en/ip/-/123")
    // A route the market has no web rule for falls back to the platform's.
    let store = try configuration.webLink(to: PlatformRoute.store.id, parameters: ["id": "5"], owner: .market("CA"))
    #expect(store.absoluteString == "https://shop.example.com/store/5")
  }

  @Test(
    "every web rule's link decides back to its route and parameters, hostile values included",
    arguments: [nil] + MarketCatalogue.ids)
  func roundTrip(market: String?) throws {
    let configuration = try DeepLinkAssembly.configuration(market: market)
    let owner = market.map(LinkOwner.market) ?? .platform
    let known = try Self.exampleValues(market, in: configuration)
    var produced = 0
    for rule in configuration.universalLinks where rule.owner == owner {
      guard let compiled = try? rule.compile(), case .host(.exact) = compiled.pattern.namespace else { continue }
      let route = compiled.target
      var good: [String: String] = [:]
      var types: [String: ParameterType] = [:]
      // Typical values come from the market's own example links (its plugin may check them: a
      // 26-character charge id), else a generic one of the capture's type.
      let typical = known[rule.target] ?? [:]
      for segment in route.segments {
        if case .parameter(let name, let type) = segment {
          (good[name], types[name]) = (typical[name] ?? Self.sample(type), type)
        }
      }
      for capture in route.queryCaptures where !capture.isOptional {
        (good[capture.name], types[capture.name]) = (typical[capture.name] ?? Self.sample(capture.type), capture.type)
      }
      let link = try configuration.webLink(
        to: rule.target, parameters: good, owner: owner, preferences: rule.parameters)
      expectRoundTrip(link, route: rule.target, parameters: good, in: configuration)
      produced += 1
      for (name, type) in types where type == .string {
        for value in Self.hostileValues {
          var parameters = good
          parameters[name] = value
          // Either no link, or a link that opens exactly this route with exactly these values.
          if let link = try? configuration.webLink(
            to: rule.target, parameters: parameters, owner: owner, preferences: rule.parameters)
          {
            expectRoundTrip(link, route: rule.target, parameters: parameters, in: configuration)
          }
        }
      }
    }
    #expect(produced > 0)
  }

  /// The parameters of the first example link of `market` routed to each route, by route pattern;
  /// none for the platform, whose values are generic.
  static func exampleValues(_ market: String?, in configuration: DeepLinkConfiguration) throws -> [RouteID: [String:
    String]]
  {
    guard let market else { return [:] }
    let text = try String(contentsOf: PackageManifest.exampleLinks(market: market), encoding: .utf8)
    var known: [RouteID: [String: String]] = [:]
    for example in DecisionSnapshot.exampleLinks(in: text) {
      let decision = configuration.decide(example)
      guard decision.outcome == .routed, decision.steps.isEmpty, let route = decision.route,
        known[route] == nil
      else {
        continue
      }
      known[route] = decision.parameters.dictionary
    }
    return known
  }

  @Test("a market's typical values are its example links' values", arguments: MarketCatalogue.ids)
  func valuesFromExamples(market: String) throws {
    let configuration = try DeepLinkAssembly.configuration(market: market)
    let known = try Self.exampleValues(market, in: configuration)
    #expect(!known.isEmpty)
    for (route, parameters) in known {
      let described = try #require(configuration.route(route))
      for name in described.pattern.requiredParameterNames {
        #expect(parameters[name] != nil, "\(route): \(name)")
      }
    }
  }

  func expectRoundTrip(
    _ link: DeepLink, route: RouteID, parameters: [String: String], in configuration: DeepLinkConfiguration,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let decision = configuration.decide(link.absoluteString)
    #expect(decision.outcome == .routed, "\(link)", sourceLocation: sourceLocation)
    #expect(decision.route == route, "\(link)", sourceLocation: sourceLocation)
    for (name, value) in parameters {
      #expect(decision.parameters[name] == value, "\(link): \(name)", sourceLocation: sourceLocation)
    }
  }

  @Test("values a route cannot carry, unknown routes and missing rules are errors naming the route")
  func errors() throws {
    let configuration = try DeepLinkAssembly.configuration(market: "CA")
    #expect(throws: ShareLinkError.unknownRoute(RouteID(pattern: "/nowhere"))) {
      try configuration.webLink(to: RouteID(pattern: "/nowhere"), parameters: [:])
    }
    #expect(throws: ShareLinkError.noWebRule(route: PlatformRoute.account.id, owner: .market("CA"))) {
      try configuration.webLink(to: PlatformRoute.account.id, parameters: [:], owner: .market("CA"))
    }
    do {
      _ = try configuration.webLink(to: PlatformRoute.product.id, parameters: ["id": "abc"], owner: .market("CA"))
      Issue.record("expected an error")
    } catch {
      #expect(error.description.contains("no web link for `/product/{id:int}` with id=abc"))
    }
  }
}

import DeepLinkCore
import DeepLinkTesting
import Testing

/// Overrides are resolved in one pass over the rules: an override takes the place of the earlier
/// rule for exactly the same links, the other rules keep their order, and a later rule for the
/// same links without an override conflicts with the rule that holds them then.
@MainActor
@Suite struct OverrideResolutionTests {
  static let host = "https://shop.example.com"

  static func configuration(_ rules: [UniversalLink]) throws -> DeepLinkConfiguration {
    var specification = DeepLinkSpecification()
    specification.urlSchemes = [URLScheme("shop")]
    specification.domains = [Domain("shop.example.com")]
    specification.universalLinks = rules
    for plugin in ["/cart", "/basket", "/bag", "/product/{id}"].map({ RecordingPlugin($0) }) {
      specification.install(plugin, owner: .platform)
    }
    return try DeepLinkConfiguration(compiling: specification)
  }

  @Test("an override replaces the rule for the same links, and the others keep their order")
  func overrideReplaces() throws {
    let configuration = try Self.configuration([
      UniversalLink("\(Self.host)/cart", to: "/cart"),
      UniversalLink("\(Self.host)/ip/{id}", to: "/product/{id}"),
      UniversalLink("\(Self.host)/CART", to: "/basket", isOverride: true),
    ])
    #expect(configuration.universalLinks.map(\.target.description) == ["/product/{id}", "/basket"])
    #expect(configuration.decide("\(Self.host)/cart").route?.description == "/basket")
    #expect(configuration.decide("\(Self.host)/ip/7").route?.description == "/product/{id}")
  }

  @Test("an override of an override replaces it in turn")
  func overrideOfAnOverride() throws {
    let configuration = try Self.configuration([
      UniversalLink("\(Self.host)/cart", to: "/cart"),
      UniversalLink("\(Self.host)/cart", to: "/basket", isOverride: true),
      UniversalLink("\(Self.host)/ip/{id}", to: "/product/{id}"),
      UniversalLink("\(Self.host)/cart", to: "/bag", isOverride: true),
    ])
    #expect(configuration.universalLinks.map(\.target.description) == ["/product/{id}", "/bag"])
    #expect(configuration.decide("\(Self.host)/cart").route?.description == "/bag")
  }

  @Test("a rule for the links an override holds, without an override, conflicts with the override")
  func conflictNamesTheHolder() {
    #expect(
      throws: DeepLinkConfigurationError.conflictingRewrites(
        existing: "\(Self.host)/Cart", new: "\(Self.host)/cart/")
    ) {
      try Self.configuration([
        UniversalLink("\(Self.host)/cart", to: "/cart"),
        UniversalLink("\(Self.host)/Cart", to: "/basket", isOverride: true),
        UniversalLink("\(Self.host)/cart/", to: "/bag"),
      ])
    }
  }

  @Test("rules for different links are all kept, in order, without an override")
  func distinctRulesStay() throws {
    let configuration = try Self.configuration([
      UniversalLink("\(Self.host)/cart", to: "/cart"), UniversalLink("\(Self.host)/ip/{id}", to: "/product/{id}"),
      UniversalLink("\(Self.host)/bag", to: "/bag"),
    ])
    #expect(configuration.universalLinks.map(\.target.description) == ["/cart", "/product/{id}", "/bag"])
    #expect(configuration.decide("\(Self.host)/bag").route?.description == "/bag")
  }
}

import DeepLinkCore
import PlatformLinks
import Testing

/// Composition reads the platform's declarations through `declare(in:)`, apps and
/// tools through the public properties: both must say the same.
@Suite struct PlatformDeclarationTests {
  @Test("declare(in:) appends exactly the platform's schemes, domains and rules, in order")
  func declareMatchesProperties() {
    let platform = PlatformLinks()
    var specification = DeepLinkSpecification()
    platform.declare(in: &specification)
    #expect(specification.urlSchemes == platform.urlSchemes)
    #expect(specification.domains == platform.domains)
    #expect(specification.universalLinks == platform.universalLinks)
    #expect(!specification.universalLinks.isEmpty)
  }
}

import AssociationMatchers
import DeepLinkCLI
import DeepLinkComposition
import DeepLinkCore
import Testing

extension AssociationAgreementTests {
  /// What the file and the router do with every sample of a market under one reading.
  struct Tally: Hashable, CustomStringConvertible {
    /// Links judged.
    var judged = 0
    /// Claimed by iOS, sent to the browser by the router (the literal `*` the file cannot exclude counted apart).
    var bounces = 0
    /// Claimed by iOS with a literal `*` in a capture, which Apple's patterns cannot exclude (the app hands it on).
    var literalStars = 0
    /// Claimed by iOS, decided `invalid` by the router (dropped in the app with an `invalid` event).
    var dropped = 0
    /// Routed by the router, not claimed by iOS: the browser shows the page instead of the app's screen.
    var underClaims = 0
    /// The variants of the bounces and under-claims, counted.
    var variants: [String: Int] = [:]

    var description: String {
      let detail = variants.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
        .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
      return
        "judged \(judged), bounces \(bounces), literal stars \(literalStars), dropped \(dropped), under-claims \(underClaims) (\(detail))"
    }
  }

  /// The tallies of `market` by reading.
  static func tally(market: String) throws -> [AppleAppSiteAssociationMatcher.Reading: Tally] {
    var tallies: [AppleAppSiteAssociationMatcher.Reading: Tally] = [:]
    for domain in try domains(market) {
      for sample in domain.samples {
        let decision = domain.configuration.decide(sample.link)
        let kept = decision.outcome == .routed || decision.outcome == .notFound
        for reading in AppleAppSiteAssociationMatcher.Reading.all {
          var tally = tallies[reading, default: Tally()]
          tally.judged += 1
          let claimed = isClaimed(domain.matcher.decide(sample.link, reading: reading))
          if claimed && !kept {
            if decision.outcome == .invalid {
              tally.dropped += 1
            } else if sample.variant == "literalStar" {
              tally.literalStars += 1
            } else {
              tally.bounces += 1
              tally.variants["bounce " + sample.variant, default: 0] += 1
            }
          }
          if !claimed && decision.outcome == .routed {
            tally.underClaims += 1
            tally.variants["under " + sample.variant, default: 0] += 1
          }
          tallies[reading] = tally
        }
      }
    }
    return tallies
  }

  @Test(
    "the figures Docs/AssociationFiles.md quotes: bounces and under-claims by reading", arguments: MarketCatalogue.ids)
  func figures(market: String) throws {
    let tallies = try Self.tally(market: market)
    // Readings with the same figures are printed together.
    let grouped = Dictionary(grouping: AppleAppSiteAssociationMatcher.Reading.all, by: { tallies[$0]! })
    for (tally, readings) in grouped.sorted(by: { $0.key.underClaims < $1.key.underClaims }) {
      print(
        "iOS \(market), \(readings.count) readings (\(readings.map(\.description).joined(separator: "; "))): \(tally)")
      #expect(tally.bounces == 0, "Market\(market): \(tally)")
      #expect(tally.dropped == 0, "Market\(market): \(tally)")
    }
  }
}

import AssociationMatchers
import DeepLinkCore
import Testing

@testable import DeepLinkTools

/// Before API 31 a filter reads `pathPattern` only, Android's simple glob with no character set (AOSP's
/// `PatternMatcher.matchGlobPattern`): `intent-filters` claims a rule with captures from API 31 and lists it for the
/// older versions with the links that show why (`AndroidAppLinks.olderVersionsReason`). Judged here, rule by rule:
/// the glob that would claim the rule's typical link (`//*.*` for each capture) also claims each listed link, which the
/// router sends to the browser, so writing it would bounce. If the router ever routed those links, this fails, and the
/// writer should claim the rule with the glob.
extension AndroidAgreementTests {
  @Test(
    "before API 31 a rule with captures is listed, and the glob that would claim it claims a link the router sends to the browser",
    arguments: markets)
  func olderVersionsCannotClaimCaptures(market: String) throws {
    var judged = 0
    for domain in try Self.domains(market) {
      let samples = try Self.samples(domain, market: market)
      let typical = Dictionary(
        samples.filter { $0.variant == "typical" }.compactMap { sample in sample.rule.map { ($0, sample.link) } },
        uniquingKeysWith: { first, _ in first })
      var listed = 0
      for rule in domain.configuration.universalLinks.compactMap({ try? $0.compile() }) {
        let pattern = rule.pattern
        guard case .host(let host) = pattern.namespace, host.matches(domain.host),
          pattern.queryCaptures.allSatisfy(\.isOptional),
          pattern.segments.contains(where: { if case .literal = $0 { false } else { true } })
        else { continue }
        listed += 1
        var types: [String: ParameterType] = [:]
        for case .parameter(let name, let type) in rule.target.segments { types[name] = type }
        let glob = AndroidAppLinks.olderVersionsGlob(pattern.segments)
        let manifest = """
          <intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" />
            <data android:host="\(domain.host)" />
            <data android:pathPattern="\(AndroidAppLinks.xml(glob))" />
          </intent-filter>
          """
        let matcher = try AndroidAppLinkMatcher(manifest: manifest)
        let link = try #require(typical[rule.rule.pattern], "\(rule.rule.pattern) has no typical sample")
        for apiLevel in [23, 30] {
          #expect(Self.isClaimed(matcher.decide(link, apiLevel: apiLevel)), "\(glob) does not claim \(link)")
          #expect(!Self.isClaimed(domain.manifestOnly.decide(link, apiLevel: apiLevel)), "\(link) at API \(apiLevel)")
        }
        let witnesses = AndroidAppLinks.olderVersionsWitnesses(pattern.segments, types: types)
        #expect(!witnesses.isEmpty, "\(rule.rule.pattern)")
        for witness in witnesses {
          let bounce = "https://\(domain.host)\(witness)"
          #expect(Self.isClaimed(matcher.decide(bounce, apiLevel: 23)), "\(glob) does not claim \(bounce)")
          let decision = domain.configuration.decide(bounce)
          #expect(decision.outcome == DeepLinkOutcome.external, "\(bounce): \(decision.outcome)")
          #expect(
            domain.links.beforeAPI31.contains { $0.reason.contains("`\(witness)`") },
            "\(witness) is not listed for \(rule.rule.pattern)")
        }
        judged += 1
      }
      #expect(domain.links.beforeAPI31.count == listed, "\(domain.host): \(domain.links.beforeAPI31.map(\.rule))")
      #expect(domain.links.manifestXML(customSchemes: []).contains("not claimed before API 31") == (listed > 0))
    }
    // The smallest market has no capture: nothing to judge there.
    #expect(judged > 0 || market == "smallest")
  }
}

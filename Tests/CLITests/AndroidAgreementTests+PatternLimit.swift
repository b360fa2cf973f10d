import AssociationMatchers
import DeepLinkCore
import Foundation
import Testing

@testable import DeepLinkTools

/// Android refuses a `pathAdvancedPattern` whose parsed form passes 2,045 entries, and a manifest holding one does not
/// install (AOSP's `PatternMatcher.parseAndVerifyAdvancedPattern`). `intent-filters` leaves such a rule out and names
/// it; the writer's count and ``AndroidAppLinkMatcher``'s parser, written apart, must agree at the boundary.
extension AndroidAgreementTests {
  static let limitHost = "shop.example.test"

  /// A rule with `captures` string captures and a last segment of `digits` digits (one entry each, so the patterns
  /// step across the limit one entry at a time).
  static func rule(captures: Int, digits: Int) throws -> CompiledRewrite {
    let segments = (1...captures).map { "{p\($0)}" } + (digits > 0 ? [String(repeating: "1", count: digits)] : [])
    return try UniversalLink("https://\(limitHost)/many/" + segments.joined(separator: "/"), to: "/cart").compile()
  }

  /// The rule's typical link: every capture `x`.
  static func link(captures: Int, digits: Int) -> String {
    let segments = Array(repeating: "x", count: captures) + (digits > 0 ? [String(repeating: "1", count: digits)] : [])
    return "https://\(limitHost)/many/" + segments.joined(separator: "/")
  }

  static func limitManifest(_ data: String) -> String {
    """
    <intent-filter android:autoVerify="true">
      <action android:name="android.intent.action.VIEW" />
      <category android:name="android.intent.category.DEFAULT" />
      <category android:name="android.intent.category.BROWSABLE" />
      <data android:scheme="https" />
      <data android:host="\(limitHost)" />
      \(data)
    </intent-filter>
    """
  }

  @Test("a rule is left out of the manifest exactly when Android would refuse its pattern, and named")
  func patternLimit() throws {
    var kept = 0
    var refused = 0
    // A string capture is about 167 entries: twelve fit, thirteen do not, and the digits step across the limit.
    for captures in [1, 11, 12, 13, 20] {
      for digits in 0...20 {
        let rule = try Self.rule(captures: captures, digits: digits)
        let links = AndroidAppLinks(rules: [rule], hosts: [Self.limitHost])
        // The pattern the writer would write, judged by the matcher's own parser.
        let pattern =
          rule.pattern.segments.map { "/+" + AndroidAppLinks.advancedPiece($0, types: [:], caseInsensitive: true) }
          .joined() + "/*"
        let data = "<data android:pathAdvancedPattern=\"\(AndroidAppLinks.xml(pattern))\" />"
        let androidAccepts = (try? AndroidAppLinkMatcher(manifest: Self.limitManifest(data))) != nil
        let label = "\(captures) captures, \(digits) digits, \(AndroidAppLinks.parsedEntries(pattern)) entries"
        #expect(links.refused.isEmpty == androidAccepts, "\(label)")
        if androidAccepts {
          kept += 1
        } else {
          refused += 1
          #expect(
            links.refused.map(\.rule) == ["/many/" + rule.pattern.source.split(separator: "/many/")[1] + " → /cart"])
          #expect(links.refused.first?.reason.contains("2045") == true, "\(links.refused)")
          #expect(links.unclaimed.map(\.rule) == links.refused.map(\.rule))
        }
        // Whatever was left out, the manifest installs, and the rule's link opens the app exactly when it is kept
        // and the device reads advanced patterns.
        let written = links.manifestXML(customSchemes: [])
        let matcher = try AndroidAppLinkMatcher(manifest: written)
        for apiLevel in Self.apiLevels {
          let claimed = Self.isClaimed(
            matcher.decide(Self.link(captures: captures, digits: digits), apiLevel: apiLevel))
          #expect(claimed == (androidAccepts && apiLevel >= 31), "\(label) at API \(apiLevel)")
        }
      }
    }
    // The grid crosses the limit: some rules kept, some refused, and twelve captures cross it with the digits.
    #expect(kept > 0 && refused > 0, "kept \(kept), refused \(refused)")
    let twelve = try (0...20).map {
      AndroidAppLinks(rules: [try Self.rule(captures: 12, digits: $0)], hosts: [Self.limitHost])
    }
    #expect(twelve.first?.refused.isEmpty == true && twelve.last?.refused.isEmpty == false)
  }

  /// Every market's manifest installs: the writer refuses none of its rules, and the matcher's own parser (run when
  /// each domain's manifest is read) accepts every pattern in it.
  @Test("no market's pattern passes Android's 2,045 parse entries", arguments: markets)
  func marketPatternsFit(market: String) throws {
    for domain in try Self.domains(market) {
      #expect(domain.links.refused.isEmpty, "\(domain.host): \(domain.links.refused)")
      #expect(domain.manifestOnly.filterCount > 0)
    }
  }
}

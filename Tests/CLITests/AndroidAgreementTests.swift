import AssociationMatchers
import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import DeepLinkTools
import Foundation
import PlatformLinks
import Testing

/// The intent filters `deeplink intent-filters` writes and the assetlinks.json `deeplink assetlinks --dynamic-rules`
/// writes, judged link by link by Android's matching (``AndroidAppLinkMatcher``: Google's pages, and AOSP's code where
/// they are silent; written apart from the writer) and by the composed router, for every market of the catalogue and
/// the smallest one, every domain, on Android 6 (API 23), 11 (30), 12 (31), 14 (34) and 15 (35, with and without the
/// dynamic rules: only devices with Google services read them).
@Suite struct AndroidAgreementTests {
  static let package = "com.example.shop"
  /// The fingerprint of Google's configure-assetlinks example: 32 upper-case hex bytes.
  static let fingerprint =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
  /// Android 6 (the first with App Links), 11 (the last without `pathAdvancedPattern`), 12 (the first with it), 14
  /// (the last without dynamic rules), 15.
  static let apiLevels = [23, 30, 31, 34, 35]

  /// One market domain with the market's manifest and assetlinks file, the two matchers and the configuration.
  struct Domain {
    let host: String
    let configuration: DeepLinkConfiguration
    let links: AndroidAppLinks
    let manifest: String
    let assetLinks: String
    /// The manifest alone: every API level, and API 35 on a device without the dynamic rules.
    let manifestOnly: AndroidAppLinkMatcher
    /// The manifest and the assetlinks file's dynamic rules (read at API 35).
    let withRules: AndroidAppLinkMatcher
    /// Whether the rule written as the key needs a query item (Android cannot see one before API 35).
    let needsQuery: [String: Bool]

    init(configuration: DeepLinkConfiguration, host: String, hosts: [String]) throws {
      self.configuration = configuration
      let rules = configuration.universalLinks.compactMap { try? $0.compile() }
      self.host = host
      links = AndroidAppLinks(rules: rules, hosts: hosts)
      manifest = links.manifestXML(customSchemes: [])
      assetLinks = AssetLinks.json(
        package: AndroidAgreementTests.package, fingerprints: [AndroidAgreementTests.fingerprint],
        dynamicComponents: links.dynamicComponents)
      manifestOnly = try AndroidAppLinkMatcher(manifest: manifest)
      withRules = try AndroidAppLinkMatcher(manifest: manifest, assetLinks: Data(assetLinks.utf8))
      var needsQuery: [String: Bool] = [:]
      for rule in rules { needsQuery[rule.rule.pattern] = rule.pattern.queryCaptures.contains { !$0.isOptional } }
      self.needsQuery = needsQuery
    }

    /// Every verdict on `link`: at each API level by the manifest alone, then at API 35 with the dynamic rules.
    func verdicts(_ link: String) -> [(reading: String, decision: AndroidAppLinkMatcher.Decision)] {
      AndroidAgreementTests.apiLevels.map { ("API \($0)", manifestOnly.decide(link, apiLevel: $0)) }
        + [("API 35 with assetlinks", withRules.decide(link, apiLevel: 35))]
    }

    /// The dynamic component at `index`, as the assetlinks file writes it, for messages.
    func component(_ index: Int) -> String {
      guard links.dynamicComponents.indices.contains(index) else { return "component \(index)" }
      let component = links.dynamicComponents[index]
      return "component \(index) {/: \(component.path ?? "-"), #: \(component.fragment ?? "-"), exclude: "
        + "\(component.exclude)} (\(withRules.describe(dynamicComponent: index)); \(component.comments))"
    }
  }

  /// The smallest market `Docs/AddingAMarket.md` shows (one domain, one web path), composed with the platform as a
  /// market of the catalogue is: every check here must hold for it, so a new market never edits this suite.
  static let smallestMarket = DeclaredMarket(
    id: "BR", domains: ["shop.example.com.br"],
    rules: [UniversalLink("https://shop.example.com.br/carrinho", to: .cart)])

  /// The markets judged: the catalogue's, and the smallest one (`smallest`).
  static let markets = MarketCatalogue.ids + ["smallest"]

  /// The market's exact domains, each with the manifest and file written for all of them (as `deeplink
  /// intent-filters` and `deeplink assetlinks` write them).
  static func domains(_ market: String) throws -> [Domain] {
    let declared: any MarketModule =
      market == "smallest" ? smallestMarket : try #require(MarketCatalogue.market(id: market))
    let configuration =
      market == "smallest"
      ? try #require(composedConfiguration(smallestMarket)) : try DeepLinkAssembly.configuration(market: market)
    let hosts = declared.domains.compactMap { domain -> String? in
      if case .exact(let host)? = domain.host { return host }
      return nil
    }
    #expect(!hosts.isEmpty, "Market\(market) declares no exact domain")
    return try hosts.map { try Domain(configuration: configuration, host: $0, hosts: hosts) }
  }

  /// The samples of `domain`, with typical values from the market's example links.
  static func samples(_ domain: Domain, market: String) throws -> [AssociationSamples.Sample] {
    let examples =
      market == "smallest"
      ? []
      : DecisionSnapshot.exampleLinks(
        in: try String(contentsOf: PackageManifest.exampleLinks(market: market), encoding: .utf8))
    return AssociationSamples.samples(domain.configuration, host: domain.host, examples: examples)
  }

  static func isClaimed(_ decision: AndroidAppLinkMatcher.Decision) -> Bool {
    if case .claimed = decision { return true }
    return false
  }

  @Test("Android never claims a link the router sends to the browser or drops", arguments: markets)
  func noBounce(market: String) throws {
    var judged = 0
    var rules = 0
    for domain in try Self.domains(market) {
      let samples = try Self.samples(domain, market: market)
      // Every rule of the domain is sampled (a small market has fewer rules, not fewer samples per rule): its typical
      // link and at least its slash, case, escape, query and fragment variants.
      #expect(SampleCoverage.unsampledRules(domain.configuration, host: domain.host, samples: samples) == [])
      let perRule = Dictionary(grouping: samples.compactMap(\.rule), by: { $0 }).mapValues(\.count)
      for (rule, count) in perRule { #expect(count >= 15, "\(domain.host): \(rule) has \(count) samples") }
      rules += perRule.count
      for sample in samples {
        let decision = domain.configuration.decide(sample.link)
        let kept = decision.outcome == .routed || decision.outcome == .notFound
        judged += 1
        for (reading, verdict) in domain.verdicts(sample.link) {
          guard case .claimed(let filter, let data) = verdict, !kept else { continue }
          var through = ""
          if reading.hasSuffix("assetlinks"), let index = domain.withRules.dynamicComponent(matching: sample.link) {
            through = ", let through by dynamic " + domain.component(index)
          }
          Issue.record(
            """
            bounce: \(sample) is claimed under \(reading) by intent filter \(filter), <data> \(data)\(through); \
            the router decides \(decision.outcome) (\(decision.reason?.rawValue ?? "-"))
            """)
        }
      }
    }
    #expect(rules > 0 && judged >= 15 * rules)
  }

  @Test(
    "a typical link opens the app from API 31, or from API 35 (uri-relative-filter-group) when it needs a query item",
    arguments: markets)
  func typicalIsClaimed(market: String) throws {
    var typical = 0
    var rules = 0
    for domain in try Self.domains(market) {
      let samples = try Self.samples(domain, market: market)
      rules += Set(samples.compactMap(\.rule)).count
      for sample in samples where sample.variant == "typical" {
        guard let rule = sample.rule, let needsQuery = domain.needsQuery[rule] else { continue }
        typical += 1
        let outcome = domain.configuration.decide(sample.link).outcome
        for (reading, verdict) in domain.verdicts(sample.link) {
          let level = Int(reading.dropFirst("API ".count).prefix(2)) ?? 0
          var detail = "\(verdict)"
          if case .excluded(let index) = verdict { detail += " " + domain.component(index) }
          if level >= (needsQuery ? 35 : 31) {
            #expect(
              Self.isClaimed(verdict),
              "\(sample) is not claimed under \(reading): \(detail); the router decides \(outcome)")
          } else if needsQuery {
            // Before API 35 a filter cannot see the query: claiming the path would claim the link without its item.
            #expect(!Self.isClaimed(verdict), "\(sample) is claimed under \(reading): \(detail)")
          }
        }
      }
    }
    // Every rule of every domain had its typical link judged, however few the market has.
    #expect(typical == rules)
  }

  /// A link the router hands to the browser from the app's own domain carries the hand-off fragment; on Android 15
  /// the dynamic rules exclude it first, so Android cannot give it back to the app. The manifest decides first and
  /// the dynamic rules only narrow (configure-assetlinks), so a hand-off link whose path no filter takes is
  /// `unclaimed` rather than `excluded`; either way it is never claimed, and wherever the manifest alone would take
  /// it the fragment's exclusion must be what refuses it.
  @Test(
    "a link handed to the browser is never claimed on Android 15 with the dynamic rules", arguments: markets
  )
  func handOffCannotLoop(market: String) throws {
    var handedOver = 0
    var excluded = 0
    var claimable = 0
    for domain in try Self.domains(market) {
      let handedOverBefore = handedOver
      let fragment = DeepLinkDecision.browserHandOffFragment
      let samples = try Self.samples(domain, market: market)
      claimable += Set(samples.compactMap(\.rule)).count
      let exclusions = Set(
        domain.links.dynamicComponents.indices.filter {
          domain.links.dynamicComponents[$0].exclude && domain.links.dynamicComponents[$0].fragment == fragment
        })
      #expect(!exclusions.isEmpty, "\(domain.host): no dynamic component excludes #\(fragment)")
      for sample in samples {
        // The samples that already carry the fragment: wherever the manifest takes one, the exclusion refuses it.
        if sample.link.hasSuffix("#" + fragment), Self.isClaimed(domain.manifestOnly.decide(sample.link, apiLevel: 35))
        {
          let verdict = domain.withRules.decide(sample.link, apiLevel: 35)
          guard case .excluded(let index) = verdict, exclusions.contains(index) else {
            Issue.record("\(sample) is \(verdict) at API 35 with assetlinks, not excluded by the hand-off rule")
            continue
          }
          excluded += 1
        }
        let decision = domain.configuration.decide(sample.link)
        guard decision.outcome == .external, decision.reason == .unmatchedWebPath else { continue }
        let browser = try #require(decision.browserLink)
        #expect(browser.fragment == fragment)
        let link = browser.absoluteString
        let verdict = domain.withRules.decide(link, apiLevel: 35)
        let manifestAlone = domain.manifestOnly.decide(link, apiLevel: 35)
        if Self.isClaimed(manifestAlone) {
          guard case .excluded(let index) = verdict, exclusions.contains(index) else {
            Issue.record(
              """
              \(link) (handed over for \(sample)) is \(verdict) at API 35 with assetlinks; the manifest alone \
              decides \(manifestAlone)
              """)
            continue
          }
        } else {
          #expect(verdict == .unclaimed, "\(link) (handed over for \(sample)) is \(verdict) at API 35 with assetlinks")
        }
        handedOver += 1
      }
      // Paths no rule has (`/help`, `/x/en/cart`) and rules' extra segments go to the browser on every domain.
      #expect(handedOver > handedOverBefore, "\(domain.host): no sample was handed to the browser")
    }
    // Each rule's hand-off sample is one the manifest takes at API 35 (by a path, or a group with its query item), so
    // the exclusion refused exactly that many, however few rules the market has.
    #expect(excluded == claimable)
  }
}

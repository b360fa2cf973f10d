import AssociationMatchers
import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import DeepLinkTools
import Foundation
import Testing

/// The apple-app-site-association file `deeplink aasa` writes, judged link by link by Apple's
/// documented matching (``AppleAppSiteAssociationMatcher``, written apart from the writer) and by
/// the composed router, for every market and domain.
@Suite struct AssociationAgreementTests {
  static let appID = "ABCDE12345.com.example.shop"

  /// One market domain with its file, matcher, configuration and report.
  struct Domain {
    let host: String
    let file: String
    let matcher: AppleAppSiteAssociationMatcher
    let configuration: DeepLinkConfiguration
    let report: AssociationReport
    let samples: [AssociationSamples.Sample]

    init(market: String, host: String) throws {
      configuration = try DeepLinkAssembly.configuration(market: market)
      let rules = configuration.universalLinks.compactMap { try? $0.compile() }
      self.host = host
      // The file as `deeplink aasa` serves it, with what it leaves out to stay under Apple's limit.
      let served = AppleAppSiteAssociation.served(rules: rules, host: host, appIDs: [AssociationAgreementTests.appID])
      file = served.text
      matcher = try AppleAppSiteAssociationMatcher(json: Data(file.utf8))
      report = AssociationReport(rules: rules, host: host, leadingSlashRuns: served.file.leadingSlashRuns)
      // Typical values come from the market's own example links (a market's plugin may check them).
      let examples = DecisionSnapshot.exampleLinks(
        in: try String(contentsOf: PackageManifest.exampleLinks(market: market), encoding: .utf8))
      samples = AssociationSamples.samples(configuration, host: host, examples: examples)
    }
  }

  static func domains(_ market: String) throws -> [Domain] {
    try #require(MarketCatalogue.market(id: market)).domains.map { try Domain(market: market, host: $0.name) }
  }

  @Test("iOS never claims a link the router sends to the browser or drops", arguments: MarketCatalogue.ids)
  func noBounce(market: String) throws {
    var judged = 0
    var rules = 0
    for domain in try Self.domains(market) {
      let samples = domain.samples
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
        for reading in AppleAppSiteAssociationMatcher.Reading.all {
          guard case .claimed(let component) = domain.matcher.decide(sample.link, reading: reading), !kept else {
            continue
          }
          // The one shape Apple's patterns cannot exclude: `*` has no escape (Docs/AssociationFiles.md).
          let listed = domain.report.claimedNotRouted.map(\.kind).contains(sample.variant)
          #expect(
            listed && sample.variant == "literalStar",
            """
            bounce: \(sample) is claimed by component \(component) \(domain.matcher.describe(component)) \
            under \(reading); the router decides \(decision.outcome) (\(decision.reason?.rawValue ?? "-"))
            """)
        }
      }
    }
    #expect(rules > 0 && judged >= 15 * rules)
  }

  @Test("what the router routes and iOS leaves in the browser is what --report lists", arguments: MarketCatalogue.ids)
  func unclaimedIsReported(market: String) throws {
    for domain in try Self.domains(market) {
      let reported = Set(domain.report.staysInBrowser.map(\.kind))
      var claimedRouted = 0
      for sample in domain.samples {
        let decision = domain.configuration.decide(sample.link)
        guard decision.outcome == .routed else { continue }
        let verdict = domain.matcher.decide(sample.link)
        guard case .claimed = verdict else {
          #expect(
            reported.contains(sample.variant),
            "\(sample) is routed to \(decision.route?.description ?? "-") but not claimed (\(verdict)), and --report does not list it"
          )
          continue
        }
        claimedRouted += 1
      }
      #expect(claimedRouted > 0, "\(domain.host): no routed link is claimed")
    }
  }

  @Test(
    "a link handed to the browser from the app's own domain is claimed by no reading", arguments: MarketCatalogue.ids)
  func handOffCannotLoop(market: String) throws {
    var handedOver = 0
    for domain in try Self.domains(market) {
      let handedOverBefore = handedOver
      defer {
        // Paths no rule has and rules' extra segments go to the browser on every domain, however small the market.
        #expect(handedOver > handedOverBefore, "\(domain.host): no sample was handed to the browser")
      }
      for sample in domain.samples {
        let decision = domain.configuration.decide(sample.link)
        guard decision.outcome == .external, decision.reason == .unmatchedWebPath else { continue }
        let browser = try #require(decision.browserLink)
        #expect(browser.fragment == DeepLinkDecision.browserHandOffFragment)
        for reading in AppleAppSiteAssociationMatcher.Reading.all {
          let verdict = domain.matcher.decide(browser.absoluteString, reading: reading)
          #expect(!Self.isClaimed(verdict), "\(browser.absoluteString) is claimed under \(reading)")
        }
        handedOver += 1
      }
    }
  }

  @Test(
    "an http link to the app's domain goes to the browser, and neither it nor its https upgrade is claimed",
    arguments: MarketCatalogue.ids)
  func cleartextHandOffCannotLoop(market: String) throws {
    var handedOver = 0
    for domain in try Self.domains(market) {
      let handedOverBefore = handedOver
      defer { #expect(handedOver > handedOverBefore, "\(domain.host): no http sample was handed to the browser") }
      for sample in domain.samples where sample.link.hasPrefix("https://") {
        let http = "http://" + sample.link.dropFirst("https://".count)
        let decision = domain.configuration.decide(http)
        guard decision.link != nil else { continue }
        #expect(decision.outcome == .external && decision.reason == .cleartextWebLink, "\(http): \(decision.outcome)")
        let browser = try #require(decision.browserLink)
        #expect(browser.fragment == DeepLinkDecision.browserHandOffFragment)
        let upgraded = "https://" + browser.absoluteString.dropFirst("http://".count)
        for reading in AppleAppSiteAssociationMatcher.Reading.all {
          for link in [browser.absoluteString, upgraded] {
            #expect(
              !Self.isClaimed(domain.matcher.decide(link, reading: reading)), "\(link) is claimed under \(reading)")
          }
        }
        handedOver += 1
      }
    }
  }

  static func isClaimed(_ decision: AppleAppSiteAssociationMatcher.Decision) -> Bool {
    if case .claimed = decision { return true }
    return false
  }

  @Test("a market of 1,000 rules stays under Apple's 128 KB, its copies for leading slash runs left out")
  func thousandRules() throws {
    var rules: [CompiledRewrite] = []
    for index in 0..<1_000 {
      let path: String
      switch index % 4 {
      case 0: path = "/section-\(index)/{slug}/{id}"
      case 1: path = "/s\(index)/cart"
      case 2: path = "/s\(index)/orders/{id}"
      default: path = "/s\(index)/search?q={query}"
      }
      let target = ["/product/{id:int}", "/cart", "/orders/{id:int}", "/search?q={query}"][index % 4]
      rules.append(try UniversalLink("https://shop.example.test\(path)", to: target).compile())
    }
    let served = AppleAppSiteAssociation.served(rules: rules, host: "shop.example.test", appIDs: [Self.appID])
    let withCopies = AppleAppSiteAssociation(rules: rules, host: "shop.example.test").json(
      appIDs: [Self.appID], comments: false)
    // The figures Docs/AssociationFiles.md quotes.
    print(
      "1,000 rules: \(served.text.utf8.count) bytes without comments or copies, \(served.file.components.count) "
        + "components; \(withCopies.utf8.count) bytes with the copies")
    #expect(served.fits, "\(served.text.utf8.count) bytes")
    #expect(withCopies.utf8.count > AppleAppSiteAssociation.sizeLimit)
    #expect(!served.file.leadingSlashRuns && served.notes.count == 2, "\(served.notes)")
    #expect(
      try AppleAppSiteAssociationMatcher(json: Data(served.text.utf8)).components.count == served.file.components.count)
  }

  @Test("a market's file keeps its copies for leading slash runs when they fit", arguments: MarketCatalogue.ids)
  func leadingSlashRunsFit(market: String) throws {
    for domain in try Self.domains(market) {
      #expect(domain.file.utf8.count <= AppleAppSiteAssociation.sizeLimit)
      #expect(!domain.report.staysInBrowser.map(\.kind).contains("leadingSlashes"), "\(domain.host)")
    }
  }
}

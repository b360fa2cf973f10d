import AssociationMatchers
import DeepLinkCLI
import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// The same links as Android's code sees other spellings of them (AOSP's `Uri` and `IntentFilter`; see
/// `Docs/AssociationFiles.md`, "The independent matchers"): another port, the default port written out, a trailing
/// dot on the host, user info, an upper-case scheme, a slash between two segments written `%2F` (Android matches
/// the decoded path), and the domain with an empty path.
extension AndroidAgreementTests {
  /// One link and what it varies.
  struct Variant: CustomStringConvertible {
    var link: String
    var variant: String
    var from: AssociationSamples.Sample?
    var description: String { "\(link) [\(variant)\(from.map { ", from \($0)" } ?? "")]" }
  }

  /// `sample` spelled as Android's `Uri` reads it differently from the router, one way at a time.
  static func authorityVariants(of sample: AssociationSamples.Sample, host: String) -> [Variant] {
    let prefix = "https://\(host)"
    guard sample.link.hasPrefix(prefix) else { return [] }
    let rest = String(sample.link.dropFirst(prefix.count))
    var variants = [
      Variant(link: "https://\(host):8443\(rest)", variant: "otherPort", from: sample),
      Variant(link: "https://\(host):443\(rest)", variant: "defaultPort", from: sample),
      Variant(link: "https://\(host).\(rest)", variant: "trailingDotHost", from: sample),
      Variant(link: "https://user@\(host)\(rest)", variant: "userInfo", from: sample),
      Variant(link: "HTTPS://\(host)\(rest)", variant: "upperCaseScheme", from: sample),
    ]
    // The first slash after a segment's text, written `%2F`: Android decodes it back to a `/`.
    let pathEnd = rest.firstIndex { $0 == "?" || $0 == "#" } ?? rest.endIndex
    let path = rest[..<pathEnd]
    if let first = path.firstIndex(where: { $0 != "/" }),
      let slash = path[first...].firstIndex(of: "/"),
      path.index(after: slash) < path.endIndex, path[path.index(after: slash)] != "/"
    {
      let encoded = String(rest[..<slash]) + "%2F" + String(rest[rest.index(after: slash)...])
      variants.append(Variant(link: prefix + encoded, variant: "encodedSlash", from: sample))
    }
    return variants
  }

  /// Every link judged for `domain`: the samples, their authority variants and the bare domain.
  static func judgedLinks(_ domain: Domain, market: String) throws -> [Variant] {
    var links: [Variant] = [Variant(link: "https://\(domain.host)", variant: "emptyPath", from: nil)]
    for sample in try samples(domain, market: market) {
      links.append(Variant(link: sample.link, variant: sample.variant, from: sample))
      links += authorityVariants(of: sample, host: domain.host)
    }
    return links
  }

  /// What Android and the router make of a market's links, per reading (API level, with or without the dynamic
  /// rules).
  struct Tally: CustomStringConvertible {
    /// Links judged.
    var judged = 0
    /// Claimed by Android, sent to the browser (or refused as forbidden or ignored) by the router.
    var bounces = 0
    /// Claimed by Android, decided `invalid` by the router (dropped in the app with an `invalid` event).
    var dropped = 0
    /// Routed by the router, not claimed by Android (the browser shows the page instead of the app's screen).
    var underClaims = 0
    /// The variants of the bounces, dropped links and under-claims, counted.
    var variants: [String: Int] = [:]

    var description: String {
      let detail = variants.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
        .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
      return "judged \(judged), bounces \(bounces), dropped \(dropped), under-claims \(underClaims) (\(detail))"
    }
  }

  /// The tallies of `market` by reading, and the bounces found (at most a few per reading, for messages).
  static func tally(market: String) throws -> (tallies: [String: Tally], bounces: [String]) {
    var tallies: [String: Tally] = [:]
    var bounces: [String] = []
    for domain in try domains(market) {
      for variant in try judgedLinks(domain, market: market) {
        let decision = domain.configuration.decide(variant.link)
        let kept = decision.outcome == .routed || decision.outcome == .notFound
        for (reading, verdict) in domain.verdicts(variant.link) {
          var tally = tallies[reading, default: Tally()]
          tally.judged += 1
          let claimed = isClaimed(verdict)
          if claimed && !kept {
            if decision.outcome == .invalid {
              tally.dropped += 1
              tally.variants["dropped " + variant.variant, default: 0] += 1
            } else {
              tally.bounces += 1
              tally.variants["bounce " + variant.variant, default: 0] += 1
              if bounces.count < 20, case .claimed(let filter, _) = verdict {
                bounces.append(
                  "\(variant) is claimed by filter \(filter) under \(reading); the router decides "
                    + "\(decision.outcome) (\(decision.reason?.rawValue ?? "-"))")
              }
            }
          }
          if !claimed && decision.outcome == .routed {
            tally.underClaims += 1
            tally.variants["under " + variant.variant, default: 0] += 1
          }
          tallies[reading] = tally
        }
      }
    }
    return (tallies, bounces)
  }

  @Test(
    "no link Android opens the app for is sent back to the browser or dropped, whatever its port, host, scheme or escapes",
    arguments: markets)
  func noBounceAcrossSpellings(market: String) throws {
    let (tallies, bounces) = try Self.tally(market: market)
    for reading in tallies.keys.sorted() {
      // The figures Docs/AssociationFiles.md quotes, printed for the record.
      print("Android \(market) \(reading): \(tallies[reading]!)")
      #expect(tallies[reading]!.bounces == 0, "Market\(market), \(reading): \(tallies[reading]!)")
      #expect(tallies[reading]!.dropped == 0, "Market\(market), \(reading): \(tallies[reading]!)")
    }
    for bounce in bounces { Issue.record("bounce: \(bounce)") }
    #expect(tallies.count == Self.apiLevels.count + 1)
  }
}

extension AndroidAgreementTests {
  /// The dynamic rules only narrow the manifest (configure-assetlinks) and a link no entry matches stays in the
  /// browser; they exist to keep the hand-off out, so every other link the manifest claims they claim too: the case
  /// and slash-run variants the filters' patterns take (`/EN/IP/DESK/42`, `//en/ip/desk/42`), every spelling of the
  /// authority, and the domain's empty path.
  @Test(
    "on Android 15 the dynamic rules claim every link the manifest claims but the hand-off",
    arguments: markets)
  func dynamicRulesClaimWhatTheManifestClaims(market: String) throws {
    var compared = 0
    for domain in try Self.domains(market) {
      for variant in try Self.judgedLinks(domain, market: market) {
        let manifest = domain.manifestOnly.decide(variant.link, apiLevel: 35)
        guard Self.isClaimed(manifest) else { continue }
        let withRules = domain.withRules.decide(variant.link, apiLevel: 35)
        compared += 1
        if variant.link.hasSuffix("#" + DeepLinkDecision.browserHandOffFragment) {
          guard case .excluded(let index) = withRules else {
            Issue.record("\(variant) is \(withRules) with the dynamic rules, not excluded")
            continue
          }
          #expect(domain.links.dynamicComponents[index].fragment == DeepLinkDecision.browserHandOffFragment)
        } else {
          #expect(
            Self.isClaimed(withRules),
            "\(variant) is \(manifest) by the manifest but \(withRules) with the dynamic rules")
        }
      }
    }
    #expect(compared > 0)
  }
}

extension AndroidAgreementTests {
  /// Before API 31 only literal paths can be said (a simple glob has no character set), but the router ignores runs of
  /// slashes, and `pathPattern` can say those: a rule of literals is claimed with them at every level.
  @Test("a rule of literals is claimed with runs of slashes at every API level", arguments: markets)
  func literalSlashRuns(market: String) throws {
    let variants: Set<String> = [
      "typical", "trailingSlash", "trailingSlashes", "leadingSlashes", "innerSlashes", "threeSlashes", "fourSlashes",
    ]
    var judged = 0
    for domain in try Self.domains(market) {
      let literalRules = Set(
        domain.configuration.universalLinks.compactMap { rule -> String? in
          guard let compiled = try? rule.compile(), compiled.pattern.queryCaptures.allSatisfy(\.isOptional),
            compiled.pattern.segments.allSatisfy({ if case .literal = $0 { true } else { false } })
          else { return nil }
          return rule.pattern
        })
      for sample in try Self.samples(domain, market: market) where variants.contains(sample.variant) {
        guard let rule = sample.rule, literalRules.contains(rule) else { continue }
        #expect(domain.configuration.decide(sample.link).outcome == .routed, "\(sample)")
        for (reading, verdict) in domain.verdicts(sample.link) {
          #expect(Self.isClaimed(verdict), "\(sample) is \(verdict) under \(reading)")
        }
        judged += 1
      }
    }
    #expect(judged > 0, "Market\(market) has no rule of literals")
  }
}

extension AndroidAgreementTests {
  /// One revision of Google's converter (AOSP's `DalComponentParser`) escapes `.` in literal and prefix expressions
  /// and makes `?*` an advanced pattern, so `/robots.txt` would never match there; the other keeps a literal as
  /// written. The dynamic rules the package writes hold none of the characters the two treat differently, so they
  /// mean the same under both.
  @Test("the dynamic rules mean the same under both revisions of Google's converter", arguments: markets)
  func dynamicRulesAreRevisionProof(market: String) throws {
    for domain in try Self.domains(market) {
      for component in domain.links.dynamicComponents {
        for expression in [component.path, component.fragment].compactMap({ $0 }) {
          #expect(
            !expression.contains { ".?[]{}\\".contains($0) },
            "\(domain.host): `\(expression)` reads differently in the two converters")
        }
      }
    }
  }
}

extension AndroidAgreementTests {
  /// A host written with a trailing dot is another host to Android (`IntentFilter.AuthorityEntry.match` compares the
  /// host `Uri.getHost()` gives, dot kept), and no filter names one (it would be a domain to verify that serves no
  /// file): so the router routes none of its links and keeps one that reaches the app as not found. Both sides agree
  /// at every level: no bounce, no under-claim, nothing dropped.
  @Test("a trailing-dot host is neither claimed by Android nor routed by the router", arguments: markets)
  func trailingDotHostAgrees(market: String) throws {
    var judged = 0
    for domain in try Self.domains(market) {
      for variant in try Self.judgedLinks(domain, market: market) where variant.variant == "trailingDotHost" {
        let decision = domain.configuration.decide(variant.link)
        #expect(decision.outcome != .routed, "\(variant) is routed")
        for (reading, verdict) in domain.verdicts(variant.link) {
          #expect(!Self.isClaimed(verdict), "\(variant) is \(verdict) under \(reading)")
        }
        // Where the link without the dot routes, the dotted one is kept in the app as not found (never the browser).
        if let from = variant.from, domain.configuration.decide(from.link).outcome == .routed {
          #expect(decision.outcome == .notFound && decision.reason == .foreignHost, "\(variant): \(decision.outcome)")
        }
        judged += 1
      }
    }
    #expect(judged > 0)
  }
}

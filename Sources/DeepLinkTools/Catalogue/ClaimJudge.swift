import AssociationMatchers
import DeepLinkCore
import Foundation

/// Whether iOS and Android open the app for a link, judged by the files the package writes
/// (``AppleAppSiteAssociation``, ``AndroidAppLinks``) read by the matchers written from Apple's
/// and Google's documentation alone (``AppleAppSiteAssociationMatcher`` in its documented
/// reading, ``AndroidAppLinkMatcher`` at API 31, the first with `pathAdvancedPattern`).
struct ClaimJudge {
  /// The Android API level the catalogue states.
  static let androidAPILevel = 31
  /// The app ID the judged file is written for (any one: the matcher reads the components).
  static let appID = "ABCDE12345.com.example.shop"

  private let apple: [String: AppleAppSiteAssociationMatcher]
  /// One manifest per owner of domains, as `deeplink intent-filters --market` writes one for a
  /// market's own domains (an intent filter pairs each of its hosts with each of its paths).
  private let android: [AndroidAppLinkMatcher]

  /// Writes the files for the exact domains of `domains`, grouped by owner, and reads them.
  init(rules: [CompiledRewrite], domains: [Domain], schemes: [URLScheme]) {
    var apple: [String: AppleAppSiteAssociationMatcher] = [:]
    var hostsByOwner: [LinkOwner: [String]] = [:]
    for domain in domains {
      guard case .exact(let host)? = domain.host else { continue }
      hostsByOwner[domain.owner, default: []].append(host)
      let file = AppleAppSiteAssociation.served(rules: rules, host: host, appIDs: [Self.appID]).text
      apple[host] = try? AppleAppSiteAssociationMatcher(json: Data(file.utf8))
    }
    self.apple = apple
    android = hostsByOwner.sorted { $0.key < $1.key }.compactMap { owner, hosts in
      let manifest = AndroidAppLinks(rules: rules, hosts: hosts).manifestXML(
        customSchemes: schemes.filter { $0.owner == owner }.map { ($0.scheme, $0.customHost) })
      return try? AndroidAppLinkMatcher(manifest: manifest)
    }
  }

  /// iOS: a web link is claimed when the first component of its domain's file that matches includes it.
  func iOS(_ decision: DeepLinkDecision) -> LinkCatalogue.Claim {
    guard let link = decision.link else { return .unclaimed }
    guard link.scheme == "https" || link.scheme == "http" else { return .scheme }
    guard let host = link.host, let matcher = apple[host],
      case .claimed = matcher.decide(decision.input, reading: .documented)
    else { return .unclaimed }
    return .claimed
  }

  /// Android: a web link is claimed when an intent filter takes it at API 31.
  func android(_ decision: DeepLinkDecision) -> LinkCatalogue.Claim {
    guard let link = decision.link else { return .unclaimed }
    let isWeb = link.scheme == "https" || link.scheme == "http"
    let claimed = android.contains { matcher in
      if case .claimed = matcher.decide(decision.input, apiLevel: Self.androidAPILevel) { return true }
      return false
    }
    return claimed ? (isWeb ? .claimed : .scheme) : .unclaimed
  }
}

/// The scheme and host lists that sort links before routing.
///
/// Excluded links are ignored silently (still reported to telemetry); blacklisted ones and,
/// when a whitelist is set, those not on it are forbidden. Blacklist beats whitelist. Host lists
/// apply to web links and take exact hosts or `*.suffix`.
package struct LinkFilters: Sendable, Hashable {
  /// Schemes whose links are ignored.
  package var excludedSchemes: Set<String> = []
  /// Hosts whose links are ignored.
  package var excludedHosts: [Domain] = []
  /// Schemes whose links are forbidden.
  package var blacklistSchemes: Set<String> = []
  /// Hosts whose links are forbidden.
  package var blacklistHosts: [Domain] = []
  /// When not empty, links of other schemes are forbidden.
  package var whitelistSchemes: Set<String> = []
  /// When not empty, web links to other hosts are forbidden.
  package var whitelistHosts: [Domain] = []

  /// No filters.
  package init() {}

  /// The outcome and reason the filters give `link`, or `nil` to let it through.
  func verdict(for link: DeepLink) -> (DeepLinkOutcome, DeepLinkReason)? {
    if excludedSchemes.contains(link.scheme) { return (.ignored, .excludedScheme) }
    if let host = link.host, excludedHosts.contains(where: { $0.matches(host) }) { return (.ignored, .excludedHost) }
    if blacklistSchemes.contains(link.scheme) { return (.forbidden, .blacklistedScheme) }
    if let host = link.host, blacklistHosts.contains(where: { $0.matches(host) }) {
      return (.forbidden, .blacklistedHost)
    }
    if !whitelistSchemes.isEmpty && !whitelistSchemes.contains(link.scheme) {
      return (.forbidden, .notWhitelistedScheme)
    }
    if let host = link.host, !whitelistHosts.isEmpty, !whitelistHosts.contains(where: { $0.matches(host) }) {
      return (.forbidden, .notWhitelistedHost)
    }
    return nil
  }
}

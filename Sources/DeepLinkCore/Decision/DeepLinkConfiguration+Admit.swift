import Foundation

extension DeepLinkConfiguration {
  /// The parse stage: the link as a ``DeepLink``; throws the parser's error for a link that does
  /// not parse (the walk ends `invalid` with its reason, ``invalid(_:_:source:_:)``).
  @inline(__always)
  func parse(_ input: String, _ trace: inout DecisionTrace) throws(DeepLinkError) -> DeepLink {
    let parsed: DeepLink
    do {
      parsed = try DeepLink(input, knownHosts: knownHosts)
    } catch {
      trace.add(.parse, "invalid: \(error.description)")
      throw error
    }
    trace.add(
      .parse,
      "scheme `\(parsed.scheme)`" + (parsed.host.map { ", host `\($0)`" } ?? "") + ", path `"
        + LinkRedactor.redactPath(parsed) + "`")
    return parsed
  }

  /// The decision for a link that does not parse.
  func invalid(_ input: String, _ error: DeepLinkError, source: LinkSource?, _ trace: DecisionTrace)
    -> DeepLinkDecision
  {
    .init(input: input, outcome: .invalid, reason: error.reason, source: source ?? .customScheme, trace: trace)
  }

  /// The admit stage: the filters, then whose link it is (a domain of the app, over `https`
  /// and the default port, or a registered scheme). Returns the decision for a link it turns
  /// away; for one it admits, `nil`, with its owner and (a custom-scheme link) its scheme.
  @inline(__always)
  func admit(
    _ link: DeepLink, input: String, source: LinkSource, _ trace: inout DecisionTrace,
    owner: inout LinkOwner, scheme: inout URLScheme?
  ) -> DeepLinkDecision? {
    if hasFilters, let (outcome, reason) = filters.verdict(for: link) {
      trace.add(.admit, "\(outcome): \(reason)")
      return .init(input: input, outcome: outcome, reason: reason, link: link, source: source, trace: trace)
    }
    if let host = link.host {
      let domainOwner = exactDomains[host] ?? wildcardDomains.first(where: { $0.matches(host) })?.owner
      // Android opens the app for an `https` link to its domains on any port (a filter without `android:port`
      // accepts every port: AOSP's `IntentFilter.AuthorityEntry.match`), so such a link is never handed back to the
      // browser, where Android would give it to the app again: the app keeps it and shows its not-found.
      if let domainOwner, link.port != nil, link.scheme == "https" {
        trace.add(.admit, "not found: `\(host)` is a domain of \(domainOwner), on a port the app does not open")
        return .init(
          input: input, outcome: .notFound, reason: .nonDefaultPort, link: link, source: source, trace: trace,
          linkOwner: domainOwner)
      }
      guard link.port == nil, let domainOwner else {
        let reason: DeepLinkReason = link.port == nil ? .foreignHost : .nonDefaultPort
        trace.add(.admit, "external: `\(host)` is not one of the app's domains")
        return .init(input: input, outcome: .external, reason: reason, link: link, source: source, trace: trace)
      }
      owner = domainOwner
      // The app opens only `https` on its domains, as the OS does: cleartext goes to the browser.
      guard link.scheme == "https" else {
        trace.add(.admit, "external: `\(link.scheme)` on \(domainOwner)'s domain `\(host)`; the app opens only `https`")
        return .init(
          input: input, outcome: .external, reason: .cleartextWebLink, link: link, source: source, trace: trace,
          linkOwner: domainOwner)
      }
      trace.add(.admit, "ours: `\(host)` is a domain of \(domainOwner)")
    } else {
      guard let registered = schemes[link.scheme] else {
        trace.add(.admit, "invalid: `\(link.scheme)` is not a registered scheme")
        return .init(
          input: input, outcome: .invalid, reason: .unregisteredScheme, link: link, source: source, trace: trace)
      }
      scheme = registered
      owner = registered.owner
      trace.add(.admit, "ours: `\(link.scheme)` is a scheme of \(owner)")
    }
    return nil
  }
}

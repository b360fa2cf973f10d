import Foundation

extension DeepLinkConfiguration {
  /// The parse stage: the link as a ``DeepLink``; throws the parser's error for a link that does
  /// not parse (the walk ends with ``refused(_:_:source:_:)``'s decision).
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

  /// The decision for a link that does not parse: `invalid`, with the parser's reason, except for
  /// a link the operating system hands to the app although the parser refuses it.
  ///
  /// Android decodes the path before it matches its filters (`IntentFilter.matchData` reads
  /// `Uri.getPath()`), so it opens the app for an escaped slash between segments
  /// (`/en%2Fip/desk/42`), and its `Uri.getHost()` drops user info
  /// (`https://user@shop.example.ca/en/cart`). Such a link from outside the app, whose scheme
  /// and host the app admits (an `https` link to one of its domains, on any port, or a registered
  /// scheme), is decided `notFound` with the parser's reason (``DeepLinkReason/encodedSlash``,
  /// ``DeepLinkReason/userInfo``): the app shows its own not-found for it, the link being only its
  /// scheme and host (the rest is what the parser refused), and nothing is routed. Every other
  /// link that does not parse is `invalid`.
  func refused(_ input: String, _ error: DeepLinkError, source: LinkSource?, _ trace: inout DecisionTrace)
    -> DeepLinkDecision
  {
    if source != .inApp, let kept = keptInApp(input, error, source: source) {
      trace.add(.admit, "not found: the system opens the app for it, and the app shows its not-found")
      return .init(
        input: input, outcome: .notFound, reason: error.reason, link: kept.origin, source: kept.source, trace: trace,
        linkOwner: kept.owner)
    }
    return .init(input: input, outcome: .invalid, reason: error.reason, source: source ?? .customScheme, trace: trace)
  }

  /// The scheme and host of a link the parser refused for an escaped slash or user info, with
  /// its source and owner, when the app admits them; `nil` otherwise.
  private func keptInApp(_ input: String, _ error: DeepLinkError, source: LinkSource?) -> (
    origin: DeepLink, source: LinkSource, owner: LinkOwner
  )? {
    switch error {
    case .encodedSlash, .userInfo: break
    default: return nil
    }
    guard let parsed = try? DeepLink(Self.origin(of: input), knownHosts: knownHosts) else { return nil }
    let origin = DeepLink(scheme: parsed.scheme, host: parsed.host, port: parsed.port, pathSegments: [])
    let source = source ?? .external(for: origin)
    var owner = LinkOwner.platform
    var scheme: URLScheme? = nil
    var untraced = DecisionTrace(enabled: false)
    switch admit(origin, input: input, source: source, &untraced, owner: &owner, scheme: &scheme) {
    case nil: return (origin, source, owner)
    case let kept? where kept.outcome == .notFound: return kept.linkOwner.map { (origin, source, $0) }
    default: return nil
    }
  }

  /// `scheme://host[:port]` of a web link `input`, as Android's `Uri` reads them (the authority
  /// runs from `//` to the first `/`, `\`, `?` or `#`; the host starts after its last `@`), or
  /// `scheme:` for any other link.
  static func origin(of input: String) -> String {
    guard let colon = input.firstIndex(of: ":") else { return input }
    let scheme = input[..<colon]
    let rest = input[input.index(after: colon)...]
    // A custom scheme's authority is its first path segment: its origin is the scheme alone.
    guard rest.hasPrefix("//"), ["http", "https"].contains(scheme.lowercased()) else { return scheme + ":" }
    let authority = rest.dropFirst(2).prefix { !"/\\?#".contains($0) }
    let hostAndPort = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
    return scheme + "://" + hostAndPort
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
      // Android compares the host as given (`IntentFilter.AuthorityEntry.match`): `shop.example.ca.` is not the
      // `shop.example.ca` its filters name, so it never opens the app for it, and no filter can name it without a
      // domain that cannot be verified. The app routes no link the system would not hand it: one that reaches it
      // anyway (from inside the app, or from a system that drops the dot) shows the app's not-found.
      if let domainOwner, link.scheme == "https", link.hostHadTrailingDot {
        trace.add(
          .admit, "not found: `\(host).` ends with a dot, another host than \(domainOwner)'s `\(host)` to Android")
        return .init(
          input: input, outcome: .notFound, reason: .foreignHost, link: link, source: source, trace: trace,
          linkOwner: domainOwner)
      }
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

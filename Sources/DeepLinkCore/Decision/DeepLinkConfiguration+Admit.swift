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
  /// Android opens the app for links the parser refuses: it decodes the path before it matches
  /// its filters (`IntentFilter.matchData` reads `Uri.getPath()`), so an escaped slash between
  /// segments (`/en%2Fip/desk/42`) matches; its `Uri.getHost()` drops user info
  /// (`https://user@shop.example.ca/en/cart`); and it matches a path prefix whatever follows, so
  /// control characters in the query or fragment, characters outside the BMP, a `..` segment or
  /// an over-long link all open the app. Any such link from outside the app, whose scheme and
  /// host (``origin(of:)``) the app admits (an `https` link to one of its domains, on any port,
  /// or a registered scheme), is decided `notFound` with the parser's reason: the app shows its
  /// own not-found for it, the link being only its scheme and host (the rest is what the parser
  /// refused), and nothing is routed or sent to the browser. A link whose scheme and host do not
  /// parse on their own, or are not the app's, or that the parser finds malformed, or that came
  /// from inside the app, is `invalid`.
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

  /// The scheme and host of a link the parser refused, with its source and owner, when the app
  /// admits them; `nil` otherwise.
  private func keptInApp(_ input: String, _ error: DeepLinkError, source: LinkSource?) -> (
    origin: DeepLink, source: LinkSource, owner: LinkOwner
  )? {
    // A host the parser itself finds malformed is never the app's, whatever another reader takes it for.
    switch error {
    case .missingHost, .ipAddressHost, .invalidHost, .emptyHostLabel, .hostTooLong, .invalidPort: return nil
    default: break
    }
    guard let written = Self.origin(of: input), let parsed = try? DeepLink(written, knownHosts: knownHosts) else {
      return nil
    }
    let origin = parsed.schemeAndHost
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
  /// runs from `//` to the first `/`, `?` or `#`; the host starts after its last `@`), `scheme:`
  /// for any other link, or `nil` when a reader could take another host from it.
  ///
  /// An authority with a backslash is refused (`nil`): readers disagree on where its host is.
  /// WHATWG's URL parser and AOSP's `Uri.StringUri.parseAuthority` end the authority at `\`
  /// (AOSP's comment cites WHATWG's host state), so `https://shop.example.ca\@attacker.test/`
  /// is a link to `shop.example.ca`; a reader that ends the authority only at `/`, `?` or `#`
  /// (RFC 3986) takes the host after the `@`, `attacker.test`. When one reading gives another
  /// host, keeping the link as the app's own would be a guess, so it stays `invalid`.
  ///
  /// Only the first ``DeepLink/maximumLength`` + 1 bytes of UTF-8 are read: an origin that does
  /// not end within them is refused, as the parser would refuse it, and an over-long link costs
  /// no more than one of the longest links the parser reads.
  ///
  /// - Complexity: O(*m*), *m* the smaller of the input's length and
  ///   ``DeepLink/maximumLength``.
  static func origin(of input: String) -> String? {
    let bytes = input.utf8.prefix(DeepLink.maximumLength + 1)
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
    let scheme = String(decoding: bytes[..<colon], as: UTF8.self)
    let rest = bytes[bytes.index(after: colon)...]
    // A custom scheme's authority is its first path segment: its origin is the scheme alone.
    guard rest.starts(with: "//".utf8), ["http", "https"].contains(scheme.lowercased()) else { return scheme + ":" }
    let authority = rest.dropFirst(2).prefix {
      $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
    }
    guard authority.endIndex < bytes.endIndex || bytes.count <= DeepLink.maximumLength,
      !authority.contains(UInt8(ascii: "\\"))
    else { return nil }
    let hostAndPort =
      authority.lastIndex(of: UInt8(ascii: "@")).map { authority[authority.index(after: $0)...] }
      ?? authority
    return scheme + "://" + String(decoding: hostAndPort, as: UTF8.self)
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

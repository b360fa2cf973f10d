/// A custom URL scheme the app answers to.
///
/// The platform's own scheme (`shop`) has no custom host: `shop://product/1` means the path
/// `/product/1`. A market scheme may have one: with `URLScheme("shopca", customHost: "ca")`,
/// both `shopca://ca/product/1` and `shopca://product/1` mean the platform link
/// `shop://product/1`.
public struct URLScheme: Sendable, Hashable, CustomStringConvertible {
  /// The scheme, lowercased.
  package let scheme: String
  /// A fixed first segment, lowercased, that links of this scheme may start with (in any case)
  /// and that is dropped.
  package let customHost: String?
  /// Who declared the scheme; composition sets it (``owned(by:)``).
  package private(set) var owner: LinkOwner = .platform

  /// Creates a scheme entry.
  ///
  /// - Parameters:
  ///   - scheme: the scheme without `://` (`shopca`).
  ///   - customHost: the fixed host links may carry (`ca`), compared without regard to case.
  public init(_ scheme: String, customHost: String? = nil) {
    self.scheme = scheme.lowercased()
    self.customHost = customHost?.lowercased()
  }

  /// The same scheme, owned by `owner`.
  package func owned(by owner: LinkOwner) -> URLScheme {
    var copy = self
    copy.owner = owner
    return copy
  }

  public var description: String { customHost.map { "\(scheme)://\($0)" } ?? "\(scheme)://" }
}

/// A host the app claims for universal links (an associated domain).
///
/// Declared from a string and checked when the configuration is compiled, which fails with
/// ``DeepLinkConfigurationError/invalidDomain(_:)`` naming it.
public struct Domain: Sendable, Hashable, CustomStringConvertible {
  /// The host as declared (`shop.example.ca`, `*.shop.example.ca`).
  package let name: String
  /// The host pattern, or `nil` when ``name`` is not a valid domain name.
  package var host: RoutePattern.HostPattern? { isValid ? hostPattern : nil }
  /// The host pattern when ``isValid``; a placeholder otherwise (read ``host``, or ``isValid`` first).
  package let hostPattern: RoutePattern.HostPattern
  /// Whether ``name`` is a valid domain name.
  package let isValid: Bool
  /// Who claimed the domain; composition sets it (``owned(by:)``).
  package private(set) var owner: LinkOwner = .platform

  /// Declares a domain from `shop.example.ca` or `*.shop.example.ca`.
  public init(_ name: String) {
    self.name = name
    let host = RoutePatternParser.hostPattern(name)
    self.hostPattern = host ?? .exact("")
    self.isValid = host != nil
  }

  /// Whether this domain covers `host` (lowercased, as ``DeepLink/host``); an invalid domain
  /// covers nothing.
  package func matches(_ host: String) -> Bool { isValid && hostPattern.matches(host) }

  /// The same domain, owned by `owner`.
  package func owned(by owner: LinkOwner) -> Domain {
    var copy = self
    copy.owner = owner
    return copy
  }

  public var description: String { isValid ? hostPattern.description : name }
}

extension Domain: ExpressibleByStringLiteral {
  /// Declares a domain from a literal: `let domains: [Domain] = ["shop.example.ca"]`.
  public init(stringLiteral name: String) {
    self.init(name)
  }
}

import DeepLinkCore

/// The platform's own scheme, domains and web paths: the provider every market builds on.
package struct PlatformLinks: CustomDeeplinkRouteProvider {
  /// The platform's custom scheme; every rewrite produces a link of it.
  package static let scheme = "shop"
  /// The platform's universal-link domains.
  package static let domainNames = ["shop.example.com", "www.shop.example.com"]

  /// The platform rules a market may replace with its own rule for the same links. Empty: no
  /// market overrides a platform link today; the platform team adds an entry here to allow one.
  package static let marketOverrides: [MarketOverride] = []

  /// Creates the provider.
  package init() {}

  package var domains: [Domain] { Self.domainNames.map { Domain($0) } }

  package var urlSchemes: [URLScheme] { [URLScheme(Self.scheme)] }

  /// The platform's web paths (the brief's `LINKS.md`, "Web paths on the platform domains"); anything else on
  /// these domains is `external`.
  package var universalLinks: [UniversalLink] {
    UniversalLink.rules(hosts: Self.domainNames, Self.webPaths)
  }

  /// The web paths ``universalLinks`` serves on each of ``domainNames``.
  static var webPaths: [WebPath] {
    [
      WebPath("/ip/{slug}/{id}", to: .product),
      WebPath("/ip/{id}", to: .product),
      WebPath("/search?q={query}", to: .search),
      WebPath("/cp/{slug}/{id}", to: .category),
      WebPath("/cart", to: .cart),
      WebPath("/checkout", to: .checkout),
      WebPath("/account/orders/{id}", to: .order),
      WebPath("/store/{id}", to: .store),
    ]
  }

  /// Appends ``urlSchemes``, ``domains`` and ``universalLinks`` to `specification`'s lists;
  /// what the lists already hold is kept.
  package func declare(in specification: inout DeepLinkSpecification) {
    specification.urlSchemes += urlSchemes
    specification.domains += domains
    specification.universalLinks += universalLinks
  }
}

extension UniversalLink {
  /// A rule from a web (or market-scheme) pattern to a typed platform route; checked when the
  /// configuration is compiled. The rule's `UniversalLink.target` is the route's
  /// ``PlatformLinks/PlatformRoute/id``, and its pattern the one parsed where the route is declared.
  ///
  /// ```swift
  /// UniversalLink("https://shop.example.ca/fr/panier", to: .cart, parameters: ["locale": "fr"])
  /// ```
  public init(_ pattern: String, to route: PlatformRoute, parameters: [String: String] = [:], isOverride: Bool = false)
  {
    self = route.rule(from: pattern, parameters: parameters, isOverride: isOverride)
  }

  /// The same web paths on several hosts: one rule per host and path, hosts first.
  package static func rules(hosts: [String], _ paths: [WebPath], isOverride: Bool = false) -> [UniversalLink] {
    hosts.flatMap { host in
      paths.map {
        UniversalLink("https://" + host + $0.path, to: $0.route, parameters: $0.parameters, isOverride: isOverride)
      }
    }
  }
}

// This file is also compiled straight into the libFuzzer binary (scripts/fuzz.sh), in one module
// with the DeepLinkCore sources, with `-D FUZZING`: there is no DeepLinkCore module to import then.
#if !FUZZING
  import DeepLinkCore
#endif

/// The platform's links from the link catalogue (the brief's `LINKS.md`) as raw route patterns, for suites
/// that exercise the core without `PlatformLinks`: the security suite, the fuzzer, benchmarks.
///
/// This is a fixture, not the catalogue: `PlatformLinks` owns the real, typed routes. The
/// patterns here are the catalogue's, with `{id}` typed as `int` ("digits unless said
/// otherwise") and web paths registered under both platform domains.
///
/// ```swift
/// let table = try PlatformRouteFixture.table()
/// table.match(try DeepLink("https://shop.example.com/ip/desk/123"))?.value.route  // "/product/{id}"
/// ```
public enum PlatformRouteFixture {
  /// One route: the pattern registered and the catalogue route it leads to.
  public struct Route: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as registered (`/product/{id:int}`, `https://shop.example.com/ip/{slug}/{id:int}`).
    public let pattern: String
    /// The catalogue's canonical route (`/product/{id}`).
    public let route: String
    /// Whether the route changes state (pays, deletes…) and so needs confirmation from outside.
    public let changesState: Bool

    /// Creates a route.
    public init(pattern: String, route: String, changesState: Bool = false) {
      self.pattern = pattern
      self.route = route
      self.changesState = changesState
    }

    public var description: String { pattern }
  }

  /// The platform's custom scheme.
  public static let scheme = "shop"

  /// The platform's universal-link domains.
  public static let domains: Set<String> = ["shop.example.com", "www.shop.example.com"]

  /// The app routes, matched by custom-scheme links (`shop://product/123`).
  public static let appRoutes: [Route] = [
    Route(pattern: "/", route: "/"),
    Route(pattern: "/home", route: "/"),
    Route(pattern: "/product/{id:int}", route: "/product/{id}"),
    Route(pattern: "/search?q={query}", route: "/search?q={query}"),
    Route(pattern: "/category/{id:int}", route: "/category/{id}"),
    Route(pattern: "/cart", route: "/cart"),
    Route(pattern: "/checkout", route: "/checkout"),
    Route(pattern: "/pay?order_id={order_id:int}", route: "/pay?order_id={order_id}", changesState: true),
    Route(pattern: "/transaction/{transaction_id}", route: "/transaction/{transaction_id}"),
    Route(pattern: "/orders", route: "/orders"),
    Route(pattern: "/orders/{id:int}", route: "/orders/{id}"),
    Route(pattern: "/account", route: "/account"),
    Route(pattern: "/login", route: "/login"),
    Route(pattern: "/store/{id:int}", route: "/store/{id}"),
    Route(pattern: "/deals", route: "/deals"),
    Route(pattern: "/deals/{id:int}", route: "/deals/{id}"),
    Route(pattern: "/productlist/{id:int}", route: "/productlist/{id}"),
    Route(pattern: "/productdetail/{id:int}", route: "/productdetail/{id}"),
  ]

  /// The web paths on the platform domains, registered under each domain.
  public static let webRoutes: [Route] = domains.sorted().flatMap { host in
    [
      ("/ip/{slug}/{id:int}", "/product/{id}"),
      ("/ip/{id:int}", "/product/{id}"),
      ("/search?q={query}", "/search?q={query}"),
      ("/cp/{slug}/{id:int}", "/category/{id}"),
      ("/cart", "/cart"),
      ("/checkout", "/checkout"),
      ("/account/orders/{id:int}", "/orders/{id}"),
      ("/store/{id:int}", "/store/{id}"),
    ].map { Route(pattern: "https://" + host + $0.0, route: $0.1) }
  }

  /// Every route, app routes first.
  public static var routes: [Route] { appRoutes + webRoutes }

  /// Whether `host` (as ``DeepLinkCore/DeepLink/host``) is one of the platform's domains.
  public static func isPlatformHost(_ host: String?) -> Bool {
    host.map(domains.contains) ?? false
  }

  /// Compiles every route into one table whose values are the routes.
  ///
  /// - Throws: a pattern or conflict error, which would be a mistake in this fixture.
  public static func table() throws -> RouteTable<Route> {
    var builder = RouteTable<Route>.Builder()
    for route in routes { try builder.add(RoutePattern(route.pattern), value: route) }
    return builder.build()
  }
}

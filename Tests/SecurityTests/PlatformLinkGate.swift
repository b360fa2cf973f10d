import DeepLinkCore
import DeepLinkTesting

/// What the security suite checks a link against: today a stand-in for the pipeline's
/// parse → admit → match steps over the platform's routes, built from the core alone.
///
/// The stand-in follows the decided link semantics (`DESIGN.md`): a link that does not parse is
/// `invalid`; a custom-scheme link of an unregistered scheme is `invalid`; an `http`/`https` link
/// to a host the app does not claim, or an `http` one to a host it claims, is `external`; a link to the app's scheme or domains is
/// `routed` or, on the app's domains, `external` (the browser shows the web page), and a
/// custom-scheme link no route takes is `notFound`.
///
/// Note what the stand-in's scheme check carries: app patterns (`/product/{id}`) match
/// custom-scheme links of *any* scheme in a `RouteTable`, so `intent://product/1` and
/// `file:product/1` do match there. Refusing them is the admit step's job, and the suite checks
/// that this step exists.
struct PlatformLinkGate: Sendable {
  /// The one decision the synchronous part of the pipeline makes for a link.
  enum Decision: Sendable, Equatable, CustomStringConvertible {
    /// The link does not parse, or its scheme is not the app's: `reason` says why.
    case invalid(reason: String)
    /// A route took the link.
    case routed(route: String, parameters: [String: String])
    /// The link goes to the external-URL handler (the browser).
    case external(host: String)
    /// The link is the app's but no route takes it.
    case notFound

    var description: String {
      switch self {
      case .invalid(let reason): "invalid(\(reason))"
      case .routed(let route, let parameters): "routed(\(route), \(parameters))"
      case .external(let host): "external(\(host))"
      case .notFound: "notFound"
      }
    }
  }

  let schemes: Set<String>
  let domains: Set<String>
  let table: RouteTable<PlatformRouteFixture.Route>

  // Extend: `HostileLinkMarketTests` already runs every row against each market's composed
  // configuration (`DeepLinkAssembly.configuration(market:)`) for what must hold everywhere.
  // To hold the markets to the exact expectations too (route and parameters of `inert` rows),
  // give rows per-market expected routes in the composed catalogue's names and replace this
  // stand-in with one gate per market mapping `DeepLinkDecision` onto `Decision`.
  /// The platform's configuration: scheme `shop`, the platform domains, the catalogue's routes.
  static let platform: PlatformLinkGate = {
    do {
      return PlatformLinkGate(
        schemes: [PlatformRouteFixture.scheme], domains: PlatformRouteFixture.domains,
        table: try PlatformRouteFixture.table())
    } catch {
      preconditionFailure("the platform route fixture does not compile: \(error)")
    }
  }()

  /// Decides `string` as a link that came from outside the app.
  func decide(_ string: String) -> Decision {
    let link: DeepLink
    do {
      link = try DeepLink(string)
    } catch {
      return .invalid(reason: error.reason.rawValue)
    }
    return decide(link)
  }

  /// Decides an already-parsed link.
  func decide(_ link: DeepLink) -> Decision {
    if let host = link.host {
      guard domains.contains(host) else { return .external(host: host) }
      // Cleartext on the app's domains goes to the browser (Docs/Security.md, "Cleartext http").
      guard link.scheme == "https" else { return .external(host: host) }
      guard let match = table.match(link) else { return .external(host: host) }
      return .routed(route: match.value.route, parameters: match.parameters.dictionary)
    }
    guard schemes.contains(link.scheme) else { return .invalid(reason: "unregisteredScheme") }
    guard let match = table.match(link) else { return .notFound }
    return .routed(route: match.value.route, parameters: match.parameters.dictionary)
  }
}

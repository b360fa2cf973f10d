/// Who declared a piece of the app's link space: the platform or one market.
///
/// Every domain, scheme, rewrite rule, route, plugin and barrier of a composed configuration
/// has an owner. Composition assigns it (a market cannot choose its own), decisions and
/// telemetry events report it, and the decision keeps a market's routes and plugins to the
/// links of that market: its own hosts and scheme, and the platform links its rules rewrite to.
///
/// ```swift
/// LinkOwner.market("CA").description  // "market CA"
/// LinkOwner.platform.description  // "the platform"
/// ```
public enum LinkOwner: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The platform (and an app configured without composition).
  case platform
  /// The market with this identifier.
  case market(String)

  /// The market's identifier, or `nil` for the platform.
  package var marketID: String? {
    if case .market(let id) = self { return id }
    return nil
  }

  /// A stable word for machine-readable output: `platform` or the market's identifier.
  package var word: String { marketID ?? "platform" }

  /// Whether a route or plugin of this owner may take a link of `linkOwner`: the platform's
  /// take every link; a market's take only that market's links.
  @inline(__always)
  func sees(linkOf linkOwner: LinkOwner) -> Bool {
    guard case .market(let id) = self else { return true }
    guard case .market(let other) = linkOwner else { return false }
    return id == other
  }

  public var description: String {
    switch self {
    case .platform: "the platform"
    case .market(let id): "market \(id)"
    }
  }
}

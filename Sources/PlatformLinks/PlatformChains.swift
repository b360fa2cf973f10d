import DeepLinkCore
import DeepLinkNavigation

/// Chained platform links: `shop://productlist/12/productdetail/34` opens the list, then the
/// detail on top, in one ``Navigator/show(_:)`` call, each step as its route's destination
/// (``ProductListPage``, then ``ProductDetailPage``).
public enum PlatformChains {
  /// The plugin's name in telemetry and `debugInfo`.
  public static let name = "chain"

  /// The chained-link plugin over every chainable route of `routes`, showing each resolved plan
  /// through `navigator` in one step.
  ///
  /// - Throws: ``DeepLinkCore/DeepLinkConfigurationError`` when two chainable routes match the same
  ///   runs.
  public static func plugin(
    routes: [PlatformRoute] = PlatformRoute.platformCatalogue, navigator: any Navigator
  ) throws(DeepLinkConfigurationError) -> ChainedLinkPlugin<PlatformRoute> {
    let steps = routes.filter(\.isChainable).map { (pattern: $0.source, value: $0) }
    return try ChainedLinkPlugin(name: name, steps: steps) { plan, _ in
      navigator.show(plan.steps.map { $0.value.destination(from: DeepLinkParameters($0.parameters)) })
    }
  }
}

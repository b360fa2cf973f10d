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
    let chainable = routes.filter(\.isChainable)
    let resolver = try ChainResolver(patterns: chainable.map(\.source), values: chainable)
    return ChainedLinkPlugin(name: name, resolver: resolver) { plan, _ in
      navigator.show(plan.steps.map { $0.value.destination(from: DeepLinkParameters($0.parameters)) })
    }
  }
}

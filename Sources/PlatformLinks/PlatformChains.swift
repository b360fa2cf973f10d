import DeepLinkCore
import DeepLinkNavigation

/// Chained platform links: `shop://productlist/12/productdetail/34` opens the list, then the
/// detail on top, in one ``Navigator/navigate(to:)`` call: a ``DeepLinkCore/LinkNavigation`` of the
/// same shape a single route's link gives, in the first step's tab, whose path is each step as its
/// route's destination (``ProductListPage``, then ``ProductDetailPage``).
package enum PlatformChains {
  /// The plugin's name in telemetry and `debugInfo`.
  package static let name = "chain"

  /// The chained-link plugin over every chainable route of `routes`, showing each resolved plan
  /// through `navigator` in one step.
  ///
  /// - Throws: ``DeepLinkCore/DeepLinkConfigurationError`` when two chainable routes match the same
  ///   runs.
  package static func plugin(
    routes: [PlatformRoute] = PlatformRoute.platformCatalogue, navigator: any Navigator
  ) throws(DeepLinkConfigurationError) -> ChainedLinkPlugin<PlatformRoute> {
    let chainable = routes.filter(\.isChainable)
    let resolver = try ChainResolver(patterns: chainable.map(\.source), values: chainable)
    return ChainedLinkPlugin(name: name, resolver: resolver) { plan, _ in
      navigator.navigate(to: navigation(of: plan))
    }
  }

  /// Where a chained link takes the app: the first step's tab (``DeepLinkCore/NavigationTab/home`` when its
  /// route does not say), each step's destination in order, the last step's on top.
  package static func navigation(of plan: NavigationPlan<PlatformRoute>) -> LinkNavigation {
    let path = plan.steps.map { $0.value.destination(from: DeepLinkParameters($0.parameters)) }
    return LinkNavigation(tab: plan.steps.first?.value.placement?.tab ?? .home, path: path)
  }
}

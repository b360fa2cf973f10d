import DeepLinkCore
import Foundation

/// The default handler of one ``PlatformRoute``: a plugin that takes the route in the route table
/// and shows its destination (``PlatformRoute/destination(from:)``) through the ``Navigator``.
package struct PlatformRoutePlugin: DeepLinkHandlerPlugin {
  /// The route and the navigator, shared by every copy of the plugin.
  private final class Storage: Sendable {
    let route: PlatformRoute
    let navigator: any Navigator

    init(route: PlatformRoute, navigator: any Navigator) {
      self.route = route
      self.navigator = navigator
    }
  }

  private let storage: Storage

  /// The route handled.
  package var route: PlatformRoute { storage.route }

  /// Creates the plugin for `route`.
  package init(route: PlatformRoute, navigator: any Navigator) {
    storage = Storage(route: route, navigator: navigator)
  }

  package var name: String { route.name }
  /// The route, as ``PluginRoute/init(_:accepts:)`` declares it.
  package var routes: [PluginRoute] { [PluginRoute(route)] }

  /// Shows the link's navigation, or its destination, through the navigator.
  @MainActor package func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) {
    if let navigation = state.navigation {
      storage.navigator.navigate(to: navigation)
    } else {
      storage.navigator.show([state.destination ?? route.destination(from: state.parameters)])
    }
    completion()
  }
}

extension PluginRoute {
  /// A platform route as a plugin's route: its pattern as parsed where the route was declared,
  /// its barriers, whether it changes state, its free-text captures, destination and placement.
  ///
  /// - Parameters:
  ///   - route: the platform route.
  ///   - accepts: a check of the captured values beyond their types; `nil` accepts all.
  public init(_ route: PlatformRoute, accepts: (@Sendable (DeepLinkParameters) -> Bool)? = nil) {
    self.init(
      source: route.source, parse: { () throws(RoutePatternError) in try route.declaredPattern },
      barriers: route.barriers, changesState: route.changesState, waitForPreconditions: false,
      freeTextParameters: route.freeTextParameters, destination: route.destination, placement: route.placement,
      accepts: accepts)
  }
}

import DeepLinkCore
import Foundation

/// The default handler of one ``PlatformRoute``: a path-matching plugin that shows the route's
/// destination (``PlatformRoute/destination(from:)``) through the ``Navigator``.
public struct PlatformRoutePlugin: DeepLinkHandlerPathMatchingPlugin {
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
  public var route: PlatformRoute { storage.route }

  /// Creates the plugin for `route`.
  public init(route: PlatformRoute, navigator: any Navigator) {
    storage = Storage(route: route, navigator: navigator)
  }

  public var name: String { route.name }
  public var matchingPath: String { route.source }
  public var matchingPattern: RoutePattern { get throws(RoutePatternError) { try route.declaredPattern } }
  public var barriers: [BarrierName] { route.barriers }
  public var changesState: Bool { route.changesState }
  public var freeTextParameters: Set<String> { route.freeTextParameters }
  public var destination: (any LinkDestination.Type)? { route.destination }
  public var placement: LinkPlacement? { route.placement }

  @MainActor public func handleDeepLink(
    parameters: DeepLinkParameters, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) {
    if let navigation = state.navigation {
      storage.navigator.navigate(to: navigation)
    } else {
      storage.navigator.show([state.destination ?? route.destination(from: parameters)])
    }
    completion()
  }
}

import DeepLinkComposition
import DeepLinkCore
import PlatformLinks

extension AppLinks {
  /// Starts the router at launch without making the main thread wait for its composition: the
  /// linker takes links at once (a cold-start universal link waits in its buffer) and routes
  /// them, in order, when the configuration composed on a background task is ready.
  public static func startLinker(
    market: String, navigator: AppNavigator, session: AppSession
  ) throws -> DeepLinkerStartup {
    let container = DependencyContainer()
    container.register((any Navigator).self) { _ in navigator }
    container.register((any Session).self) { _ in session }
    return try DeepLinkAssembly.startDeepLinker(market: market, container: container) { configurator in
      configurator.with(externalURLHandler: { link in navigator.openInBrowser(link) })
    }
  }
}

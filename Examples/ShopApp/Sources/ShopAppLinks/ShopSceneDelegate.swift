#if canImport(UIKit) && !os(watchOS)
  import DeepLinkApple
  import DeepLinkComposition
  import UIKit

  /// The UIKit entry point: the scene delegate starts the router when the scene connects and
  /// routes the links the connection carries at once; they wait in the linker's buffer until
  /// the configuration composed in the background is ready.
  public final class ShopSceneDelegate: UIResponder, UIWindowSceneDelegate {
    /// The scene's window.
    public var window: UIWindow?
    private var router: SceneLinkRouter?

    public func scene(
      _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {
      let navigator = AppNavigator { url in UIApplication.shared.open(url) }
      guard let startup = try? AppLinks.startLinker(market: "CA", navigator: navigator, session: AppSession()) else {
        return
      }
      let router = SceneLinkRouter(linker: startup.linker)
      _ = router.route(connectionOptions: connectionOptions)
      self.router = router
    }

    public func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
      _ = router?.route(openURLContexts: contexts)
    }

    public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
      _ = router?.route(userActivity: userActivity)
    }
  }
#endif

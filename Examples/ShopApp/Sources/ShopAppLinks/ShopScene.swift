#if canImport(SwiftUI)
  import DeepLinkComposition
  import SwiftUI

  /// The SwiftUI entry point: the app's `@main` `App` returns this scene from its `body`. The
  /// window appears at once; links wait for the router, which composes in the background.
  public struct ShopScene: Scene {
    let startup: DeepLinkerStartup
    let navigator: AppNavigator

    /// Starts the router for `market` and reports a composition failure when it is known.
    public init(market: String, navigator: AppNavigator, session: AppSession) throws {
      startup = try AppLinks.startLinker(market: market, navigator: navigator, session: session)
      self.navigator = navigator
      let ready = startup.ready
      Task {
        if case .failure(let error) = await ready.result { print("links are off: \(error)") }
      }
    }

    public var body: some Scene {
      WindowGroup { ShopRootView(linker: startup.linker, navigator: navigator) }
    }
  }
#endif

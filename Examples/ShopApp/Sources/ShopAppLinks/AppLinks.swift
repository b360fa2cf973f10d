import DeepLinkComposition
import DeepLinkCore
import PlatformLinks

/// The app's router: the platform's links plus one market's, over the app's navigator and session.
@MainActor
public enum AppLinks {
  /// Composes the router once, at launch, before any link is routed.
  public static func makeLinker(market: String, navigator: AppNavigator, session: AppSession) throws -> DeepLinker {
    let linker = try makeDeepLinker(market: market, navigator: navigator, session: session)
    linker.externalURLHandler = { link in navigator.openInBrowser(link) }
    return linker
  }

  /// Decides a link without handling it, from any thread (a share sheet, a push payload).
  public nonisolated static func decide(_ link: String, market: String) throws -> DeepLinkDecision {
    try DeepLinkAssembly.configuration(market: market).decide(link)
  }
}

// SwiftUI: `RootView().routesDeepLinks(to: linker)` (onOpenURL, universal links).
// UIKit: `SceneLinkRouter(linker: linker).route(connectionOptions: options)` in the scene delegate.
// Then `linker.route(url)` is true when the link is ours and will be handled;
// `await linker.handle(url)` waits for what finally happened.

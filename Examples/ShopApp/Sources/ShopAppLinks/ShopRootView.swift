#if canImport(SwiftUI)
  import DeepLinkApple
  import DeepLinkCore
  import SwiftUI

  /// The app's root view: every link SwiftUI hands it goes to the router. The app makes the
  /// router with ``AppLinks/makeLinker(market:navigator:session:)`` at launch and shows this
  /// view in its `WindowGroup`.
  public struct ShopRootView: View {
    /// The app's router.
    public let linker: DeepLinker

    /// Creates the root view.
    public init(linker: DeepLinker) {
      self.linker = linker
    }

    public var body: some View {
      Text("Shop").routesDeepLinks(to: linker)
    }
  }
#endif

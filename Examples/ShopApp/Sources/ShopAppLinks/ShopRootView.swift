#if canImport(SwiftUI)
  import DeepLinkApple
  import DeepLinkCore
  import PlatformLinks
  import SwiftUI

  /// The app's root view: every link SwiftUI hands it goes to the router, and the destinations
  /// the router shows become the `NavigationStack`'s path, each a typed value with its own view.
  public struct ShopRootView: View {
    /// The app's router.
    public let linker: DeepLinker
    private let navigator: AppNavigator
    @State private var path = NavigationPath()

    /// Creates the root view.
    public init(linker: DeepLinker, navigator: AppNavigator) {
      self.linker = linker
      self.navigator = navigator
    }

    public var body: some View {
      NavigationStack(path: $path) {
        Text("Shop")
          .navigationDestination(for: ProductPage.self) { page in Text(AppNavigator.title(of: page)) }
          .navigationDestination(for: CartPage.self) { page in Text(AppNavigator.title(of: page)) }
          .navigationDestination(for: OrderPage.self) { page in Text(AppNavigator.title(of: page)) }
          .navigationDestination(for: SearchResults.self) { page in Text(AppNavigator.title(of: page)) }
      }
      .routesDeepLinks(to: linker)
      .onAppear {
        navigator.pathChanged = { destinations in
          var path = NavigationPath()
          for destination in destinations { path.append(destination) }
          self.path = path
        }
      }
    }
  }
#endif

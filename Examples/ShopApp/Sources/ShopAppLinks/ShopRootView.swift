#if canImport(SwiftUI)
  import DeepLinkApple
  import DeepLinkCore
  import DeepLinkNavigation
  import PlatformLinks
  import SwiftUI

  /// The app's root view: a `TabView` with a `NavigationStack` per tab. Every link SwiftUI hands it
  /// goes to the router; the navigation state a routed link carries selects its tab and sets that
  /// tab's path (parents first), and the other tabs keep theirs.
  public struct ShopRootView: View {
    /// The app's router.
    public let linker: DeepLinker
    private let navigator: AppNavigator
    @State private var selection: NavigationTab = .home
    @State private var paths: [NavigationTab: NavigationPath] = [:]

    /// Creates the root view.
    public init(linker: DeepLinker, navigator: AppNavigator) {
      self.linker = linker
      self.navigator = navigator
    }

    public var body: some View {
      TabView(selection: tabSelection) {
        ForEach(AppNavigator.tabs, id: \.self) { tab in
          NavigationStack(path: path(of: tab)) {
            root(of: tab)
              .navigationDestination(for: ProductPage.self) { page in Text(AppNavigator.title(of: page)) }
              .navigationDestination(for: CategoryPage.self) { page in Text(AppNavigator.title(of: page)) }
              .navigationDestination(for: SearchResults.self) { page in Text(AppNavigator.title(of: page)) }
              .navigationDestination(for: CheckoutPage.self) { page in Text(AppNavigator.title(of: page)) }
              .navigationDestination(for: PaymentPage.self) { page in Text(AppNavigator.title(of: page)) }
              .navigationDestination(for: OrderHistoryPage.self) { page in Text(AppNavigator.title(of: page)) }
              .navigationDestination(for: OrderPage.self) { page in Text(AppNavigator.title(of: page)) }
          }
          .tabItem { Text(tab.rawValue.capitalized) }
          .tag(tab)
        }
      }
      .routesDeepLinks(to: linker)
      .onAppear {
        navigator.stateChanged = { state in
          selection = state.selectedTab
          for tab in AppNavigator.tabs {
            var path = NavigationPath()
            for destination in state.stack(of: tab) { path.append(destination) }
            paths[tab] = path
          }
        }
      }
    }

    /// The tab bar's selection, told to the navigator when the user changes it.
    private var tabSelection: Binding<NavigationTab> {
      Binding(get: { selection }, set: { tab in navigator.select(tab) })
    }

    /// A tab's path; going back shortens the navigator's stack of that tab to match.
    private func path(of tab: NavigationTab) -> Binding<NavigationPath> {
      Binding(
        get: { paths[tab] ?? NavigationPath() },
        set: { path in
          paths[tab] = path
          navigator.keep(path.count, in: tab)
        })
    }

    /// A tab's root screen, showing the value a link to the tab's root set (the cart in French).
    @ViewBuilder private func root(of tab: NavigationTab) -> some View {
      if let value = navigator.state.roots[tab] {
        Text(AppNavigator.title(of: value))
      } else {
        Text(tab.rawValue.capitalized)
      }
    }
  }
#endif

import DeepLinkCore
import DeepLinkNavigation
import PlatformLinks

// The doc-comment examples of DeepLinkNavigation (see SourceCommentExamples.swift), over the app
// of NavigationModelsExamples.swift (`navigator`, `home`, `cart`, `LoginHandler`, ...).

// What these examples call on the app besides that.
extension DocNavigator {
  var modulesOnScreen: [any Deeplinkable] { modules }
  func show(_ module: any Deeplinkable, animated: Bool) { push(module, animated: animated) }
}

@MainActor final class ScreenList {
  func showItem(_ id: String) {}
  func popToRoot() {}
}

func showProduct(id: String) {}
func showItem(_ id: String) {}
func popToRoot() {}

struct ProductsHandler: DeepLinkHandler {
  func canHandle(_ link: DeepLink) -> Bool { link.pathSegments.first == "products" }
  func handle(_ link: DeepLink, state: DeepLinkNavigationState) { navigator.showProducts() }
}

struct PaymentHandler: DeepLinkHandler {
  func canHandle(_ link: DeepLink) -> Bool { link.pathSegments.first == "pay" }
  func handle(_ link: DeepLink, state: DeepLinkNavigationState) {}
}

/// A UIKit-like navigation controller and its screens, for NavigationPlan's example.
struct ListScreen { let id: String }
struct DetailScreen { let id: String }
final class NavigationControllerStandIn {
  func setViewControllers(_ screens: [Any], animated: Bool) {}
}

/// The app's root coordinator, for ResponderTreePlugin's example.
@MainActor let appCoordinator = TabCoordinator()

enum ChainExamples {
  enum Screen: Sendable { case list, detail }

  // Sources/DeepLinkNavigation/ChainResolver.swift
  @DocLines static func resolverExample() throws {
    let resolver = try ChainResolver(steps: [
      (pattern: "/productlist/{id:int}", value: Screen.list),
      (pattern: "/productdetail/{id:int}", value: Screen.detail),
    ])
    let plan = resolver.resolve(try DeepLink("shop://productlist/12/productdetail/34"))
    plan?.values  // [.list, .detail]
    plan?.map { $0["id"] }  // ["12", "34"]
  }

  // Sources/DeepLinkNavigation/NavigationPlan.swift
  static func planExample(plan: NavigationPlan<Screen>, navigationController: NavigationControllerStandIn) {
    var stack: [Any] = []
    for step in plan {
      switch step.value {
      case .list: stack.append(ListScreen(id: step["id"]!))
      case .detail: stack.append(DetailScreen(id: step["id"]!))
      }
    }
    navigationController.setViewControllers(stack, animated: false)
  }
}

// Sources/DeepLinkNavigation/ChainedLinkPlugin.swift
@MainActor func chainedLinkPluginExample() throws {
  enum Screen: Sendable { case list, detail }
  let chains = try ChainedLinkPlugin(
    steps: [
      (pattern: "/productlist/{id:int}", value: Screen.list),
      (pattern: "/productdetail/{id:int}", value: Screen.detail),
    ]
  ) { plan, state in
    navigator.setStack(plan.map { ($0.value, $0["id"]!) }, animated: !state.isColdStart)
  }
  let linker = try DeepLinker.configure()
    .add(urlSchemes: [URLScheme("shop")])
    .install(plugin: chains)
    .initialize()
  _ = linker
}

// Sources/DeepLinkNavigation/DeepLinkRegistry.swift
@MainActor @DocLines func registryExample() throws {
  let registry = try DeepLinkRegistry(
    schemes: ["shop"],
    handlers: [LoginHandler(), ProductsHandler(), PaymentHandler()],
    fallback: { link in navigator.showHome() })

  // SwiftUI: WindowGroup { ContentView().onOpenURL { registry.handle($0) } }
  registry
}

// Sources/DeepLinkNavigation/DeepLinkResponder.swift
enum ResponderExample {
  final class TabCoordinator: DeepLinkResponder {
    let deepLinkRoutes = ResponderRoutes.none
    var deepLinkChildren: [any DeepLinkResponder] { [home, cart] }
    func becomeFirstResponder(child: (any DeepLinkResponder)?) {
      if child === cart { tabBar.selectedIndex = 1 }
    }
    func respond(on match: MatchedDeepLink) {}
  }

  final class CartCoordinator: DeepLinkResponder {
    let deepLinkRoutes = try! ResponderRoutes(["/cart", "/cart/item/{id:int}"])
    func respond(on match: MatchedDeepLink) {
      if let id = match["id"] { showItem(id) } else { popToRoot() }
    }
  }
}

// Sources/DeepLinkNavigation/ResponderRoutes.swift
enum ResponderRoutesExample {
  final class ProductCoordinator: DeepLinkResponder {
    let deepLinkRoutes = try! ResponderRoutes(["/product/{id:int}", "/product/{id:int}/reviews"])
    func respond(on match: MatchedDeepLink) { showProduct(id: match["id"]!) }
  }
}

// Sources/DeepLinkNavigation/MatchedDeepLink.swift
enum MatchedDeepLinkExample {
  final class ProductCoordinator: DeepLinkResponder {
    let deepLinkRoutes = try! ResponderRoutes(["/product/{id:int}"])
    func respond(on match: MatchedDeepLink) {
      showProduct(id: match["id"]!)  // pattern `/product/{id:int}`
    }
  }
}

// Sources/DeepLinkNavigation/DeeplinkRegularExpression.swift
@DocLines func regularExpressionExample() throws {
  let expression = try DeeplinkRegularExpression(#"shop://pdp/(?<id>[0-9]+)"#)
  expression.match(try DeepLink("shop://pdp/123"))?["id"]  // "123"
}

// Sources/DeepLinkNavigation/Deeplinkable.swift
final class ProductDetailModule: Deeplinkable {
  static let deeplinkPatterns = ["/pdp/{id:int}"]
  var productID: String
  init(productID: String) { self.productID = productID }

  static func module(fromDeeplink match: MatchedDeepLink) -> ProductDetailModule? {
    match["id"].map(ProductDetailModule.init(productID:))
  }
  func deeplinkURL() -> DeepLink? { try? Self.deeplink(["id": productID], scheme: "shop") }
}

extension ProductDetailModule: DeeplinkContextUpdatable {
  func updateContext(fromDeeplink match: MatchedDeepLink) -> Bool {
    guard let id = match["id"] else { return false }
    productID = id
    return true
  }
}

// Sources/DeepLinkNavigation/DeeplinkableRouter.swift
@MainActor @DocLines func deeplinkableRouterExample() throws {
  let router = try DeeplinkableRouter(
    modules: [ProductListModule.self, ProductDetailModule.self],
    visibleModules: { navigator.modulesOnScreen },
    present: { module, state in navigator.show(module, animated: !state.isColdStart) })
  let linker = try DeepLinker.configure()
    .add(urlSchemes: [URLScheme("shop")])
    .install(plugin: router)
    .initialize()
  linker
}

// Sources/DeepLinkNavigation/ResponderTreePlugin.swift
@MainActor @DocLines func responderTreePluginExample() throws {
  let linker = try DeepLinker.configure()
    .add(urlSchemes: [URLScheme("shop")])
    .install(plugin: ResponderTreePlugin(root: appCoordinator))
    .initialize()
  linker
}

// Sources/DeepLinkCore/Destinations/LinkNavigation.swift
@DocLines func linkPlacementExample() {
  let placement = LinkPlacement(tab: "account", parents: [OrderHistoryPage.self], policy: .update)
  placement == .root(of: "account")  // false: the order is pushed above its parent
}

// Sources/DeepLinkNavigation/TabNavigationState.swift
@DocLines func tabNavigationStateExample() {
  var state = TabNavigationState(selectedTab: "home")
  let change = state.apply(LinkNavigation(tab: "account", path: [OrderHistoryPage(), OrderPage(id: 9001)]))
  change.action  // .replaced
  state.selectedTab  // "account"
  state.stack(of: "account").count  // 2
}

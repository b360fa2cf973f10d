import DeepLinkCore
import DeepLinkNavigation
import DeepLinkTesting
import Foundation
import Testing

// What the examples of Docs/NavigationModels.md call: the app's navigation and coordinators.

@MainActor final class DocNavigator {
  private(set) var log: [String] = []
  var modules: [any Deeplinkable] = []
  func showProducts() { log.append("products") }
  func showHome() { log.append("home") }
  func showLogin() { log.append("login") }
  func push(_ module: any Deeplinkable, animated: Bool) {
    modules.append(module)
    log.append("push \(type(of: module))")
  }
  func setStack<Value>(_ stack: [(Value, String)], animated: Bool) {
    log.append("stack " + stack.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
  }
  func reset() {
    log = []
    modules = []
  }
}

@MainActor let navigator = DocNavigator()

@MainActor final class TabBar {
  var selectedIndex = 0
}

@MainActor let tabBar = TabBar()

final class LeafCoordinator: DeepLinkResponder {
  let deepLinkRoutes: ResponderRoutes
  init(_ patterns: [String]) { deepLinkRoutes = (try? ResponderRoutes(patterns)) ?? .none }
  func respond(on match: MatchedDeepLink) {}
}

final class ProfileCoordinator: DeepLinkResponder {
  let deepLinkRoutes = ResponderRoutes.none
  let orders: any DeepLinkResponder
  init(orders: any DeepLinkResponder) { self.orders = orders }
  var deepLinkChildren: [any DeepLinkResponder] { [orders] }
  func respond(on match: MatchedDeepLink) {}
}

@MainActor var shownOrders: [String] = []
@MainActor func showOrder(_ id: String) { shownOrders.append(id) }

@MainActor let home = LeafCoordinator(["/home"])
@MainActor let cart = LeafCoordinator(["/cart"])
@MainActor let profile = ProfileCoordinator(orders: OrdersCoordinator())

// The responder tree of Docs/NavigationModels.md.

final class TabCoordinator: DeepLinkResponder {
  let deepLinkRoutes = ResponderRoutes.none
  var deepLinkChildren: [any DeepLinkResponder] { [home, cart, profile] }
  func becomeFirstResponder(child: (any DeepLinkResponder)?) {
    if child === profile { tabBar.selectedIndex = 2 }
  }
  func respond(on match: MatchedDeepLink) {}
}

final class OrdersCoordinator: DeepLinkResponder {
  let deepLinkRoutes = try! ResponderRoutes(["/orders/{id:int}"])
  func respond(on match: MatchedDeepLink) { showOrder(match["id"]!) }
}

struct LoginHandler: DeepLinkHandler {
  func canHandle(_ link: DeepLink) -> Bool { link.pathSegments == ["login"] }
  func handle(_ link: DeepLink, state: DeepLinkNavigationState) { navigator.showLogin() }
}

/// The list screen the modules example names next to the detail screen; it only opens.
final class ProductListModule: Deeplinkable {
  static let deeplinkPatterns = ["/productlist/{id:int}"]
  static func module(fromDeeplink match: MatchedDeepLink) -> ProductListModule? { ProductListModule() }
  func deeplinkURL() -> DeepLink? { nil }
}

@MainActor
@Suite(.serialized) struct NavigationModelsExamples {
  @Test("registry: handlers in order, the fallback for the app's links no handler takes")
  func registry() async throws {
    navigator.reset()
    let url = URL(string: "shop://products")!

    struct ProductsHandler: DeepLinkHandler {
      func canHandle(_ link: DeepLink) -> Bool { link.pathSegments.first == "products" }
      func handle(_ link: DeepLink, state: DeepLinkNavigationState) { navigator.showProducts() }
    }

    let registry = try DeepLinkRegistry(
      schemes: ["shop"], domains: ["shop.example.com"],
      handlers: [LoginHandler(), ProductsHandler()],
      fallback: { link in navigator.showHome() })  // the app's links no handler takes

    registry.handle(url)  // or, to wait for the outcome: await registry.linker.handle(url)

    await registry.linker.waitUntilIdle()
    #expect(await registry.linker.handle("shop://login") == .handled(route: RouteID(name: "LoginHandler")))
    #expect(await registry.linker.handle("shop://elsewhere") == .notFound)
    #expect(navigator.log == ["products", "login", "home"])
  }

  @Test("responder tree: the tab coordinator selects the profile tab for an order")
  func responderTree() async throws {
    shownOrders = []
    let linker = try DeepLinker.configure()
      .add(urlSchemes: [URLScheme("shop")])
      .install(plugin: ResponderTreePlugin(root: TabCoordinator()))
      .initialize()

    #expect(
      await linker.handle("shop://orders/7")
        == .handled(route: RouteID(name: "ResponderTreePlugin", pattern: "/orders/{id:int}")))
    #expect(shownOrders == ["7"])
    #expect(tabBar.selectedIndex == 2)
  }

  @Test("deep-linkable modules: a link builds the module, its deeplinkURL() reopens it")
  func modules() async throws {
    navigator.reset()
    var linker: DeepLinker

    final class ProductDetailModule: DeeplinkContextUpdatable {
      static let deeplinkPatterns = ["/pdp/{id:int}/{tab?}", "/product/{id:int}"]
      var productID: String
      init(productID: String) { self.productID = productID }

      static func module(fromDeeplink match: MatchedDeepLink) -> ProductDetailModule? {
        match["id"].map(ProductDetailModule.init(productID:))
      }
      func deeplinkURL() -> DeepLink? { try? Self.deeplink(["id": productID], scheme: "shop") }  // shop://pdp/42
      func updateContext(fromDeeplink match: MatchedDeepLink) -> Bool {
        guard let id = match["id"] else { return false }
        productID = id
        return true
      }
    }

    let router = try DeeplinkableRouter(
      modules: [ProductListModule.self, ProductDetailModule.self],
      visibleModules: { navigator.modules },  // bottom to top
      present: { module, state in navigator.push(module, animated: !state.isColdStart) })
    linker = try DeepLinker.configure().add(urlSchemes: [URLScheme("shop")]).install(plugin: router).initialize()

    #expect(
      await linker.handle("shop://product/42")
        == .handled(route: RouteID(name: "DeeplinkableRouter", pattern: "/product/{id:int}")))
    let detail = try #require(navigator.modules.last as? ProductDetailModule)
    #expect(detail.deeplinkURL()?.absoluteString == "shop://pdp/42")
    #expect(
      await linker.handle("shop://pdp/43")
        == .handled(route: RouteID(name: "DeeplinkableRouter", pattern: "/pdp/{id:int}/{tab?}")))
    #expect(detail.productID == "43")
    #expect(navigator.log == ["push ProductDetailModule"])
  }

  @Test("chained links: one link, one plan, one call")
  func chains() async throws {
    navigator.reset()
    var linker: DeepLinker

    enum Screen: Sendable { case list, detail }

    let chains = try ChainedLinkPlugin(
      steps: [
        (pattern: "/productlist/{id:int}", value: Screen.list),
        (pattern: "/productdetail/{id:int}", value: Screen.detail),
      ]
    ) { plan, state in
      // shop://productlist/12/productdetail/34 → [list id=12, detail id=34], in one call
      navigator.setStack(plan.map { ($0.value, $0["id"]!) }, animated: !state.isColdStart)
    }
    linker = try DeepLinker.configure().add(urlSchemes: [URLScheme("shop")]).install(plugin: chains).initialize()

    _ = await linker.handle("shop://productlist/12/productdetail/34")
    #expect(navigator.log == ["stack list 12, detail 34"])
  }
}

import DeepLinkCore
import DeepLinkTesting
import Foundation
import PlatformLinks
import Testing

// What the examples of Docs/Pipeline.md call: the app's own screens, configuration and browser.

@MainActor final class AppScreens {
  private(set) var shown: [String] = []
  func showProduct(_ id: Int, animated: Bool) { shown.append("product \(id)") }
  func showOrder(_ id: String) { shown.append("order \(id)") }
}

@MainActor final class RemoteConfiguration {
  private(set) var asked = 0
  func ready() async -> Bool {
    asked += 1
    return true
  }
}

@MainActor final class Browser {
  private(set) var opened: [DeepLink] = []
  func open(_ link: DeepLink) { opened.append(link) }
}

/// `shop://transaction/{transaction_id}`, behind authentication: a plugin of one route.
struct TransactionPlugin: DeepLinkHandlerPlugin {
  let routes = [PluginRoute("/transaction/{transaction_id}", barriers: ["authentication"])]
  @MainActor func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) { completion() }
}

/// `shop://pay?order_id=…` as a typed value: an opaque plugin.
struct PaymentPlugin: DeepLinkHandlerPlugin {
  struct Payment: Sendable { var orderID: String }
  func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption {
    guard link.pathSegments == ["pay"], let order = link.queryValue("order_id") else { return .no }
    return .yesWithBarrier(name: "authentication", data: Payment(orderID: order))
  }
  @MainActor func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) {
    completion()
  }
}

/// A mandatory barrier that lets every link through (the app's consent screen would ask).
struct ConsentBarrier: DeepLinkHandlingBarrier {
  var name: BarrierName { "consent" }
  @MainActor func status(for deepLink: DeepLink) -> DeepLinkBarrierStatus { .passed }
  @MainActor func performCheck(deepLink: DeepLink, completion: @escaping @Sendable (Bool) -> Void) { completion(true) }
}

/// The app's sign-in barrier, named `authentication` as the routes refer to it: a signed-in
/// user passes; otherwise sign-in starts and the link passes if it succeeds.
struct SignInBarrier: TypeNamedBarrier {
  static var barrierName: BarrierName { .authentication }
  let session: any Session
  @MainActor func status(for deepLink: DeepLink) -> DeepLinkBarrierStatus {
    session.isSignedIn ? .passed : .needToCheck
  }
  @MainActor func performCheck(deepLink: DeepLink, completion: @escaping @Sendable (Bool) -> Void) {
    session.signIn(completion: completion)
  }
}

/// The app's confirmation of a state-changing link from outside the app.
struct AskUserBarrier: DeepLinkHandlingBarrier {
  let navigator: any Navigator
  var name: BarrierName { .confirmation }
  @MainActor func status(for deepLink: DeepLink) -> DeepLinkBarrierStatus { .needToCheck }
  @MainActor func performCheck(deepLink: DeepLink, completion: @escaping @Sendable (Bool) -> Void) {
    navigator.confirm(deepLink, completion: completion)
  }
}

@MainActor
@Suite struct PipelineExamples {
  @Test("the router API example routes a web link and an order behind its barrier")
  func routerAPI() async throws {
    let navigator = AppScreens()
    let authentication = PassingBarrier(name: "authentication")
    let remoteConfig = RemoteConfiguration()
    let browser = Browser()

    let linker = try DeepLinker.configure()
      .add(urlSchemes: [URLScheme("shop")])
      .add(allowedDomains: ["shop.example.com"])
      .add(universalLinks: [UniversalLink("https://shop.example.com/ip/{slug}/{id}", to: "/product/{id:int}")])
      .install(barrier: authentication)
      .initialize()
    try linker.addRoute("/product/{id:int}") { link, state in
      guard let id = state.parameters.int("id") else { return false }  // typed values, no decoding
      navigator.showProduct(id, animated: !state.isColdStart)
      return true  // false declines: the next candidate is tried
    }
    try linker.addRoute("/orders/{id:int}", barriers: [.authentication]) { link, state in  // or ["authentication"]
      navigator.showOrder(state.parameters["id"]!)
      return true
    }
    linker.addDeeplinkPreconditionHandler(identifier: "remote-config") { await remoteConfig.ready() }
    linker.externalURLHandler = { link in browser.open(link) }
    linker.route("https://shop.example.com/ip/desk/123")  // true: ours, will be handled
    let result = await linker.handle("shop://orders/9")  // async: what finally happened

    await linker.waitUntilIdle()
    #expect(result == .handled(route: RouteID(pattern: "/orders/{id:int}")))
    #expect(navigator.shown == ["product 123", "order 9"])
    #expect(linker.route("https://example.org/") == false)
    await linker.waitUntilIdle()
    #expect(browser.opened.map(\.absoluteString) == ["https://example.org/"])
  }

  @Test("the plugin API example: plugins, barriers, filters and handlers")
  func pluginAPI() async throws {
    let navigator = RecordingNavigator()
    let session = navigator
    var refused: [DeepLink] = []

    let linker = try DeepLinker.configure()
      .add(urlSchemes: [URLScheme("shop")])
      .install(plugin: TransactionPlugin())  // routes: in the route table
      .install(plugin: PaymentPlugin())  // no routes: asked, answers with a typed value
      .install(barrier: SignInBarrier(session: session))
      .set(confirmationBarrier: AskUserBarrier(navigator: navigator))
      .set(mandatoryBarrier: ConsentBarrier())
      .with(notFoundHandler: { link in navigator.show([HomePage()]) })
      .add(excludedSchemes: ["fb"]).add(blacklistHosts: ["*.ads.example"]).add(whitelistSchemes: ["shop", "https"])
      .with(forbiddenHandler: { link in refused.append(link) })
      .initialize()

    let decisions = [
      "shop://transaction/7", "shop://pay?order_id=3", "fb://x", "https://a.ads.example/", "shop://nope",
    ]
    .map { linker.configuration?.decide($0) }
    #expect(decisions.map { $0?.outcome } == [.routed, .routed, .ignored, .forbidden, .notFound])
    #expect(decisions[0]?.barriers == ["consent", "authentication"])
    _ = await linker.handle("https://a.ads.example/")
    _ = await linker.handle("shop://nope")
    #expect(refused.map(\.absoluteString) == ["https://a.ads.example/"])
    #expect(navigator.shownValues == [[HomePage()]])
  }
}

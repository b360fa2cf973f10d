import DeepLinkCore
import Foundation
import PlatformLinks

// The doc-comment examples of Sources/ and Markets/*/Sources/ (DocBlocksTests checks that each
// stands here, or in another file of this target, line for line). A fragment is the body of a
// function whose parameters are what it names of the app (`linker`, `configuration`, ...), built
// with `DocLines` so that a line that shows a value (`link.host  // "shop.example.com"`) compiles
// as it is; a declaration stands in an enum of its own so that its names do not clash.

/// Collects the lines of an example and drops their values: a line that shows a value compiles
/// without a warning about an unused result.
@resultBuilder enum DocLines {
  static func buildExpression<Value>(_ value: Value) {}
  static func buildBlock(_ lines: Void...) {}
  static func buildArray(_ lines: [Void]) {}
  static func buildOptional(_ line: Void?) {}
  static func buildEither(first line: Void) {}
  static func buildEither(second line: Void) {}
}

// What the examples call on the app's navigator, besides what NavigationModelsExamples declares.
extension DocNavigator {
  func showProduct(_ id: Int, locale: String? = nil) {}
  func showPayment(orderID: String? = nil, completion: @escaping @Sendable () -> Void) { completion() }
  func showTransaction(_ id: Int, completion: @escaping @Sendable () -> Void) { completion() }
  func showOrder(_ id: Int) async {}
}

/// The app's remote configuration, as `DeepLinker.apply(policy:)`'s example reads it.
struct RemoteLinkConfiguration {
  var linkPolicy = "{}"
}

// Sources/DeepLinkCore/Links/DeepLink+Parsing.swift
@DocLines func deepLinkInitExample() throws {
  try DeepLink("shop://product/123").pathSegments  // ["product", "123"]
  try DeepLink("https://user@shop.example.com/")  // throws DeepLinkError.userInfo
}

@DocLines func deepLinkUTF8Example() throws {
  try DeepLink(utf8: Array("shop://cart".utf8))  // shop://cart
  try DeepLink(utf8: [0x73, 0x68, 0x6F, 0x70, 0x3A, 0xC0])  // throws DeepLinkError.invalidUTF8
}

// Sources/DeepLinkCore/Links/DeepLink.swift
@DocLines func deepLinkExample() throws {
  let link = try DeepLink("https://Shop.Example.com./ip/desk/123?q=red+shoes")
  link.host  // "shop.example.com"
  link.pathSegments  // ["ip", "desk", "123"]
  link.queryValue("q")  // "red shoes"
}

// Sources/DeepLinkCore/Policy/DeepLinker+Policy.swift
@MainActor @DocLines func policyExample(linker: DeepLinker, remoteConfiguration: RemoteLinkConfiguration) throws {
  try linker.apply(policy: Data(remoteConfiguration.linkPolicy.utf8))
}

// Sources/DeepLinkCore/Rewrite/CustomDeeplinkRouteProvider.swift
struct StoreLinks: CustomDeeplinkRouteProvider {
  var domains: [Domain] { [Domain("shop.example.ca")] }
  var urlSchemes: [URLScheme] { [URLScheme("shopca", customHost: "ca")] }
  var universalLinks: [UniversalLink] {
    [UniversalLink("https://shop.example.ca/fr/panier", to: "/cart", parameters: ["locale": "fr"])]
  }
}

// Sources/DeepLinkCore/Rewrite/DeepLinkConfiguration+ShareLinks.swift
@DocLines func shareLinkExample(configuration: DeepLinkConfiguration) throws {
  try configuration.webLink(
    to: PlatformRoute.product.id, parameters: ["id": "123"], owner: .market("CA"),
    preferences: ["locale": "fr"]
  ).absoluteString
  // "https://shop.example.ca/fr/ip/-/123"
}

// Sources/DeepLinkCore/Rewrite/LinkOwner.swift
@DocLines func linkOwnerExample() {
  LinkOwner.market("CA").description  // "market CA"
  LinkOwner.platform.description  // "the platform"
}

// Sources/DeepLinkCore/Rewrite/UniversalLink.swift
@DocLines func universalLinkExample() {
  let rule = UniversalLink("https://shop.example.ca/fr/panier", to: "/cart", parameters: ["locale": "fr"])
  rule.description  // "https://shop.example.ca/fr/panier → /cart"
}

// Sources/PlatformLinks/PlatformLinks.swift
@DocLines func platformRuleExample() {
  UniversalLink("https://shop.example.ca/fr/panier", to: .cart, parameters: ["locale": "fr"])
}

// Sources/DeepLinkCore/Decision/RouteDescription.swift
@DocLines func routeDescriptionExample(configuration: DeepLinkConfiguration) {
  for route in configuration.routeDescriptions where route.owner == .market("CA") {
    print(route.id.name, route.pattern.parameterNames)
  }
}

// Sources/DeepLinkCore/Decision/DeepLinkConfiguration+Decide.swift
@DocLines func decideExample(configuration: DeepLinkConfiguration) {
  let decision = configuration.decide("https://shop.example.ca/fr/panier")
  decision.outcome  // .routed
  decision.route?.pattern  // "/cart"
}

// Sources/DeepLinkCore/Decision/RouteID.swift
@DocLines func routeIDExample() {
  let route = RouteID(name: "product", pattern: "/product/{id:int}")
  route.description  // "/product/{id:int}"
  RouteID(name: "PaymentPlugin").description  // "PaymentPlugin"
  RouteID(pattern: "/orders/{id}") == RouteID(name: "/orders/{id}", pattern: "/orders/{id}")  // true
}

@DocLines func decideUTF8Example(configuration: DeepLinkConfiguration) {
  configuration.decide(utf8: Array("shop://cart".utf8)).outcome  // .routed
  configuration.decide(utf8: Array("shop://transaction/".utf8) + [0xC0, 0xAF]).reason  // .invalidUTF8
}

// Sources/DeepLinkCore/Decision/DeepLinkParameters.swift
@MainActor @DocLines func parametersExample(linker: DeepLinker) throws {
  try linker.addRoute("/product/{id:int}") { link, state in
    guard let id = state.parameters.int("id") else { return false }
    navigator.showProduct(id, locale: state.parameters["locale"])
    return true
  }
}

// Sources/DeepLinkCore/Decision/DeepLinkReason.swift
@DocLines func reasonExample(configuration: DeepLinkConfiguration) {
  configuration.decide("shop://nowhere").reason  // .noRoute
  configuration.decide("shop://nowhere").reason?.rawValue  // "noRoute"
}

// Sources/DeepLinkCore/Runtime/DeepLinker+Configurator.swift
@MainActor @DocLines func configuratorExample() throws {
  let linker = try DeepLinker.configure()
    .add(urlSchemes: [URLScheme("shop")])
    .install(provider: StoreLinks())
    .initialize()
  linker
}

// Sources/DeepLinkCore/Runtime/DeepLinker.swift
@MainActor @DocLines func deepLinkerExample(session: any Session) throws {
  let linker = try DeepLinker.configure()
    .add(urlSchemes: [URLScheme("shop")])
    .install(plugin: TransactionPlugin())
    .install(barrier: SignInBarrier(session: session))
    .with(notFoundHandler: { link in print("no route for \(link)") })
    .initialize()
  try linker.addRoute("/product/{id:int}") { link, state in
    navigator.showProduct(state.parameters.int("id")!)
    return true
  }
  linker.route("shop://product/123")
}

// Sources/DeepLinkCore/Telemetry/DeepLinkEventStream.swift
@MainActor @DocLines func eventStreamExample(linker: DeepLinker, analytics: any DeepLinkTelemetry) {
  let stream = DeepLinkEventStream(forwardingTo: analytics)
  linker.telemetry = stream
  Task { for await event in stream.events { log(event) } }
}

/// Where the event stream's example logs an event.
func log(_ event: DeepLinkEvent) {}

// Sources/DeepLinkCore/Telemetry/LinkRedactor.swift
@DocLines func redactorExample() throws {
  LinkRedactor.redact(try DeepLink("shop://cart?%74oken=abc+def"))  // "shop://cart?token=REDACTED"
  LinkRedactor.redact(try DeepLink("shop://cart;jsessionid=x"))  // "shop://cart;jsessionid=REDACTED"
}

// Sources/DeepLinkCore/Support/Locked.swift
@DocLines func lockedExample() {
  let count = Locked(0)
  count.withLock { $0 += 1 }
}

// Sources/DeepLinkCore/Plugins/BarrierName.swift
@MainActor @DocLines func barrierNameExample(linker: DeepLinker) throws {
  try linker.addRoute("/checkout", barriers: ["authentication"]) { _, _ in true }
}

// Sources/DeepLinkCore/Plugins/DeepLinkHandlerPlugin.swift
enum HandlerPluginExample {
  struct PaymentPlugin: DeepLinkHandlerPlugin {
    func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption {
      link.pathSegments == ["pay"] ? .yesWithBarrier(name: "authentication", data: link.queryValue("order_id")) : .no
    }
    func handleDeepLink(
      with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
    ) {
      navigator.showPayment(orderID: data as? String, completion: completion)
    }
  }

  struct TransactionPlugin: DeepLinkHandlerPlugin {
    let routes = [PluginRoute("/transaction/{transaction_id:int}", barriers: ["authentication"])]
    func handleDeepLink(
      with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
    ) {
      navigator.showTransaction(state.parameters.int("transaction_id")!, completion: completion)
    }
  }
}

// Sources/DeepLinkCore/Plugins/PluginRoute.swift
@DocLines func pluginRouteExample() {
  let route = PluginRoute("/pay-in-store/{reference}", barriers: ["authentication"], changesState: true) {
    ($0["reference"]?.utf8.count ?? 0) >= 10
  }
  route.source  // "/pay-in-store/{reference}"
}

// Sources/DeepLinkCore/Plugins/ClosurePlugin.swift
@MainActor @DocLines func closurePluginExample() {
  let orders = ClosurePlugin("orders", routes: [PluginRoute("/order/{id:int}")]) { _, state in
    await navigator.showOrder(state.parameters.int("id")!)
  }
  orders.routes.count  // 1
}

// Sources/DeepLinkCore/Plugins/DeepLinkHandlingBarrier.swift
enum BarrierExample {
  struct AuthenticationBarrier: DeepLinkHandlingBarrier {
    let session: any Session
    let name: BarrierName = "authentication"
    func status(for link: DeepLink) -> DeepLinkBarrierStatus { session.isSignedIn ? .passed : .needToCheck }
    func performCheck(deepLink: DeepLink, completion: @escaping @Sendable (Bool) -> Void) {
      session.signIn { signedIn in completion(signedIn) }
    }
  }
}

@MainActor func typeNamedBarrierExample() throws {
  struct AuthenticationDeepLinkBarrier: TypeNamedBarrier {  // named "AuthenticationDeepLinkBarrier"
    func status(for deepLink: DeepLink) -> DeepLinkBarrierStatus { .passed }
    func performCheck(deepLink: DeepLink, completion: @escaping @Sendable (Bool) -> Void) { completion(true) }
  }
  let linker = try DeepLinker.configure()
    .add(urlSchemes: [URLScheme("shop")])
    .install(barrier: AuthenticationDeepLinkBarrier())
    .initialize()
  let option = DeepLinkHandlerOption.yesWithBarrier(AuthenticationDeepLinkBarrier.self, data: nil)
  _ = (linker, option)
}

// Sources/DeepLinkCore/Table/RouteTable.swift
@DocLines func routeTableExample() throws {
  var builder = RouteTable<String>.Builder()
  try builder.add(RoutePattern("/product/{id:int}"), value: "product")
  try builder.add(RoutePattern("/product/new"), value: "new product")
  let table = builder.build()
  let match = table.match(try DeepLink("shop://product/123"))
  match?.value  // "product"
  match?["id"]  // "123"
}

@DocLines func routeTableConsumeExample() throws {
  var builder = RouteTable<String>.Builder()
  try builder.add("/product/{id:int}", value: "product")
  let table = (consume builder).build()
  table
}

// Sources/DeepLinkCore/Patterns/PathLanguage.swift
@DocLines func pathLanguageExample() throws {
  let platform = PathLanguage(try RoutePattern("/product/{id:int}"))
  let market = PathLanguage(try RoutePattern("/{rest...}"))
  platform.commonPath(with: market)  // ["product", "1"]
}

// Sources/DeepLinkCore/Patterns/RoutePattern+Overlap.swift
@DocLines func overlapExample() throws {
  let platform = try RoutePattern("https://shop.example.com/ip/{slug}/{id:int}")
  let market = try RoutePattern("https://shop.example.com/ip/{rest...}")
  platform.commonLink(with: market)  // "https://shop.example.com/ip/x/1"
}

// Sources/DeepLinkCore/Patterns/RoutePattern+ReverseRouting.swift
@DocLines func reverseRoutingExample() throws {
  let pattern = try RoutePattern("/search?q={query}")
  try pattern.link(["query": "red shoes & socks"], scheme: "shop").absoluteString
  // "shop://search?q=red%20shoes%20%26%20socks"
}

// Sources/DeepLinkCore/Patterns/RoutePattern.swift
@DocLines func routePatternExample() throws {
  let pattern = try RoutePattern("/product/{id:int}")
  pattern.parameterNames  // ["id"]
}

import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import MarketCA
import PlatformLinks
import Testing

// The doc-comment examples of DeepLinkComposition, DeepLinkTesting and PlatformLinks (see
// SourceCommentExamples.swift).

/// The app's navigator and session, as the composition examples register them.
final class AppNavigator: Navigator {
  func show(_ destinations: [any LinkDestination]) {}
  func confirm(_ link: DeepLink, completion: @escaping @Sendable (Bool) -> Void) { completion(true) }
}

final class AppSession: Session {
  var isSignedIn: Bool { true }
  func signIn(completion: @escaping @Sendable (Bool) -> Void) { completion(true) }
}

// Sources/DeepLinkTesting/ComposedMarket.swift
@DocLines func composedConfigurationExample() throws {
  let configuration = try #require(composedConfiguration(CAMarket()))
  configuration
}

@MainActor @DocLines func composedLinkerExample() throws {
  let navigator = RecordingNavigator()
  let linker = try #require(composedLinker(CAMarket(), navigator: navigator))
  linker
}

// Sources/DeepLinkTesting/DecisionTable.swift
@DocLines func decisionExpectationExample() {
  DecisionExpectation("https://shop.example.ca/fr/panier", route: "/cart", parameters: ["locale": "fr"])
  DecisionExpectation("https://shop.example.ca/about", outcome: .external)
}

// Sources/DeepLinkTesting/DeclaredMarket.swift
@DocLines func declaredMarketExample() {
  var market = DeclaredMarket(id: "BR")
  market.rules = [UniversalLink("https://shop.example.com/ip/{slug}/{id:int}", to: .cart)]
  compositionMessages(market)  // one message naming the market's rule and the platform's
}

@DocLines func generatedDeclaredMarketExample() {
  var market = DeclaredMarket.generated(id: "G", rules: 1_000)
  market.rules.insert(UniversalLink("https://shop.example.com/ip/{slug}/{id:int}", to: .cart), at: 500)
  market
}

// Sources/DeepLinkTesting/EntryLog.swift
@MainActor @DocLines func entryLogExample(linker: DeepLinker) async throws {
  let log = EntryLog()
  try linker.addRoute("/cart") { _, _ in
    log.append("cart")
    return true
  }
  _ = await linker.handle("shop://cart")
  #expect(log.entries == ["cart"])
}

// Sources/DeepLinkTesting/LinkTableAssertions.swift
@DocLines func linkExpectationExample() {
  let rows: [LinkExpectation] = [
    .init("shop://product/123", route: "/product/{id}", parameters: ["id": "123"]),
    .init("shop://nowhere", route: nil),
  ]
  rows
}

// Sources/DeepLinkTesting/ManualClock.swift
@DocLines func manualClockExample() async {
  let clock = ManualClock()
  // … route a link whose handler never completes …
  await clock.waitForSleepers(1)
  clock.advance(by: .seconds(11))  // the handler's 10-second timeout fires
}

// Sources/DeepLinkTesting/RouteTable+Patterns.swift
@DocLines func routeTablePatternsExample() throws {
  let table = try RouteTable(patterns: ["/product/{id:int}", "/product/{slug}"])
  table.match(try DeepLink("shop://product/abc"))?.pattern  // "/product/{slug}"
}

// Sources/DeepLinkComposition/DecisionSnapshot.swift
@DocLines func decisionSnapshotExample(storedText: DecisionSnapshot) throws {
  let snapshot = try DecisionSnapshot(market: "CA", examples: ["https://shop.example.ca/fr/panier"])
  snapshot.differences(from: storedText)  // [] when nothing changed
}

// Sources/DeepLinkComposition/DeepLinkAssembly.swift
@MainActor @DocLines func assemblyExample() throws {
  let container = DependencyContainer()
  container.register((any Navigator).self) { _ in AppNavigator() }
  container.register((any Session).self) { _ in AppSession() }
  let linker = try DeepLinkAssembly.makeDeepLinker(market: "CA", container: container)
  linker.route("https://shop.example.ca/fr/panier")
}

// Sources/DeepLinkComposition/MakeDeepLinker.swift
@MainActor @DocLines func frontDoorExample() throws {
  let linker = try makeDeepLinker(market: "CA", navigator: AppNavigator(), session: AppSession())
  linker.route("https://shop.example.ca/fr/panier")
}

// Sources/DeepLinkComposition/DeepLinkerStartup.swift
@MainActor @DocLines func startupExample(container: DependencyContainer) async throws {
  let startup = try DeepLinkAssembly.startDeepLinker(market: "CA", container: container)
  startup.linker.route("https://shop.example.ca/fr/panier")  // waits, then routes
  let linker = try await startup.ready.value
  linker
}

// Sources/DeepLinkComposition/DependencyContainer.swift
@DocLines func containerExample() throws {
  let container = DependencyContainer()
  container.register((any Navigator).self, scope: .singleton) { _ in AppNavigator() }
  let navigator = try container.resolve((any Navigator).self)
  navigator
}

// Sources/MarketComposition/MarketBoundary.swift
@DocLines func boundaryExample(
  platform: MarketBoundary.Side, catalogue: [MarketBoundary.Side], market: MarketBoundary.Side
) {
  let boundary = MarketBoundary(platform: platform, reservedBarriers: ["authentication"], markets: catalogue)
  let problems = boundary.problems(of: market)  // [] when the market stays in its space
  problems
}

// Sources/MarketComposition/MarketComposer.swift
@DocLines func composerExample() throws {
  let composer = MarketComposer(catalogue: MarketCatalogue.markets)
  let configuration = try composer.configuration(for: MarketCatalogue.market(id: "CA"))
  configuration
}

// Sources/PlatformLinks/MarketOverride.swift
@DocLines func marketOverrideExample() {
  MarketOverride(market: "CA", platformRule: "https://shop.example.com/store/{id}")
}

// Sources/PlatformLinks/PlatformRoute.swift
@DocLines func platformRouteExample() throws {
  try PlatformRoute.product.link(["id": "123"]).absoluteString  // "shop://product/123"
}

// Sources/DeepLinkTesting/RecordingNavigator.swift
@MainActor @DocLines func recordingNavigatorExample(navigator: RecordingNavigator) {
  #expect(navigator.shown.last?.last as? ProductPage == ProductPage(id: 123, locale: "fr"))
}

// Sources/DeepLinkCore/Destinations/DeepLinker+Destinations.swift
@MainActor @DocLines func linkToDestinationExample(linker: DeepLinker) throws {
  let link = try linker.link(to: ProductPage(id: 123, locale: "fr"))
  link.absoluteString  // "https://shop.example.ca/fr/ip/-/123"
}

// Sources/DeepLinkCore/Destinations/LinkDestination.swift
enum LinkDestinationExample {
  struct ProductPage: LinkDestination {
    let id: Int
    let locale: String?
  }
}

// Sources/DeepLinkCore/Destinations/ParametersDecoder.swift
@DocLines func decodeDestinationExample() throws {
  let parameters: DeepLinkParameters = ["id": "123", "locale": "fr", "slug": "tv"]
  let page = try parameters.decode(ProductPage.self)  // ProductPage(id: 123, locale: "fr")
  page
}

// Sources/DeepLinkTesting/RecordingTelemetry.swift
@DocLines func recordingTelemetryWaitExample(telemetry: RecordingTelemetry) async {
  await telemetry.waitForEvents(2) { $0.kind == .waiting && $0.reason == "queued" }
}

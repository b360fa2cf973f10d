import DeepLinkCore
import DeepLinkNavigation
import DeepLinkTesting
import Foundation
import Testing

/// A registry handler that takes links whose first segment is `prefix` (any link for `nil`),
/// and records what it was asked and what it handled.
final class PrefixHandler: DeepLinkHandler {
  let name: String
  let prefix: String?
  private let asked = Locked<[String]>([])
  private let handled = Locked<[String]>([])

  init(_ name: String, prefix: String?) {
    self.name = name
    self.prefix = prefix
  }

  func canHandle(_ link: DeepLink) -> Bool {
    asked.withLock { $0.append(link.absoluteString) }
    return prefix == nil || link.pathSegments.first == prefix
  }

  func handle(_ link: DeepLink, state: DeepLinkNavigationState) {
    handled.withLock { $0.append(link.absoluteString) }
  }

  var askedLinks: [String] { asked.withLock { $0 } }
  var handledLinks: [String] { handled.withLock { $0 } }
}

@MainActor
@Suite struct DeepLinkRegistryTests {
  @Test(
    "handlers are asked in order and the first that can handle a link handles it",
    arguments: [
      ("shop://login", "login"), ("shop://products/12", "products"), ("shopca://products", "products"),
      ("https://shop.example.com/products/1", "products"),
    ])
  func firstHandlerWins(_ row: (link: String, handler: String)) async throws {
    let login = PrefixHandler("login", prefix: "login")
    let products = PrefixHandler("products", prefix: "products")
    let alsoProducts = PrefixHandler("alsoProducts", prefix: "products")
    let registry = try DeepLinkRegistry(
      schemes: ["shop", "shopca"], domains: ["shop.example.com"], handlers: [login, products, alsoProducts])
    #expect(await registry.linker.handle(row.link) == .handled(route: RouteID(name: row.handler)))
    #expect(alsoProducts.handledLinks.isEmpty)
    #expect((login.handledLinks + products.handledLinks).count == 1)
  }

  @Test("the fallback gets the app's links no handler takes, not foreign ones")
  func fallback() async throws {
    var fallback: [String] = []
    var external: [String] = []
    let login = PrefixHandler("login", prefix: "login")
    let registry = try DeepLinkRegistry(
      DeepLinker.configure()
        .add(urlSchemes: [URLScheme("shop")])
        .add(allowedDomains: ["shop.example.com"])
        .with(externalURLHandler: { external.append($0.absoluteString) }),
      handlers: [login], fallback: { fallback.append($0.absoluteString) })
    #expect(await registry.linker.handle("shop://nowhere") == .notFound)
    #expect(await registry.linker.handle("https://elsewhere.example.org/login") == .external)
    #expect(await registry.linker.handle("https://shop.example.com/about") == .external)
    #expect(fallback == ["shop://nowhere"])
    // The app's own domain goes to the browser with the fragment no association file claims.
    #expect(external == ["https://elsewhere.example.org/login", "https://shop.example.com/about#no_universal_links"])
    #expect(login.handledLinks.isEmpty)
  }

  @Test(
    "hostile links never reach a catch-all handler, which is not even asked; the fallback gets the scheme alone",
    arguments: HostileLinks.all)
  func hostile(_ link: String) async throws {
    var fallback: [String] = []
    let catchAll = PrefixHandler("catchAll", prefix: nil)
    let registry = try DeepLinkRegistry(
      schemes: ["shop"], domains: ["shop.example.com"], handlers: [catchAll],
      fallback: { fallback.append($0.absoluteString) })
    #expect(HostileLinks.isRefusedFromOutside(await registry.linker.handle(link), link))
    #expect(catchAll.askedLinks.isEmpty)
    #expect(catchAll.handledLinks.isEmpty)
    // The registry's fallback is the not-found handler: for a link on its scheme the system opened the app for, it
    // gets the scheme and nothing the parser refused.
    #expect(fallback == (HostileLinks.isKeptInApp(link) ? ["shop://"] : []))
  }

  @Test("the registry reports to the engine's telemetry and honours its filters")
  func telemetryAndFilters() async throws {
    let telemetry = RecordingTelemetry()
    let catchAll = PrefixHandler("catchAll", prefix: nil)
    let registry = try DeepLinkRegistry(
      DeepLinker.configure()
        .add(urlSchemes: [URLScheme("shop"), URLScheme("legacy")])
        .add(blacklistSchemes: ["legacy"])
        .with(telemetry: telemetry),
      handlers: [catchAll])
    #expect(registry.handle(URL(string: "shop://cart")!))
    await registry.linker.waitUntilIdle()
    #expect(telemetry.lastLinkKinds == [.received, .matched, .handled])
    #expect(await registry.linker.handle("legacy://cart") == .forbidden(reason: .blacklistedScheme))
    #expect(catchAll.handledLinks == ["shop://cart"])
    #expect(registry.linker.debugInfo.plugins == ["catchAll"])
  }

  @Test("a registry without an app scheme is a configuration error")
  func noScheme() {
    #expect(throws: DeepLinkConfigurationError.self) {
      try DeepLinkRegistry(schemes: [], handlers: [PrefixHandler("any", prefix: nil)])
    }
  }
}

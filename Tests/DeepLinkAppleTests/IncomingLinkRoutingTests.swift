import DeepLinkApple
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// A linker with scheme `shop`, domain `shop.example.com` and one rewrite rule, whose handler
/// records the source and cold-start flag each link was handled with.
@MainActor
final class AppleFixture {
  let linker = DeepLinker(clock: ManualClock())
  var seen: [String] = []

  init(initialize: Bool = true) throws {
    try linker.addRoute("/product/{id:int}") { [unowned self] _, state in
      seen.append("product \(state.parameters["id"]!) \(state.source.rawValue) cold=\(state.isColdStart)")
      return true
    }
    if initialize { try self.initialize() }
  }

  func initialize() throws {
    try linker.configure()
      .add(urlSchemes: [URLScheme("shop")])
      .add(allowedDomains: ["shop.example.com"])
      .add(universalLinks: [UniversalLink("https://shop.example.com/ip/{slug}/{id}", to: "/product/{id:int}")])
      .initialize()
  }
}

@MainActor
@Suite struct IncomingLinkRoutingTests {
  struct Row: Sendable, CustomStringConvertible {
    var link: IncomingLink
    var result: DeepLinkResult
    var seen: [String]
    var description: String { link.description }
  }

  nonisolated static let rows: [Row] = [
    Row(
      link: IncomingLink(openedURL: URL(string: "shop://product/1")!),
      result: .handled(route: RouteID(pattern: "/product/{id:int}")),
      seen: ["product 1 customScheme cold=false"]),
    Row(
      link: IncomingLink(openedURL: URL(string: "https://shop.example.com/ip/desk/2")!),
      result: .handled(route: RouteID(pattern: "/product/{id:int}")), seen: ["product 2 universalLink cold=false"]),
    Row(
      link: IncomingLink(
        userActivityType: "NSUserActivityTypeBrowsingWeb", webpageURL: URL(string: "https://shop.example.com/ip/desk/3")
      )!,
      result: .handled(route: RouteID(pattern: "/product/{id:int}")), seen: ["product 3 universalLink cold=false"]),
    Row(
      link: IncomingLink.links(launchOptions: ["UIApplicationLaunchOptionsURLKey": URL(string: "shop://product/4")!])[
        0],
      result: .handled(route: RouteID(pattern: "/product/{id:int}")), seen: ["product 4 customScheme cold=false"]),
    Row(
      link: IncomingLink(
        userActivityType: "NSUserActivityTypeBrowsingWeb", webpageURL: URL(string: "https://www.example.org/")!)!,
      result: .external, seen: []),
    Row(
      link: IncomingLink(openedURL: URL(string: "javascript:alert(1)")!),
      result: .invalid(reason: .unregisteredScheme), seen: []),
  ]

  @Test("each incoming link is routed with the source its channel implies", arguments: rows)
  func routed(row: Row) async throws {
    let fixture = try AppleFixture()
    #expect(await fixture.linker.handle(row.link) == row.result)
    #expect(fixture.seen == row.seen)
  }

  @Test("route(_:) answers at once whether the link is ours")
  func routeAnswers() async throws {
    let fixture = try AppleFixture()
    #expect(fixture.linker.route(IncomingLink(openedURL: URL(string: "shop://product/5")!)))
    #expect(!fixture.linker.route(IncomingLink(openedURL: URL(string: "https://www.example.org/")!)))
    await fixture.linker.waitUntilIdle()
    #expect(fixture.seen == ["product 5 customScheme cold=false"])
  }

  @Test("cold-start links arrive before initialize and are replayed in order as cold starts")
  func coldStart() async throws {
    let fixture = try AppleFixture(initialize: false)
    let links = IncomingLink.links(
      openedURLs: [URL(string: "shop://product/6")!],
      userActivities: [
        FakeActivity(
          activityType: "NSUserActivityTypeBrowsingWeb", webpageURL: URL(string: "https://shop.example.com/ip/lamp/7"))
      ])
    #expect(fixture.linker.route(contentsOf: links) == [true, true])
    #expect(fixture.seen.isEmpty)
    try fixture.initialize()
    await fixture.linker.waitUntilIdle()
    #expect(fixture.seen == ["product 6 customScheme cold=true", "product 7 universalLink cold=true"])
  }
}

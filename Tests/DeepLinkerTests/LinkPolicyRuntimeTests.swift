import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// A link policy applied to a running linker: it takes effect at once, also for links already
/// accepted and waiting, and a refused document leaves the policy in force as it was.
@MainActor
@Suite(.serialized) struct LinkPolicyRuntimeTests {
  /// The wall-clock time the linker reads, moved by the test.
  @MainActor final class Now {
    var date: Date
    init(_ date: Date) { self.date = date }
  }

  static func document(_ entries: String, version: String = "v1") -> Data {
    Data(#"{"version": "\#(version)", "market": "platform", "disable": [\#(entries)]}"#.utf8)
  }

  @Test("a link waiting behind sign-in when its route is switched off never opens")
  func waitingLinkIsDecidedAgain() async throws {
    let fixture = try Fixture()
    fixture.auth.isSatisfied = false
    var notFound: [String] = []
    fixture.linker.notFoundHandler = { notFound.append($0.absoluteString) }
    #expect(fixture.linker.route("shop://orders/9001"))
    await fixture.auth.waitForChecks(1)
    try fixture.linker.apply(policy: Self.document(#"{"route": "/orders/{id}", "reason": "orders screen crashes"}"#))
    fixture.auth.answer(true)
    await fixture.linker.waitUntilIdle()
    #expect(fixture.log.entries.isEmpty)
    #expect(notFound == ["shop://orders/9001"])
    let final = try #require(fixture.telemetry.events.last)
    #expect(final.kind == .notFound)
    #expect(final.reason == DeepLinkReason.disabledByPolicy.rawValue)
    #expect(final.policy == "v1")
  }

  @Test(
    "a cold-start link replayed at initialisation does not open if a policy switches it off before it runs",
    arguments: [false, true])
  func coldStartReplay(switchedOff: Bool) async throws {
    let linker = DeepLinker()
    let cart = RecordingPlugin("/cart", name: "cart")
    #expect(linker.route("shop://cart"))
    try linker.configure().add(urlSchemes: [URLScheme("shop")]).install(plugin: cart).initialize()
    // The replayed link runs on a later turn of the main actor: a policy applied now is in force by then.
    if switchedOff { try linker.apply(policy: Self.document(#"{"route": "cart", "reason": "cart crashes"}"#)) }
    await linker.waitUntilIdle()
    #expect(cart.handled.count == (switchedOff ? 0 : 1))
  }

  @Test("a switched-off web link goes to the entry's fallback; other links still open, naming the policy")
  func fallbackAndOthers() async throws {
    let fixture = try Fixture()
    var browser: [String] = []
    fixture.linker.externalURLHandler = { browser.append($0.absoluteString) }
    try fixture.linker.apply(
      policy: Self.document(
        #"{"rule": "/fr/panier", "reason": "campaign not ready", "fallback": "https://shop.example.com/aide"}"#))
    #expect(await fixture.linker.handle("https://shop.example.com/fr/panier") == .external)
    #expect(browser == ["https://shop.example.com/aide#no_universal_links"])
    #expect(await fixture.linker.handle("shop://cart") == .handled(route: RouteID(pattern: "/cart")))
    #expect(fixture.log.entries == ["cart -"])
    #expect(fixture.telemetry.events.filter { $0.kind == .handled }.allSatisfy { $0.policy == "v1" })
  }

  @Test("a refused document leaves the policy in force as it was")
  func refusedKeepsPrevious() async throws {
    let fixture = try Fixture()
    try fixture.linker.apply(policy: Self.document(#"{"route": "/cart", "reason": "maintenance"}"#, version: "v1"))
    #expect(throws: LinkPolicyError.self) {
      try fixture.linker.apply(policy: Self.document(#"{"route": "/basket", "reason": "typo"}"#, version: "v2"))
    }
    #expect(fixture.linker.policy?.version == "v1")
    #expect(await fixture.linker.handle("shop://cart") == .notFound)
    fixture.linker.removePolicy()
    #expect(await fixture.linker.handle("shop://cart") == .handled(route: RouteID(pattern: "/cart")))
  }

  @Test("an entry stops applying at its end, checked on the linker's clock of dates")
  func untilEnds() async throws {
    let fixture = try Fixture()
    let now = Now(Date(timeIntervalSince1970: 1_800_000_000))
    fixture.linker.currentDate = { now.date }
    let until = ISO8601DateFormatter().string(from: now.date.addingTimeInterval(60))
    try fixture.linker.apply(
      policy: Self.document(#"{"route": "/cart", "reason": "for a minute", "until": "\#(until)"}"#))
    #expect(await fixture.linker.handle("shop://cart") == .notFound)
    now.date = now.date.addingTimeInterval(61)
    #expect(await fixture.linker.handle("shop://cart") == .handled(route: RouteID(pattern: "/cart")))
  }
}

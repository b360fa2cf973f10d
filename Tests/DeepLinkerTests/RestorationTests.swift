import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// Links that survive a relaunch, result and event streams, and `Codable` links.
@MainActor
@Suite struct RestorationTests {
  static let launch = Date(timeIntervalSince1970: 1_800_000_000)

  @Test("a link waiting on sign-in is pending with its source and deadline; a finished one is not")
  func pendingWhileWaiting() async throws {
    let fixture = try Fixture()
    fixture.linker.currentDate = { Self.launch }
    fixture.auth.isSatisfied = false
    #expect(fixture.linker.route("shop://product/7"))
    #expect(fixture.linker.route("shop://orders/5", source: .inApp))
    await fixture.auth.waitForChecks(1)
    #expect(
      fixture.linker.pendingLinks == [
        PendingLinkRecord(
          input: "shop://orders/5", source: .inApp, receivedAt: Self.launch,
          expiresAt: Self.launch.addingTimeInterval(15 * 60))
      ])
    fixture.auth.answer(true)
    await fixture.linker.waitUntilIdle()
    #expect(fixture.linker.pendingLinks.isEmpty)
    #expect(fixture.log.entries == ["product 7", "order 5"])
  }

  @Test("links buffered before initialisation are pending, in arrival order")
  func coldStartLinksArePending() {
    let linker = DeepLinker()
    linker.currentDate = { Self.launch }
    linker.pendingLinkLifetime = .seconds(60)
    linker.route("shop://cart")
    linker.route("https://shop.example.com/ip/desk/1", source: .universalLink)
    #expect(linker.pendingLinks.map(\.input) == ["shop://cart", "https://shop.example.com/ip/desk/1"])
    #expect(linker.pendingLinks.map(\.source) == [nil, .universalLink])
    #expect(linker.pendingLinks.allSatisfy { $0.expiresAt == Self.launch.addingTimeInterval(60) })
  }

  @Test("a stored pending link is opened after a relaunch and keeps its first arrival and deadline")
  func restoredAfterRelaunch() async throws {
    let before = try Fixture()
    before.linker.currentDate = { Self.launch }
    before.auth.isSatisfied = false
    before.linker.route("shop://orders/5")
    await before.auth.waitForChecks(1)
    let stored = try JSONEncoder().encode(before.linker.pendingLinks)

    let after = try Fixture()
    let later = Self.launch.addingTimeInterval(120)
    after.linker.currentDate = { later }
    after.auth.isSatisfied = false
    let records = try JSONDecoder().decode([PendingLinkRecord].self, from: stored)
    #expect(after.linker.restore(records) == 1)
    await after.auth.waitForChecks(1)
    #expect(after.linker.pendingLinks.map(\.receivedAt) == [Self.launch])
    #expect(after.linker.pendingLinks.map(\.expiresAt) == [Self.launch.addingTimeInterval(15 * 60)])
    after.auth.answer(true)
    await after.linker.waitUntilIdle()
    #expect(after.log.entries == ["order 5"])
  }

  @Test("a restored link past its deadline is dropped as expired, reported, and never handled")
  func expiredRecordIsDropped() async throws {
    let fixture = try Fixture()
    fixture.linker.currentDate = { Self.launch }
    let results = fixture.linker.results()
    let record = PendingLinkRecord(
      input: "shop://product/9", source: nil, receivedAt: Self.launch.addingTimeInterval(-3600),
      expiresAt: Self.launch)
    #expect(fixture.linker.restore([record]) == 0)
    var iterator = results.makeAsyncIterator()
    let completion = try #require(await iterator.next())
    #expect(completion.result == .dropped(reason: .expired))
    #expect(completion.link == "shop://product/9")
    #expect(fixture.telemetry.lastLinkKinds == [.received, .dropped])
    #expect(fixture.telemetry.events.last?.reason == "expired")
    await fixture.linker.waitUntilIdle()
    #expect(fixture.log.entries.isEmpty)
  }

  @Test("the result stream gives every link's final result, in order, with its telemetry identifier")
  func resultStream() async throws {
    let fixture = try Fixture()
    let results = fixture.linker.results()
    let links = ["shop://product/1", "https://example.org/x", "javascript:alert(1)", "shop://nowhere", "shop://cart"]
    for link in links { fixture.linker.route(link) }
    await fixture.linker.waitUntilIdle()
    var received: [DeepLinkCompletion] = []
    for await completion in results {
      received.append(completion)
      if received.count == links.count { break }
    }
    #expect(
      received.map(\.result.description).sorted() == [
        "external", "handled(/cart)", "handled(/product/{id:int})", "invalid(unregisteredScheme)", "notFound",
      ])
    #expect(Set(received.map(\.linkID)).count == links.count)
    let finalEvents = fixture.telemetry.finalKinds
    #expect(received.allSatisfy { finalEvents[$0.linkID] != nil })
  }

  @Test("the event stream yields every event in order and forwards each to the next sink")
  func eventStream() async throws {
    let fixture = try Fixture()
    let forwarded = RecordingTelemetry()
    let stream = DeepLinkEventStream(forwardingTo: forwarded)
    fixture.linker.telemetry = stream
    _ = await fixture.linker.handle("shop://product/3")
    stream.finish()
    var kinds: [DeepLinkEvent.Kind] = []
    for await event in stream.events { kinds.append(event.kind) }
    #expect(kinds == [.received, .matched, .handled])
    #expect(forwarded.events.map(\.kind) == kinds)
  }

  @Test(
    "a link encodes as its normal form and decodes to an equal link",
    arguments: [
      "shop://product/123", "https://shop.example.ca/fr/recherche?q=caf%C3%A9&page=2#top", "shopca://ca/cart",
      "https://shop.example.com/ip/a%20b/1?x", "shop://search?q=a+b",
    ])
  func codableLink(_ text: String) throws {
    let link = try DeepLink(text)
    let data = try JSONEncoder().encode([link])
    #expect(
      String(decoding: data, as: UTF8.self) == "[\"\(link.absoluteString.replacingOccurrences(of: "/", with: "\\/"))\"]"
    )
    #expect(try JSONDecoder().decode([DeepLink].self, from: data) == [link])
  }

  @Test("a stored string that is not a valid link fails to decode, naming why")
  func codableRefusesInvalid() {
    for text in [
      "\"not a link\"", "\"shop://\(String(repeating: "a", count: 9000))\"", "\"\"", "\"shop://a/\\u0000\"", "42",
    ] {
      #expect(throws: DecodingError.self, "\(text)") {
        try JSONDecoder().decode(DeepLink.self, from: Data(text.utf8))
      }
    }
  }
}

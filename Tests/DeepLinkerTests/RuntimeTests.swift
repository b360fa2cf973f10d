import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct RuntimeTests {
  @Test("a routed link runs its handler once and reports handled with a duration")
  func handled() async throws {
    let fixture = try Fixture()
    #expect(await fixture.linker.handle("shop://product/42") == .handled(route: RouteID(pattern: "/product/{id:int}")))
    #expect(fixture.log.entries == ["product 42"])
    #expect(fixture.telemetry.lastLinkKinds == [.received, .matched, .handled])
    #expect(fixture.telemetry.events.last?.duration != nil)
  }

  @Test("each outcome but routed settles at once and calls its handler")
  func settledOutcomes() async throws {
    var external: [String] = []
    var notFound: [String] = []
    let fixture = try Fixture()
    fixture.linker.externalURLHandler = { external.append($0.absoluteString) }
    fixture.linker.notFoundHandler = { notFound.append($0.absoluteString) }
    #expect(await fixture.linker.handle("https://elsewhere.example.org/x") == .external)
    #expect(await fixture.linker.handle("shop://nowhere") == .notFound)
    #expect(await fixture.linker.handle("javascript:alert(1)") == .invalid(reason: .unregisteredScheme))
    #expect(fixture.linker.route("data:text/html,hi") == false)
    #expect(external == ["https://elsewhere.example.org/x"])
    #expect(notFound == ["shop://nowhere"])
  }

  @Test("a declining handler falls through to the next candidate, then to opaque plugins")
  func declineFallsThrough() async throws {
    let fixture = try Fixture { $0.install(plugin: CatchAllPlugin()) }
    try fixture.linker.addRoute("/store/{id:int}") { _, _ in
      fixture.log.append("typed declined")
      return false
    }
    try fixture.linker.addRoute("/store/{name}") { _, _ in
      fixture.log.append("untyped declined")
      return false
    }
    #expect(await fixture.linker.handle("shop://store/9") == .handled(route: RouteID(name: "CatchAllPlugin")))
    #expect(fixture.log.entries == ["typed declined", "untyped declined"])
    #expect(fixture.telemetry.lastLinkKinds == [.received, .matched, .declined, .declined, .handled])
  }

  @Test("one walk: each opaque plugin is asked once a link, about the same view, chosen or as a fallback")
  func pluginsAskedOnce() async throws {
    let asked = Locked<[String]>([])
    let fixture = try Fixture {
      $0.install(plugin: AskedPlugin(name: "declining", takes: false, asked: asked))
        .install(plugin: AskedPlugin(name: "taking", takes: true, asked: asked))
        .install(plugin: AskedPlugin(name: "later", takes: true, asked: asked))
    }
    try fixture.linker.addRoute("/store/{name}") { _, _ in
      fixture.log.append("store declined")
      return false
    }
    #expect(
      await fixture.linker.handle("shop://store/9?next=https://evil.example/x")
        == .handled(route: RouteID(name: "taking")))
    #expect(fixture.log.entries == ["store declined"])
    #expect(asked.withLock { $0 } == ["declining shop://store/9", "taking shop://store/9", "later shop://store/9"])
    asked.withLock { $0 = [] }
    #expect(await fixture.linker.handle("shop://elsewhere") == .handled(route: RouteID(name: "taking")))
    #expect(
      asked.withLock { $0 } == ["declining shop://elsewhere", "taking shop://elsewhere", "later shop://elsewhere"])
  }

  @Test("a plugin's route receives its parameters as typed values")
  func pathMatchingPlugin() async throws {
    let fixture = try Fixture()
    #expect(
      await fixture.linker.handle("shop://transaction/789")
        == .handled(route: RouteID(name: "transactions", pattern: "/transaction/{transaction_id}")))
    #expect(fixture.transactions.handled == [["transaction_id": "789"]])
  }

  @Test("an opaque plugin switches on the typed value its answer carried")
  func codingPlugin() async throws {
    let plugin = PaymentPoints()
    let fixture = try Fixture { $0.install(plugin: plugin) }
    #expect(await fixture.linker.handle("shop://points/12") == .handled(route: RouteID(name: "PaymentPoints")))
    #expect(await fixture.linker.handle("shop://points/history") == .handled(route: RouteID(name: "PaymentPoints")))
    #expect(plugin.log.entries == ["redeem 12", "history"])
  }

  @Test("a handler that never completes is cut off at completionTimeout, and later links go on")
  func handlerTimeout() async throws {
    let fixture = try Fixture()
    let stuck = Task { await fixture.linker.handle("shop://slow") }
    await fixture.clock.waitForSleepers(1)
    #expect(await fixture.linker.handle("shop://product/1") == .handled(route: RouteID(pattern: "/product/{id:int}")))
    fixture.clock.advance(by: .seconds(5))
    #expect(await stuck.value == .timedOut(route: RouteID(name: "slow", pattern: "/slow")))
    #expect(fixture.telemetry.finalKinds.values.sorted { $0.rawValue < $1.rawValue } == [.handled, .timedOut])
  }

  @Test("a completion called twice is counted once")
  func completionTwice() async throws {
    let fixture = try Fixture()
    #expect(await fixture.linker.handle("shop://twice") == .handled(route: RouteID(name: "twice", pattern: "/twice")))
    await fixture.linker.waitUntilIdle()
    #expect(fixture.telemetry.events.filter { $0.kind == .handled }.count == 1)
  }

  @Test("a barrier that passes resumes exactly that link, once", arguments: [1, 3])
  func barrierPasses(times: Int) async throws {
    let fixture = try Fixture()
    fixture.auth.isSatisfied = false
    let waiting = Task { await fixture.linker.handle("shop://orders/5") }
    await fixture.auth.waitForChecks(1)
    #expect(fixture.log.entries.isEmpty)
    fixture.auth.answer(true, times: times)
    #expect(await waiting.value == .handled(route: RouteID(pattern: "/orders/{id}")))
    await fixture.linker.waitUntilIdle()
    #expect(fixture.log.entries == ["order 5"])
    #expect(
      fixture.telemetry.lastLinkKinds == [.received, .matched, .waiting, .barrierPassed, .handled])
  }

  @Test("a barrier that fails drops the link with a reason")
  func barrierFails() async throws {
    let fixture = try Fixture()
    fixture.auth.isSatisfied = false
    let waiting = Task { await fixture.linker.handle("shop://orders/5") }
    await fixture.auth.waitForChecks(1)
    fixture.auth.answer(false)
    #expect(await waiting.value == .dropped(reason: .barrierFailed))
    #expect(fixture.log.entries.isEmpty)
    #expect(fixture.telemetry.events.last?.reason == "barrierFailed")
    #expect(fixture.telemetry.lastLinkKinds.suffix(2) == [.barrierFailed, .dropped])
  }

  @Test("a barrier check that never answers times out")
  func barrierTimeout() async throws {
    let fixture = try Fixture()
    fixture.auth.isSatisfied = false
    let waiting = Task { await fixture.linker.handle("shop://orders/5") }
    await fixture.auth.waitForChecks(1)
    await fixture.clock.waitForSleepers(1)
    fixture.clock.advance(by: .seconds(60))
    #expect(await waiting.value == .timedOut(route: RouteID(pattern: "/orders/{id}")))
    fixture.auth.answer(true)  // too late: ignored
    await fixture.linker.waitUntilIdle()
    #expect(fixture.log.entries.isEmpty)
  }

  @Test("a confirmation barrier guards state-changing links from outside, not in-app ones")
  func confirmation() async throws {
    let fixture = try Fixture()
    #expect(
      await fixture.linker.handle("shop://pay?order_id=5", source: .inApp)
        == .handled(route: RouteID(name: "pay", pattern: "/pay?order_id={order_id}")))
    let outside = Task { await fixture.linker.handle("shop://pay?order_id=6") }
    await fixture.confirmation.waitForChecks(1)
    fixture.confirmation.answer(false)
    #expect(await outside.value == .dropped(reason: .barrierFailed))
    #expect(fixture.pay.handled == [["order_id": "5"]])
  }

  @Test("by default a newer link supersedes one waiting on a barrier")
  func supersede() async throws {
    let fixture = try Fixture()
    fixture.auth.isSatisfied = false
    let first = Task { await fixture.linker.handle("shop://orders/1") }
    await fixture.auth.waitForChecks(1)
    let second = Task { await fixture.linker.handle("shop://orders/2") }
    #expect(await first.value == .superseded)
    await fixture.auth.waitForChecks(2)
    fixture.auth.answer(true)
    #expect(await second.value == .handled(route: RouteID(pattern: "/orders/{id}")))
    #expect(fixture.log.entries == ["order 2"])
  }

  @Test("with the queue policy, links wait their turn in order")
  func queue() async throws {
    let fixture = try Fixture(policy: .queue(limit: 8))
    fixture.auth.isSatisfied = false
    let first = Task { await fixture.linker.handle("shop://orders/1") }
    await fixture.auth.waitForChecks(1)
    let second = Task { await fixture.linker.handle("shop://product/2") }
    let third = Task { await fixture.linker.handle("shop://orders/3") }
    // Both are in the queue when each has reported waiting for its turn.
    await fixture.telemetry.waitForEvents(2) { $0.kind == .waiting && $0.reason == "queued" }
    #expect(fixture.log.entries.isEmpty)
    fixture.auth.answer(true)
    #expect(await first.value == .handled(route: RouteID(pattern: "/orders/{id}")))
    #expect(await second.value == .handled(route: RouteID(pattern: "/product/{id:int}")))
    await fixture.auth.waitForChecks(1)
    fixture.auth.answer(true)
    #expect(await third.value == .handled(route: RouteID(pattern: "/orders/{id}")))
    #expect(fixture.log.entries == ["order 1", "product 2", "order 3"])
  }

  @Test("a flood while a barrier is pending stays bounded and reports every drop")
  func flood() async throws {
    let fixture = try Fixture(policy: .queue(limit: 16))
    fixture.auth.isSatisfied = false
    let first = Task { await fixture.linker.handle("shop://orders/0") }
    await fixture.auth.waitForChecks(1)
    for index in 1...100_000 { fixture.linker.route("shop://product/\(index)") }
    // The flood has reached the queue (most of it dropped from it) before the barrier answers: the last
    // link's turn to wait is its last event (links are accepted in order).
    await fixture.telemetry.waitForEvents(1) { $0.kind == .waiting && $0.link.hasSuffix("/100000") }
    fixture.auth.answer(true)
    #expect(await first.value == .handled(route: RouteID(pattern: "/orders/{id}")))
    await fixture.linker.waitUntilIdle()
    let finals = fixture.telemetry.finalKinds
    #expect(finals.count == 100_001)
    // Exactly one final event per link: counted, since `finalKinds` keeps only the last one.
    let finalCounts = fixture.telemetry.finalEventCounts
    #expect(finalCounts.count == 100_001)
    #expect(finalCounts.values.allSatisfy { $0 == 1 }, "links with more than one final event")
    #expect(finals.values.filter { $0 == .handled }.count == 17)
    #expect(fixture.telemetry.events.filter { $0.reason == "queueOverflow" }.count == 100_000 - 16)
    #expect(fixture.log.entries.last == "product 100000")
  }

  @Test("links before initialize are buffered in order and replayed; overflow drops the oldest")
  func coldStart() async throws {
    let telemetry = RecordingTelemetry()
    let linker = DeepLinker()
    linker.telemetry = telemetry
    linker.coldStartBufferLimit = 2
    var seen: [String] = []
    try linker.addRoute("/product/{id}") { _, state in
      seen.append("\(state.parameters["id"]!) cold=\(state.isColdStart)")
      return true
    }
    #expect(linker.route("shop://product/1"))
    #expect(linker.route("shop://product/2"))
    #expect(linker.route("shop://product/3"))
    #expect(telemetry.events.filter { $0.kind == .dropped }.map(\.reason) == ["coldStartBufferOverflow"])
    try linker.configure().add(urlSchemes: [URLScheme("shop")]).initialize()
    await linker.waitUntilIdle()
    #expect(seen == ["2 cold=true", "3 cold=true"])
    #expect(await linker.handle("shop://product/4") == .handled(route: RouteID(pattern: "/product/{id}")))
    #expect(seen.last == "4 cold=false")
  }

  @Test("links wait for preconditions with a loading state, and are dropped past the deadline")
  func preconditions() async throws {
    let fixture = try Fixture()
    let loading = LoadingRecorder()
    fixture.linker.preconditionLoadingStateUIHandler = loading
    fixture.linker.preconditionTimeout = .seconds(30)
    let gate = Gate()
    fixture.linker.addDeeplinkPreconditionHandler(identifier: "config") { await gate.wait() }
    try fixture.linker.addRoute("/deals", waitForPreconditions: true) { _, _ in
      fixture.log.append("deals")
      return true
    }
    let waiting = Task { await fixture.linker.handle("shop://deals") }
    await fixture.clock.waitForSleepers(1)
    #expect(loading.states == ["show"])
    #expect(fixture.log.entries.isEmpty)
    gate.open(true)
    #expect(await waiting.value == .handled(route: RouteID(pattern: "/deals")))
    #expect(loading.states == ["show", "hide"])
    #expect(fixture.log.entries == ["deals"])

    fixture.linker.addDeeplinkPreconditionHandler(identifier: "never") { await Gate().wait() }
    let stuck = Task { await fixture.linker.handle("shop://deals") }
    await fixture.clock.waitForSleepers(1)
    fixture.clock.advance(by: .seconds(30))
    #expect(await stuck.value == .dropped(reason: .preconditionTimeout))
    fixture.linker.removeDeeplinkPreconditionHandler(identifier: "never")
    #expect(await fixture.linker.handle("shop://deals") == .handled(route: RouteID(pattern: "/deals")))
  }

  @Test("token-like query values never reach telemetry or debugInfo")
  func redaction() async throws {
    let fixture = try Fixture()
    _ = await fixture.linker.handle("shop://product/1?token=abc123&ref=mail&Session_ID=s3cr3t")
    _ = await fixture.linker.handle("shop://%zz?password=hunter2")
    for event in fixture.telemetry.events {
      #expect(!event.link.contains("abc123"))
      #expect(!event.link.contains("s3cr3t"))
      #expect(!event.link.contains("hunter2"))
    }
    #expect(fixture.telemetry.events.contains { $0.link.contains("token=REDACTED") && $0.link.contains("ref=mail") })
    #expect(fixture.linker.debugInfo.recentLinks.allSatisfy { !$0.link.contains("hunter2") })
    #expect(fixture.linker.debugInfo.routes.contains { $0.pattern.source == "/product/{id:int}" })
  }

  @Test(
    "debugInfo prints its routes, plugins and recent links one line each, redacted, none starting a line of its own")
  func debugReport() async throws {
    let fixture = try Fixture { $0.install(plugin: CatchAllPlugin()) }
    _ = await fixture.linker.handle("shop://product/1?token=abc123")
    _ = await fixture.linker.handle("shop://x\u{2028}plugin forged\u{202E}", source: .inApp)
    let report = fixture.linker.debugInfo.description
    let lines = report.split(separator: "\n").map(String.init)
    #expect(lines.contains("route /product/{id:int} (platform)"))
    #expect(lines.filter { $0.hasPrefix("plugin ") } == ["plugin CatchAllPlugin"])
    #expect(
      lines.contains("link 1 shop://product/1?token=REDACTED: received, matched, handled; route /product/{id:int}"))
    #expect(lines.contains("link 2 shop://x?plugin forged?: received, invalid; reason invalidCharacter"))
    #expect(!report.contains("abc123"))
  }

  @Test(
    "an opaque plugin naming a barrier nobody installed is skipped when the link is decided: notFound, never a drop")
  func unknownBarrierIsDecided() async throws {
    // Route barriers are checked when the configuration compiles; a plugin's barrier is named by
    // its answer for one link, so the decision checks it.
    let fixture = try Fixture { $0.install(plugin: BarrierNamingPlugin(barrier: "nope")) }
    let decision = try #require(fixture.linker.configuration?.decide("shop://gift/1", tracing: true))
    #expect(decision.outcome == .notFound)
    #expect(decision.reason == .unknownBarrier)
    #expect(decision.trace.contains { $0.detail.contains("barrier `nope`, which is not installed") })
    #expect(await fixture.linker.handle("shop://gift/1") == .notFound)
    #expect(fixture.telemetry.lastLinkKinds == [.received, .notFound])
    #expect(fixture.telemetry.events.last?.reason == "unknownBarrier")

    // Installed, the same answer routes behind it.
    let gate = ControlledBarrier(name: "nope", isSatisfied: true)
    let installed = try Fixture { $0.install(plugin: BarrierNamingPlugin(barrier: "nope")).install(barrier: gate) }
    #expect(installed.linker.configuration?.decide("shop://gift/1").barriers == ["nope"])
  }

  @Test("routing from many tasks at once handles every link exactly once, while many threads decide")
  func concurrentRouting() async throws {
    let fixture = try Fixture()
    let linker = fixture.linker
    let configuration = try #require(linker.configuration)
    // Threads of their own (not the main actor) decide at the same time as the main actor routes:
    // under the thread sanitizer (`.ci/run`), any state the two share unsafely is a failure.
    let decided = Task.detached {
      let routes = ConcurrentResults()
      DispatchQueue.concurrentPerform(iterations: 800) { index in
        routes.append(index % 200, configuration.decide("shop://product/\(index % 200)").route?.description)
      }
      return routes
    }
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        group.addTask { _ = await linker.route("shop://product/\(index)") }
      }
    }
    await linker.waitUntilIdle()
    #expect(fixture.log.entries.count == 200)
    #expect(Set(fixture.log.entries).count == 200)
    let results = await decided.value.all
    #expect(results.count == 800)
    #expect(results.allSatisfy { $0.route == "/product/{id:int}" })
  }
}

/// Results appended from many threads at once.
final class ConcurrentResults: @unchecked Sendable {
  // @unchecked Sendable: `results` is only touched under `lock`.
  private let lock = NSLock()
  private var results: [(index: Int, route: String?)] = []

  func append(_ index: Int, _ route: String?) { lock.withLock { results.append((index, route)) } }
  var all: [(index: Int, route: String?)] { lock.withLock { results } }
}

/// An opaque plugin that takes every link behind a barrier of the name it was given.
struct BarrierNamingPlugin: DeepLinkHandlerPlugin {
  let barrier: BarrierName
  func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption { .yesWithBarrier(name: barrier, data: nil) }
  func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) { completion() }
}

/// An opaque plugin that takes every link.
struct CatchAllPlugin: DeepLinkHandlerPlugin {
  func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption { .yes(data: nil) }
  func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) { completion() }
}

/// An opaque plugin that records each link it is asked about, by its name.
struct AskedPlugin: DeepLinkHandlerPlugin {
  let name: String
  let takes: Bool
  let asked: Locked<[String]>

  func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption {
    asked.withLock { $0.append("\(name) \(link.absoluteString)") }
    return takes ? .yes(data: nil) : .no
  }

  func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) { completion() }
}

/// An opaque plugin serving two links with one typed value as its answer's data.
@MainActor
final class PaymentPoints: DeepLinkHandlerPlugin {
  enum Point: Codable, Sendable {
    case redeem(amount: Int)
    case history
  }

  let log = EntryLog()

  nonisolated func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption {
    switch (link.pathSegments.first, link.pathSegments.dropFirst().first) {
    case ("points", "history"): .yes(data: Point.history)
    case ("points", let amount?): Int(amount).map { .yes(data: Point.redeem(amount: $0)) } ?? .no
    default: .no
    }
  }

  func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) {
    switch data as? Point {
    case .redeem(let amount)?: log.append("redeem \(amount)")
    case .history?: log.append("history")
    case nil: break
    }
    completion()
  }
}

@MainActor
final class LoadingRecorder: PreconditionLoadingStateUIHandler {
  private(set) var states: [String] = []
  func showLoadingState() { states.append("show") }
  func hideLoadingState() { states.append("hide") }
}

/// A readiness condition a test opens.
@MainActor
final class Gate {
  private var waiters: [CheckedContinuation<Bool, Never>] = []
  private var result: Bool?

  func wait() async -> Bool {
    if let result { return result }
    return await withCheckedContinuation { waiters.append($0) }
  }

  func open(_ value: Bool) {
    result = value
    for waiter in waiters { waiter.resume(returning: value) }
    waiters = []
  }
}

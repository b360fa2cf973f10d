import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// A plugin of one route that records the typed values its handler receives, and whether it
/// was ever handed data.
@MainActor
final class TypedOrderPlugin: DeepLinkHandlerPlugin {
  nonisolated let routes = [PluginRoute("/order/{id:int}/{ref:uuid}")]
  nonisolated var name: String { "orders" }
  private(set) var received: [(id: Int?, ref: UUID?, parameters: DeepLinkParameters)] = []
  private(set) var dataCalls = 0

  nonisolated init() {}

  func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) {
    if data != nil { dataCalls += 1 }
    received.append((state.parameters.int("id"), state.parameters.uuid("ref"), state.parameters))
    completion()
  }
}

/// An opaque plugin whose typed answer JSON cannot encode (a NaN): a coding plugin's answer used
/// to turn into a silent `.no`; the value now reaches the handler as it is.
@MainActor
final class MeasurePlugin: DeepLinkHandlerPlugin {
  struct Measure: Codable, Sendable { var value: Double }
  private(set) var received: [Double] = []

  nonisolated init() {}

  nonisolated func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption {
    guard link.pathSegments.first == "measure", let text = link.pathSegments.dropFirst().first else { return .no }
    return .yes(data: Measure(value: text == "unknown" ? .nan : Double(text) ?? 0))
  }

  func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) {
    if let measure = data as? Measure { received.append(measure.value) }
    completion()
  }
}

/// Values stay typed inside the process: parameters reach handlers without being encoded,
/// reasons and barrier references are types whose raw values are the stable words.
@MainActor
@Suite struct TypedValuesTests {
  @Test("a plugin's route receives its parameters as typed values, never as data")
  func pathMatchingPluginTypedValues() async throws {
    let plugin = TypedOrderPlugin()
    let linker = try DeepLinker.configure().add(urlSchemes: [URLScheme("shop")]).install(plugin: plugin).initialize()
    let ref = "123e4567-e89b-12d3-a456-426614174000"
    #expect(
      await linker.handle("shop://order/42/\(ref)")
        == .handled(route: RouteID(name: "orders", pattern: "/order/{id:int}/{ref:uuid}")))
    let received = try #require(plugin.received.first)
    #expect(received.id == 42)
    #expect(received.ref == UUID(uuidString: ref))
    #expect(received.parameters == ["id": "42", "ref": ref])
    #expect(plugin.dataCalls == 0)
  }

  @Test("an addRoute handler reads typed captures and a rewrite's extras from its state")
  func routeHandlerTypedValues() async throws {
    let linker = try DeepLinker.configure()
      .add(urlSchemes: [URLScheme("shop")])
      .add(allowedDomains: ["shop.example.ca"])
      .add(universalLinks: [
        UniversalLink("https://shop.example.ca/fr/ip/{id}", to: "/product/{id:int}", parameters: ["locale": "fr"])
      ])
      .initialize()
    let seen = Locked<[(Int?, String?, String?, Int)]>([])
    try linker.addRoute("/product/{id:int}") { _, state in
      seen.withLock {
        $0.append((state.parameters.int("id"), state.parameters["locale"], state.link?.path, state.parameters.count))
      }
      return true
    }
    #expect(
      await linker.handle("https://shop.example.ca/fr/ip/7") == .handled(route: RouteID(pattern: "/product/{id:int}")))
    let values = try #require(seen.withLock { $0.first })
    #expect(values.0 == 7)
    #expect(values.1 == "fr")
    #expect(values.2 == "/product/7")
    #expect(values.3 == 2)
  }

  @Test(
    "typed accessors read what the link carried and say nil for what it did not",
    arguments: [
      (["id": "12"] as DeepLinkParameters, "id", "12", 12, nil as UUID?),
      (["id": "desk"], "id", "desk", nil, nil),
      (["id": "-3"], "id", "-3", -3, nil),
      (
        ["ref": "123E4567-E89B-12D3-A456-426614174000"], "ref", "123E4567-E89B-12D3-A456-426614174000", nil,
        UUID(uuidString: "123e4567-e89b-12d3-a456-426614174000")
      ),
      ([:], "id", nil, nil, nil),
    ] as [(DeepLinkParameters, String, String?, Int?, UUID?)])
  func accessors(_ parameters: DeepLinkParameters, _ name: String, _ text: String?, _ int: Int?, _ uuid: UUID?) {
    #expect(parameters.string(name) == text)
    #expect(parameters[name] == text)
    #expect(parameters.int(name) == int)
    #expect(parameters.uuid(name) == uuid)
  }

  @Test("parameters are the route's captures in pattern order, then the rewrite's extras; a capture wins a name")
  func captureOrderAndPrecedence() throws {
    let linker = try DeepLinker.configure()
      .add(urlSchemes: [URLScheme("shop")])
      .add(allowedDomains: ["shop.example.ca"])
      .add(universalLinks: [
        UniversalLink(
          "https://shop.example.ca/fr/chaises/{id}", to: "/category/{id:int}/chairs",
          parameters: ["slug": "from-the-rule", "locale": "fr"])
      ])
      .initialize()
    try linker.addRoute("/category/{id:int}/{slug}") { _, _ in true }
    let decision = try #require(linker.configuration).decide("https://shop.example.ca/fr/chaises/45")
    #expect(decision.route?.description == "/category/{id:int}/{slug}")
    #expect(decision.parameters.map(\.name) == ["id", "slug", "locale"])
    #expect(decision.parameters["slug"] == "chairs")
    #expect(decision.parameters == ["locale": "fr", "slug": "chairs", "id": "45"])
  }

  @Test(
    "parameters compare and hash as a set of pairs; setting nil removes one; description is in name order; Codable as an object"
  )
  func valueSemantics() throws {
    var parameters: DeepLinkParameters = ["b": "2", "a": "1"]
    let reordered: DeepLinkParameters = ["a": "1", "b": "2"]
    #expect(parameters == reordered)
    #expect(parameters.hashValue == reordered.hashValue)
    #expect(Set([parameters, reordered]).count == 1)
    #expect(parameters != ["a": "1", "b": "3"])
    #expect(parameters != ["a": "1"])
    #expect(parameters != ["a": "1", "c": "2"])
    #expect(parameters.description == "[a=1, b=2]")
    #expect(parameters.names == ["a", "b"])
    #expect(DeepLinkParameters(["z": "26", "y": "25"]).map(\.name) == ["y", "z"])
    parameters["a"] = "one"
    parameters["c"] = "3"
    parameters["b"] = nil
    #expect(parameters.map(\.name) == ["a", "c"])
    #expect(parameters.dictionary == ["a": "one", "c": "3"])
    let encoded = try JSONEncoder().encode(parameters)
    #expect(try JSONSerialization.jsonObject(with: encoded) as? [String: String] == ["a": "one", "c": "3"])
    #expect(try JSONDecoder().decode(DeepLinkParameters.self, from: encoded) == parameters)
    let twice: DeepLinkParameters = ["a": "1", "a": "2"]
    #expect(twice.count == 1)
    #expect(twice["a"] == "2")
  }

  @Test(
    "a coding plugin's value reaches its handler typed, even one JSON cannot encode (it used to be a silent notFound)")
  func codingPluginUnencodableValue() async throws {
    let plugin = MeasurePlugin()
    let linker = try DeepLinker.configure().add(urlSchemes: [URLScheme("shop")]).install(plugin: plugin).initialize()
    #expect(linker.configuration?.decide("shop://measure/unknown").outcome == .routed)
    #expect(await linker.handle("shop://measure/unknown") == .handled(route: RouteID(name: "MeasurePlugin")))
    #expect(await linker.handle("shop://measure/2.5") == .handled(route: RouteID(name: "MeasurePlugin")))
    #expect(plugin.received.count == 2)
    #expect(plugin.received.first?.isNaN == true)
    #expect(plugin.received.last == 2.5)
  }

  @Test("the reasons' raw values are the stable words the CLI, snapshots and telemetry print")
  func reasonWords() {
    let words = [
      "empty", "tooLong", "missingScheme", "invalidScheme", "controlCharacter", "backslash", "invalidCharacter",
      "malformedPercentEscape", "invalidUTF8", "userInfo", "missingHost", "ipAddressHost", "invalidHost",
      "emptyHostLabel", "hostTooLong", "invalidPort", "dotSegment", "encodedSlash", "tooManyPathSegments",
      "excludedScheme", "excludedHost", "blacklistedScheme", "blacklistedHost", "notWhitelistedScheme",
      "notWhitelistedHost", "foreignHost", "nonDefaultPort", "cleartextWebLink", "unregisteredScheme",
      "unmatchedWebPath", "noRoute",
      "unsafeParameter", "barrierFailed", "preconditionFailed", "preconditionTimeout", "queueOverflow",
      "coldStartBufferOverflow", "notComposed", "unknownBarrier", "expired", "allCandidatesDeclined",
      "disabledByPolicy",
    ]
    #expect(DeepLinkReason.allCases.map(\.rawValue) == words)
    #expect(DeepLinkReason.allCases.allSatisfy { "\($0)" == $0.rawValue })  // messages interpolate the word
    #expect(DeepLinkOutcome.allCases.allSatisfy { "\($0)" == $0.rawValue })
    #expect(DeepLinkDecision.Reason.noRoute.rawValue == "noRoute")
    #expect(DeepLinkResult.dropped(reason: .barrierFailed).description == "dropped(barrierFailed)")
  }

  @Test(
    "decisions give typed reasons whose words did not change",
    arguments: [
      ("shop://nowhere", DeepLinkReason.noRoute, "noRoute"),
      ("javascript:alert(1)", .unregisteredScheme, "unregisteredScheme"),
      ("https://user@shop.example.com/cart", .userInfo, "userInfo"),
      ("https://evil.example.com/", .foreignHost, "foreignHost"),
      ("https://shop.example.com/about", .unmatchedWebPath, "unmatchedWebPath"),
      ("http://shop.example.com/cart", .cleartextWebLink, "cleartextWebLink"),
    ])
  func decisionReasons(_ link: String, _ reason: DeepLinkReason, _ word: String) throws {
    var specification = DeepLinkSpecification()
    specification.urlSchemes = [URLScheme("shop")]
    specification.domains = [Domain("shop.example.com")]
    let decision = try DeepLinkConfiguration(compiling: specification).decide(link)
    #expect(decision.reason == reason)
    #expect(decision.reason?.rawValue == word)
  }

  @Test("barrier references are typed: literals, the platform's static names, errors and telemetry")
  func barrierReferences() async throws {
    let gate = ControlledBarrier(name: "vip", isSatisfied: true)
    let telemetry = RecordingTelemetry()
    let linker = try DeepLinker.configure()
      .add(urlSchemes: [URLScheme("shop")])
      .install(barrier: gate)
      .with(telemetry: telemetry)
      .initialize()
    try linker.addRoute("/lounge", barriers: ["vip"]) { _, _ in true }
    #expect(linker.configuration?.barrierNames == ["vip"])
    #expect(linker.configuration?.decide("shop://lounge").barriers == [BarrierName("vip")])
    #expect(await linker.handle("shop://lounge") == .handled(route: RouteID(pattern: "/lounge")))
    #expect(telemetry.events.contains { $0.kind == .barrierPassed && $0.barrier == "vip" })
    #expect(throws: DeepLinkConfigurationError.unknownBarrier(name: "nobody", usedBy: "/closed")) {
      try linker.addRoute("/closed", barriers: ["nobody"]) { _, _ in true }
    }
  }

  @Test("a mandatory barrier that is not installed is a configuration error, found when compiling")
  func unknownMandatoryBarrier() throws {
    var specification = DeepLinkSpecification()
    specification.urlSchemes = [URLScheme("shop")]
    specification.mandatoryBarrier = "consent"
    #expect(throws: DeepLinkConfigurationError.unknownBarrier(name: "consent", usedBy: "mandatory barrier")) {
      try DeepLinkConfiguration(compiling: specification)
    }
  }
}

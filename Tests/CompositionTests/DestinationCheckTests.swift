import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import Foundation
import MarketCA
import PlatformLinks
import Testing

// Destinations that do not fit their routes, each declared by a market of its own.
struct NoField: LinkDestination { let id: Int }
struct BoolID: LinkDestination { let id: Bool }
struct IntSlug: LinkDestination { let slug: Int }
struct NarrowID: LinkDestination { let id: Int32 }
struct RequiredID: LinkDestination { let id: Int }
struct NeedsLocale: LinkDestination {
  let id: Int
  let locale: String
}
enum Language: String, Codable, Sendable, CaseIterable { case en, fr }
struct Localised: LinkDestination {
  let id: Int
  let locale: Language?
}
struct SlugInt: LinkDestination {
  let id: Int
  let slug: Int?
}
struct Listy: LinkDestination { let ids: [Int] }
struct Ticket: LinkDestination {
  let token: UUID
  let locale: Language?
  let kind: Language
}

/// Composition checks every destination against its route and the rules onto it, and names the
/// route, the field and both types when one does not fit.
@Suite struct DestinationCheckTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let route: PlatformRoute
    let rules: [String: [String: String]]
    let expected: DestinationMismatch
    var testDescription: String { name }
  }

  static func rules(_ route: PlatformRoute, _ rules: [String: [String: String]]) -> [UniversalLink] {
    rules.sorted { $0.key < $1.key }.map { UniversalLink($0.key, to: route, parameters: $0.value) }
  }

  static let cases: [Case] = [
    Case(
      name: "a capture without a field",
      route: PlatformRoute("a", "/zt-a/{id:int}/{name}", destination: NoField.self), rules: [:],
      expected: DestinationMismatch(
        route: "/zt-a/{id:int}/{name}", destination: "NoField", field: "name", fieldType: nil,
        problem: .noField(capture: "{name}"))),
    Case(
      name: "an int capture in a Bool",
      route: PlatformRoute("b", "/zt-b/{id:int}", destination: BoolID.self), rules: [:],
      expected: DestinationMismatch(
        route: "/zt-b/{id:int}", destination: "BoolID", field: "id", fieldType: "Bool",
        problem: .incompatibleType(capture: "{id:int}", rule: nil))),
    Case(
      name: "a plain capture in an Int",
      route: PlatformRoute("c", "/zt-c/{slug}", destination: IntSlug.self), rules: [:],
      expected: DestinationMismatch(
        route: "/zt-c/{slug}", destination: "IntSlug", field: "slug", fieldType: "Int",
        problem: .incompatibleType(capture: "{slug}", rule: nil))),
    Case(
      name: "an int capture of 18 digits in an Int32",
      route: PlatformRoute("d", "/zt-d/{id:int}", destination: NarrowID.self), rules: [:],
      expected: DestinationMismatch(
        route: "/zt-d/{id:int}", destination: "NarrowID", field: "id", fieldType: "Int32",
        problem: .incompatibleType(capture: "{id:int}", rule: nil))),
    Case(
      name: "an optional capture in a field that is not optional",
      route: PlatformRoute("e", "/zt-e/{id:int?}", destination: RequiredID.self), rules: [:],
      expected: DestinationMismatch(
        route: "/zt-e/{id:int?}", destination: "RequiredID", field: "id", fieldType: "Int",
        problem: .optionalCapture(capture: "{id:int?}"))),
    Case(
      name: "a field only a web path passes on, not optional",
      route: PlatformRoute("f", "/zt-f/{id:int}", destination: NeedsLocale.self),
      rules: ["https://shop.example.zt/fr/f/{id}": ["locale": "fr"]],
      expected: DestinationMismatch(
        route: "/zt-f/{id:int}", destination: "NeedsLocale", field: "locale", fieldType: "String",
        problem: .notCarried)),
    Case(
      name: "a fixed value the field's type does not read",
      route: PlatformRoute("g", "/zt-g/{id:int}", destination: Localised.self),
      rules: [
        "https://shop.example.zt/fr/g/{id}": ["locale": "fr"], "https://shop.example.zt/de/g/{id}": ["locale": "de"],
      ],
      expected: DestinationMismatch(
        route: "/zt-g/{id:int}", destination: "Localised", field: "locale", fieldType: "Language?",
        problem: .fixedValue(value: "de", rule: "https://shop.example.zt/de/g/{id}"))),
    Case(
      name: "a plain capture a rule passes on, in an Int",
      route: PlatformRoute("h", "/zt-h/{id:int}", destination: SlugInt.self),
      rules: ["https://shop.example.zt/h/{slug}/{id}": [:]],
      expected: DestinationMismatch(
        route: "/zt-h/{id:int}", destination: "SlugInt", field: "slug", fieldType: "Int?",
        problem: .incompatibleType(capture: "{slug}", rule: "https://shop.example.zt/h/{slug}/{id}"))),
    Case(
      name: "a captured extra that a fixed value of the same name defaults",
      route: PlatformRoute("k", "/zt-k/{id:int}", destination: Localised.self),
      rules: ["https://shop.example.zt/k/{id}?lang={locale?}": ["locale": "en"]],
      expected: DestinationMismatch(
        route: "/zt-k/{id:int}", destination: "Localised", field: "locale", fieldType: "Language?",
        problem: .incompatibleType(capture: "lang={locale?}", rule: "https://shop.example.zt/k/{id}?lang={locale?}"))),
    Case(
      name: "a list field",
      route: PlatformRoute("i", "/zt-i", destination: Listy.self), rules: [:],
      expected: DestinationMismatch(
        route: "/zt-i", destination: "Listy", field: "ids", fieldType: "Array<Int>",
        problem: .unreadable(
          DestinationError(destination: "Listy", field: "ids", fieldType: "Array<Int>", problem: .unsupported)))),
    Case(
      name: "a market route taking the platform's destination",
      route: PlatformRoute("j", "/zt-j/{id:int}", destination: ProductPage.self), rules: [:],
      expected: DestinationMismatch(
        route: "/zt-j/{id:int}", destination: "ProductPage", field: "", fieldType: nil,
        problem: .sharedDestination(otherRoute: "/product/{id:int}"))),
  ]

  @Test("a destination that does not fit its route is a composition error naming both", arguments: cases)
  func refused(_ row: Case) {
    let market = DeclaredMarket(id: "ZT", rules: Self.rules(row.route, row.rules), routes: [row.route])
    #expect(
      MarketComposer().problems(of: market) == [.configuration(.destinationMismatch(row.expected), market: market.id)])
  }

  @Test(
    "unchecked, a destination that cannot be made declines its link: not-found, with telemetry, nothing untyped shown")
  @MainActor func uncheckedDestinationDeclines() async throws {
    let route = PlatformRoute("b", "/zt-b/{id:int}", destination: BoolID.self)
    let market = DeclaredMarket(id: "ZT", routes: [route])
    let navigator = RecordingNavigator()
    let telemetry = RecordingTelemetry()
    let linker = try #require(
      composedLinker(
        market, navigator: navigator, telemetry: telemetry, composer: MarketComposer(checksDestinations: false)))
    var notFound: [String] = []
    linker.notFoundHandler = { notFound.append($0.absoluteString) }
    #expect(await linker.handle("shopzt://zt-b/5") == .notFound)
    #expect(navigator.shownValues.isEmpty)
    #expect(notFound == ["shop://zt-b/5"])  // the link as routed, after the market scheme's rewrite
    #expect(Array(telemetry.lastLinkKinds.suffix(2)) == [.declined, .notFound])
  }

  @Test("a destination that fits is made once, before the handler, and is what the navigator shows")
  @MainActor func destinationReachesHandler() async throws {
    let navigator = RecordingNavigator()
    let linker = try #require(composedLinker(MarketCatalogue.market(id: "CA")!, navigator: navigator))
    #expect(
      await linker.handle("https://shop.example.ca/fr/circulaire/77")
        == .handled(route: RouteID(name: "flyer", pattern: "/flyer/{store_id:int}")))
    #expect(navigator.shownValues == [[FlyerPage(storeID: 77, locale: "fr")]])
  }

  @Test("the message names the route, the destination, the field and both types")
  func message() {
    let route = PlatformRoute("b", "/zt-b/{id:int}", destination: BoolID.self)
    let messages = compositionMessages(DeclaredMarket(id: "ZT", routes: [route]))
    #expect(
      messages == [
        "market ZT: route `/zt-b/{id:int}`, destination `BoolID`: field `id` (Bool) cannot hold every value of the capture "
          + "`{id:int}`; a plain capture needs `String`, an `int` one `Int`, `Int64`, `UInt`, `UInt64` or `String`, "
          + "a `uuid` one `UUID` or `String`"
      ])
  }

  @Test(
    "a destination that fits composes, and its links make it: a UUID, an enum from fixed values, one from the route")
  func fits() throws {
    let ticket = PlatformRoute("ticket", "/zt-ticket/{token:uuid}", destination: Ticket.self)
    let market = DeclaredMarket(
      id: "ZT", rules: Self.rules(ticket, ["https://shop.example.zt/fr/t/{token}": ["locale": "fr", "kind": "en"]]),
      routes: [ticket])
    // `kind` is not optional and no capture carries it: refused, a fixed value is not enough.
    #expect(
      MarketComposer().problems(of: market) == [
        .configuration(
          .destinationMismatch(
            DestinationMismatch(
              route: "/zt-ticket/{token:uuid}", destination: "Ticket", field: "kind", fieldType: "Language",
              problem: .notCarried)), market: "ZT")
      ])
    let fitting = PlatformRoute("ticket", "/zt-ticket/{kind}/{token:uuid}", destination: TicketRoute.self)
    let good = DeclaredMarket(
      id: "ZT", rules: Self.rules(fitting, ["https://shop.example.zt/fr/t/{kind}/{token}": ["locale": "fr"]]),
      routes: [fitting])
    let configuration = try #require(composedConfiguration(good))
    let decision = configuration.decide("https://shop.example.zt/fr/t/vip/6BA7B810-9DAD-11D1-80B4-00C04FD430C8")
    #expect(
      configuration.destination(for: decision) as? TicketRoute
        == TicketRoute(token: UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8")!, kind: "vip", locale: .fr))
    #expect(
      try configuration.appLink(
        to: TicketRoute(token: UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8")!, kind: "vip", locale: .fr)
      )
      .absoluteString == "shopzt://zt-ticket/vip/6BA7B810-9DAD-11D1-80B4-00C04FD430C8")
  }
}

struct TicketRoute: LinkDestination {
  let token: UUID
  let kind: String
  let locale: Language?
}

/// The decoder over parameters, on its own: what a handler outside composition can rely on.
@Suite struct ParametersDecodingTests {
  @Test("a field that is missing or does not read as its type is an error naming the field, its type and the value")
  func errors() {
    #expect(
      throws: DestinationError(
        destination: "ProductPage", field: "id", fieldType: "Int", problem: .notOfType(value: "abc"))
    ) {
      try (["id": "abc"] as DeepLinkParameters).decode(ProductPage.self)
    }
    #expect(throws: DestinationError(destination: "ProductPage", field: "id", fieldType: "Int", problem: .missing)) {
      try DeepLinkParameters().decode(ProductPage.self)
    }
    #expect(
      throws: DestinationError(
        destination: "Localised", field: "locale", fieldType: "Language", problem: .notOfType(value: "de"))
    ) {
      try (["id": "1", "locale": "de"] as DeepLinkParameters).decode(Localised.self)
    }
  }

  @Test("a destination written as parameters reads back as itself; a nil optional is left out")
  func roundTrip() throws {
    let values: [AnyHashable] = [
      TicketRoute(token: UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8")!, kind: "a/b c", locale: .en),
      ProductPage(id: 123), DealsPage(), PaymentPage(orderID: 9),
    ]
    #expect(try DeepLinkParameters(encoding: ProductPage(id: 123)) == ["id": "123"])
    #expect(try DeepLinkParameters(encoding: PaymentPage(orderID: 9)) == ["order_id": "9"])
    #expect(
      try DeepLinkParameters(encoding: values[0] as! TicketRoute).decode(TicketRoute.self) == values[0] as! TicketRoute)
    #expect(throws: DestinationError.self) { try DeepLinkParameters(encoding: Listy(ids: [1])) }
  }
}

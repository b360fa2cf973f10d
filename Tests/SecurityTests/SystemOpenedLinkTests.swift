import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import PlatformLinks
import Testing

/// Links the operating system opens the app for but the parser refuses (`Docs/AssociationFiles.md`,
/// "What the app does with a link Android opens and the router refuses"): Android decodes the path
/// before it matches (`/en%2Fip/desk/42`), drops user info from the host, and matches a path prefix
/// whatever follows it (a control character in the query, a character outside the BMP, a `..`
/// segment, an over-long link, a capture with two dots in a row). From outside the app, on one of
/// its own domains or schemes, such a link reaches the app's not-found with an event naming why,
/// whatever the parser's or the match stage's reason; it is
/// never routed and never handed to the browser. Anywhere else, with a host the parser finds
/// malformed, or with a backslash in the authority (readers disagree on its host), it stays `invalid`.
@Suite struct SystemOpenedLinkTests {
  /// A link, the market whose composed linker gets it, and what becomes of it.
  struct Row: Sendable, CustomTestStringConvertible {
    let market: String
    let link: String
    let source: LinkSource?
    /// `notFound` (the app's not-found runs) or `invalid` (nothing runs).
    let outcome: DeepLinkOutcome
    let reason: DeepLinkReason
    /// What the not-found handler gets: the link's scheme and host only; `nil` when it must not run.
    let notFoundLink: String?

    init(
      _ market: String, _ link: String, source: LinkSource? = nil, _ outcome: DeepLinkOutcome,
      _ reason: DeepLinkReason, notFound: String? = nil
    ) {
      (self.market, self.link, self.source, self.outcome, self.reason) = (market, link, source, outcome, reason)
      notFoundLink = notFound
    }

    var testDescription: String { "\(market): \(link)" + (source.map { " (\($0))" } ?? "") }
  }

  static let rows: [Row] = [
    // An escaped slash between segments: Android matches `/en/ip/desk/42`.
    Row(
      "CA", "https://shop.example.ca/en%2Fip/desk/42", .notFound, .encodedSlash, notFound: "https://shop.example.ca/"),
    Row(
      "CA", "https://www.shop.example.ca/fr%2fip/bureau/42", .notFound, .encodedSlash,
      notFound: "https://www.shop.example.ca/"),
    Row(
      "CA", "https://shop.example.ca/en/ip%2Fdesk%2F42?utm=x#top", .notFound, .encodedSlash,
      notFound: "https://shop.example.ca/"),
    Row("CA", "https://SHOP.example.ca./en%2Fcart", .notFound, .encodedSlash, notFound: "https://shop.example.ca/"),
    Row(
      "CA", "https://shop.example.ca:8443/en%2Fcart", .notFound, .encodedSlash,
      notFound: "https://shop.example.ca:8443/"
    ),
    Row(
      "MX", "https://shop.example.com.mx/es%2Fcarrito", .notFound, .encodedSlash,
      notFound: "https://shop.example.com.mx/"),
    Row(
      "MX", "https://www.shop.example.com.mx/ip/escritorio%2F42", .notFound, .encodedSlash,
      notFound: "https://www.shop.example.com.mx/"),
    // User info: Android's `Uri.getHost()` is the part after the last `@`.
    Row("CA", "https://user@shop.example.ca/en/cart", .notFound, .userInfo, notFound: "https://shop.example.ca/"),
    Row(
      "CA", "https://user:secret@www.shop.example.ca/fr/panier", .notFound, .userInfo,
      notFound: "https://www.shop.example.ca/"),
    Row(
      "CA", "https://attacker.test@shop.example.ca/en/ip/desk/42", .notFound, .userInfo,
      notFound: "https://shop.example.ca/"),
    Row("CA", "https://a@b@shop.example.ca/en/cart", .notFound, .userInfo, notFound: "https://shop.example.ca/"),
    Row(
      "MX", "https://user@shop.example.com.mx/carrito", .notFound, .userInfo, notFound: "https://shop.example.com.mx/"),
    Row("MX", "https://@www.shop.example.com.mx/", .notFound, .userInfo, notFound: "https://www.shop.example.com.mx/"),
    // The app's custom schemes: the system hands every link of them over.
    Row("CA", "shopca://product%2F42", .notFound, .encodedSlash, notFound: "shopca://"),
    Row("MX", "shopmx://user@carrito", .notFound, .userInfo, notFound: "shopmx://"),
    Row("CA", "shopca://cart", source: .customScheme, .routed, .noRoute),
    // Not the app's: stays `invalid`, and nothing runs.
    Row("CA", "https://shop.example.ca@attacker.test/en/cart", .invalid, .userInfo),
    Row("CA", "https://user@shop.example.com.mx/carrito", .invalid, .userInfo),
    Row("MX", "https://shop.example.ca/en%2Fcart", .invalid, .encodedSlash),
    Row("CA", "http://user@shop.example.ca/en/cart", .invalid, .userInfo),
    Row("CA", "http://shop.example.ca/en%2Fcart", .invalid, .encodedSlash),
    Row("MX", "shopca://product%2F42", .invalid, .encodedSlash),
    Row("CA", "javascript://user@shop.example.ca/", .invalid, .userInfo),
    // The app's own link, followed inside the app: the system did not open it.
    Row("CA", "https://user@shop.example.ca/en/cart", source: .inApp, .invalid, .userInfo),
    Row("MX", "shopmx://carrito%2F1", source: .inApp, .invalid, .encodedSlash),
    // Every other refusal of a link on the app's own domain or scheme: the system opens the app for it.
    Row("CA", "https://shop.example.ca/en/%00cart", .notFound, .controlCharacter, notFound: "https://shop.example.ca/"),
    Row("CA", "https://shop.example.ca/en/%2e%2e/cart", .notFound, .dotSegment, notFound: "https://shop.example.ca/"),
    Row(
      "CA", "https://shop.example.ca/en/search?q=desk%0A", .notFound, .controlCharacter,
      notFound: "https://shop.example.ca/"),
    Row(
      "CA", "https://shop.example.ca/en/cart#top\u{7}", .notFound, .controlCharacter,
      notFound: "https://shop.example.ca/"),
    Row("MX", "shopmx://carrito%C0%AF", .notFound, .invalidUTF8, notFound: "shopmx://"),
    Row(
      "CA", "https://shop.example.ca/en/ip/" + String(repeating: "a", count: 9_000), .notFound, .tooLong,
      notFound: "https://shop.example.ca/"),
    // A captured value the match stage refuses (two dots in a row, a nested link): no filter can say so.
    Row(
      "CA", "https://shop.example.ca/en/ip/a..b/42", .notFound, .unsafeParameter, notFound: "https://shop.example.ca/"),
    Row(
      "MX", "https://shop.example.com.mx/producto/a%E2%80%A5b/42", .notFound, .unsafeParameter,
      notFound: "https://shop.example.com.mx/"),
    Row("MX", "shopmx://mx/transaction/a..b", .notFound, .unsafeParameter, notFound: "shopmx://"),
    Row("CA", "https://shop.example.ca/en/ip/a..b/42", source: .inApp, .invalid, .unsafeParameter),
    // A host the parser finds malformed, or an authority with a backslash, is never the app's.
    Row("CA", "https://shop..example.ca/en/%00cart", .invalid, .emptyHostLabel),
    Row("CA", "https://shop.example.ca:99999/en/%00cart", .invalid, .invalidPort),
    Row("CA", "https://shop.example.ca\\@attacker.test/en/cart", .invalid, .backslash),
    Row("CA", "https://attacker.test\\@shop.example.ca/en/cart", .invalid, .backslash),
    Row("CA", "https://shop.example.ca\\en/cart", .invalid, .backslash),
    Row("CA", "https://" + String(repeating: "a@", count: 500_000) + "shop.example.ca/", .invalid, .tooLong),
  ]

  @Test("a link the system opens the app for and the parser refuses shows the app's not-found", arguments: rows)
  @MainActor
  func systemOpened(row: Row) async throws {
    let navigator = RecordingNavigator()
    let telemetry = RecordingTelemetry()
    var notFound: [String] = []
    var external: [String] = []
    let linker = try makeDeepLinker(market: row.market, navigator: navigator, session: navigator) {
      $0.with(telemetry: telemetry)
        .with(notFoundHandler: { notFound.append($0.absoluteString) })
        .with(externalURLHandler: { external.append($0.absoluteString) })
    }
    let result = await linker.handle(row.link, source: row.source)
    let final = telemetry.events.filter(\.kind.isFinal)
    #expect(external.isEmpty)
    switch row.outcome {
    case .notFound:
      #expect(result == .notFound)
      #expect(notFound == [try #require(row.notFoundLink)])
      #expect(final.map(\.kind) == [.notFound])
      #expect(final.first?.reason == row.reason.rawValue)
      #expect(navigator.shown.isEmpty)
    case .invalid:
      #expect(result == .invalid(reason: row.reason))
      #expect(notFound.isEmpty)
      #expect(final.map(\.kind) == [.invalid])
      #expect(final.first?.reason == row.reason.rawValue)
      #expect(navigator.shown.isEmpty)
    default:
      // A control row: the same linker routes a well-formed link of the scheme.
      guard case .handled = result else {
        Issue.record("not handled: \(result)")
        return
      }
      #expect(notFound.isEmpty)
    }

    // The decision is the configuration's own, pure: the same without the linker.
    let configuration = try DeepLinkAssembly.configuration(market: row.market)
    let decision = configuration.decide(row.link, source: row.source)
    #expect(decision.outcome == row.outcome)
    if row.outcome != .routed {
      #expect(decision.reason == row.reason)
      #expect(decision.route == nil && decision.parameters.isEmpty)
      #expect(decision.browserLink == nil)
    }
    if row.outcome == .notFound { #expect(decision.link?.absoluteString == row.notFoundLink) }
  }
}

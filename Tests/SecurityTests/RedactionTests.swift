import DeepLinkComposition
import DeepLinkCore
import Testing

/// Redaction in every field (`Docs/Security.md`, "Output"; issue 28): a decision's link, rewritten
/// link and parameters, telemetry's link, the trace and the decision snapshot show a secret-bearing
/// value redacted alike. The tool's own formats are tested end to end in `OutputSafetyTests`.
@Suite struct RedactionTests {
  /// A name and whether its values are redacted.
  static let names: [(name: String, sensitive: Bool)] = [
    ("api-key", true), ("x-api-key", true), ("X-API-Key", true), ("X-Amz-Signature", true), ("signature", true),
    ("oauth_signature", true), ("X-Amz-Credential", true), ("X-Amz-Security-Token", true), ("sid", true),
    ("csrf", true), ("_csrf", true), ("csrfmiddlewaretoken", true), ("xsrf-token", true), ("SAMLResponse", true),
    ("SAMLRequest", true), ("private_key", true), ("privateKey", true), ("passcode", true), ("passphrase", true),
    ("cvv", true), ("cvc", true), ("pass", true), ("code", true), ("state", true), ("my_api_key", true),
    ("db_password", true), ("%73id", true), ("x%2Dapi%2Dkey", true),
    ("q", false), ("query", false), ("id", false), ("locale", false), ("utm_source", false), ("page", false),
    ("passenger", false), ("compass", false), ("side", false), ("keyword", false), ("decode", false),
  ]

  @Test("the names common frameworks filter are token-like, and ordinary names are not", arguments: names)
  func sensitiveName(name: String, sensitive: Bool) {
    #expect(LinkRedactor.isSensitive(name) == sensitive)
  }

  /// A link, the market, and the secret no field may show.
  struct Row: Sendable, CustomTestStringConvertible {
    let market: String?
    let link: String
    let secret: String
    var testDescription: String { "\(market ?? "platform"): \(link)" }
  }

  static let rows: [Row] = [
    Row(market: nil, link: "shop://transaction/token=S3CRET1", secret: "S3CRET1"),
    Row(market: nil, link: "shop://transaction/t1;token=S3CRET2", secret: "S3CRET2"),
    Row(market: "CA", link: "shopca://search?q=a;token=S3CRET8", secret: "S3CRET8"),
    Row(market: "CA", link: "https://shop.example.ca/fr/recherche?q=a%26sid%3DS3CRET3", secret: "S3CRET3"),
    Row(market: nil, link: "shop://search?q=desk&x-api-key=S3CRET4", secret: "S3CRET4"),
    Row(market: nil, link: "shop://cart?X-Amz-Signature=S3CRET5", secret: "S3CRET5"),
    Row(market: nil, link: "shop://cart#/callback?code=S3CRET6&state=x", secret: "S3CRET6"),
    Row(market: "MX", link: "https://shop.example.com.mx/carrito?SAMLResponse=S3CRET7", secret: "S3CRET7"),
    Row(market: "MX", link: "shopmx://mx/cart?cvv=S3CRET9&passcode=S3CRET9", secret: "S3CRET9"),
  ]

  @Test("a secret is redacted in every field of a decision and in the snapshot", arguments: rows)
  func everyField(row: Row) throws {
    let configuration = try DeepLinkAssembly.configuration(market: row.market)
    let decision = configuration.decide(row.link, tracing: true)
    var shown: [String] = []
    if let link = decision.link { shown.append(LinkRedactor.redact(link)) }
    if let rewritten = decision.rewrittenTo { shown.append(LinkRedactor.redact(rewritten)) }
    shown += decision.parameters.map { LinkRedactor.redactParameter(name: $0.name, value: $0.value) }
    shown += decision.trace.map(\.description)
    shown += DecisionSnapshot(configuration: configuration, links: [row.link]).lines
    #expect(shown.contains { $0.contains(LinkRedactor.replacement) }, "\(shown)")
    for text in shown { #expect(!text.contains(row.secret), "\(text)") }
    // Where a field shows the value at all, it shows it redacted the same way.
    #expect(LinkRedactor.hasSensitiveValue(try DeepLink(row.link)))
  }

  @Test(
    "the user info of a link the parser refuses never reaches telemetry, kept in the app or not",
    arguments: [
      ("CA", "https://zzquser:S3CRET10@shop.example.ca/en/cart", DeepLinkOutcome.notFound),
      ("CA", "https://S3CRET11@shop.example.ca:8443/en/cart", .notFound),
      ("CA", "https://zzquser:S3CRET12@attacker.test/en/cart", .invalid),
    ])
  func userInfo(market: String, link: String, outcome: DeepLinkOutcome) throws {
    let decision = try DeepLinkAssembly.configuration(market: market).decide(link)
    #expect(decision.outcome == outcome)
    #expect(decision.reason == .userInfo)
    // Telemetry shows the decision's link (scheme and host only), or the raw input redacted.
    let shown = decision.link.map(LinkRedactor.redact) ?? LinkRedactor.redact(raw: link)
    #expect(!shown.contains("S3CRET"), "\(shown)")
    #expect(!LinkRedactor.redact(raw: link).contains("S3CRET"))
    #expect(LinkRedactor.redact(raw: link).contains(LinkRedactor.replacement + "@"))
  }

  @Test("redaction keeps the link's structure: only values change")
  func structure() throws {
    #expect(
      LinkRedactor.redact(try DeepLink("shop://transaction/token=S3CRET1")) == "shop://transaction/token=REDACTED")
    #expect(
      LinkRedactor.redact(try DeepLink("shop://cart#/callback?code=abc&utm=1"))
        == "shop://cart#/callback?code=REDACTED&utm=1")
    let semicolon = LinkRedactor.redact(try DeepLink("shop://search?q=a;token=b"))
    #expect(semicolon == "shop://search?q=a;token%3DREDACTED")
    #expect(LinkRedactor.redact(try DeepLink("shop://search?q=passenger")) == "shop://search?q=passenger")
    #expect(LinkRedactor.redactPath(try DeepLink("shop://transaction/sid=1")) == "/transaction/sid=REDACTED")
  }
}

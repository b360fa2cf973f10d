import DeepLinkComposition
import DeepLinkCore
import Testing

/// Our reading of web links against a browser's: the host (and port) the WHATWG URL Standard's
/// parser gives, written down beside each input.
///
/// A browser and the app must never silently disagree about where a web link goes: either our
/// host equals the browser's, modulo one documented normalisation (we drop one trailing dot, the
/// standard keeps it), or we reject the link. Each row also says which of the two it is, so a
/// change in either direction shows up.
@Suite struct BrowserAgreementTests {
  /// What a WHATWG URL parser makes of an input.
  enum Browser: Sendable, CustomStringConvertible {
    /// The URL parses with this host (serialised) and port (`nil`: none, or the default).
    case host(String, port: Int? = nil)
    /// The URL parser returns failure.
    case failure

    var description: String {
      switch self {
      case .host(let host, let port?): "\(host):\(port)"
      case .host(let host, nil): host
      case .failure: "failure"
      }
    }
  }

  struct Row: Sendable, CustomTestStringConvertible {
    let input: String
    let browser: Browser
    /// Whether we accept the link (then the hosts must agree) or reject it.
    let weAccept: Bool

    static func agrees(_ input: String, _ browser: Browser) -> Row {
      Row(input: input, browser: browser, weAccept: true)
    }

    static func rejected(_ input: String, browser: Browser) -> Row {
      Row(input: input, browser: browser, weAccept: false)
    }

    var testDescription: String {
      "\(input.debugDescription) (browser: \(browser))"
    }
  }

  static let rows: [Row] = [
    // Case, the trailing dot, default and explicit ports.
    .agrees("https://EXAMPLE.com./", .host("example.com.")),
    .agrees("HTTPS://SHOP.EXAMPLE.COM/cart", .host("shop.example.com")),
    .agrees("https://shop.example.com:443/", .host("shop.example.com")),
    .agrees("http://shop.example.com:80/", .host("shop.example.com")),
    .agrees("https://shop.example.com:80/", .host("shop.example.com", port: 80)),
    .agrees("http://shop.example.com:0443/", .host("shop.example.com", port: 443)),
    .agrees("https://sHoP.ExAmPlE.cOm:00443/", .host("shop.example.com")),
    .agrees("https://shop.example.com:08080/", .host("shop.example.com", port: 8080)),
    .agrees("https://shop.example.com?x", .host("shop.example.com")),
    .agrees("https://shop.example.com#x", .host("shop.example.com")),
    // Percent-escapes in the host are decoded before the host is read.
    .agrees("https://shop%2Eexample.com/", .host("shop.example.com")),
    .agrees("https://%73hop.example.com/", .host("shop.example.com")),
    .agrees("https://SHOP%2eEXAMPLE%2ECOM/", .host("shop.example.com")),
    .agrees("https://shop.example.com%2E/", .host("shop.example.com.")),
    .agrees("https://ex%61mple.com/", .host("example.com")),
    // IDNA maps the ideographic and full-width full stops to `.`.
    .agrees("https://shop\u{3002}example\u{3002}com/", .host("shop.example.com")),
    .agrees("https://shop\u{FF0E}example\u{FF0E}com/", .host("shop.example.com")),
    .agrees("https://shop\u{FF61}example\u{FF61}com/", .host("shop.example.com")),
    .agrees("https://shop.example.com%E3%80%82/", .host("shop.example.com.")),
    .agrees("https://shop.example.com%E3%80%82attacker.test/", .host("shop.example.com.attacker.test")),
    // The authority ends at the first `/`, `?` or `#`: what follows is not the host.
    .agrees("https://attacker.test#@shop.example.com/", .host("attacker.test")),
    .agrees("https://attacker.test?@shop.example.com/", .host("attacker.test")),
    .agrees("https://attacker.test/@shop.example.com/", .host("attacker.test")),
    // Already-ASCII (punycode) hosts are kept as they are; a label ending in a letter is a name.
    .agrees("https://xn--80ak6aa92e.com/", .host("xn--80ak6aa92e.com")),
    .agrees("https://shop.xn--exmple-4nf.com/", .host("shop.xn--exmple-4nf.com")),
    .agrees("https://1e1/", .host("1e1")),
    .agrees("https://0xg.example/", .host("0xg.example")),
    // Userinfo and backslashes: browsers pick a host, we refuse to guess.
    .rejected("https://user@shop.example.com/", browser: .host("shop.example.com")),
    .rejected("https://shop.example.com@attacker.test/", browser: .host("attacker.test")),
    .rejected("https://shop.example.com\\@attacker.test/", browser: .host("shop.example.com")),
    .rejected("https:\\\\attacker.test\\cart", browser: .host("attacker.test")),
    // Slash-count tricks: special schemes ignore missing or extra slashes.
    .rejected("https:attacker.test/cart", browser: .host("attacker.test")),
    .rejected("https:/attacker.test/cart", browser: .host("attacker.test")),
    .rejected("https:///attacker.test/cart", browser: .host("attacker.test")),
    // IP addresses in every notation.
    .rejected("https://127.0.0.1/", browser: .host("127.0.0.1")),
    .rejected("https://0x7f.1/", browser: .host("127.0.0.1")),
    .rejected("https://2130706433/", browser: .host("127.0.0.1")),
    .rejected("https://0177.0.0.1/", browser: .host("127.0.0.1")),
    .rejected("https://0x/", browser: .host("0.0.0.0")),
    .rejected("https://[::1]/", browser: .host("[::1]")),
    .rejected("https://1.2.3.4.5/", browser: .failure),
    .rejected("https://shop.example.com.127.0.0.1/", browser: .failure),
    // Whitespace and controls: browsers strip tabs, newlines and leading/trailing spaces.
    .rejected("https://shop.exa\tmple.com/", browser: .host("shop.example.com")),
    .rejected(" https://shop.example.com/", browser: .host("shop.example.com")),
    .rejected("https://exa mple.com/", browser: .failure),
    .rejected("https://shop.example.com%00/", browser: .failure),
    // Hosts that IDNA maps or rejects, where we do no IDNA at all.
    .rejected("https://\u{FF53}\u{FF48}\u{FF4F}\u{FF50}.example.com/", browser: .host("shop.example.com")),
    .rejected("https://shop.ex\u{0430}mple.com/", browser: .host("shop.xn--exmple-4nf.com")),
    .rejected("https://shop.example.com%2F.attacker.test/", browser: .failure),
    .rejected("https://shop.example.com%252e.attacker.test/", browser: .failure),
    // Empty labels, which the standard keeps and we refuse.
    .rejected("https://shop..example.com/", browser: .host("shop..example.com")),
    .rejected("https://.shop.example.com/", browser: .host(".shop.example.com")),
    .rejected("https://EXAMPLE.COM%2E%2E/", browser: .host("example.com..")),
    .rejected("https://%E3%80%82shop.example.com/", browser: .host(".shop.example.com")),
    // Characters the standard allows in hosts that we do not.
    .rejected("https://a_b.example.com/", browser: .host("a_b.example.com")),
    // Ports: an empty port is allowed by the standard; one over 65535 is not.
    .rejected("https://shop.example.com:/cart", browser: .host("shop.example.com")),
    .rejected("https://shop.example.com:65536/", browser: .failure),
    // `xn--` labels: the standard decodes them (UTS #46) and fails on one that is not Punycode or
    // decodes to nothing, to ASCII only or to a control; a valid one is kept as written.
    .rejected("https://shop.example.ca.xn--/", browser: .failure),
    .rejected("https://xn--/", browser: .failure),
    .rejected("https://xn--abc-.example.com/", browser: .failure),
    .rejected("https://xn--a.example.com/", browser: .failure),
    .agrees("https://www.xn--bcher-kva.de/", .host("www.xn--bcher-kva.de")),
    .agrees("https://xn--ls8h.la/", .host("xn--ls8h.la")),
  ]

  /// The one normalisation in which we differ from the standard on purpose.
  static func droppingOneTrailingDot(_ host: String) -> String {
    host.hasSuffix(".") ? String(host.dropLast()) : host
  }

  @Test("the table has at least 30 rows of every kind, and a link the browser rejects is invalid in the pipeline")
  func coverage() throws {
    #expect(Self.rows.count >= 30)
    // Kinds by behaviour, each of which must occur: accepted with the default port, with another
    // port, with the trailing dot we drop; rejected where the browser fails, and where it reads a
    // host (our refusals of what browsers accept).
    func kind(_ row: Row) -> String {
      switch (row.weAccept, row.browser) {
      case (true, .host(let host, let port)): port != nil ? "port" : host.hasSuffix(".") ? "trailingDot" : "host"
      case (true, .failure): "acceptedFailure"
      case (false, .failure): "bothReject"
      case (false, .host): "weReject"
      }
    }
    let kinds = Set(Self.rows.map(kind))
    #expect(kinds == ["port", "trailingDot", "host", "bothReject", "weReject"], "\(kinds)")
    // What the browser rejects, the pipeline decides `invalid`: it is never handed to the browser
    // (`external`), where it would fail.
    let configuration = try DeepLinkAssembly.configuration(market: nil)
    for row in Self.rows {
      guard case .failure = row.browser else { continue }
      #expect(configuration.decide(row.input).outcome == .invalid, "\(row.input)")
    }
  }

  @Test("our host equals the browser's (modulo one trailing dot), or we reject the link", arguments: rows)
  func agreesWithBrowser(_ row: Row) {
    let link: DeepLink
    do {
      link = try DeepLink(row.input)
    } catch {
      #expect(!row.weAccept, "rejected (\(error.reason)), but the row says we accept it")
      return
    }
    #expect(row.weAccept, "accepted as host `\(link.host ?? "nil")`, but the row says we reject it")
    guard case .host(let host, let port) = row.browser else {
      Issue.record("we accept a link browsers reject: host `\(link.host ?? "nil")`")
      return
    }
    #expect(link.host == Self.droppingOneTrailingDot(host))
    #expect(link.port == port)
  }
}

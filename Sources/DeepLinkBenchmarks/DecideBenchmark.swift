import DeepLinkComposition
import DeepLinkCore

/// (d): the whole synchronous decision — parse, admit, rewrite, match, parameters — through the
/// composed CA market, for each typical CA link on its own.
///
/// Each link gets its own median; the goal applies to the slowest routed link, so cheap exits
/// (a foreign link sent to the browser) cannot pull a mean down. Before timing, every link's
/// outcome and route are checked against the ones listed here.
struct DecideBenchmark: BenchmarkSection {
  let key = "decide"
  /// Typical CA links — market web paths, the market scheme, platform links, a foreign link —
  /// and the outcome and route each must have.
  static let links: [(link: String, outcome: DeepLinkOutcome, route: String?)] = [
    ("https://shop.example.ca/fr/panier", .routed, "/cart"),
    ("https://shop.example.ca/en/ip/standing-desk/123456", .routed, "/product/{id:int}"),
    ("https://www.shop.example.ca/fr/recherche?q=bureau&utm_source=mail", .routed, "/search?q={query}"),
    ("https://shop.example.ca/en/account/orders/9001", .routed, "/orders/{id:int}"),
    ("https://shop.example.ca/fr/circulaire/77", .routed, "/flyer/{store_id:int}"),
    ("shopca://ca/product/123", .routed, "/product/{id:int}"),
    ("shopca://cart", .routed, "/cart"),
    ("shop://product/42", .routed, "/product/{id:int}"),
    ("https://shop.example.com/ip/desk/42", .routed, "/product/{id:int}"),
    ("https://shop.example.ca/fr/aide", .external, nil),
    ("https://www.example.org/", .external, nil),
  ]
  static let goal = 1_000.0

  func run(_ context: BenchmarkContext) -> SectionReport {
    context.progress("decide: \(Self.links.count) typical CA links through the composed market, one by one")
    let sink = context.sink
    let configuration: DeepLinkConfiguration
    do {
      configuration = try DeepLinkAssembly.configuration(market: "CA")
    } catch {
      return SectionReport(
        key: "decide", json: .object([]), lines: ["(d) decide: MarketCA does not compose: \(error)"], goals: [])
    }
    let rounds = context.quick ? 20 : 100
    var lines = [
      "(d) Decide each typical CA link through the composed market (parse, admit, rewrite, match, parameters)",
      "  link                                                              outcome      median",
    ]
    var perLink: [(link: String, outcome: DeepLinkOutcome, ns: Double)] = []
    for (link, outcome, route) in Self.links {
      let decision = configuration.decide(link)
      guard decision.outcome == outcome, decision.route?.description == route else {
        let found = "\(decision.outcome) \(decision.route?.description ?? "-")"
        return SectionReport(
          key: "decide", json: .object([("error", .string("\(link): \(found)"))]),
          lines: ["(d) decide: FAILED: \(link) is \(found), expected \(outcome) \(route ?? "-")"],
          goals: [Goal(name: "(d) decide ≤ 1 µs, slowest typical routed link", measured: "failed", met: false)])
      }
      let ns = context.harness.measure("decide \(link)", operations: rounds) {
        for _ in 0..<rounds { sink.consume(configuration.decide(link).parameters.count) }
      }.median
      perLink.append((link, outcome, ns))
      lines.append(
        "  " + Format.pad(link, 66) + Format.pad(outcome.rawValue, 9) + Format.pad(Format.time(ns), 11, right: true))
    }
    let routed = perLink.filter { $0.outcome == .routed }
    let slowest = routed.max { $0.ns < $1.ns } ?? ("", .routed, .nan)
    let all = perLink.map(\.ns).sorted()
    let median = all.isEmpty ? .nan : all[all.count / 2]
    lines.append("  slowest routed link: " + Format.time(slowest.ns) + " (\(slowest.link))")
    lines.append("  median of the \(perLink.count) links' medians: " + Format.time(median))
    let json = JSON.object([
      ("nsPerOp", .number(median)),
      ("slowestNsPerOp", .number(slowest.ns)),
      ("links", .array(perLink.map { .object([("link", .string($0.link)), ("nsPerOp", .number($0.ns))]) })),
    ])
    return SectionReport(
      key: "decide", json: json, lines: lines,
      goals: [
        .time(
          "(d) decide ≤ 1 µs, slowest typical routed link", measured: Format.time(slowest.ns), value: slowest.ns,
          limit: Self.goal)
      ])
  }
}

import DeepLinkComposition
import DeepLinkCore

/// (d): the whole synchronous decision — parse, admit, rewrite, match — through the composed CA
/// market, over a set of typical CA links.
struct DecideBenchmark: BenchmarkSection {
  let key = "decide"
  /// Typical CA links: market web paths, the market scheme, platform links, a foreign link.
  static let links = [
    "https://shop.example.ca/fr/panier",
    "https://shop.example.ca/en/ip/standing-desk/123456",
    "https://www.shop.example.ca/fr/recherche?q=bureau&utm_source=mail",
    "https://shop.example.ca/en/account/orders/9001",
    "https://shop.example.ca/fr/circulaire/77",
    "shopca://ca/product/123",
    "shopca://cart",
    "shop://product/42",
    "https://shop.example.com/ip/desk/42",
    "https://shop.example.ca/fr/aide",
    "https://www.example.org/",
  ]

  func run(_ context: BenchmarkContext) -> SectionReport {
    context.progress("decide: \(Self.links.count) typical CA links through the composed market")
    let sink = context.sink
    let configuration: DeepLinkConfiguration
    do {
      configuration = try DeepLinkAssembly.configuration(market: "CA")
    } catch {
      return SectionReport(
        key: "decide", json: .object([]), lines: ["(d) decide: MarketCA does not compose: \(error)"], goals: [])
    }
    let links = Self.links
    let rounds = context.quick ? 20 : 200
    let timing = context.harness.measure(operations: rounds * links.count) {
      for _ in 0..<rounds {
        for link in links { sink.consume(configuration.decide(link).parameters.count) }
      }
    }
    let ns = timing.median
    let lines = [
      "(d) Decide a typical CA link through the composed market (parse, admit, rewrite, match)",
      "  median " + String(format: "%.0f ns", ns) + " per link over \(links.count) links",
    ]
    return SectionReport(
      key: "decide", json: .object([("nsPerOp", .number(ns))]), lines: lines,
      goals: [Goal(name: "(d) decide ≤ 1 µs per typical link", measured: Format.time(ns), met: ns <= 1_000)])
  }
}

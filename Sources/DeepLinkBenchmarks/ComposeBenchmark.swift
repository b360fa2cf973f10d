import DeepLinkComposition
import DeepLinkCore
import PlatformLinks

/// The market-boundary checks at scale: (m) one market of 1,000 rules and routes against a
/// platform of 10,000 routes (building the boundary's index of the platform included), and (n)
/// `validate --all` over a catalogue of 50 generated markets (each market composed and
/// compiled with the real platform, every boundary check against the 49 others included).
struct ComposeBenchmark: BenchmarkSection {
  let key = "compose"
  static let platformRoutes = 10_000
  static let marketRules = 1_000
  static let catalogueSize = 50

  func run(_ context: BenchmarkContext) -> SectionReport {
    context.progress("compose: \(Self.marketRules) rules against \(Self.platformRoutes) routes")
    let platform = MarketBoundary.Side(
      owner: .platform, domains: [Domain("shop.example.com")], schemes: [URLScheme("shop")],
      routes: context.routes[0..<Self.platformRoutes].enumerated().map {
        MarketBoundary.Route(name: "route\($0.offset)", pattern: parsed($0.element.pattern))
      })
    let market = Self.market(id: "BENCH", rules: Self.marketRules)
    // Checked outside the timing: the clean market has no problem, and a planted takeover of a
    // platform route is found, so the timing measures checks that work.
    let probe = MarketBoundary(platform: platform, reservedBarriers: [], markets: [market])
    let clean = probe.problems(of: market)
    precondition(clean.isEmpty, "compose: the generated market should be clean: \(clean.prefix(3).map(\.description))")
    var planted = market
    planted.routes.append(MarketBoundary.Route(name: "takeover", pattern: parsed(context.routes[1234].pattern)))
    let found = probe.problems(of: planted)
    precondition(
      found.count >= 1 && found.allSatisfy { $0.description.contains("takeover") },
      "compose: the planted takeover was not found exactly")

    var harness = context.harness
    harness.targetSampleTime = .zero
    harness.warmupTime = .milliseconds(context.quick ? 10 : 100)
    let sink = context.sink
    let one = harness.measure("compose one market", operations: 1) {
      let boundary = MarketBoundary(platform: platform, reservedBarriers: [], markets: [market])
      sink.consume(boundary.problems(of: market).count)
    }

    context.progress("compose: validate --all over \(Self.catalogueSize) markets")
    let catalogue: [any MarketModule] = (0..<Self.catalogueSize).map { BenchMarket(index: $0) }
    let composer = MarketComposer(catalogue: catalogue, overrides: [])
    let problems = composer.catalogueProblems()
    precondition(problems.isEmpty, "compose: the generated catalogue should be clean: \(problems.prefix(3))")
    let all = harness.measure("compose validate all", operations: 1, samples: context.quick ? 2 : 5) {
      sink.consume(composer.catalogueProblems().count)
    }

    let oneMs = one.median / 1e6
    let allMs = all.median / 1e6
    let lines = [
      "(m) Compose one market of \(Format.count(Self.marketRules)) rules and routes against "
        + "\(Format.count(Self.platformRoutes)) platform routes (index of the platform built, every check run)",
      "  median " + String(format: "%.2f ms", oneMs)
        + " over \(one.perOperation.count) runs; clean market: 0 problems, "
        + "planted takeover: \(found.count) found",
      "(n) validate --all over \(Self.catalogueSize) generated markets (each composed, compiled and checked "
        + "against the platform and the 49 others)",
      "  median " + String(format: "%.1f ms", allMs) + " over \(all.perOperation.count) runs; 0 problems",
    ]
    return SectionReport(
      key: key,
      json: .object([
        ("platformRoutes", .int(Self.platformRoutes)), ("marketRules", .int(Self.marketRules)),
        ("oneMarketMs", .number(oneMs)), ("catalogueMarkets", .int(Self.catalogueSize)),
        ("validateAllMs", .number(allMs)),
      ]),
      lines: lines,
      goals: [
        .time(
          "(m) compose 1,000 rules against 10,000 routes ≤ 100 ms", measured: String(format: "%.2f ms", oneMs),
          value: oneMs * 1e6, limit: 100e6),
        .time(
          "(n) validate --all over 50 markets ≤ 2 s", measured: String(format: "%.1f ms", allMs), value: allMs * 1e6,
          limit: 2e9),
      ])
  }

  /// A market with web rules on its own host, scheme rules and routes of its own words; a
  /// quarter are routes that start with a capture (`/{lang:int}/…`), which the walk must try
  /// against every first segment of the platform's routes.
  static func market(id: String, rules: Int) -> MarketBoundary.Side {
    let host = "shop.example.\(id.lowercased())"
    let scheme = "shop\(id.lowercased())"
    var side = MarketBoundary.Side(
      owner: .market(id), domains: [Domain(host)], schemes: [URLScheme(scheme, customHost: id.lowercased())])
    for index in 0..<rules {
      switch index % 4 {
      case 0: side.rules.append(UniversalLink("https://\(host)/m\(index)/{slug}/{id}", to: "/product/{id:int}"))
      case 1: side.rules.append(UniversalLink("\(scheme)://zq\(index)/{code}", to: "/zq\(index)/{code}"))
      case 2: side.routes.append(MarketBoundary.Route(name: "offer\(index)", pattern: parsed("/zq\(index)/{code}")))
      default:
        side.routes.append(
          MarketBoundary.Route(name: "deep\(index)", pattern: parsed("/{lang:int}/zz\(index)/{code:uuid}")))
      }
    }
    return side
  }
}

/// One generated market of the `validate --all` catalogue: a domain, a scheme, web rules onto
/// platform routes and one route of its own.
struct BenchMarket: MarketModule {
  let index: Int

  var id: String { "B\(index)" }

  var marketRoutes: [PlatformRoute] { [PlatformRoute("offer", "/zq\(index)/{code}")] }

  var domains: [Domain] { [Domain("shop.example.b\(index)"), Domain("www.shop.example.b\(index)")] }
  var urlSchemes: [URLScheme] { [URLScheme("shopb\(index)", customHost: "b\(index)")] }
  var webPaths: [WebPath] {
    [
      WebPath("/produto/{slug}/{id}", to: .product), WebPath("/busca?q={query}", to: .search),
      WebPath("/carrinho", to: .cart), WebPath("/categoria/{slug}/{id}", to: .category),
      WebPath("/pedidos/{id}", to: .order), WebPath("/oferta/{code}", to: PlatformRoute("offer", "/zq\(index)/{code}")),
    ]
  }
}

/// A generated pattern, parsed: the generator writes only valid ones.
private func parsed(_ pattern: String) -> RoutePattern {
  do {
    return try RoutePattern(pattern)
  } catch {
    preconditionFailure("compose: the generator wrote a malformed pattern: \(error)")
  }
}

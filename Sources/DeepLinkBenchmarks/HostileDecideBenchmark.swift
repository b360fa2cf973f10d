import DeepLinkComposition
import DeepLinkCore

/// The slowest decision over hostile shapes (issue 7: no input takes more than 1 ms to decide):
/// the longest links the parser accepts, the most segments, huge queries, heavy escaping, chain
/// attempts that must backtrack, each decided through the composed CA market.
struct HostileDecideBenchmark: BenchmarkSection {
  let key = "hostileDecide"
  /// Links at the limits: each is decided alone and the slowest median is reported.
  static let links: [(name: String, link: String)] = {
    let chainAttempt = "shop://" + (["productlist", "1"] + Array(repeating: "x", count: 62)).joined(separator: "/")
    let chainOfChains = "shopca://ca/" + Array(repeating: "productlist/1", count: 31).joined(separator: "/") + "/zz"
    let bigQuery =
      "https://shop.example.ca/fr/recherche?"
      + (0..<480).map { "q\($0)=%41%42%43" }.joined(separator: "&")
    let escapedPath =
      "https://shop.example.ca/"
      + Array(repeating: String(repeating: "%61", count: 40), count: 60)
      .joined(separator: "/")
    let escapedQuery = "shop://search?q=" + String(repeating: "%E2%82%AC", count: 900)
    let longReference = "https://www.shop.example.com.mx/pago-en-tienda/" + String(repeating: "A", count: 8_000)
    let sixtyFourSegments = "shop://" + (0..<64).map { "s\($0)" }.joined(separator: "/")
    let longHost =
      "https://" + Array(repeating: String(repeating: "a", count: 63), count: 3).joined(separator: ".")
      + ".shop.example.ca/fr/panier"
    return [
      ("chain attempt, 64 segments", chainAttempt), ("chain of 31 steps", chainOfChains),
      ("480 query items", bigQuery), ("8 KB escaped path", escapedPath), ("8 KB escaped query", escapedQuery),
      ("8 KB reference", longReference), ("64 segments", sixtyFourSegments), ("long host", longHost),
    ].map { ($0.0, $0.1) }
  }()

  /// Issue 7's bound.
  static let budgetNanoseconds = 1_000_000.0

  func run(_ context: BenchmarkContext) -> SectionReport {
    context.progress("hostile decide: \(Self.links.count) links at the limits through the composed CA market")
    let sink = context.sink
    let configuration: DeepLinkConfiguration
    do {
      configuration = try DeepLinkAssembly.configuration(market: "CA")
    } catch {
      return SectionReport(
        key: "hostileDecide", json: .object([]), lines: ["(h) hostile decide: MarketCA does not compose: \(error)"],
        goals: [])
    }
    var slowest = (name: "", ns: 0.0)
    var lines = ["(h) Decide hostile links at the limits through the composed CA market; median per decision"]
    for (name, link) in Self.links {
      let ns = context.harness.measure("hostileDecide \(name)", operations: 1) {
        sink.consume(configuration.decide(link).outcome.rawValue.count)
      }.median
      lines.append(
        "  " + Format.pad(name, 28) + Format.pad(Format.time(ns), 12, right: true)
          + "  \(link.utf8.count) bytes, \(configuration.decide(link).outcome)")
      if ns > slowest.ns { slowest = (name, ns) }
    }
    return SectionReport(
      key: "hostileDecide", json: .object([("slowestNsPerOp", .number(slowest.ns))]), lines: lines,
      goals: [
        .time(
          "(h) slowest hostile decision ≤ 1 ms", measured: Format.time(slowest.ns) + " (\(slowest.name))",
          value: slowest.ns, limit: Self.budgetNanoseconds)
      ])
  }
}

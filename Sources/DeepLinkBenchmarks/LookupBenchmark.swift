import DeepLinkCore

/// (a) and (b): looking up pre-parsed links in the route table, and the same lookups through the
/// two baselines, at 10 to 100,000 routes.
///
/// Two table figures, each labelled: *search* (half hits, half misses; the route's index only)
/// and *with parameters* (hits only; the route's index and its `parameters` (`DeepLinkParameters`), what a
/// handler of a table route reads, materialised). Before timing, every hit is checked to match
/// the route it was generated from with exactly the generated parameters, and every miss to
/// match nothing, at every size.
struct LookupBenchmark: BenchmarkSection {
  let key = "lookup"
  static let sizes = [10, 100, 1_000, 10_000, 100_000]
  /// Hits and misses generated per size (the table looks all of them up).
  static let linksPerKind = 512

  func run(_ context: BenchmarkContext) -> SectionReport {
    var rows: [Row] = []
    for size in Self.sizes {
      rows.append(measure(size: size, context))
    }
    return report(rows)
  }

  struct Row {
    let routes: Int
    let table: Double
    let withParameters: Double
    let linear: Double
    let linearLookups: Int
    let regex: Double
    let regexLookups: Int
  }

  /// Baselines cost O(routes) a lookup, so they look up fewer links at larger sizes: about
  /// `budget / routes` of them (at least 4), still half hits and half misses.
  private func lookups(size: Int, budget: Int) -> Int {
    let count = max(4, min(2 * Self.linksPerKind, budget / size))
    return count - count % 2
  }

  private func measure(size: Int, _ context: BenchmarkContext) -> Row {
    let routes = context.routes[0..<size]
    let sink = context.sink
    context.progress("lookup: \(size) routes")

    var builder = RouteTable<Int>.Builder()
    for (index, route) in routes.enumerated() {
      // Generated patterns are valid and shapes unique; a failure is a bug in the generator.
      try! builder.add(RoutePattern(route.pattern), value: index)
    }
    let table = builder.build()
    let links = LookupLinks(
      routes: Array(routes), count: Self.linksPerKind, seed: 0xB0_0000 &+ UInt64(size),
      matches: { table.match($0) != nil })
    links.verify(table, size: size)
    let all = links.mixed(2 * Self.linksPerKind)

    let tableTiming = context.harness.measure("lookup table \(size)", operations: all.count) {
      for link in all { sink.consume(table.match(link)?.routeIndex ?? -1) }
    }
    // `parameters` is not inlinable: the parameters are built in DeepLinkCore, so it cannot be
    // optimised away here.
    let hits = links.hits
    let parametersTiming = context.harness.measure("lookup table+parameters \(size)", operations: hits.count) {
      for link in hits {
        guard let match = table.match(link) else {
          sink.consume(-1)
          continue
        }
        let parameters = match.parameters
        sink.consume(match.routeIndex &+ parameters.count)
      }
    }
    if context.harness.counting {
      // Instruction counts are for the table; the baselines would take hours under a profiler.
      return Row(
        routes: size, table: tableTiming.median, withParameters: parametersTiming.median, linear: .nan,
        linearLookups: 0, regex: .nan, regexLookups: 0)
    }

    let linear = LinearRegistry(routes: routes)
    let linearLinks = links.mixed(lookups(size: size, budget: context.quick ? 250_000 : 2_000_000))
    check(linearLinks, table: table, engine: "linear") { linear.route($0) >= 0 }
    let linearTiming = context.harness.measure(
      "lookup linear \(size)", operations: linearLinks.count, samples: size >= 10_000 ? 3 : nil
    ) {
      for link in linearLinks { sink.consume(linear.route(link)) }
    }

    context.progress("lookup: \(size) routes, compiling \(size) regular expressions")
    let regex = RegexRouter(routes: routes)
    let regexLinks = links.mixed(lookups(size: size, budget: context.quick ? 40_000 : 400_000))
    let regexPaths = regexLinks.map(\.path)
    check(regexLinks, table: table, engine: "regex") { regex.route($0.path) >= 0 }
    let regexTiming = context.harness.measure(
      "lookup regex \(size)", operations: regexPaths.count, samples: size >= 10_000 ? 3 : nil
    ) {
      for path in regexPaths { sink.consume(regex.route(path)) }
    }

    return Row(
      routes: size, table: tableTiming.median, withParameters: parametersTiming.median, linear: linearTiming.median,
      linearLookups: linearLinks.count,
      regex: regexTiming.median, regexLookups: regexLinks.count)
  }

  /// The baselines must agree with the table on which links match at all (which route wins
  /// may differ: they take the first registered, the table the most specific).
  private func check(_ links: [DeepLink], table: RouteTable<Int>, engine: String, _ matches: (DeepLink) -> Bool) {
    for link in links where (table.match(link) != nil) != matches(link) {
      preconditionFailure("\(engine) baseline and route table disagree on \(link)")
    }
  }

  private func report(_ rows: [Row]) -> SectionReport {
    var lines = [
      "(a, b) Lookup of pre-parsed links, median ns per lookup; every hit's route and parameters checked",
      "  search: table search only, half hits and half misses, the route's index",
      "  +parameters: hits only, the route's index and its DeepLinkParameters (what a handler reads)",
      "  routes    search   +parameters      linear      regex   linear/search  regex/search  baseline lookups",
    ]
    var json: [JSON] = []
    for row in rows {
      var note = "\(row.linearLookups), \(row.regexLookups)"
      if row.regexLookups < 2 * Self.linksPerKind { note += " (regex estimated from \(row.regexLookups) lookups)" }
      lines.append(
        "  " + Format.pad(Format.count(row.routes), 8) + Format.pad(Format.time(row.table), 9, right: true)
          + Format.pad(Format.time(row.withParameters), 14, right: true)
          + Format.pad(Format.time(row.linear), 12, right: true) + Format.pad(Format.time(row.regex), 11, right: true)
          + Format.pad(Format.ratio(row.linear / row.table), 15, right: true)
          + Format.pad(Format.ratio(row.regex / row.table), 14, right: true) + "  " + note)
      for (engine, ns) in [
        ("table", row.table), ("table+parameters", row.withParameters), ("linear", row.linear), ("regex", row.regex),
      ] {
        json.append(.object([("routes", .int(row.routes)), ("engine", .string(engine)), ("nsPerOp", .number(ns))]))
      }
    }
    lines.append("  table: \(2 * Self.linksPerKind) lookups per pass; baselines look up fewer links at large sizes")
    return SectionReport(key: "lookup", json: .array(json), lines: lines, goals: goals(rows))
  }

  private func goals(_ rows: [Row]) -> [Goal] {
    var goals: [Goal] = []
    for row in rows {
      let limit = row.routes >= 100_000 ? 150.0 : 100.0
      goals.append(
        .time(
          "(a) lookup with parameters ≤ \(Int(limit)) ns at \(Format.count(row.routes)) routes",
          measured: Format.time(row.withParameters), value: row.withParameters, limit: limit))
    }
    func row(_ routes: Int) -> Row? { rows.first { $0.routes == routes && !$0.linear.isNaN } }
    if let r = row(1_000) {
      goals.append(
        Goal(
          name: "(b) table ≥ 20× faster than linear at 1,000", measured: Format.ratio(r.linear / r.table),
          met: r.linear / r.table >= 20))
    }
    if let r = row(100_000) {
      goals.append(
        Goal(
          name: "(b) table ≥ 1,000× faster than linear at 100,000", measured: Format.ratio(r.linear / r.table),
          met: r.linear / r.table >= 1_000))
    }
    if let r = row(1_000) {
      goals.append(
        Goal(
          name: "(b) table ≥ 100× faster than regex at 1,000", measured: Format.ratio(r.regex / r.table),
          met: r.regex / r.table >= 100))
    }
    return goals
  }
}

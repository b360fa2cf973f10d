import DeepLinkCore

/// (a) and (b): looking up pre-parsed links in the route table, and the same lookups through the
/// two baselines, at 10 to 100,000 routes; half the links hit a route, half miss.
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
    let all = links.mixed(2 * Self.linksPerKind)

    let tableTiming = context.harness.measure(operations: all.count) {
      for link in all { sink.consume(table.match(link)?.routeIndex ?? -1) }
    }

    let linear = LinearRegistry(routes: routes)
    let linearLinks = links.mixed(lookups(size: size, budget: context.quick ? 250_000 : 2_000_000))
    check(linearLinks, table: table, engine: "linear") { linear.route($0) >= 0 }
    let linearTiming = context.harness.measure(
      operations: linearLinks.count, samples: size >= 10_000 ? 3 : nil
    ) {
      for link in linearLinks { sink.consume(linear.route(link)) }
    }

    context.progress("lookup: \(size) routes, compiling \(size) regular expressions")
    let regex = RegexRouter(routes: routes)
    let regexLinks = links.mixed(lookups(size: size, budget: context.quick ? 40_000 : 400_000))
    let regexPaths = regexLinks.map(\.path)
    check(regexLinks, table: table, engine: "regex") { regex.route($0.path) >= 0 }
    let regexTiming = context.harness.measure(
      operations: regexPaths.count, samples: size >= 10_000 ? 3 : nil
    ) {
      for path in regexPaths { sink.consume(regex.route(path)) }
    }

    return Row(
      routes: size, table: tableTiming.median, linear: linearTiming.median, linearLookups: linearLinks.count,
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
      "(a, b) Lookup of pre-parsed links, median ns per lookup, half hits and half misses",
      "  routes    table      linear      regex        linear/table  regex/table  baseline lookups (linear, regex)",
    ]
    var json: [JSON] = []
    for row in rows {
      var note = "\(row.linearLookups), \(row.regexLookups)"
      if row.regexLookups < 2 * Self.linksPerKind { note += " (regex estimated from \(row.regexLookups) lookups)" }
      lines.append(
        "  " + Format.pad(Format.count(row.routes), 8) + Format.pad(Format.time(row.table), 11, right: true)
          + Format.pad(Format.time(row.linear), 12, right: true) + Format.pad(Format.time(row.regex), 11, right: true)
          + Format.pad(Format.ratio(row.linear / row.table), 14, right: true)
          + Format.pad(Format.ratio(row.regex / row.table), 13, right: true) + "  " + note)
      for (engine, ns) in [("table", row.table), ("linear", row.linear), ("regex", row.regex)] {
        json.append(.object([("routes", .int(row.routes)), ("engine", .string(engine)), ("nsPerOp", .number(ns))]))
      }
    }
    lines.append("  table: \(2 * Self.linksPerKind) lookups per pass; baselines look up fewer links at large sizes")
    return SectionReport(key: "lookup", json: .array(json), lines: lines, goals: goals(rows))
  }

  private func goals(_ rows: [Row]) -> [Goal] {
    var goals: [Goal] = []
    for row in rows {
      goals.append(
        Goal(
          name: "(a) table lookup ≤ 150 ns at \(Format.count(row.routes)) routes",
          measured: Format.time(row.table), met: row.table <= 150))
    }
    func row(_ routes: Int) -> Row? { rows.first { $0.routes == routes } }
    if let small = row(100), let large = row(100_000) {
      let ratio = large.table / small.table
      goals.append(
        Goal(
          name: "(a) table lookup at 100,000 ≤ 1.5× at 100", measured: String(format: "%.2f×", ratio),
          met: ratio <= 1.5))
    }
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

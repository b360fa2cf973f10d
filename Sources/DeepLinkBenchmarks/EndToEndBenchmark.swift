import DeepLinkCore

/// String → route + parameters: a typical https link's text parsed into a ``DeepLink``, looked up
/// in a table of 1,000 web routes (`https://shop.example.com/store/{store:int}/flyer`…) and its
/// parameters materialised (`DeepLinkParameters`) — what an app does with a link it is handed, and what
/// `URLComponents` plus a trie router do in the comparison.
///
/// Every link is a hit; before timing, each is checked to parse, match the route it was made
/// from and yield exactly the generated parameters.
struct EndToEndBenchmark: BenchmarkSection {
  let key = "endToEnd"
  static let routes = 1_000
  static let host = "shop.example.com"
  static let goal = 250.0

  func run(_ context: BenchmarkContext) -> SectionReport {
    context.progress("endToEnd: parse + lookup + parameters at \(Self.routes) routes")
    let sink = context.sink
    let routes = Array(context.routes[0..<Self.routes])
    var builder = RouteTable<Int>.Builder()
    for (index, route) in routes.enumerated() {
      // Generated patterns are valid and shapes unique; a failure is a bug in the generator.
      try! builder.add("https://" + Self.host + route.pattern, value: index)
    }
    let table = builder.build()
    let links = LookupLinks(
      routes: routes, count: LookupBenchmark.linksPerKind, seed: 0xE2E0_0000, prefix: "https://\(Self.host)/",
      matches: { table.match($0) != nil })
    links.verify(table, size: Self.routes)
    let texts = links.hitTexts
    for (text, expectation) in zip(texts, links.expected) {
      let match = (try? DeepLink(text)).flatMap { table.match($0) }
      precondition(match?.routeIndex == expectation.route, "endToEnd: \(text) does not parse to its route")
      precondition(match?.parameters == expectation.parameters, "endToEnd: \(text) gives other parameters")
    }
    let bytes = texts.reduce(0) { $0 + $1.utf8.count } / max(texts.count, 1)

    let timing = context.harness.measure("endToEnd \(Self.routes)", operations: texts.count) {
      for text in texts {
        guard let link = try? DeepLink(text), let match = table.match(link) else {
          sink.consume(-1)
          continue
        }
        let parameters = match.parameters
        sink.consume(match.routeIndex &+ parameters.count)
      }
    }
    let ns = timing.median
    let lines = [
      "(a') String → route + parameters: DeepLink(_:) + match + DeepLinkParameters, \(texts.count) https links",
      "  at \(Format.count(Self.routes)) routes (about \(bytes) bytes a link, every one a hit): median "
        + Format.time(ns) + " per link",
    ]
    return SectionReport(
      key: "endToEnd", json: .object([("routes", .int(Self.routes)), ("nsPerOp", .number(ns))]), lines: lines,
      goals: [
        .time(
          "(a') string → route + parameters ≤ 250 ns at 1,000 routes", measured: Format.time(ns), value: ns,
          limit: Self.goal)
      ])
  }
}

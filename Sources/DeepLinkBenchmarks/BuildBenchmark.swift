import DeepLinkCore

/// (e): compiling a table of 10,000 routes from their pattern strings — pattern parsing, conflict
/// checks and the trie included (`Builder.add(_:value:)` with the pattern text).
struct BuildBenchmark: BenchmarkSection {
  let key = "build"
  static let routes = 10_000

  func run(_ context: BenchmarkContext) -> SectionReport {
    context.progress("build: \(Self.routes) routes")
    let sink = context.sink
    let patterns = context.routes[0..<Self.routes].map(\.pattern)
    // One build per sample.
    var harness = context.harness
    harness.targetSampleTime = .zero
    harness.warmupTime = .milliseconds(context.quick ? 20 : 200)
    let timing = harness.measure("build \(Self.routes)", operations: 1) {
      var builder = RouteTable<Int>.Builder()
      for (index, pattern) in patterns.enumerated() {
        // Generated patterns are valid and unique; a failure is a bug in the generator.
        // Read straight into the table: the same parsing, validation and conflict checks as
        // `add(RoutePattern(pattern), value:)`, without the intermediate `RoutePattern`.
        try! builder.add(pattern, value: index)
      }
      // Consumed, as `build()` recommends for a builder not used again: the table takes over
      // the builder's buffers.
      sink.consume((consume builder).build().count)
    }
    let ms = timing.median / 1e6
    let lines = [
      "(e) Build a table of \(Format.count(Self.routes)) routes from pattern strings (RoutePattern parsing included)",
      "  median " + String(format: "%.2f ms", ms) + " over \(timing.perOperation.count) builds",
    ]
    return SectionReport(
      key: "build", json: .object([("routes", .int(Self.routes)), ("ms", .number(ms))]), lines: lines,
      goals: [
        .time("(e) build 10,000 routes ≤ 4 ms", measured: String(format: "%.2f ms", ms), value: ms * 1e6, limit: 4e6)
      ])
  }
}

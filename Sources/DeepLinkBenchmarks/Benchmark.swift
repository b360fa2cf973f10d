import Foundation

/// One part of the benchmark: it measures, then reports its figures, table lines and goals.
///
/// To add a measurement (the composed decision, `deeplink check` throughput…), write a type
/// conforming to this protocol in its own file and list it in `main.swift`; its report becomes
/// a key of the `--json` object and a block of the table.
protocol BenchmarkSection {
  /// The section's key in the `--json` object, also the name `--only` takes.
  var key: String { get }
  /// Runs the measurements.
  func run(_ context: BenchmarkContext) -> SectionReport
}

/// What every section shares: the run's options, the harness, the sink and the routes.
struct BenchmarkContext {
  /// `--quick`: fewer samples and lookups, for a smoke run.
  let quick: Bool
  /// The harness for fast subjects (many samples).
  let harness: Harness
  /// Where every result goes.
  let sink: Sink
  /// The largest generated route set; a smaller table uses a prefix of it.
  let routes: [GeneratedRoute]

  /// Notes progress on standard error, so standard output stays the table or the JSON.
  func progress(_ message: String) {
    FileHandle.standardError.write(Data(("deeplink-bench: " + message + "\n").utf8))
  }
}

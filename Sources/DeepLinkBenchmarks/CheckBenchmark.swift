import Foundation

/// (g): `deeplink check --format jsonl` throughput: the release binary, spawned over a file of
/// 1,000,000 market links, output to `/dev/null`.
struct CheckBenchmark: BenchmarkSection {
  let key = "check"
  static let links = 1_000_000
  static let goal = 500_000.0

  func run(_ context: BenchmarkContext) -> SectionReport {
    let count = context.quick ? 100_000 : Self.links
    let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
      "deeplink")
    guard FileManager.default.isExecutableFile(atPath: tool.path) else {
      let note = "(g) check: `deeplink` is not built next to deeplink-bench; run `swift build -c release` first"
      return SectionReport(key: "check", json: .object([("links", .int(0))]), lines: [note], goals: [])
    }
    context.progress("check: \(count) links through `deeplink check --market CA --format jsonl`")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("deeplink-bench-\(getpid()).txt")
    defer { try? FileManager.default.removeItem(at: file) }
    _ = FileManager.default.createFile(atPath: file.path, contents: Self.input(count: count))

    let process = Process()
    process.executableURL = tool
    process.arguments = ["check", "--market", "CA", "--format", "jsonl", file.path]
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    let started = ContinuousClock.now
    do {
      try process.run()
    } catch {
      return SectionReport(
        key: "check", json: .object([]), lines: ["(g) check: cannot run \(tool.path): \(error)"], goals: [])
    }
    process.waitUntilExit()
    let seconds = (ContinuousClock.now - started).nanoseconds / 1e9
    let rate = Double(count) / seconds
    let lines = [
      "(g) `deeplink check --market CA --format jsonl` over \(Format.count(count)) links, output to /dev/null",
      "  " + String(format: "%.2f s, %.0f links/s", seconds, rate) + " (process start and file read included)",
    ]
    return SectionReport(
      key: "check", json: .object([("links", .int(count)), ("linksPerSecond", .number(rate))]), lines: lines,
      goals: [
        Goal(
          name: "(g) check ≥ 500,000 links/s", measured: String(format: "%.0f links/s", rate), met: rate >= Self.goal)
      ])
  }

  /// A reproducible mix: CA web paths and scheme links, platform links, foreign and hostile links.
  static func input(count: Int) -> Data {
    let shapes: [(Int) -> String] = [
      { "https://shop.example.ca/en/ip/desk/\($0)" },
      { "https://shop.example.ca/fr/ip/bureau/\($0)?utm_source=mail" },
      { _ in "https://shop.example.ca/fr/panier" },
      { "https://www.shop.example.ca/fr/recherche?q=chaise\($0 % 97)" },
      { "https://shop.example.ca/en/flyer/\($0 % 1000)" },
      { "shopca://ca/product/\($0)" },
      { "shop://product/\($0)\t/product/{id}" },
      { "https://shop.example.com/ip/desk/\($0)" },
      { "shop://productlist/\($0 % 50)/productdetail/\($0)" },
      { "https://shop.example.com.mx/producto/escritorio/\($0)" },
      { _ in "https://shop.example.ca/fr/aide" },
      { "https://shop.example.ca/en/account/orders/\($0)?token=abc\($0)" },
      { _ in "javascript:alert(1)" },
    ]
    var text = ""
    text.reserveCapacity(count * 48)
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for index in 0..<count {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      text += shapes[Int(state >> 33) % shapes.count](index)
      text += "\n"
    }
    return Data(text.utf8)
  }
}

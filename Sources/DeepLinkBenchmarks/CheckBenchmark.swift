import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// (g): `deeplink check --format jsonl` throughput: the release binary, spawned over a file of
/// 1,000,000 market links, output to a file.
///
/// The run is verified before a rate is reported: the process must exit normally with status 1
/// (the mix holds invalid links, so `check` reports failing lines) and write exactly one line per
/// input line; anything else — a crash, a signal, a short output — is reported as a failure, never
/// as a rate. *Per core* is links per CPU second of the `deeplink` process (user + system time,
/// from `getrusage(RUSAGE_CHILDREN)`), so it does not depend on how many cores the pipeline used.
struct CheckBenchmark: BenchmarkSection {
  let key = "check"
  static let links = 1_000_000
  /// Links per CPU second.
  static let goal = 400_000.0
  /// `check`'s exit status for the mix: 1, because it holds links that are not routed or external.
  static let expectedStatus: Int32 = 1

  func run(_ context: BenchmarkContext) -> SectionReport {
    let count = context.quick ? 100_000 : Self.links
    let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
      "deeplink")
    guard FileManager.default.isExecutableFile(atPath: tool.path) else {
      let note = "(g) check: `deeplink` is not built next to deeplink-bench; run `swift build -c release` first"
      return SectionReport(key: "check", json: .object([("links", .int(0))]), lines: [note], goals: [])
    }
    context.progress("check: \(count) links through `deeplink check --market CA --format jsonl`")
    let directory = FileManager.default.temporaryDirectory
    let file = directory.appendingPathComponent("deeplink-bench-\(getpid()).txt")
    let output = directory.appendingPathComponent("deeplink-bench-\(getpid()).jsonl")
    defer {
      try? FileManager.default.removeItem(at: file)
      try? FileManager.default.removeItem(at: output)
    }
    _ = FileManager.default.createFile(atPath: file.path, contents: Self.input(count: count))
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)

    let process = Process()
    process.executableURL = tool
    process.arguments = ["check", "--market", "CA", "--format", "jsonl", file.path]
    process.standardOutput = FileHandle(forWritingAtPath: output.path)
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    let cpuBefore = Self.childrenCPUSeconds()
    let started = ContinuousClock.now
    do {
      try process.run()
    } catch {
      return failure("cannot run \(tool.path): \(error)")
    }
    process.waitUntilExit()
    let seconds = (ContinuousClock.now - started).nanoseconds / 1e9
    let cpuSeconds = Self.childrenCPUSeconds() - cpuBefore

    guard process.terminationReason == .exit else {
      return failure("`deeplink check` was killed by signal \(process.terminationStatus)")
    }
    guard process.terminationStatus == Self.expectedStatus else {
      return failure("`deeplink check` exited with \(process.terminationStatus), expected \(Self.expectedStatus)")
    }
    let outputLines = Self.lineCount(output.path)
    guard outputLines == count else {
      return failure("`deeplink check` wrote \(outputLines) lines for \(count) links")
    }

    let rate = Double(count) / seconds
    let perCore = Double(count) / cpuSeconds
    let lines = [
      "(g) `deeplink check --market CA --format jsonl` over \(Format.count(count)) links, output to a file",
      "  " + String(format: "%.2f s, %.0f links/s in total", seconds, rate)
        + " (process start and file read included); "
        + String(format: "%.2f CPU s, %.0f links/s per core", cpuSeconds, perCore),
      "  verified: exit status \(Self.expectedStatus), \(Format.count(outputLines)) output lines for \(Format.count(count)) links",
    ]
    return SectionReport(
      key: "check",
      json: .object([
        ("links", .int(count)), ("linksPerSecond", .number(rate)), ("linksPerSecondPerCore", .number(perCore)),
      ]),
      lines: lines,
      goals: [
        .rate(
          "(g) check ≥ 400,000 links/s per core", measured: String(format: "%.0f links/s", perCore), value: perCore,
          limit: Self.goal)
      ])
  }

  private func failure(_ message: String) -> SectionReport {
    SectionReport(
      key: "check", json: .object([("links", .int(0)), ("error", .string(message))]),
      lines: ["(g) check: FAILED: " + message],
      goals: [Goal(name: "(g) check ≥ 400,000 links/s per core", measured: "failed: " + message, met: false)])
  }

  /// User plus system CPU seconds of the children waited for so far.
  private static func childrenCPUSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    #else
      getrusage(RUSAGE_CHILDREN, &usage)
    #endif
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// The newline bytes in the file at `path`.
  private static func lineCount(_ path: String) -> Int {
    guard let data = FileManager.default.contents(atPath: path) else { return 0 }
    return data.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
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

import Foundation

/// The run of a reference benchmark (`--reference BIN`) that says how much slower or faster this
/// machine is than the one the goals were set on.
///
/// The goals were set on a machine where commit `efedfbf`'s own `deeplink-bench` showed table
/// lookups of 63–172 ns, decide 810 ns and a build of 10,000 routes in 5 ms. Running that
/// benchmark here, just before this one, gives four ratios (fastest lookup, slowest lookup,
/// decide, build, each over the goal machine's figure); their geometric mean is the scale. Time
/// limits are multiplied by it and rate floors divided by it; shares and sizes stay as they are.
struct Reference {
  /// The goal machine's figures for `efedfbf`'s benchmark.
  static let goalMachine = (fastestLookup: 63.0, slowestLookup: 172.0, decide: 810.0, buildMs: 5.0)

  let binary: String
  /// The reference's table lookups, one per size, in nanoseconds.
  let lookups: [Double]
  let decide: Double
  let buildMs: Double

  /// Fastest lookup, slowest lookup, decide and build, each over the goal machine's.
  var ratios: [Double] {
    let goal = Self.goalMachine
    return [
      (lookups.min() ?? .nan) / goal.fastestLookup, (lookups.max() ?? .nan) / goal.slowestLookup,
      decide / goal.decide, buildMs / goal.buildMs,
    ]
  }

  /// The geometric mean of ``ratios``.
  var scale: Double { exp(ratios.map(log).reduce(0, +) / Double(ratios.count)) }

  enum Failure: Error, CustomStringConvertible {
    case cannotRun(String, String)
    case exited(String, Int32)
    case killed(String, Int32)
    case unreadable(String, String)

    var description: String {
      switch self {
      case .cannotRun(let binary, let error): "cannot run \(binary): \(error)"
      case .exited(let binary, let status): "\(binary) exited with status \(status)"
      case .killed(let binary, let signal): "\(binary) was killed by signal \(signal)"
      case .unreadable(let binary, let what): "\(binary) printed no \(what) in its --json output"
      }
    }
  }

  /// Runs `binary` (a build of `efedfbf`'s `deeplink-bench`) on its lookup, decide and build
  /// sections, with `--quick` for a quick run, and reads its figures from its JSON.
  static func run(binary: String, quick: Bool) throws(Failure) -> Reference {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["--json", "--only", "lookup,decide,build"] + (quick ? ["--quick"] : [])
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw .cannotRun(binary, "\(error)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationReason == .exit else { throw .killed(binary, process.terminationStatus) }
    guard process.terminationStatus == 0 else { throw .exited(binary, process.terminationStatus) }
    guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
      throw .unreadable(binary, "JSON object")
    }
    let lookups = (object["lookup"] as? [[String: Any]] ?? [])
      .filter { $0["engine"] as? String == "table" }
      .compactMap { $0["nsPerOp"] as? Double }
    guard !lookups.isEmpty else { throw .unreadable(binary, "table lookups") }
    guard let decide = (object["decide"] as? [String: Any])?["nsPerOp"] as? Double else {
      throw .unreadable(binary, "decide figure")
    }
    guard let buildMs = (object["build"] as? [String: Any])?["ms"] as? Double else {
      throw .unreadable(binary, "build figure")
    }
    return Reference(binary: binary, lookups: lookups, decide: decide, buildMs: buildMs)
  }

  /// The lines the table shows before this run's sections.
  var lines: [String] {
    [
      "Reference: \(binary) --json --only lookup,decide,build, run just before this benchmark",
      "  table lookups " + lookups.map(Format.time).joined(separator: ", ") + "; decide " + Format.time(decide)
        + "; build 10,000 routes " + String(format: "%.2f ms", buildMs),
      "  over the goal machine's (" + Format.time(Self.goalMachine.fastestLookup) + ", "
        + Format.time(Self.goalMachine.slowestLookup) + ", " + Format.time(Self.goalMachine.decide) + ", "
        + String(format: "%.0f ms", Self.goalMachine.buildMs) + "): "
        + ratios.map { String(format: "%.2f", $0) }.joined(separator: ", ") + "; scale (geometric mean) "
        + String(format: "%.2f", scale),
    ]
  }

  var json: JSON {
    .object([
      ("binary", .string(binary)), ("lookupNs", .array(lookups.map(JSON.number))), ("decideNs", .number(decide)),
      ("buildMs", .number(buildMs)), ("scale", .number(scale)),
    ])
  }
}

import DeepLinkComposition
import DeepLinkCore
import Foundation
import PlatformLinks

/// (l) Launch: what an app pays before its first link, composing the router.
///
/// For every market of the catalogue: composing the platform with the market and deciding the first
/// link, and the heap the composed configuration keeps. For a generated market of 100, 1,000 and
/// 10,000 rules (``GeneratedMarket``) against the platform and the catalogue: composing it, every
/// check on, and the cost per rule above a market of no rules, which must not grow with the rules.
/// Before timing, each market is checked: CA and MX decide `shop://cart` as `/cart`, each
/// generated market composes without a problem, and the same market with a planted takeover of a
/// platform link is refused for exactly that rule.
///
/// Instruction counts come from `scripts/icount.sh launch` (a cold `deeplink route` process, and
/// this section under callgrind); a full run asks the script and prints them beside the times.
struct LaunchBenchmark: BenchmarkSection {
  let key = "launch"
  static let markets = MarketCatalogue.ids
  static let sizes = [100, 1_000, 10_000]
  static let firstLink = "shop://cart"
  /// Goals, in instructions (`scripts/icount.sh launch`): composing a real market and deciding
  /// the first link, in a fresh process; per rule, the largest of the three sizes over the smallest.
  static let marketGoal = 2_000_000
  static let perRuleSpreadGoal = 1.5

  func run(_ context: BenchmarkContext) -> SectionReport {
    var harness = context.harness
    harness.targetSampleTime = .zero
    harness.warmupTime = .milliseconds(context.quick ? 10 : 100)
    let sink = context.sink
    var lines = [
      "(l) Launch: compose the platform with a market and decide the first link (`\(Self.firstLink)`);",
      "    a generated market of n rules against the platform and the catalogue (every check on)",
    ]
    var json: [(String, JSON)] = []
    var failures: [String] = []

    // The real markets.
    var marketsJSON: [JSON] = []
    var marketTimes: [String: Double] = [:]
    for id in Self.markets {
      context.progress("launch: compose \(id) and decide \(Self.firstLink)")
      guard Self.composeAndDecide(id) == "/cart" else {
        failures.append("\(id) does not compose, or does not route \(Self.firstLink) to /cart")
        continue
      }
      let timing = harness.measure("launch compose \(id) and decide \(Self.firstLink)", operations: 1) {
        sink.consume(Self.composeAndDecide(id)?.utf8.count ?? -1)
      }
      marketTimes[id] = timing.median
      marketsJSON.append(.object([("market", .string(id)), ("nsPerLaunch", .number(timing.median))]))
    }

    // The heap the composed CA configuration keeps.
    var retained: Int? = nil
    if let before = MemoryBenchmark.heapInUse(), let configuration = try? DeepLinkAssembly.configuration(market: "CA") {
      let after = MemoryBenchmark.heapInUse() ?? before
      retained = after - before
      withExtendedLifetime(configuration) { sink.consume(configuration.routeDescriptions.count) }
    }

    // Generated markets: an empty one for the fixed cost, then each size.
    var generatedTimes: [Int: Double] = [:]
    for rules in [0] + Self.sizes {
      context.progress("launch: compose a generated market of \(rules) rules")
      let market = GeneratedMarket(id: "G", rules: rules)
      let composer = MarketComposer(catalogue: MarketCatalogue.markets + [market])
      let clean = composer.problems(of: market)
      let planted = GeneratedMarket(id: "G", rules: rules, takeover: true)
      let found = MarketComposer(catalogue: MarketCatalogue.markets + [planted]).problems(of: planted)
      guard clean.isEmpty else {
        failures.append("the generated market of \(rules) rules has problems: \(clean.prefix(2))")
        continue
      }
      guard Self.isExactlyTheTakeover(found) else {
        failures.append("the planted takeover among \(rules) rules was not found exactly: \(found.prefix(2))")
        continue
      }
      let timing = harness.measure(
        "launch compose generated \(rules) rules", operations: 1, samples: context.quick ? 2 : rules >= 10_000 ? 5 : nil
      ) {
        sink.consume((try? composer.configuration(for: market))?.routeDescriptions.count ?? -1)
      }
      generatedTimes[rules] = timing.median
    }

    let counts = context.quick || harness.counting ? nil : InstructionCounts.launch()
    lines += Self.marketLines(times: marketTimes, counts: counts, retained: retained)
    let (generatedLines, generatedJSON, spread) = Self.generatedLines(times: generatedTimes, counts: counts)
    lines += generatedLines
    lines += failures.map { "  FAILED: \($0)" }
    if counts == nil {
      lines.append(
        "  instructions: not counted in this run ("
          + (context.quick ? "--quick" : "valgrind or scripts/icount.sh missing")
          + "); `scripts/icount.sh launch` counts them")
    }

    json.append(("markets", .array(marketsJSON)))
    if let retained { json.append(("retainedBytesCA", .int(retained))) }
    json.append(("generated", .array(generatedJSON)))
    if let counts {
      json.append(("instructions", .object(counts.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })))
    }
    if !failures.isEmpty { json.append(("error", .string(failures.joined(separator: "; ")))) }

    var goals: [Goal] = []
    if let counts {
      for id in Self.markets {
        guard let count = counts["cold.\(id)"] else { continue }
        goals.append(
          Goal(
            name: "(l) compose \(id) and decide the first link ≤ 2.0 M instructions (cold `deeplink route`)",
            measured: Format.count(count), met: count <= Self.marketGoal))
      }
      if let spread {
        goals.append(
          Goal(
            name: "(l) instructions per rule at 100, 1,000, 10,000 rules within 1.5×",
            measured: String(format: "%.2f×", spread), met: spread <= Self.perRuleSpreadGoal))
      }
    }
    goals.append(
      Goal(
        name: "(l) generated markets clean, planted takeovers found", measured: failures.isEmpty ? "yes" : "no",
        met: failures.isEmpty))
    return SectionReport(key: key, json: .object(json), lines: lines, goals: goals)
  }

  /// Composes `id` with the platform and decides the first link; its route, or `nil`.
  static func composeAndDecide(_ id: String) -> String? {
    guard let configuration = try? DeepLinkAssembly.configuration(market: id) else {
      return nil
    }
    return configuration.decide(firstLink).route?.description
  }

  /// Whether `problems` is the planted takeover and nothing else, naming the platform's rule.
  static func isExactlyTheTakeover(_ problems: [CompositionProblem]) -> Bool {
    !problems.isEmpty
      && problems.allSatisfy {
        guard case .capturesPlatformLink = $0 else { return false }
        return $0.description.contains(GeneratedMarket.takeover.pattern)
      }
  }

  private static func marketLines(times: [String: Double], counts: [String: Int]?, retained: Int?) -> [String] {
    var lines: [String] = []
    for id in markets {
      guard let time = times[id] else { continue }
      var line = "  \(id): " + Format.time(time) + " in process (after a warm-up)"
      if let cold = counts?["cold.\(id)"] { line += "; \(Format.count(cold)) instructions cold (`deeplink route`)" }
      if let warm = counts?["warm.\(id)"] { line += ", \(Format.count(warm)) in process" }
      lines.append(line)
    }
    if let retained {
      lines.append(
        "  heap kept by the composed CA configuration: \(Format.count(retained)) bytes [\(MemoryBenchmark.method)]")
    }
    return lines
  }

  private static func generatedLines(
    times: [Int: Double], counts: [String: Int]?
  ) -> (lines: [String], json: [JSON], spread: Double?) {
    var lines: [String] = []
    var json: [JSON] = []
    var perRuleCounts: [Double] = []
    let emptyTime = times[0]
    let emptyCount = counts?["generated.0"]
    if let emptyTime {
      var line = "  generated market of 0 rules: " + Format.time(emptyTime)
      if let emptyCount { line += ", \(Format.count(emptyCount)) instructions" }
      lines.append(line)
    }
    for rules in sizes {
      guard let time = times[rules] else { continue }
      var line = "  \(Format.count(rules)) rules: " + Format.time(time)
      var entry: [(String, JSON)] = [("rules", .int(rules)), ("nsPerCompose", .number(time))]
      if let emptyTime {
        let perRule = (time - emptyTime) / Double(rules)
        line += ", " + Format.time(perRule) + " a rule"
        entry.append(("nsPerRule", .number(perRule)))
      }
      if let count = counts?["generated.\(rules)"], let emptyCount {
        let perRule = Double(count - emptyCount) / Double(rules)
        perRuleCounts.append(perRule)
        line += "; \(Format.count(count)) instructions, \(Format.count(Int(perRule.rounded()))) a rule"
        entry.append(("instructionsPerRule", .number(perRule)))
      }
      lines.append(line)
      json.append(.object(entry))
    }
    lines.append("    (a rule's cost: the market's above the same market with no rules)")
    let spread =
      perRuleCounts.count == sizes.count ? (perRuleCounts.max() ?? 0) / max(perRuleCounts.min() ?? 1, 1) : nil
    return (lines, json, spread)
  }
}

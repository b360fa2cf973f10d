import Foundation

// deeplink-bench: measures the route table, the link parser and the table build against
// baselines, and prints a readable table (default) or one JSON object (`--json`).
//
//   swift run -c release deeplink-bench [--quick] [--json] [--only KEY[,KEY…]] [--reference BIN]

let usage =
  "usage: deeplink-bench [--quick] [--json] [--instructions] [--only KEY[,KEY…]] [--reference BIN] | --check-input N"
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("deeplink-bench: \(message)\n\(usage)\n".utf8))
  exit(64)
}
var arguments = Set<String>()
var only: Set<String>? = nil
var referenceBinary: String? = nil
var remaining = CommandLine.arguments.dropFirst()[...]
while let argument = remaining.popFirst() {
  if argument == "--only" {
    guard let keys = remaining.popFirst() else { fail("--only needs a section key") }
    only = Set(keys.split(separator: ",").map(String.init))
  } else if argument == "--reference" {
    guard let binary = remaining.popFirst() else { fail("--reference needs the path of efedfbf's deeplink-bench") }
    referenceBinary = binary
  } else if argument == "--check-input" {
    // The links `check` decides, for profiling `deeplink check` on its own (scripts/icount.sh).
    guard let text = remaining.popFirst(), let count = Int(text), count > 0 else { fail("--check-input needs a count") }
    FileHandle.standardOutput.write(CheckBenchmark.input(count: count))
    exit(0)
  } else {
    arguments.insert(argument)
  }
}
if arguments.contains("--help") || arguments.contains("-h") {
  print(usage)
  print("  --quick  fewer samples and lookups: a smoke run, not figures to quote")
  print("  --json   one JSON object on standard output instead of the table")
  print("  --only   run only these sections, by JSON key: lookup, endToEnd, parse, build, memory,")
  print("           decide, hostileDecide, check, compose, launch (goals of the other sections are then not reported)")
  print("  --instructions  one warm-up and one pass per measurement, baselines skipped, each")
  print("           measurement named on standard error: for scripts/icount.sh, not for timing")
  print("  --reference BIN  first run BIN, a build of efedfbf's deeplink-bench, and judge the goals")
  print("           also against limits scaled by how this machine compares with the goal machine")
  print("  --check-input N  print the N links the check section decides, and exit")
  exit(0)
}
if let unknown = arguments.subtracting(["--quick", "--json", "--instructions"]).first {
  fail("unknown option \(unknown)")
}
let counting = arguments.contains("--instructions")
let quick = arguments.contains("--quick") || counting
if counting && referenceBinary != nil { fail("--reference times a run; it cannot be counted") }

var harness =
  quick
  ? Harness(samples: 5, targetSampleTime: .milliseconds(5), warmupTime: .milliseconds(10))
  : Harness(samples: 15, targetSampleTime: .milliseconds(20), warmupTime: .milliseconds(100))
harness.counting = counting
let sink = Sink()
// The reference runs first, alone, so both benchmarks see the machine as it is at that moment.
var reference: Reference? = nil
if let referenceBinary {
  FileHandle.standardError.write(Data("deeplink-bench: reference run of \(referenceBinary)\n".utf8))
  do {
    reference = try Reference.run(binary: referenceBinary, quick: quick)
  } catch {
    FileHandle.standardError.write(Data("deeplink-bench: \(error)\n".utf8))
    exit(1)
  }
}
let started = ContinuousClock.now
let context = BenchmarkContext(
  quick: quick, harness: harness, sink: sink,
  // Generated only for the sections that read them (a run of `launch` alone, under callgrind, skips them).
  routes: only.map { !$0.isDisjoint(with: ["lookup", "endToEnd", "build", "memory", "compose"]) } ?? true
    ? RouteGenerator.routes(count: LookupBenchmark.sizes.max() ?? 100_000) : [])

// The sections, in output order: (d) the composed decision (key "decide") and (g) `deeplink check`
// throughput (key "check", which spawns the release `deeplink` built next to this binary).
let sections: [any BenchmarkSection] = [
  LookupBenchmark(),
  EndToEndBenchmark(),
  ParseBenchmark(),
  BuildBenchmark(),
  MemoryBenchmark(),
  DecideBenchmark(),
  HostileDecideBenchmark(),
  CheckBenchmark(),
  ComposeBenchmark(),
  LaunchBenchmark(),
]
if let only, let unknown = only.subtracting(sections.map(\.key)).first { fail("no section \(unknown)") }
let reports = sections.filter { only?.contains($0.key) ?? true }.map { $0.run(context) }

if arguments.contains("--json") {
  print(Output.json(reports, reference: reference))
} else {
  #if DEBUG
    let configuration = "DEBUG build: figures are meaningless, use -c release"
  #else
    let configuration = "release build"
  #endif
  let seconds = (ContinuousClock.now - started).nanoseconds / 1e9
  let header = [
    "deeplink-bench " + (quick ? "--quick (smoke run: few samples)" : "(full run)") + ", " + configuration,
    "machine: \(Machine.cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
      + "\(ProcessInfo.processInfo.physicalMemory >> 30) GiB, \(Machine.system)",
    "harness: \(harness.samples) samples of ≥ \(harness.targetSampleTime) after \(harness.warmupTime) warm-up "
      + "(slow baselines: 3 samples), medians; ContinuousClock; run took " + String(format: "%.1f s", seconds),
  ]
  print(
    Output.table(reports, header: header + (reference.map { [""] + $0.lines } ?? []), reference: reference, sink: sink))
}

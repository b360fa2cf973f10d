import Foundation

/// Instruction counts from `scripts/icount.sh`, for sections whose goals are counts.
///
/// The script runs callgrind (a run of this benchmark with `--instructions`, and for `launch` a
/// cold `deeplink route` process against `deeplink --version`); with `ICOUNT_PAIRS=1` it prints
/// one `key count` line per figure, which this reads. The script is found beside the sources
/// this benchmark was built from, and counts the binaries beside this one.
enum InstructionCounts {
  /// The `launch` counts (`cold.CA`, `warm.CA`, `generated.100`…), or `nil` when the script,
  /// valgrind or the release `deeplink` is missing, or the script fails.
  static func launch() -> [String: Int]? {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("scripts/icount.sh")
    guard FileManager.default.isExecutableFile(atPath: script.path) else { return nil }
    let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    FileHandle.standardError.write(
      Data("deeplink-bench: launch: counting instructions with \(script.path) launch\n".utf8))
    let process = Process()
    process.executableURL = script
    process.arguments = ["launch"]
    var environment = ProcessInfo.processInfo.environment
    environment["ICOUNT_PAIRS"] = "1"
    environment["BIN"] = binaries.path
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      return nil
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    var counts: [String: Int] = [:]
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count == 2, let count = Int(fields[1]) else { continue }
      counts[String(fields[0])] = count
    }
    return counts.isEmpty ? nil : counts
  }
}

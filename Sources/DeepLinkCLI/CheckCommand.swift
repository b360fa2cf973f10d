import DeepLinkCore
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `deeplink check [--market ID] [--format text|jsonl] [FILE|-]`: decides a stream of links.
///
/// Lines are read in batches through a fixed buffer; each batch is split between the machine's
/// cores, each deciding its share with the pure configuration into its own reused byte buffer;
/// the buffers are written in input order, so the output is the same as a single thread's.
enum CheckCommand {
  /// Lines decided per batch.
  static let batchSize = 16_384

  static func run(_ parsed: ParsedCommand, environment: ToolEnvironment) throws -> ExitStatus {
    let selection = try MarketSelection.resolve(parsed)
    let jsonLines = parsed.value("--format") == "jsonl"
    let path = parsed.positionals.first ?? "-"
    let descriptor: Int32
    if path == "-" {
      descriptor = environment.standardInput
    } else {
      descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else {
        throw CommandFailure(
          message: "cannot read `\(path)`: \(ReadFailure(code: errno).message)", status: .unreadableInput)
      }
    }
    defer { if path != "-" { close(descriptor) } }

    let reader = LineReader(descriptor: descriptor)
    let workerCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
    var workers = (0..<workerCount).map { _ in CheckWorker(selection: selection, jsonLines: jsonLines) }
    var tally = CheckTally()
    let progress = CheckProgress(output: environment.standardError, enabled: environment.errorIsTerminal)
    var lines: [CheckLine] = []
    lines.reserveCapacity(batchSize)
    var more = true
    while more {
      lines.removeAll(keepingCapacity: true)
      do {
        more = try reader.read(into: &lines, limit: batchSize)
      } catch {
        environment.standardOutput.flush()
        progress.finish()
        throw CommandFailure(message: "cannot read `\(path)`: \(error.message)", status: .unreadableInput)
      }
      guard !lines.isEmpty else { continue }
      let shares = lines.count < 2_048 ? 1 : workerCount
      let shareSize = (lines.count + shares - 1) / shares
      lines.withUnsafeBufferPointer { batch in
        workers.withUnsafeMutableBufferPointer { workers in
          if shares == 1 {
            workers[0].decide(batch[...])
          } else {
            let shared = BatchShares(batch: batch, workers: workers)
            DispatchQueue.concurrentPerform(iterations: shares) { share in
              let range = (share * shareSize)..<min(shared.batch.count, (share + 1) * shareSize)
              shared.workers[share].decide(shared.batch[range])
            }
          }
        }
      }
      for index in 0..<shares {
        environment.standardOutput.write(workers[index].output)
        tally.merge(workers[index].tally)
        workers[index].reset()
      }
      progress.update(links: tally.links)
    }
    environment.standardOutput.flush()
    progress.finish()
    environment.standardError.write(tally.summary(seconds: progress.elapsed))
    return tally.failingLines == 0 ? .success : .failure
  }
}

/// A batch and the workers' slots, handed to `concurrentPerform`.
///
/// `@unchecked Sendable` is safe here: during `concurrentPerform` the batch is only read, and
/// iteration `share` mutates only `workers[share]`, a slot no other iteration touches;
/// `concurrentPerform` returns once every iteration has ended, before the buffers go away.
private struct BatchShares: @unchecked Sendable {
  let batch: UnsafeBufferPointer<CheckLine>
  let workers: UnsafeMutableBufferPointer<CheckWorker>
}

/// Decides a share of a batch into its own buffer and tally.
struct CheckWorker {
  let selection: MarketSelection
  let jsonLines: Bool
  private(set) var json = JSONWriter(capacity: 1 << 20)
  private(set) var tally = CheckTally()
  private var names = SafeText.NameCache()

  init(selection: MarketSelection, jsonLines: Bool) {
    self.selection = selection
    self.jsonLines = jsonLines
  }

  /// The bytes written since the last ``reset()``.
  var output: [UInt8] { json.bytes }

  mutating func reset() {
    json.reset()
    tally = CheckTally()
  }

  /// Decides `lines` as links from outside the app and writes one result per line.
  ///
  /// - Complexity: O(*n*) in the total length of the lines.
  mutating func decide(_ lines: Slice<UnsafeBufferPointer<CheckLine>>) {
    let configuration = selection.configuration
    let market = selection.id
    for line in lines {
      let decision = configuration.decide(line.link)
      tally.links += 1
      tally.byOutcome[decision.outcome.index] += 1
      var failure: String? = nil
      if let expected = line.expected {
        tally.expectations += 1
        if !Expectation.isMet(expected, by: decision) {
          tally.unmetExpectations += 1
          failure = "expected \(expected), got \(describe(decision))"
        }
      }
      if failure == nil, decision.outcome != .routed, decision.outcome != .external {
        failure = describe(decision)
      }
      if jsonLines {
        DecisionReport(decision, market: market, names: &names).write(to: &json)
        json.raw(0x0A)
      } else {
        writeText(decision, failure: failure)
      }
      if let failure {
        tally.failingLines += 1
        if tally.failures.count < CheckTally.listedFailures {
          tally.failures.append((line.number, "\(failure): \(SafeText.url(of: decision, names: &names))"))
        }
      }
    }
  }

  private func describe(_ decision: DeepLinkDecision) -> String {
    decision.outcome == .routed
      ? "routed to \(decision.route ?? "?")" : decision.outcome.rawValue + (decision.reason.map { " (\($0))" } ?? "")
  }

  /// `outcome  route-or-reason  url`, and what failed.
  private mutating func writeText(_ decision: DeepLinkDecision, failure: String?) {
    var line = decision.outcome.rawValue.padded(to: 10)
    line += (decision.route ?? decision.reason ?? "").padded(to: 28)
    line += SafeText.url(of: decision, names: &names)
    if let failure { line += "  ✗ " + failure }
    line += "\n"
    json.raw(contentsOf: line)
  }
}

/// Progress on a terminal's standard error for long runs: links so far and the rate.
final class CheckProgress {
  private let output: ByteOutput
  private let enabled: Bool
  private let start = DispatchTime.now().uptimeNanoseconds
  private var lastShown: UInt64 = 0
  private var shown = false

  init(output: ByteOutput, enabled: Bool) {
    self.output = output
    self.enabled = enabled
  }

  /// Seconds since the run started.
  var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

  /// Shows the count at most five times a second, once the run has lasted half a second.
  func update(links: Int) {
    guard enabled else { return }
    let now = DispatchTime.now().uptimeNanoseconds
    guard now - start > 500_000_000, now - lastShown > 200_000_000 else { return }
    lastShown = now
    shown = true
    let rate = Int(Double(links) / (Double(now - start) / 1e9))
    output.write("\r\u{1B}[Kchecking: \(links) links, \(rate) links/s")
    output.flush()
  }

  /// Clears the progress line.
  func finish() {
    guard shown else { return }
    output.write("\r\u{1B}[K")
    output.flush()
    shown = false
  }
}

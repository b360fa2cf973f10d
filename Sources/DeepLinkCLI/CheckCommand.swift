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
/// A pipeline: this thread reads lines in batches through a fixed buffer and hands each batch to
/// a worker thread, which decides it into the batch's own reused byte buffer; meanwhile this
/// thread reads the next batches and writes the decided ones in input order, so the output is the
/// same as a single thread's. At most ``batchesInFlight(workers:)`` batches exist at a time.
enum CheckCommand {
  /// Lines per batch: small enough that the cores share the work evenly, large enough that
  /// handing a batch over costs nothing in comparison.
  static let batchSize = 4_096

  /// The link and expectation bytes a batch holds at most (plus one line): with lines of any
  /// length, a batch stays small, so memory is bounded by ``batchesInFlight(workers:)`` times this,
  /// not by the input's line lengths (`Docs/CLI.md`, "Memory").
  static let batchByteBudget = 256 * 1024

  /// The most worker threads, whatever the core count.
  static let maximumWorkers = 8

  /// Batches read, being decided or waiting to be written: two per core keeps every core busy
  /// while this thread reads and writes.
  static func batchesInFlight(workers: Int) -> Int { 2 * workers + 2 }

  static func run(_ parsed: ParsedCommand, environment: ToolEnvironment) throws -> ExitStatus {
    let selection = try MarketSelection.resolve(parsed, environment: environment)
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

    var reader = LineReader(descriptor: descriptor)
    let workerCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, maximumWorkers))
    let capacity = batchesInFlight(workers: workerCount)
    let workers = DispatchQueue.global()
    var tally = CheckTally()
    let progress = CheckProgress(output: environment.standardError, enabled: environment.errorIsTerminal)
    var spare: [CheckBatch] = []
    var inFlight: [CheckBatch] = []  // in input order

    func write(_ batch: CheckBatch) {
      batch.withContents { contents in
        environment.standardOutput.write(contents.worker.output)
        tally.merge(contents.worker.tally)
        contents.worker.reset()
      }
      spare.append(batch)
      progress.update(links: tally.links)
    }
    func writeOldest() {
      let oldest = inFlight.removeFirst()
      oldest.decided.wait()
      write(oldest)
    }

    var more = true
    while more {
      while let oldest = inFlight.first, oldest.decided.wait(timeout: .now()) == .success {
        inFlight.removeFirst()
        write(oldest)
      }
      if spare.isEmpty && inFlight.count >= capacity { writeOldest() }
      let batch = spare.popLast() ?? CheckBatch(selection: selection, jsonLines: jsonLines)
      let count: Int
      do throws(ReadFailure) {
        (more, count) = try batch.withContents { contents throws(ReadFailure) in
          contents.lines.removeAll()
          let more = try reader.read(into: &contents.lines, limit: batchSize, byteBudget: batchByteBudget)
          return (more, contents.lines.count)
        }
      } catch {
        while !inFlight.isEmpty { writeOldest() }
        environment.standardOutput.flush()
        progress.finish()
        throw CommandFailure(message: "cannot read `\(path)`: \(error.message)", status: .unreadableInput)
      }
      guard count > 0 else {
        spare.append(batch)
        continue
      }
      inFlight.append(batch)
      workers.async {
        batch.withContents { $0.worker.decide($0.lines) }
        batch.decided.signal()
      }
    }
    while !inFlight.isEmpty { writeOldest() }
    environment.standardOutput.flush()
    progress.finish()
    environment.standardError.write(tally.summary(seconds: progress.elapsed))
    return tally.failingLines == 0 ? .success : .failure
  }
}

/// A batch of `check` lines and the worker that decides them, handed between threads.
///
/// One owner at a time by protocol (the reading thread fills the lines, submits the batch, and
/// touches it again only after `decided`); the lock makes that safe to state to the compiler, and
/// costs one uncontended acquisition per batch of thousands of lines.
final class CheckBatch: Sendable {
  struct Contents: Sendable {
    var lines = CheckLines()
    var worker: CheckWorker
  }

  private let contents: Locked<Contents>
  /// Signalled once per submission, when the worker has decided every line.
  let decided = DispatchSemaphore(value: 0)

  init(selection: MarketSelection, jsonLines: Bool) {
    self.contents = Locked(Contents(worker: CheckWorker(selection: selection, jsonLines: jsonLines)))
  }

  /// Runs `body` with the batch's lines and worker.
  func withContents<Result, Failure: Error>(
    _ body: (inout Contents) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try contents.withLock(body)
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

import Foundation

/// The measuring harness: warm-up, calibrated repetitions, several timed samples, medians.
///
/// Every sample is timed with `ContinuousClock` (monotonic). A measured body performs a known
/// number of operations and hands every result to a ``Sink`` so the optimiser cannot drop the
/// work. A figure is the median over the samples of (sample time / operations in the sample).
struct Harness {
  /// How many timed samples each measurement takes.
  var samples: Int
  /// The shortest a sample should take; the body is repeated within a sample to reach it.
  var targetSampleTime: Duration
  /// How long to run the body before timing it (at least once, whatever this says).
  var warmupTime: Duration
  /// Instruction-count mode (`--instructions`, used by `scripts/icount.sh`): one warm-up call,
  /// then one sample of one call, whatever the other settings say, and a line on standard error
  /// naming the measurement and its operations, so that a profiler dumping at the end of each
  /// ``measuredRegion(repetitions:_:)`` can divide each dump by its operations.
  var counting = false

  /// Times `body`, which performs `operations` operations per call.
  ///
  /// - Parameters:
  ///   - label: names the measurement in instruction-count mode (`lookup table 1000`).
  ///   - operations: the operations one call of `body` performs (lookups, parses, builds).
  ///   - samples: overrides ``samples`` for slow subjects.
  /// - Returns: the median and spread per operation.
  func measure(_ label: String, operations: Int, samples: Int? = nil, _ body: () -> Void) -> Timing {
    let clock = ContinuousClock()
    if counting {
      body()
      let start = clock.now
      measuredRegion(repetitions: 1, body)
      let time = clock.now - start
      FileHandle.standardError.write(Data("deeplink-bench: counted \(label) operations=\(operations)\n".utf8))
      return Timing(perOperation: [time.nanoseconds / Double(operations)], operationsPerSample: operations)
    }
    // Warm-up, which also calibrates how many calls fill one sample.
    var calls = 0
    let warmupStart = clock.now
    var elapsed = Duration.zero
    repeat {
      body()
      calls += 1
      elapsed = clock.now - warmupStart
    } while elapsed < warmupTime
    let perCall = elapsed.nanoseconds / Double(calls)
    let repetitions = max(1, Int((targetSampleTime.nanoseconds / max(perCall, 1)).rounded(.up)))

    var perOperation: [Double] = []
    for _ in 0..<(samples ?? self.samples) {
      let start = clock.now
      measuredRegion(repetitions: repetitions, body)
      let time = clock.now - start
      perOperation.append(time.nanoseconds / Double(repetitions * operations))
    }
    return Timing(perOperation: perOperation, operationsPerSample: repetitions * operations)
  }
}

/// Every timed call of a measured body runs inside this function and nowhere else, so that
/// `valgrind --tool=callgrind --toggle-collect='*measuredRegion*' --dump-after='*measuredRegion*'`
/// counts exactly the timed work, one dump per sample (see `scripts/icount.sh`).
@inline(never)
func measuredRegion(repetitions: Int, _ body: () -> Void) {
  for _ in 0..<repetitions { body() }
}

/// The samples of one measurement, in nanoseconds per operation.
struct Timing {
  /// Every sample's time per operation.
  let perOperation: [Double]
  /// Operations timed in each sample.
  let operationsPerSample: Int

  /// The median time per operation, in nanoseconds.
  var median: Double { Self.median(perOperation) }

  /// The median absolute deviation relative to the median, as a fraction (0.02 is ±2 %).
  var relativeSpread: Double {
    let m = median
    guard m > 0 else { return 0 }
    return Self.median(perOperation.map { abs($0 - m) }) / m
  }

  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  }
}

/// Where every measured result goes, so the optimiser must compute it.
///
/// The accumulated checksum is printed with the results; `consume` is never inlined, so the
/// work feeding it cannot be proven dead.
final class Sink {
  private(set) var checksum: UInt64 = 0

  @inline(never)
  func consume(_ value: Int) {
    checksum = checksum &* 31 &+ UInt64(bitPattern: Int64(value))
  }
}

extension Duration {
  /// The duration in nanoseconds, as a `Double`.
  var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}

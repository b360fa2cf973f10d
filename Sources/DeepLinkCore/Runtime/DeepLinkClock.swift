/// The time source the pipeline's timeouts and durations use, injectable so tests never sleep.
public protocol DeepLinkClock: Sendable {
  /// The time elapsed since a fixed, arbitrary point.
  var now: Duration { get }
  /// Suspends for `duration`; throws `CancellationError` when the task is cancelled first.
  func sleep(for duration: Duration) async throws
}

/// The real clock: `ContinuousClock`.
package struct SystemDeepLinkClock: DeepLinkClock {
  private let origin = ContinuousClock.now

  /// Creates a clock whose ``now`` starts at zero.
  package init() {}

  package var now: Duration { ContinuousClock.now - origin }

  package func sleep(for duration: Duration) async throws {
    try await ContinuousClock().sleep(for: duration)
  }
}

import DeepLinkCore
import Foundation

/// A barrier whose answers a test controls: it passes outright, or asks and waits until the
/// test calls ``answer(_:times:)`` (or never, to test timeouts).
@MainActor
public final class ControlledBarrier: DeepLinkHandlingBarrier {
  /// The name routes refer to it by.
  public nonisolated let name: BarrierName
  /// How long a check may take.
  public nonisolated let checkTimeout: Duration
  /// Whether links pass without a check.
  public var isSatisfied: Bool
  /// The links checked so far.
  public private(set) var checkedLinks: [DeepLink] = []
  private var pending: [@Sendable (Bool) -> Void] = []
  /// Tasks in ``waitForChecks(_:)``: how many pending checks each waits for.
  private var checkWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  /// Creates a barrier.
  public nonisolated init(name: BarrierName, isSatisfied: Bool = false, checkTimeout: Duration = .seconds(60)) {
    self.name = name
    self.isSatisfied = isSatisfied
    self.checkTimeout = checkTimeout
  }

  /// `.passed` when ``isSatisfied``, else `.needToCheck`.
  public func status(for deepLink: DeepLink) -> DeepLinkBarrierStatus {
    isSatisfied ? .passed : .needToCheck
  }

  /// Records the check; the test answers it with ``answer(_:times:)``.
  public func performCheck(deepLink: DeepLink, completion: @escaping @Sendable (Bool) -> Void) {
    checkedLinks.append(deepLink)
    pending.append(completion)
    let count = pending.count
    let woken = checkWaiters.filter { $0.count <= count }
    checkWaiters.removeAll { $0.count <= count }
    for waiter in woken { waiter.continuation.resume() }
  }

  /// Answers every pending check (calling each completion `times` times, to test that extra
  /// calls are ignored).
  public func answer(_ passed: Bool, times: Int = 1) {
    let completions = pending
    pending = []
    for completion in completions {
      for _ in 0..<times { completion(passed) }
    }
  }

  /// Returns once at least `count` checks are pending: the check that makes the count resumes
  /// the caller. Returns at once if the calling task is cancelled (by a test's `.timeLimit`).
  public func waitForChecks(_ count: Int) async {
    guard pending.count < count, !Task.isCancelled else { return }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in checkWaiters.append((count, continuation)) }
    } onCancel: {
      Task { @MainActor in self.resumeWaiters() }
    }
  }

  private func resumeWaiters() {
    let waiters = checkWaiters
    checkWaiters = []
    for waiter in waiters { waiter.continuation.resume() }
  }
}

/// A plugin of one route that records what it handled and completes as the test chooses.
@MainActor
package final class RecordingPlugin: DeepLinkHandlerPlugin {
  /// How the plugin completes.
  package enum Completion: Sendable {
    /// Completes at once.
    case immediately
    /// Calls its completion twice.
    case twice
    /// Never completes.
    case never
  }

  /// The plugin's one route.
  package nonisolated let routes: [PluginRoute]
  /// The name in telemetry.
  package nonisolated let name: String
  /// How long handling may take.
  package nonisolated let completionTimeout: Duration
  private let completion: Completion
  /// The parameters of every link handled, in order.
  package private(set) var handled: [[String: String]] = []

  /// Creates a plugin.
  package nonisolated init(
    _ matchingPath: String, name: String? = nil, barriers: [BarrierName] = [], changesState: Bool = false,
    waitForPreconditions: Bool = false, completion: Completion = .immediately,
    completionTimeout: Duration = .seconds(10)
  ) {
    self.routes = [
      PluginRoute(
        matchingPath, barriers: barriers, changesState: changesState, waitForPreconditions: waitForPreconditions)
    ]
    self.name = name ?? matchingPath
    self.completion = completion
    self.completionTimeout = completionTimeout
  }

  /// Records the parameters and completes as configured.
  package func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) {
    handled.append(state.parameters.dictionary)
    switch self.completion {
    case .immediately: completion()
    case .twice:
      completion()
      completion()
    case .never: break
    }
  }
}

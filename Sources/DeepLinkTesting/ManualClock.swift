import DeepLinkCore

/// A clock that moves only when a test says so, so timeouts are tested without sleeping.
///
/// ```swift
/// let clock = ManualClock()
/// // … route a link whose handler never completes …
/// await clock.waitForSleepers(1)
/// clock.advance(by: .seconds(11))  // the handler's 10-second timeout fires
/// ```
public final class ManualClock: DeepLinkClock {
  private struct Sleeper {
    var id: UInt64
    var deadline: Duration
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct Waiter {
    var id: UInt64
    var count: Int
    var continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var now: Duration = .zero
    var nextID: UInt64 = 0
    var sleepers: [Sleeper] = []
    /// Tasks in ``waitForSleepers(_:)``, resumed by the sleep that makes their count.
    var waiters: [Waiter] = []
  }

  private let state = Locked(State())

  /// Creates a clock at time zero.
  public init() {}

  public var now: Duration { state.withLock { $0.now } }

  public func sleep(for duration: Duration) async throws {
    let id = state.withLock { state -> UInt64 in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (resumeNow, woken) = state.withLock { state -> (Bool, [Waiter]) in
          if Task.isCancelled { return (true, []) }
          if duration <= .zero { return (true, []) }
          state.sleepers.append(Sleeper(id: id, deadline: state.now + duration, continuation: continuation))
          let sleepers = state.sleepers.count
          let woken = state.waiters.filter { $0.count <= sleepers }
          state.waiters.removeAll { $0.count <= sleepers }
          return (false, woken)
        }
        for waiter in woken { waiter.continuation.resume() }
        if resumeNow {
          if Task.isCancelled {
            continuation.resume(throwing: CancellationError())
          } else {
            continuation.resume()
          }
        }
      }
    } onCancel: {
      let cancelled = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward and wakes every sleeper whose deadline has come.
  public func advance(by duration: Duration) {
    let due = state.withLock { state -> [Sleeper] in
      state.now += duration
      let due = state.sleepers.filter { $0.deadline <= state.now }
      state.sleepers.removeAll { $0.deadline <= state.now }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// Returns once at least `count` tasks sleep on this clock: the sleep that makes the count
  /// resumes the caller. Returns at once if the calling task is cancelled (by a test's
  /// `.timeLimit`, so a broken test fails on its next expectation instead of hanging).
  public func waitForSleepers(_ count: Int) async {
    let id = state.withLock { state -> UInt64 in
      state.nextID += 1
      return state.nextID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = state.withLock { state -> Bool in
          if Task.isCancelled || state.sleepers.count >= count { return true }
          state.waiters.append(Waiter(id: id, count: count, continuation: continuation))
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let cancelled = state.withLock { state -> Waiter? in
        guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return state.waiters.remove(at: index)
      }
      cancelled?.continuation.resume()
    }
  }
}

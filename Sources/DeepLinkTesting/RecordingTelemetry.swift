import DeepLinkCore

/// Telemetry that keeps every event, for assertions.
public final class RecordingTelemetry: DeepLinkTelemetry {
  private struct Waiter {
    var id: UInt64
    var matches: @Sendable (DeepLinkEvent) -> Bool
    var remaining: Int
    var continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var events: [DeepLinkEvent] = []
    var nextID: UInt64 = 0
    var waiters: [Waiter] = []
  }

  private let storage = Locked(State())

  /// Creates an empty recorder.
  public init() {}

  @MainActor public func record(_ event: DeepLinkEvent) {
    let woken = storage.withLock { state -> [Waiter] in
      state.events.append(event)
      var woken: [Waiter] = []
      for index in state.waiters.indices.reversed() where state.waiters[index].matches(event) {
        state.waiters[index].remaining -= 1
        if state.waiters[index].remaining <= 0 { woken.append(state.waiters.remove(at: index)) }
      }
      return woken
    }
    for waiter in woken { waiter.continuation.resume() }
  }

  /// Every event so far, in order.
  public var events: [DeepLinkEvent] { storage.withLock { $0.events } }

  /// Returns once at least `count` events recorded so far match `matches`: the event that makes
  /// the count resumes the caller. Returns at once if the calling task is cancelled (by a test's
  /// `.timeLimit`, so a broken test fails on its next expectation instead of hanging).
  ///
  /// ```swift
  /// await telemetry.waitForEvents(2) { $0.kind == .waiting && $0.reason == "queued" }
  /// ```
  public func waitForEvents(_ count: Int, where matches: @escaping @Sendable (DeepLinkEvent) -> Bool) async {
    let id = storage.withLock { state -> UInt64 in
      state.nextID += 1
      return state.nextID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = storage.withLock { state -> Bool in
          let remaining = count - state.events.lazy.filter(matches).count
          if remaining <= 0 || Task.isCancelled { return true }
          state.waiters.append(Waiter(id: id, matches: matches, remaining: remaining, continuation: continuation))
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let cancelled = storage.withLock { state -> Waiter? in
        guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return state.waiters.remove(at: index)
      }
      cancelled?.continuation.resume()
    }
  }

  /// The kinds of the events of one link, in order.
  func kinds(of linkID: UInt64) -> [DeepLinkEvent.Kind] {
    events.filter { $0.linkID == linkID }.map(\.kind)
  }

  /// The kinds of the events of the most recent link.
  public var lastLinkKinds: [DeepLinkEvent.Kind] {
    guard let last = events.last?.linkID else { return [] }
    return kinds(of: last)
  }

  /// Every link's final event kind, by link id.
  package var finalKinds: [UInt64: DeepLinkEvent.Kind] {
    var result: [UInt64: DeepLinkEvent.Kind] = [:]
    for event in events where event.kind.isFinal { result[event.linkID] = event.kind }
    return result
  }

  /// How many final events each link had, by link id: exactly one each, if telemetry keeps its
  /// promise (``finalKinds`` keeps only the last, so it cannot see a second).
  package var finalEventCounts: [UInt64: Int] {
    var result: [UInt64: Int] = [:]
    for event in events where event.kind.isFinal { result[event.linkID, default: 0] += 1 }
    return result
  }

  /// Forgets every event.
  package func reset() { storage.withLock { $0.events.removeAll() } }
}

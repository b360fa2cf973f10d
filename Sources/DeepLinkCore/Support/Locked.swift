import Foundation

/// A value guarded by a lock, for state shared across threads outside the hot path (test
/// clocks and recorders, the dependency container).
///
/// `Synchronization.Mutex` would be the first choice, but on Linux its contended path waits in
/// the kernel through a futex inside the (uninstrumented) standard library, so the thread
/// sanitizer cannot see the hand-over and reports false races under contention. `NSLock` is a
/// `pthread_mutex`, which the sanitizer understands, so `swift test --sanitize=thread` stays
/// meaningful.
///
/// ```swift
/// let count = Locked(0)
/// count.withLock { $0 += 1 }
/// ```
package final class Locked<Value: Sendable>: @unchecked Sendable {
  // @unchecked: `value` is only read or written inside `lock.lock()`/`unlock()` in `withLock`,
  // and `Value` is `Sendable`, so no access to it can race.
  private let lock = NSLock()
  private var value: Value

  /// Creates a guarded value.
  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value and returns its result.
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

/// Telemetry as an `AsyncStream`: install it as the linker's ``DeepLinker/telemetry`` and read
/// ``events`` from one task.
///
/// ```swift
/// let stream = DeepLinkEventStream(forwardingTo: analytics)
/// linker.telemetry = stream
/// Task { for await event in stream.events { log(event) } }
/// ```
///
/// Events arrive in the order they happen. The stream keeps the newest `bufferLimit` events a
/// slow reader has not taken yet (older ones are dropped from the stream, never from the
/// forwarded sink); it ends when ``finish()`` is called.
package final class DeepLinkEventStream: DeepLinkTelemetry {
  /// The events, for one reader.
  package let events: AsyncStream<DeepLinkEvent>
  private let continuation: AsyncStream<DeepLinkEvent>.Continuation
  private let next: (any DeepLinkTelemetry)?

  /// Creates a stream that also hands every event to `next`, if given.
  package init(bufferLimit: Int = 1024, forwardingTo next: (any DeepLinkTelemetry)? = nil) {
    (events, continuation) = AsyncStream.makeStream(
      of: DeepLinkEvent.self, bufferingPolicy: .bufferingNewest(bufferLimit))
    self.next = next
  }

  @MainActor package func record(_ event: DeepLinkEvent) {
    next?.record(event)
    continuation.yield(event)
  }

  /// Ends ``events``; later events still reach the forwarded sink.
  package func finish() {
    continuation.finish()
  }
}

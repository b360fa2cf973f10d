import Foundation

/// A link the app accepted that still waits (on sign-in or another barrier, on the
/// preconditions, for its turn, or for initialisation), as the app stores it before it is
/// suspended and hands it back to ``DeepLinker/restore(_:)`` after a relaunch.
///
/// The record holds the link as received: store it as you store the user's own data. It is
/// `Codable`; its deadline is wall-clock time, so it holds across launches.
public struct PendingLinkRecord: Sendable, Hashable, Codable {
  /// The link as received.
  package let input: String
  /// Where it came from, if that was given.
  package let source: LinkSource?
  /// When the app first accepted it.
  package let receivedAt: Date
  /// After this moment the link is no longer opened: restoring it drops it as `expired`.
  package let expiresAt: Date

  /// Creates a record.
  package init(input: String, source: LinkSource?, receivedAt: Date, expiresAt: Date) {
    self.input = input
    self.source = source
    self.receivedAt = receivedAt
    self.expiresAt = expiresAt
  }
}

/// The final result of one link, as ``DeepLinker/results(bufferLimit:)`` streams it.
public struct DeepLinkCompletion: Sendable, Hashable {
  /// The link's identifier, as in its telemetry events.
  public let linkID: UInt64
  /// The link, redacted as in telemetry.
  public let link: String
  /// What finally happened to it.
  public let result: DeepLinkResult
}

/// When a link was accepted and until when it may still be opened.
struct LinkTimes {
  var receivedAt: Date
  var expiresAt: Date
}

extension DeepLinker {
  /// The links accepted and not yet finished that wait on a barrier, the preconditions, their
  /// turn or initialisation, oldest first: what to store when the app is about to be suspended.
  /// A link whose handler is already running is not among them.
  public var pendingLinks: [PendingLinkRecord] {
    let buffered = coldStartBuffer.map {
      PendingLinkRecord(
        input: $0.input, source: $0.source, receivedAt: $0.times.receivedAt, expiresAt: $0.times.expiresAt)
    }
    let waiting = activeWork.values.filter(\.isWaiting).sorted { $0.id < $1.id }.map {
      PendingLinkRecord(
        input: $0.decision.input, source: $0.requestedSource, receivedAt: $0.times.receivedAt,
        expiresAt: $0.times.expiresAt)
    }
    return buffered + waiting
  }

  /// Routes links stored from ``pendingLinks`` before a relaunch, in order, each keeping its
  /// first arrival time and deadline. A record past its deadline is not opened: it is reported
  /// `dropped` with the reason `expired` (telemetry `received`, then `dropped`).
  ///
  /// - Returns: how many records were accepted for routing (as ``route(_:source:)-(String,_)``
  ///   counts them); expired ones are not.
  @discardableResult
  public func restore(_ records: [PendingLinkRecord]) -> Int {
    var accepted = 0
    for record in records {
      let times = LinkTimes(receivedAt: record.receivedAt, expiresAt: record.expiresAt)
      guard currentDate() < record.expiresAt else {
        lastLinkID += 1
        let redacted = LinkRedactor.redact(raw: record.input)
        emit(.received, lastLinkID, redacted)
        emit(.dropped, lastLinkID, redacted, reason: DeepLinkReason.expired.rawValue)
        deliver(.dropped(reason: .expired), id: lastLinkID, redacted: redacted, to: nil)
        continue
      }
      let (isAccepted, work) = accept(record.input, source: record.source, continuation: nil, times: times)
      if let work { startProcessing(work, continuation: nil) }
      if isAccepted { accepted += 1 }
    }
    return accepted
  }

  /// Every link's final result from now on, in the order results come; one stream per call, for
  /// one reader. The stream keeps the newest `bufferLimit` results a slow reader has not taken.
  public func results(bufferLimit: Int = 256) -> AsyncStream<DeepLinkCompletion> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: DeepLinkCompletion.self, bufferingPolicy: .bufferingNewest(bufferLimit))
    nextSubscriberID += 1
    let id = nextSubscriberID
    resultSubscribers[id] = continuation
    continuation.onTermination = { _ in
      Task { @MainActor [weak self] in self?.resultSubscribers[id] = nil }
    }
    return stream
  }

  /// The times of a link arriving now.
  func arrivalTimes() -> LinkTimes {
    let now = currentDate()
    return LinkTimes(receivedAt: now, expiresAt: now.addingTimeInterval(Self.seconds(pendingLinkLifetime)))
  }

  /// Hands a link's final result to whoever waits for it and to the result streams.
  func deliver(
    _ result: DeepLinkResult, id: UInt64, redacted: String, to continuation: CheckedContinuation<DeepLinkResult, Never>?
  ) {
    continuation?.resume(returning: result)
    guard !resultSubscribers.isEmpty else { return }
    let completion = DeepLinkCompletion(linkID: id, link: redacted, result: result)
    for subscriber in resultSubscribers.values { subscriber.yield(completion) }
  }

  private static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}

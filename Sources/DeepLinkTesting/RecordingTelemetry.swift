import DeepLinkCore

/// Telemetry that keeps every event, for assertions.
public final class RecordingTelemetry: DeepLinkTelemetry {
  private let storage = Locked<[DeepLinkEvent]>([])

  /// Creates an empty recorder.
  public init() {}

  @MainActor public func record(_ event: DeepLinkEvent) {
    storage.withLock { $0.append(event) }
  }

  /// Every event so far, in order.
  public var events: [DeepLinkEvent] { storage.withLock { $0 } }

  /// The kinds of the events of one link, in order.
  public func kinds(of linkID: UInt64) -> [DeepLinkEvent.Kind] {
    events.filter { $0.linkID == linkID }.map(\.kind)
  }

  /// The kinds of the events of the most recent link.
  public var lastLinkKinds: [DeepLinkEvent.Kind] {
    guard let last = events.last?.linkID else { return [] }
    return kinds(of: last)
  }

  /// Every link's final event kind, by link id.
  public var finalKinds: [UInt64: DeepLinkEvent.Kind] {
    var result: [UInt64: DeepLinkEvent.Kind] = [:]
    for event in events where event.kind.isFinal { result[event.linkID] = event.kind }
    return result
  }

  /// How many final events each link had, by link id: exactly one each, if telemetry keeps its
  /// promise (``finalKinds`` keeps only the last, so it cannot see a second).
  public var finalEventCounts: [UInt64: Int] {
    var result: [UInt64: Int] = [:]
    for event in events where event.kind.isFinal { result[event.linkID, default: 0] += 1 }
    return result
  }

  /// Forgets every event.
  public func reset() { storage.withLock { $0.removeAll() } }
}

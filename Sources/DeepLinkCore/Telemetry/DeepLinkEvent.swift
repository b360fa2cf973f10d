/// One step or failure of one link, as telemetry receives it.
///
/// Every link gets `received` first and exactly one final event: `ignored`, `forbidden`,
/// `invalid`, `external`, `notFound`, `handled`, `timedOut`, `superseded` or `dropped`.
/// Token-like query values are already redacted in ``link``.
public struct DeepLinkEvent: Sendable, Hashable, CustomStringConvertible {
  /// What happened.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// The link reached the linker.
    case received
    /// The link arrived before `initialize()` and waits in the cold-start buffer.
    case buffered
    /// An excluded scheme or host (final).
    case ignored
    /// A blacklist or whitelist refused the link (final).
    case forbidden
    /// The link is malformed, dangerous or of an unregistered scheme (final).
    case invalid
    /// The link went to the external-URL handler (final).
    case external
    /// A rewrite rule turned the link into an app link.
    case rewritten
    /// The link matched a route or plugin.
    case matched
    /// Nothing routes the link (final).
    case notFound
    /// The link waits: for the preconditions (``DeepLinkEvent/reason`` `preconditions`), for a
    /// barrier's check (``DeepLinkEvent/barrier``), or in the queue (`queued`).
    case waiting
    /// A barrier let the link through.
    case barrierPassed
    /// A barrier refused the link; a `dropped` event follows.
    case barrierFailed
    /// A route's handler declined; the next candidate is tried.
    case declined
    /// The handler finished (final); ``DeepLinkEvent/duration`` says how long it took.
    case handled
    /// The handler or a barrier's check did not finish in time (final).
    case timedOut
    /// A newer link replaced this one while it waited (final).
    case superseded
    /// The link was dropped, with a reason: barrier failed, precondition failed or past its
    /// deadline, buffer or queue overflow (final).
    case dropped

    /// Whether this event ends the link's story.
    public var isFinal: Bool {
      switch self {
      case .ignored, .forbidden, .invalid, .external, .notFound, .handled, .timedOut, .superseded, .dropped: true
      case .received, .buffered, .rewritten, .matched, .waiting, .barrierPassed, .barrierFailed, .declined: false
      }
    }
  }

  /// What happened.
  public let kind: Kind
  /// A number identifying the link across its events, unique per linker.
  public let linkID: UInt64
  /// The link, with token-like query values replaced by `REDACTED`.
  public let link: String
  /// The route or plugin, once known; its ``RouteID/description`` (the pattern, or an opaque
  /// plugin's name) is what ``description`` prints.
  public let route: RouteID?
  /// The barrier concerned, for barrier and waiting events.
  public let barrier: BarrierName?
  /// A short machine-readable word: a ``DeepLinkReason``'s raw value (`userInfo`, `foreignHost`,
  /// `barrierFailed`, …), `preconditions` or `queued` for a `waiting` event, the rewritten link
  /// (redacted) for a `rewritten` event.
  public let reason: String?
  /// How long the handler took, for `handled`.
  public let duration: Duration?
  /// Who declared the route or rule the event is about (`matched`, `rewritten`, `handled`…);
  /// `nil` when no route or rule is involved.
  public let owner: LinkOwner?
  /// The version of the link policy in force when the event happened, if any (``LinkPolicy``).
  public let policy: String?

  /// Creates an event.
  package init(
    kind: Kind, linkID: UInt64, link: String, route: RouteID? = nil, barrier: BarrierName? = nil,
    reason: String? = nil,
    duration: Duration? = nil, owner: LinkOwner? = nil, policy: String? = nil
  ) {
    self.policy = policy
    self.kind = kind
    self.linkID = linkID
    self.link = link
    self.route = route
    self.barrier = barrier
    self.reason = reason
    self.duration = duration
    self.owner = owner
  }

  public var description: String {
    var text = "#\(linkID) \(kind.rawValue) \(link)"
    if let route { text += " route=\(route)" }
    if let barrier { text += " barrier=\(barrier)" }
    if let reason { text += " reason=\(reason)" }
    if let policy { text += " policy=\(policy)" }
    if let duration { text += " duration=\(duration)" }
    if let owner { text += " owner=\(owner.word)" }
    return text
  }
}

/// Receives every event of every link; installed once, at the root of the linker.
///
/// Called on the main actor, in the order events happen. Keep it cheap: buffer and ship.
public protocol DeepLinkTelemetry: Sendable {
  /// Records one event.
  @MainActor func record(_ event: DeepLinkEvent)
}

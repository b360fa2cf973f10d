/// What a handler needs to know to navigate.
public struct DeepLinkNavigationState: Sendable {
  /// Whether the link arrived while the app was starting (before the linker was initialised).
  public let isColdStart: Bool
  /// Where the link came from.
  public let source: LinkSource
  /// The route that was chosen: its name and pattern (``RouteID``), an opaque plugin's name alone.
  public let route: RouteID
  /// The captured parameters, plus those a rewrite passed on (such as `locale`), as typed
  /// values (`parameters.int("id")`).
  public let parameters: DeepLinkParameters
  /// What the app's ``DeepLinker/navigationContextProvider`` returned when the handler ran
  /// (the selected tab, the presented screen…).
  public let context: (any Sendable)?
  /// The link the route matched (``DeepLinkDecision/routedLink``); `nil` when the state was
  /// made outside a linker without one.
  public let link: DeepLink?
  /// The route's destination (``LinkDestination``), made once from ``parameters`` before the
  /// handler runs, when the route declares a destination type; `nil` when it declares none.
  public let destination: (any LinkDestination)?
  /// Where the link takes the app (``LinkNavigation``): the route's tab and the path of
  /// destinations, parents first and ``destination`` last, made with it; `nil` when the route
  /// declares no ``LinkPlacement``.
  public let navigation: LinkNavigation?

  /// Creates a state; the linker makes these, tests may too.
  public init(
    isColdStart: Bool, source: LinkSource, route: RouteID, parameters: DeepLinkParameters,
    context: (any Sendable)? = nil, link: DeepLink? = nil, destination: (any LinkDestination)? = nil,
    navigation: LinkNavigation? = nil
  ) {
    self.destination = destination
    self.navigation = navigation
    self.isColdStart = isColdStart
    self.source = source
    self.route = route
    self.parameters = parameters
    self.context = context
    self.link = link
  }
}

/// Shows and hides the loading state while links wait for the global preconditions.
public protocol PreconditionLoadingStateUIHandler: Sendable {
  /// Called when the first link starts waiting.
  @MainActor func showLoadingState()
  /// Called when no link waits any more.
  @MainActor func hideLoadingState()
}

/// What finally happened to a link.
public enum DeepLinkResult: Sendable, Hashable, CustomStringConvertible {
  /// A handler or plugin handled it, through `route`.
  case handled(route: RouteID)
  /// It went to the external-URL handler.
  case external
  /// A filter refused it.
  case forbidden(reason: DeepLinkReason)
  /// An excluded scheme or host.
  case ignored(reason: DeepLinkReason)
  /// Nothing routes it, or every candidate declined.
  case notFound
  /// It is malformed, dangerous or of an unregistered scheme.
  case invalid(reason: DeepLinkReason)
  /// Its handler or a barrier check did not finish in time; `route` is the route it was
  /// waiting for, `nil` when it timed out before one was chosen.
  case timedOut(route: RouteID?)
  /// A newer link replaced it while it waited.
  case superseded
  /// It was dropped: `barrierFailed`, `preconditionFailed`, `preconditionTimeout`,
  /// `queueOverflow`, `coldStartBufferOverflow`, `expired` (a restored link past its
  /// deadline).
  case dropped(reason: DeepLinkReason)

  public var description: String {
    switch self {
    case .handled(let route): "handled(\(route))"
    case .external: "external"
    case .forbidden(let reason): "forbidden(\(reason))"
    case .ignored(let reason): "ignored(\(reason))"
    case .notFound: "notFound"
    case .invalid(let reason): "invalid(\(reason))"
    case .timedOut(let route): "timedOut(\(route?.description ?? ""))"
    case .superseded: "superseded"
    case .dropped(let reason): "dropped(\(reason))"
    }
  }
}

/// What to do with a link that arrives while another waits on a barrier or the preconditions.
public enum PendingLinkPolicy: Sendable, Hashable {
  /// The newer link replaces the waiting one, which is reported `superseded`.
  case supersede
  /// Links are handled one after another in arrival order; at most `limit` wait, and an
  /// overflow drops the oldest waiting link (reported `dropped`, reason `queueOverflow`).
  case queue(limit: Int)
}

/// What the linker knows about its routes and its recent links.
public struct DeepLinkDebugInfo: Sendable {
  /// One recent link and what happened to it.
  public struct LinkRecord: Sendable, Hashable {
    /// The link's number in telemetry.
    public let linkID: UInt64
    /// The link, redacted.
    public let link: String
    /// The events so far, in order.
    public let events: [DeepLinkEvent.Kind]
    /// The route, once matched.
    public let route: RouteID?
    /// The latest reason given.
    public let reason: String?
  }

  /// The route table, in registration order.
  public let routes: [RouteDescription]
  /// Opaque plugins, in the order they are asked.
  public let plugins: [String]
  /// The most recent links, oldest first.
  public let recentLinks: [LinkRecord]
}

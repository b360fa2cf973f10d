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
  /// The link the route matched (after the rewrite, if a rule rewrote it); `nil` when the state was
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
  package init(
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

/// What the linker knows about its routes and its recent links, for a debug screen or a log:
/// print it (``description``).
public struct DeepLinkDebugInfo: Sendable, CustomStringConvertible {
  /// One recent link and what happened to it.
  package struct LinkRecord: Sendable, Hashable {
    /// The link's number in telemetry.
    package let linkID: UInt64
    /// The link, redacted.
    package let link: String
    /// The events so far, in order.
    package let events: [DeepLinkEvent.Kind]
    /// The route, once matched.
    package let route: RouteID?
    /// The latest reason given.
    package let reason: String?
  }

  /// The route table, in registration order.
  package let routes: [RouteDescription]
  /// Opaque plugins, in the order they are asked.
  package let plugins: [String]
  /// The most recent links, oldest first.
  package let recentLinks: [LinkRecord]

  /// The report, one line per route, plugin and recent link:
  ///
  /// ```text
  /// route product /product/{id:int} (platform)
  /// route order /orders/{id:int} (platform) barriers: authentication
  /// plugin ChainedLinkPlugin
  /// link 3 shop://product/7: received, matched, handled; route /product/{id:int}
  /// ```
  ///
  /// The links are redacted as telemetry redacts them.
  public var description: String {
    var lines: [String] = []
    for route in routes {
      let name = route.id.name == route.pattern.source ? "" : route.id.name + " "
      var line = "route \(name)\(route.pattern.source) (\(route.owner.word))"
      if !route.barriers.isEmpty { line += " barriers: " + route.barriers.map(\.rawValue).joined(separator: ", ") }
      lines.append(line)
    }
    for plugin in plugins { lines.append("plugin \(plugin)") }
    for record in recentLinks {
      var line =
        "link \(record.linkID) \(Self.oneLine(record.link)): " + record.events.map(\.rawValue).joined(separator: ", ")
      if let route = record.route { line += "; route \(route)" }
      if let reason = record.reason { line += "; reason \(Self.oneLine(reason))" }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  /// `text` with every control, format (bidi, zero-width) and line or paragraph separator
  /// character shown as `?`, so a link cannot start a line of its own in the report.
  private static func oneLine(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          switch scalar.properties.generalCategory {
          case .control, .format, .lineSeparator, .paragraphSeparator: "?"
          default: scalar
          }
        }))
  }
}

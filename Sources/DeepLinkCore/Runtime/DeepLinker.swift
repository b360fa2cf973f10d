import Foundation

/// A handler added with
/// ``DeepLinker/addRoute(_:waitForPreconditions:barriers:changesState:freeTextParameters:handler:)``;
/// returns `false` to decline the link, and the next candidate is tried.
public typealias DeepLinkRouteHandler = @MainActor (DeepLink, DeepLinkNavigationState) -> Bool

/// A global readiness condition (remote configuration loaded, session restored): returns
/// once ready, `true` when the link may go on, `false` to drop it.
public typealias DeepLinkPreconditionHandler = @MainActor @Sendable () async -> Bool

/// The router: takes every link that opens the app to exactly one outcome.
///
/// The synchronous decision (parse → admit → rewrite → match) is made by the immutable
/// ``configuration``; the asynchronous part (preconditions, barriers, handlers) runs here, on the
/// main actor. Two API families drive the same engine:
///
/// - the router API:
///   ``addRoute(_:waitForPreconditions:barriers:changesState:freeTextParameters:handler:)``,
///   ``route(_:source:)-(String,_)``, ``canRoute(_:)-(String)``, the handler properties;
/// - the plugin API: ``configure()-type.method`` → `install(plugin:)`, `install(barrier:)`,
///   filters, `initialize()`.
///
/// ```swift
/// let linker = try DeepLinker.configure()
///   .add(urlSchemes: [URLScheme("shop")])
///   .install(plugin: TransactionPlugin())
///   .install(barrier: SignInBarrier(session: session))
///   .with(notFoundHandler: { link in print("no route for \(link)") })
///   .initialize()
/// try linker.addRoute("/product/{id:int}") { link, state in
///   navigator.showProduct(state.parameters.int("id")!)
///   return true
/// }
/// linker.route("shop://product/123")
/// ```
@MainActor
public final class DeepLinker {
  // MARK: Configuration

  /// The compiled configuration; `nil` until ``Configurator/initialize()``.
  public internal(set) var configuration: DeepLinkConfiguration?
  var specification = DeepLinkSpecification()

  // MARK: Handlers (the router API)

  /// Called with every link about to be handled, after its barriers passed.
  public var preExecutionHandler: (@MainActor (DeepLink) -> Void)?
  /// Called after a link was handled.
  public var successRouteHandler: (@MainActor (DeepLink) -> Void)?
  /// Called with `http`/`https` links that are not ours; open them in the browser.
  public var externalURLHandler: (@MainActor (DeepLink) -> Void)?
  /// Called with links that are ours but that nothing routes (the plugin API's not-found handler).
  public var notFoundHandler: (@MainActor (DeepLink) -> Void)?
  /// Called with links a blacklist or whitelist refused.
  public var forbiddenHandler: (@MainActor (DeepLink) -> Void)?
  /// Shows and hides a loading state while links wait for the preconditions.
  public var preconditionLoadingStateUIHandler: (any PreconditionLoadingStateUIHandler)?
  /// Supplies ``DeepLinkNavigationState/context`` when a handler runs.
  public var navigationContextProvider: (@MainActor () -> (any Sendable)?)?

  // MARK: Runtime settings

  /// Receives every event.
  package var telemetry: (any DeepLinkTelemetry)?
  /// The clock for timeouts and durations.
  package var clock: any DeepLinkClock
  /// What happens to a link that arrives while another waits.
  package var pendingLinkPolicy: PendingLinkPolicy = .supersede
  /// How many links arriving before initialisation are kept; overflow drops the oldest.
  package var coldStartBufferLimit = 32
  /// How long links wait for the preconditions before they are dropped.
  public var preconditionTimeout: Duration = .seconds(30)
  /// How many recent links ``debugInfo`` keeps.
  package var debugHistoryLimit = 50
  /// How long an accepted link may still be opened when it is restored after a relaunch
  /// (``restore(_:)``), counted from its first arrival.
  package var pendingLinkLifetime: Duration = .seconds(15 * 60)
  /// The wall-clock time, for ``PendingLinkRecord`` deadlines.
  package var currentDate: @MainActor () -> Date = { Date() }

  /// The link policy in force, if any: it can only switch links off (``apply(policy:)``).
  package internal(set) var policy: LinkPolicy?

  // MARK: State

  var handlers: [DeepLinkRouteHandler] = []
  var preconditions: [(identifier: String, handler: DeepLinkPreconditionHandler)] = []
  var coldStartBuffer: [BufferedLink] = []
  /// Set by ``dropBufferedLinks(reason:)``: links arriving before initialisation are dropped with it.
  var bufferedLinksRefused: DeepLinkReason?
  var lastLinkID: UInt64 = 0
  /// The link waiting on a barrier or the preconditions, which a newer one supersedes.
  var waitingWork: LinkWork?
  /// Under the queue policy: whether a link is being processed, and who waits for a turn.
  var isProcessing = false
  var turnQueue: [LinkWork] = []
  var linksWaitingForPreconditions = 0
  var inFlight = 0
  var idleWaiters: [CheckedContinuation<Void, Never>] = []
  var history: [UInt64: DeepLinkDebugInfo.LinkRecord] = [:]
  var historyOrder: [UInt64] = []
  /// The routed links being processed, by identifier.
  var activeWork: [UInt64: LinkWork] = [:]
  var resultSubscribers: [Int: AsyncStream<DeepLinkCompletion>.Continuation] = [:]
  var nextSubscriberID = 0

  struct BufferedLink {
    var id: UInt64
    var input: String
    var source: LinkSource?
    var redacted: String
    var times: LinkTimes
    var continuation: CheckedContinuation<DeepLinkResult, Never>?
  }

  /// Creates a linker that buffers links until it is configured and initialised: create it
  /// before the first link can arrive, then call its `configure()`.
  public convenience init() {
    self.init(clock: SystemDeepLinkClock())
  }

  /// A linker on `clock` (the suites' manual clock).
  package init(clock: any DeepLinkClock) {
    self.clock = clock
  }

  /// Starts configuring a new linker (the plugin API's entry point).
  public static func configure() -> Configurator {
    Configurator(linker: DeepLinker())
  }

  /// Starts configuring this linker, for example one created early to buffer cold-start links.
  public func configure() -> Configurator {
    Configurator(linker: self)
  }

  // MARK: The router API

  /// The rewrite rules in effect.
  package var universalLinks: [UniversalLink] { configuration?.universalLinks ?? specification.universalLinks }
  /// The custom schemes the app answers to.
  package var urlSchemes: [URLScheme] { configuration?.urlSchemes ?? specification.urlSchemes }
  /// The hosts the app claims.
  package var allowedDomains: [Domain] { configuration?.domains ?? specification.domains }

  /// Adds a route handled by a closure. Before initialisation the route is kept for
  /// `initialize()`; after it, the configuration is recompiled at once.
  ///
  /// - Parameters:
  ///   - pattern: a route pattern (`/product/{id:int}`, `Docs/RoutePatterns.md`).
  ///   - waitForPreconditions: whether links wait for the global preconditions.
  ///   - barriers: barriers, by name, the link must pass first.
  ///   - changesState: whether the route pays, deletes, follows…: it then passes the
  ///     confirmation barrier when the link came from outside the app.
  ///   - freeTextParameters: the captures that hold free text (a search query), exempt from the
  ///     slash and dot part of the captured-value rule (`Docs/Security.md`).
  ///   - handler: shows the screen; returns `false` to decline.
  /// - Throws: ``DeepLinkConfigurationError`` for a malformed pattern, a conflict, or an
  ///   unknown barrier.
  public func addRoute(
    _ pattern: String, waitForPreconditions: Bool = false, barriers: [BarrierName] = [], changesState: Bool = false,
    freeTextParameters: Set<String> = [], handler: @escaping DeepLinkRouteHandler
  ) throws(DeepLinkConfigurationError) {
    let compiled: RoutePattern
    do {
      compiled = try RoutePattern(pattern)
    } catch {
      throw .malformedPattern(error)
    }
    let target = RouteTarget(
      kind: .handler(handlers.count), name: pattern, barriers: barriers, waitForPreconditions: waitForPreconditions,
      changesState: changesState, freeTextParameters: freeTextParameters, pattern: compiled)
    var candidate = specification
    candidate.routes.append(RouteSpecification(pattern: compiled, target: target))
    if configuration != nil { configuration = try DeepLinkConfiguration(compiling: candidate) }
    specification = candidate
    handlers.append(handler)
  }

  /// Adds a global readiness condition; links of `waitForPreconditions` routes wait for it.
  public func addDeeplinkPreconditionHandler(identifier: String, handler: @escaping DeepLinkPreconditionHandler) {
    preconditions.removeAll { $0.identifier == identifier }
    preconditions.append((identifier, handler))
  }

  /// Removes the readiness condition added under `identifier`.
  public func removeDeeplinkPreconditionHandler(identifier: String) {
    preconditions.removeAll { $0.identifier == identifier }
  }

  /// Whether `input` is ours and would be routed (no handler runs).
  public func canRoute(_ input: String) -> Bool {
    configuration?.decide(input).outcome == .routed
  }

  /// Whether `url` is ours and would be routed.
  public func canRoute(_ url: URL) -> Bool { canRoute(url.absoluteString) }

  /// Routes a link and returns at once: `true` when it is ours and will be handled (or, before
  /// initialisation, was buffered to be), `false` otherwise. The handling continues
  /// asynchronously on the main actor.
  ///
  /// - Parameters:
  ///   - input: the link as received.
  ///   - source: where it came from; by default, from outside the app.
  @discardableResult
  public func route(_ input: String, source: LinkSource? = nil) -> Bool {
    let (accepted, work) = accept(input, source: source, continuation: nil, times: arrivalTimes())
    if let work { startProcessing(work, continuation: nil) }
    return accepted
  }

  /// Routes a `URL`; see ``route(_:source:)-(String,_)``.
  @discardableResult
  public func route(_ url: URL, source: LinkSource? = nil) -> Bool {
    route(url.absoluteString, source: source)
  }

  /// Routes a link and waits until it is handled, refused or dropped.
  ///
  /// - Returns: what finally happened to the link.
  public func handle(_ input: String, source: LinkSource? = nil) async -> DeepLinkResult {
    await withCheckedContinuation { continuation in
      let (_, work) = accept(input, source: source, continuation: continuation, times: arrivalTimes())
      if let work { startProcessing(work, continuation: continuation) }
    }
  }

  /// Routes a `URL` and waits until it is handled, refused or dropped; see
  /// ``handle(_:source:)-(String,_)``.
  ///
  /// - Returns: what finally happened to the link.
  public func handle(_ url: URL, source: LinkSource? = nil) async -> DeepLinkResult {
    await handle(url.absoluteString, source: source)
  }

  /// Returns when no link is being processed.
  public func waitUntilIdle() async {
    if inFlight == 0 && coldStartBuffer.isEmpty { return }
    await withCheckedContinuation { idleWaiters.append($0) }
  }

  /// The route table, the opaque plugins and the recent links with what happened to them.
  public var debugInfo: DeepLinkDebugInfo {
    DeepLinkDebugInfo(
      routes: configuration?.routeDescriptions ?? [],
      plugins: configuration?.opaquePluginNames ?? [],
      recentLinks: historyOrder.compactMap { history[$0] })
  }
}

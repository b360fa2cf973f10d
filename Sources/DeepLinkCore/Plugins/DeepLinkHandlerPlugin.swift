import Foundation

/// A plugin's answer to "will you handle this link?".
public enum DeepLinkHandlerOption: Sendable, Hashable {
  /// The plugin declines; the next candidate is asked.
  case no
  /// The plugin handles the link with `data`, its own opaque payload, handed back as it is to
  /// ``DeepLinkHandlerPlugin/handleDeepLink(with:state:completion:)``.
  case yes(data: Data?)
  /// The plugin handles the link once the barrier installed under `name` has passed.
  case yesWithBarrier(name: BarrierName, data: Data?)
}

extension DeepLinkHandlerOption {
  /// For an accepting answer, its data and the barrier it names; `nil` for ``no``.
  public var acceptance: (data: Data?, barrier: BarrierName?)? {
    switch self {
    case .no: nil
    case .yes(let data): (data, nil)
    case .yesWithBarrier(let name, let data): (data, name)
    }
  }
}

/// A handler for a group of links, installed into a ``DeepLinker``.
///
/// `shouldHandleDeepLink(_:)` is part of the synchronous decision and may be called from any
/// thread, so it must only read immutable state. `handleDeepLink(with:completion:)` runs on the
/// main actor once every barrier has passed; it must call `completion` when the screen is shown.
/// A completion that never comes is cut off after ``completionTimeout`` (reported `timedOut`);
/// a second call is ignored.
///
/// Plugins that can say which links they take as a pattern should conform to
/// ``DeepLinkHandlerPathMatchingPlugin`` instead: those are indexed in the route table rather
/// than asked one by one. Plugins written with `async`/`await` conform to
/// ``AsyncDeepLinkHandlerPlugin``.
///
/// ```swift
/// struct PaymentPlugin: DeepLinkHandlerPlugin {
///   func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption {
///     link.pathSegments == ["pay"] ? .yesWithBarrier(name: "authentication", data: nil) : .no
///   }
///   func handleDeepLink(with data: Data?, completion: @escaping @Sendable () -> Void) {
///     navigator.showPayment(completion: completion)
///   }
/// }
/// ```
public protocol DeepLinkHandlerPlugin: Sendable {
  /// A name for telemetry, `debugInfo` and the `deeplink` tool. Defaults to the type's name.
  var name: String { get }
  /// How long `handleDeepLink` may take before the link is reported `timedOut`.
  /// Defaults to 10 seconds.
  var completionTimeout: Duration { get }
  /// Whether this plugin handles `link`; called synchronously, from any thread.
  func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption
  /// Handles the link with the data `shouldHandleDeepLink` returned; calls `completion` once done.
  @MainActor func handleDeepLink(with data: Data?, completion: @escaping @Sendable () -> Void)
  /// Handles the link knowing its navigation state (source, cold start, context); the linker
  /// calls this one. Defaults to ``handleDeepLink(with:completion:)``; navigation models
  /// (chains, modules, responder trees) implement it to pass the state on to the app.
  @MainActor func handleDeepLink(
    with data: Data?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void)
  /// This plugin as a ``DeepLinkHandlerPathMatchingPlugin``, or `nil`. The protocol extensions
  /// implement it (`self` for a path-matching plugin); do not implement it. Composition asks
  /// it instead of casting.
  var pathMatching: (any DeepLinkHandlerPathMatchingPlugin)? { get }
  /// This plugin as a ``DeepLinkStepResolvingPlugin``, or `nil`; implemented, and asked, as
  /// ``pathMatching`` is.
  var stepResolving: (any DeepLinkStepResolvingPlugin)? { get }
}

extension DeepLinkHandlerPlugin {
  public var name: String { String(describing: Self.self) }
  public var completionTimeout: Duration { .seconds(10) }
  public var pathMatching: (any DeepLinkHandlerPathMatchingPlugin)? { nil }
  public var stepResolving: (any DeepLinkStepResolvingPlugin)? { nil }

  @MainActor public func handleDeepLink(
    with data: Data?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) {
    handleDeepLink(with: data, completion: completion)
  }
}

/// A ``DeepLinkHandlerPlugin`` whose handler is an `async` function.
public protocol AsyncDeepLinkHandlerPlugin: DeepLinkHandlerPlugin {
  /// Handles the link; returning means done.
  @MainActor func handleDeepLink(with data: Data?) async
}

extension AsyncDeepLinkHandlerPlugin {
  @MainActor public func handleDeepLink(with data: Data?, completion: @escaping @Sendable () -> Void) {
    Task { @MainActor in
      await handleDeepLink(with: data)
      completion()
    }
  }
}

/// A plugin that names the links it takes with a route pattern (`/transaction/{transaction_id}`).
///
/// It is indexed in the route table like a route added with `addRoute`, so it costs nothing
/// to links it does not match. Its handler,
/// ``handleDeepLink(parameters:state:completion:)``, receives the captured parameters (and
/// those a rewrite passed on) as typed values: nothing is encoded or decoded on the way.
///
/// ```swift
/// struct TransactionPlugin: DeepLinkHandlerPathMatchingPlugin {
///   var matchingPath: String { "/transaction/{transaction_id:int}" }
///   var barriers: [BarrierName] { ["authentication"] }
///   func handleDeepLink(
///     parameters: DeepLinkParameters, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
///   ) {
///     navigator.showTransaction(parameters.int("transaction_id")!, completion: completion)
///   }
/// }
/// ```
public protocol DeepLinkHandlerPathMatchingPlugin: DeepLinkHandlerPlugin {
  /// The route pattern, in the syntax of ``RoutePattern``.
  var matchingPath: String { get }
  /// ``matchingPath``, parsed. Defaults to parsing it; a plugin whose route was parsed where it
  /// is declared (a `PlatformRoute`'s) returns that pattern instead of having it parsed again.
  var matchingPattern: RoutePattern { get throws(RoutePatternError) }
  /// Barriers every link of this plugin must pass. Defaults to none.
  var barriers: [BarrierName] { get }
  /// Whether links of this plugin change state (pay, delete, follow): they then pass the
  /// confirmation barrier when they come from outside the app. Defaults to `false`.
  var changesState: Bool { get }
  /// Whether links of this plugin wait for the global preconditions. Defaults to `false`.
  var waitForPreconditions: Bool { get }
  /// A check of the captured values beyond the pattern's types (a reference of 10 to 20
  /// letters or digits, say), made while matching: a link it refuses does not match this
  /// plugin and the next candidate is tried. Called from any thread. Defaults to accepting all.
  func acceptsParameters(_ parameters: DeepLinkParameters) -> Bool
  /// The captures that hold free text (a search query): exempt from the slash and dot part of
  /// the captured-value rule, not from its control, bidi and zero-width part. Defaults to none.
  var freeTextParameters: Set<String> { get }
  /// The app's value for a link of this route (``LinkDestination``), made from its parameters;
  /// composition checks it against the pattern and the rules onto it. Defaults to none.
  var destination: (any LinkDestination.Type)? { get }
  /// Where the route's screen lives in the app (``LinkPlacement``): its tab and parent screens,
  /// which the linker turns into the link's ``LinkNavigation``. Defaults to none.
  var placement: LinkPlacement? { get }
  /// Handles a link the route table matched, with its parameters (`state`'s too) as typed
  /// values; calls `completion` once the screen is shown. Runs on the main actor once every
  /// barrier has passed, bounded by ``DeepLinkHandlerPlugin/completionTimeout``.
  @MainActor func handleDeepLink(
    parameters: DeepLinkParameters, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void)
}

extension DeepLinkHandlerPathMatchingPlugin {
  public var pathMatching: (any DeepLinkHandlerPathMatchingPlugin)? { self }
  public var matchingPattern: RoutePattern { get throws(RoutePatternError) { try RoutePattern(matchingPath) } }
  public var barriers: [BarrierName] { [] }
  public var changesState: Bool { false }
  public var waitForPreconditions: Bool { false }
  public func acceptsParameters(_ parameters: DeepLinkParameters) -> Bool { true }
  public var freeTextParameters: Set<String> { [] }
  public var destination: (any LinkDestination.Type)? { nil }
  public var placement: LinkPlacement? { nil }

  /// Path-matching plugins are chosen by the route table; asked directly, they decline.
  public func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption { .no }

  /// Not used for a path-matching plugin: the linker calls
  /// ``handleDeepLink(parameters:state:completion:)``. Completes at once.
  @MainActor public func handleDeepLink(with data: Data?, completion: @escaping @Sendable () -> Void) {
    completion()
  }
}

/// A coding plugin's answer, with typed parameters instead of raw data.
public enum DeepLinkHandlerCodingOption<Parameters: Codable & Sendable>: Sendable {
  /// The plugin declines.
  case no
  /// The plugin handles the link with these parameters.
  case yes(parameters: Parameters)
  /// The plugin handles the link with these parameters once the named barrier has passed.
  case yesWithBarrier(name: BarrierName, parameters: Parameters)
}

extension DeepLinkHandlerOption {
  /// The plugin handles the link with `data` once the barrier of type `barrier` has passed.
  public static func yesWithBarrier<Barrier: TypeNamedBarrier>(_ barrier: Barrier.Type, data: Data?) -> Self {
    .yesWithBarrier(name: Barrier.barrierName, data: data)
  }
}

extension DeepLinkHandlerCodingOption {
  /// The plugin handles the link with `parameters` once the barrier of type `barrier` has passed.
  public static func yesWithBarrier<Barrier: TypeNamedBarrier>(_ barrier: Barrier.Type, parameters: Parameters)
    -> Self
  {
    .yesWithBarrier(name: Barrier.barrierName, parameters: parameters)
  }
}

/// A plugin that serves a group of links and switches on a typed parameters value.
///
/// The value is not encoded on its way to the handler: the decision records only that the
/// plugin takes the link, and the linker's call to the handler asks
/// ``shouldHandleCodingDeepLink(_:)`` again for the link it decided (a pure function, so the
/// answer is the same) and hands the typed value over.
///
/// ```swift
/// enum PaymentPoint: Codable, Sendable { case pay(orderID: String), transaction(id: String) }
/// struct PaymentPlugin: DeepLinkHandlerCodingPlugin {
///   func shouldHandleCodingDeepLink(_ link: DeepLink) -> DeepLinkHandlerCodingOption<PaymentPoint> {
///     let segments = link.pathSegments
///     if segments == ["pay"], let orderID = link.queryValue("order_id") {
///       return .yes(parameters: .pay(orderID: orderID))
///     }
///     if segments.count == 2, segments[0] == "transaction" {
///       return .yesWithBarrier(name: "authentication", parameters: .transaction(id: segments[1]))
///     }
///     return .no
///   }
///   func handleCodingDeepLink(with parameters: PaymentPoint, completion: @escaping @Sendable () -> Void) {
///     switch parameters {
///     case .pay(let orderID): navigator.showPayment(orderID: orderID, completion: completion)
///     case .transaction(let id): navigator.showTransaction(Int(id) ?? 0, completion: completion)
///     }
///   }
/// }
/// ```
public protocol DeepLinkHandlerCodingPlugin: DeepLinkHandlerPlugin {
  /// The parameters one link of the group carries.
  associatedtype Parameters: Codable & Sendable
  /// Whether this plugin handles `link`, and with which parameters.
  func shouldHandleCodingDeepLink(_ link: DeepLink) -> DeepLinkHandlerCodingOption<Parameters>
  /// Handles the link; calls `completion` once done.
  @MainActor func handleCodingDeepLink(with parameters: Parameters, completion: @escaping @Sendable () -> Void)
}

extension DeepLinkHandlerCodingPlugin {
  public func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption {
    switch shouldHandleCodingDeepLink(link) {
    case .no: .no
    case .yes: .yes(data: nil)
    case .yesWithBarrier(let name, _): .yesWithBarrier(name: name, data: nil)
    }
  }

  /// Hands the typed parameters for the decided link (``DeepLinkNavigationState/link``) to
  /// ``handleCodingDeepLink(with:completion:)``.
  @MainActor public func handleDeepLink(
    with data: Data?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) {
    switch state.link.map(shouldHandleCodingDeepLink) {
    case .yes(let parameters)?, .yesWithBarrier(_, let parameters)?:
      handleCodingDeepLink(with: parameters, completion: completion)
    case .no?, nil:
      // Only a plugin whose answer changed since the decision (its `shouldHandleCodingDeepLink`
      // is not pure), or a call without a link, gets here: nothing to show.
      completion()
    }
  }

  /// Without the link there are no parameters to hand over: completes at once. The linker
  /// calls ``handleDeepLink(with:state:completion:)``.
  @MainActor public func handleDeepLink(with data: Data?, completion: @escaping @Sendable () -> Void) {
    completion()
  }
}

/// A plugin that can say which patterns, in order, a link resolves to: the decision then reports
/// the last one as its route, like a table route, and, for a link of several steps (chained
/// links), every step in ``DeepLinkDecision/steps``. A plugin whose links are one step (a
/// responder tree, deep-linkable modules) returns the one pattern that matched.
public protocol DeepLinkStepResolvingPlugin: DeepLinkHandlerPlugin {
  /// The patterns of the steps `link` resolves to, in order, or `nil` when it does not resolve.
  /// Called from any thread.
  func stepPatterns(for link: DeepLink) -> [String]?
  /// ``DeepLinkHandlerPlugin/shouldHandleDeepLink(_:)``'s answer and, when it takes the link,
  /// ``stepPatterns(for:)``, from one resolution of `link`: what a decision asks. Called from any
  /// thread. Defaults to asking the two in turn.
  func resolveDeepLink(_ link: DeepLink) -> (option: DeepLinkHandlerOption, stepPatterns: [String])
  /// ``resolveDeepLink(_:)`` with a typed value of the plugin's own (what it resolved: the
  /// matched steps, their captures), which the linker hands back, as it is, to
  /// ``handleDeepLink(resolved:state:completion:)``: nothing is encoded on the way. Called from
  /// any thread. Defaults to ``resolveDeepLink(_:)`` without a value.
  func resolveDeepLinkValue(_ link: DeepLink) -> (
    option: DeepLinkHandlerOption, stepPatterns: [String], value: (any Sendable)?
  )
  /// Handles a link with the value ``resolveDeepLinkValue(_:)`` returned for it; the linker calls
  /// this one instead of ``DeepLinkHandlerPlugin/handleDeepLink(with:state:completion:)`` when
  /// there is a value. Runs on the main actor once every barrier has passed; calls `completion`
  /// once done. Defaults to ``DeepLinkHandlerPlugin/handleDeepLink(with:state:completion:)``
  /// without data.
  @MainActor func handleDeepLink(
    resolved value: any Sendable, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void)
}

extension DeepLinkStepResolvingPlugin {
  public var stepResolving: (any DeepLinkStepResolvingPlugin)? { self }

  /// Asks ``DeepLinkHandlerPlugin/shouldHandleDeepLink(_:)``, then, when the link is taken,
  /// ``stepPatterns(for:)``.
  public func resolveDeepLink(_ link: DeepLink) -> (option: DeepLinkHandlerOption, stepPatterns: [String]) {
    let option = shouldHandleDeepLink(link)
    guard option.acceptance != nil else { return (option, []) }
    return (option, stepPatterns(for: link) ?? [])
  }

  /// ``resolveDeepLink(_:)``, without a value.
  public func resolveDeepLinkValue(_ link: DeepLink) -> (
    option: DeepLinkHandlerOption, stepPatterns: [String], value: (any Sendable)?
  ) {
    let (option, patterns) = resolveDeepLink(link)
    return (option, patterns, nil)
  }

  /// Hands the link to ``DeepLinkHandlerPlugin/handleDeepLink(with:state:completion:)`` without
  /// data.
  @MainActor public func handleDeepLink(
    resolved value: any Sendable, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) {
    handleDeepLink(with: nil, state: state, completion: completion)
  }
}

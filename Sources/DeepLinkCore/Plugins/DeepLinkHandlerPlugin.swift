import Foundation

/// A plugin's answer to "will you handle this link?".
public enum DeepLinkHandlerOption: Sendable {
  /// The plugin declines; the next candidate is asked.
  case no
  /// The plugin handles the link with `data`, a value of its own (the seed's `Data`, or any
  /// typed value: nothing is encoded) handed back as it is to
  /// ``DeepLinkHandlerPlugin/handleDeepLink(with:state:completion:)``. `steps` are the patterns,
  /// in order, the link resolved to (a chained link's screens, the node or module that took it):
  /// the decision reports the last as its route and all of them in `DeepLinkDecision.steps`.
  case yes(data: (any Sendable)?, steps: [String] = [])
  /// The plugin handles the link, as ``yes(data:steps:)`` does, once the barrier installed under
  /// `name` has passed.
  case yesWithBarrier(name: BarrierName, data: (any Sendable)?, steps: [String] = [])
}

extension DeepLinkHandlerOption {
  /// For an accepting answer, its data, the barrier it names and its steps; `nil` for ``no``.
  package var acceptance: (data: (any Sendable)?, barrier: BarrierName?, steps: [String])? {
    switch self {
    case .no: nil
    case .yes(let data, let steps): (data, nil, steps)
    case .yesWithBarrier(let name, let data, let steps): (data, name, steps)
    }
  }

  /// The plugin handles the link with `data` once the barrier of type `barrier` has passed.
  public static func yesWithBarrier<Barrier: TypeNamedBarrier>(_ barrier: Barrier.Type, data: (any Sendable)?)
    -> Self
  {
    .yesWithBarrier(name: Barrier.barrierName, data: data)
  }
}

/// A handler for a group of links, installed into a ``DeepLinker``.
///
/// A plugin says which links it takes in one of two ways:
///
/// - by its ``routes``: route patterns (`/transaction/{transaction_id:int}`) indexed in the route
///   table like a route added with `addRoute`, so the plugin costs nothing to links it does not
///   match; the handler reads the captured values, typed, from the state
///   (``DeepLinkNavigationState/parameters``);
/// - with no routes, by ``shouldHandleDeepLink(_:)``: asked one by one, in install order, after
///   the table, for the links no route took. It answers no, yes, or yes behind a barrier, with
///   a value of its own that is handed back to the handler.
///
/// `shouldHandleDeepLink(_:)` is part of the synchronous decision and may be called from any
/// thread, so it must only read immutable state. ``handleDeepLink(with:state:completion:)`` runs
/// on the main actor once every barrier has passed; it must call `completion` when the screen is
/// shown. A completion that never comes is cut off after ``completionTimeout`` (reported
/// `timedOut`); a second call is ignored. A handler written with `async`/`await` is a
/// ``ClosurePlugin``.
///
/// ```swift
/// struct PaymentPlugin: DeepLinkHandlerPlugin {
///   func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption {
///     link.pathSegments == ["pay"] ? .yesWithBarrier(name: "authentication", data: link.queryValue("order_id")) : .no
///   }
///   func handleDeepLink(
///     with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
///   ) {
///     navigator.showPayment(orderID: data as? String, completion: completion)
///   }
/// }
///
/// struct TransactionPlugin: DeepLinkHandlerPlugin {
///   let routes = [PluginRoute("/transaction/{transaction_id:int}", barriers: ["authentication"])]
///   func handleDeepLink(
///     with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
///   ) {
///     navigator.showTransaction(state.parameters.int("transaction_id")!, completion: completion)
///   }
/// }
/// ```
public protocol DeepLinkHandlerPlugin: Sendable {
  /// A name for telemetry, `debugInfo` and the `deeplink` tool. Defaults to the type's name.
  var name: String { get }
  /// How long `handleDeepLink` may take before the link is reported `timedOut`.
  /// Defaults to 10 seconds.
  var completionTimeout: Duration { get }
  /// The routes this plugin takes, indexed in the route table; read once when a configuration is
  /// compiled. Defaults to none: the plugin is then asked ``shouldHandleDeepLink(_:)``.
  var routes: [PluginRoute] { get }
  /// Whether this plugin handles `link`; called synchronously, from any thread, only for a
  /// plugin without ``routes``. Defaults to ``DeepLinkHandlerOption/no``.
  func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption
  /// Handles a link: `data` is what ``shouldHandleDeepLink(_:)`` answered with (`nil` for a link
  /// of one of ``routes``); `state` says where the link came from and carries its captured
  /// values, typed. Runs on the main actor once every barrier has passed; calls `completion`
  /// once the screen is shown.
  @MainActor func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void)
}

extension DeepLinkHandlerPlugin {
  public var name: String { String(describing: Self.self) }
  public var completionTimeout: Duration { .seconds(10) }
  public var routes: [PluginRoute] { [] }
  public func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption { .no }
}

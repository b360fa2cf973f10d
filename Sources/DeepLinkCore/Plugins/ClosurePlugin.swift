/// A ``DeepLinkHandlerPlugin`` made of closures, its handler an `async` function: returning
/// means done.
///
/// ```swift
/// let orders = ClosurePlugin("orders", routes: [PluginRoute("/order/{id:int}")]) { _, state in
///   await navigator.showOrder(state.parameters.int("id")!)
/// }
/// orders.routes.count  // 1
/// ```
public struct ClosurePlugin: DeepLinkHandlerPlugin {
  /// The handler: the data the plugin answered with (`nil` for a route's link) and the state.
  public typealias Handler =
    @MainActor @Sendable (_ data: (any Sendable)?, _ state: DeepLinkNavigationState) async ->
    Void

  public let name: String
  public let completionTimeout: Duration
  public let routes: [PluginRoute]
  private let answer: @Sendable (DeepLink) -> DeepLinkHandlerOption
  private let handler: Handler

  /// Creates a plugin.
  ///
  /// - Parameters:
  ///   - name: the name in telemetry and `debugInfo`.
  ///   - routes: the routes it takes in the route table; none to be asked `shouldHandle`.
  ///   - completionTimeout: how long `handler` may take before the link is reported `timedOut`.
  ///   - shouldHandle: the answer for a link, when `routes` is empty; called from any thread.
  ///   - handler: handles a link on the main actor; returning means done.
  public init(
    _ name: String, routes: [PluginRoute] = [], completionTimeout: Duration = .seconds(10),
    shouldHandle: @escaping @Sendable (DeepLink) -> DeepLinkHandlerOption = { _ in .no },
    handler: @escaping Handler
  ) {
    self.name = name
    self.routes = routes
    self.completionTimeout = completionTimeout
    self.answer = shouldHandle
    self.handler = handler
  }

  public func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption { answer(link) }

  @MainActor public func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) {
    let handler = handler
    Task { @MainActor in
      await handler(data, state)
      completion()
    }
  }
}

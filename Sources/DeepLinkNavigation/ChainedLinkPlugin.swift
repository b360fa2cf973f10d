import DeepLinkCore
import Foundation

/// Chained links installed into a ``DeepLinkCore/DeepLinker`` as one opaque plugin: a link naming
/// several screens in sequence is resolved by a ``ChainResolver`` and its whole ``NavigationPlan``
/// is handed to `handler` in one call.
///
/// The link has passed the engine first (parsing, security rules, rewrites, filters, the
/// mandatory barrier, telemetry): `shopca://ca/productlist/12/productdetail/34` arrives as
/// `shop://productlist/12/productdetail/34`. Routes in the route table are matched before
/// opaque plugins, so a single-step link (`shop://productdetail/34`) whose pattern is also
/// registered with `addRoute` goes to that route; the plugin receives the links only it can
/// resolve. A link with a run that matches no step is declined and ends `notFound` unless
/// another plugin takes it.
///
/// ```swift
/// enum Screen: Sendable { case list, detail }
/// let chains = try ChainedLinkPlugin(
///   steps: [
///     (pattern: "/productlist/{id:int}", value: Screen.list),
///     (pattern: "/productdetail/{id:int}", value: Screen.detail),
///   ]
/// ) { plan, state in
///   navigator.setStack(plan.map { ($0.value, $0["id"]!) }, animated: !state.isColdStart)
/// }
/// let linker = try DeepLinker.configure()
///   .add(urlSchemes: [URLScheme("shop")])
///   .install(plugin: chains)
///   .initialize()
/// ```
public struct ChainedLinkPlugin<Value: Sendable>: DeepLinkHandlerPlugin {
  /// The handler of a plan: builds the whole navigation stack at once.
  public typealias Handler = @MainActor @Sendable (NavigationPlan<Value>, DeepLinkNavigationState) -> Void

  /// The plugin's name in telemetry and `debugInfo`; decisions report the last step's pattern
  /// as their route, and `deeplink explain` every step.
  public let name: String
  /// The resolver the plugin decides with.
  package let resolver: ChainResolver<Value>
  let handler: Handler

  /// Creates the plugin from chainable steps.
  ///
  /// - Parameters:
  ///   - name: the name in telemetry and `debugInfo`.
  ///   - steps: the chainable steps: route patterns and their values, most important first.
  ///   - handler: receives each resolved plan, whole, on the main actor.
  /// - Throws: ``DeepLinkCore/DeepLinkConfigurationError`` for a malformed pattern or two steps
  ///   matching exactly the same runs.
  public init(
    name: String = "ChainedLinkPlugin", steps: [(pattern: String, value: Value)], handler: @escaping Handler
  ) throws(DeepLinkConfigurationError) {
    self.init(name: name, resolver: try ChainResolver(steps: steps), handler: handler)
  }

  /// Creates the plugin from a resolver already compiled.
  ///
  /// - Parameters:
  ///   - name: the name in telemetry and `debugInfo`.
  ///   - resolver: the chainable steps, compiled.
  ///   - handler: receives each resolved plan, whole, on the main actor.
  package init(name: String = "ChainedLinkPlugin", resolver: ChainResolver<Value>, handler: @escaping Handler) {
    self.name = name
    self.resolver = resolver
    self.handler = handler
  }

  /// Accepts `link` when its whole path resolves into a plan, naming its steps' patterns.
  ///
  /// Reads only the compiled resolver: safe on any thread.
  ///
  /// - Complexity: as ``ChainResolver/resolve(_:)``.
  public func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption {
    NavigationResolution.option(resolved(link))
  }

  /// Hands the plan the link resolved to to the handler.
  @MainActor public func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) {
    defer { completion() }
    guard let resolution = NavigationResolution.handed(data, state, resolve: resolved),
      let plan = resolver.plan(resolution.link, resolution.steps)
    else { return }
    handler(plan, state)
  }

  /// The steps `link` resolves to.
  private func resolved(_ link: DeepLink) -> NavigationResolution? {
    resolver.resolveSteps(link).map { NavigationResolution(link: link, steps: $0) }
  }
}

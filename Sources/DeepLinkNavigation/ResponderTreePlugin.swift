import DeepLinkCore
import Foundation

/// A tree of ``DeepLinkResponder`` nodes installed into a ``DeepLinkCore/DeepLinker`` as one opaque
/// plugin.
///
/// `shouldHandleDeepLink(_:)` is part of the engine's synchronous decision and may run on any
/// thread, so it must not touch the coordinators (main-actor objects). The plugin therefore
/// takes a snapshot when it is created, on the main actor: every node's ``ResponderRoutes``
/// (immutable, `Sendable`), in depth-first order. Deciding walks that snapshot as the default
/// ``DeepLinkResponder/hitTest(with:)`` walks the tree; handling, on the main actor, runs the
/// live tree's `hitTest`, `becomeFirstResponder(child:)` chain and `respond(on:)`.
///
/// The snapshot is the tree's vocabulary of links: children added later answer the links that
/// are in it. When the set of patterns changes, install a new plugin. When the live tree no
/// longer has a node for a link the snapshot accepted (a flow was torn down), `unreachable`
/// receives the link.
///
/// ```swift
/// let linker = try DeepLinker.configure()
///   .add(urlSchemes: [URLScheme("shop")])
///   .install(plugin: ResponderTreePlugin(root: appCoordinator))
///   .initialize()
/// ```
public struct ResponderTreePlugin: DeepLinkHandlerPlugin {
  /// One node's routes in the snapshot.
  struct Node: Sendable {
    var routes: ResponderRoutes
  }

  /// The name in telemetry, `debugInfo` and ``DeepLinkNavigationState/route``.
  public let name: String
  /// The root of the tree links are dispatched to.
  package let root: any DeepLinkResponder
  let nodes: [Node]
  let unreachable: (@MainActor @Sendable (DeepLink) -> Void)?
  let navigate: (@MainActor @Sendable (LinkNavigation) -> Void)?

  /// Snapshots the tree under `root`.
  ///
  /// - Parameters:
  ///   - root: the tree's root, usually the application coordinator.
  ///   - name: the name in telemetry and `debugInfo`.
  ///   - unreachable: called with a link the snapshot accepted but no live node responds to.
  ///   - navigate: called, after the tree responded, with where the link took the app (the
  ///     responder chain's tab and the screens its nodes show): the same shape a routed link's
  ///     navigation state has, for an app that keeps its tabs' stacks in one model
  ///     (``TabNavigationState``).
  @MainActor
  public init(
    root: any DeepLinkResponder, name: String = "ResponderTreePlugin",
    unreachable: (@MainActor @Sendable (DeepLink) -> Void)? = nil,
    navigate: (@MainActor @Sendable (LinkNavigation) -> Void)? = nil
  ) {
    var nodes: [Node] = []
    func visit(_ node: any DeepLinkResponder) {
      nodes.append(Node(routes: node.deepLinkRoutes))
      for child in node.deepLinkChildren { visit(child) }
    }
    visit(root)
    self.root = root
    self.name = name
    self.nodes = nodes
    self.unreachable = unreachable
    self.navigate = navigate
  }

  /// The number of nodes in the snapshot.
  package var nodeCount: Int { nodes.count }

  /// Accepts `link` when a node of the snapshot matches it, the first in depth-first order,
  /// naming that node's pattern as the link's step.
  ///
  /// Reads only the immutable snapshot: safe on any thread.
  ///
  /// - Complexity: O(*n*·*d*) in the number of nodes and the link's path segments.
  public func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption {
    NavigationResolution.option(resolve(link))
  }

  /// Dispatches the link the snapshot resolved through the live tree.
  @MainActor public func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) {
    defer { completion() }
    guard let resolution = NavigationResolution.handed(data, state, resolve: resolve) else { return }
    dispatch(resolution.link)
  }

  /// The first node of the snapshot that matches `link`, and its match.
  private func resolve(_ link: DeepLink) -> NavigationResolution? {
    for (index, node) in nodes.enumerated() {
      guard let match = node.routes.match(link) else { continue }
      let step = NavigationResolution.Step(
        index: index, pattern: match.pattern, parameters: DeepLinkParameters(match.parameters))
      return NavigationResolution(link: link, steps: [step])
    }
    return nil
  }

  @MainActor private func dispatch(_ link: DeepLink) {
    guard root.dispatch(link) != nil else {
      unreachable?(link)
      return
    }
    if let navigate, let navigation = root.deepLinkNavigation(for: link) { navigate(navigation) }
  }
}

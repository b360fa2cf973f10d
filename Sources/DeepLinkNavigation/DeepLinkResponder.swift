import DeepLinkCore

/// A node of a coordinator tree that can respond to links: the responder-chain navigation
/// model, for apps built from coordinators (a tab coordinator, its tabs' navigation
/// coordinators, their flows).
///
/// Each node says which links it answers to (``deepLinkRoutes``) and which nodes are below it
/// (``deepLinkChildren``). A link is offered to the whole tree through one
/// ``ResponderTreePlugin`` installed into the app's ``DeepLinkCore/DeepLinker``, so it has passed
/// the engine's parsing, security rules, rewrites and barriers before any node sees it:
///
/// 1. ``hitTest(with:)`` on the root finds, depth-first, the node that can respond;
/// 2. every node from the root down to it prepares with ``becomeFirstResponder(child:)``
///    (the tab coordinator selects the tab, a navigation coordinator pops to its root), the
///    responder itself last, with `nil`;
/// 3. ``respond(on:)`` runs the responder's handler with the link and its captures.
///
/// Only ``deepLinkRoutes`` and ``respond(on:)`` are required; the rest have default
/// implementations.
///
/// ```swift
/// final class TabCoordinator: DeepLinkResponder {
///   let deepLinkRoutes = ResponderRoutes.none
///   var deepLinkChildren: [any DeepLinkResponder] { [home, cart] }
///   func becomeFirstResponder(child: (any DeepLinkResponder)?) {
///     if child === cart { tabBar.selectedIndex = 1 }
///   }
///   func respond(on match: MatchedDeepLink) {}
/// }
///
/// final class CartCoordinator: DeepLinkResponder {
///   let deepLinkRoutes = try! ResponderRoutes(["/cart", "/cart/item/{id:int}"])
///   func respond(on match: MatchedDeepLink) {
///     if let id = match["id"] { showItem(id) } else { popToRoot() }
///   }
/// }
/// ```
@MainActor
public protocol DeepLinkResponder: AnyObject, Sendable {
  /// The patterns this node answers to, compiled. ``ResponderRoutes/none`` for a node that only
  /// passes links on.
  var deepLinkRoutes: ResponderRoutes { get }
  /// The nodes below this one, searched in order. Defaults to none.
  var deepLinkChildren: [any DeepLinkResponder] { get }
  /// Whether this node itself responds to `link`. Defaults to whether one of
  /// ``deepLinkRoutes`` matches it.
  func canRespond(to link: DeepLink) -> Bool
  /// The node of this subtree that responds to `link`, searched depth-first: this node if it
  /// can respond, otherwise the first child subtree's responder, otherwise `nil`.
  ///
  /// Call it on the root.
  func hitTest(with link: DeepLink) -> (any DeepLinkResponder)?
  /// Prepares this node for a link about to be answered below it: `child` is the next node on
  /// the way down (select its tab, dismiss what covers it), `nil` when this node is the
  /// responder. Defaults to doing nothing.
  func becomeFirstResponder(child: (any DeepLinkResponder)?)
  /// Runs this node's handler for the link: show the screen.
  func respond(on match: MatchedDeepLink)
  /// The tab this node is (a tab's coordinator), if it is one. Defaults to `nil`.
  var deepLinkTab: NavigationTab? { get }
  /// The screen this node shows under the responder when a link is answered below it, as a
  /// destination (a list coordinator's list), if it shows one. Defaults to `nil`.
  var deepLinkDestination: (any LinkDestination)? { get }
  /// The screen this node shows for `match` when it is the responder, as a destination. Defaults
  /// to `nil`.
  func deepLinkDestination(for match: MatchedDeepLink) -> (any LinkDestination)?
}

extension DeepLinkResponder {
  public var deepLinkChildren: [any DeepLinkResponder] { [] }

  public func canRespond(to link: DeepLink) -> Bool {
    deepLinkRoutes.match(link) != nil
  }

  public func hitTest(with link: DeepLink) -> (any DeepLinkResponder)? {
    if canRespond(to: link) { return self }
    for child in deepLinkChildren {
      if let responder = child.hitTest(with: link) { return responder }
    }
    return nil
  }

  public func becomeFirstResponder(child: (any DeepLinkResponder)?) {}
  public var deepLinkTab: NavigationTab? { nil }
  public var deepLinkDestination: (any LinkDestination)? { nil }
  public func deepLinkDestination(for match: MatchedDeepLink) -> (any LinkDestination)? { nil }

  /// Where `link` takes the app in the tree under this node, in the shape a routed link's
  /// ``DeepLinkCore/LinkNavigation`` has: the tab of the deepest node of the responder chain that
  /// is a tab, and the destinations the chain's nodes below it show, the responder's own for the
  /// link last. `nil` when no node responds, no node of the chain is a tab, or the responder
  /// shows no destination for the link.
  package func deepLinkNavigation(for link: DeepLink) -> LinkNavigation? {
    guard let responder = hitTest(with: link), let chain = responderChain(to: responder),
      let tabIndex = chain.lastIndex(where: { $0.deepLinkTab != nil }), let tab = chain[tabIndex].deepLinkTab,
      let match = responder.deepLinkRoutes.match(link), let destination = responder.deepLinkDestination(for: match)
    else { return nil }
    let parents = chain[(tabIndex + 1)...].dropLast().compactMap(\.deepLinkDestination)
    return LinkNavigation(tab: tab, path: parents + [destination])
  }

  /// The nodes from this one down to `responder`, both included, or `nil` if `responder` is
  /// not in this subtree. The chain ``ResponderTreePlugin`` prepares, top first.
  package func responderChain(to responder: any DeepLinkResponder) -> [any DeepLinkResponder]? {
    if self === responder { return [self] }
    for child in deepLinkChildren {
      if let chain = child.responderChain(to: responder) { return [self] + chain }
    }
    return nil
  }

  /// Finds the responder for `link` from this node, lets every node on the way down prepare,
  /// then lets the responder respond.
  ///
  /// This is what ``ResponderTreePlugin`` does with a link the engine admitted; call it
  /// directly only with links that have been through a ``DeepLinkCore/DeepLinker``.
  ///
  /// - Returns: the node that responded, or `nil` if none can.
  @discardableResult
  package func dispatch(_ link: DeepLink) -> (any DeepLinkResponder)? {
    guard let responder = hitTest(with: link), let chain = responderChain(to: responder) else { return nil }
    for (node, next) in zip(chain, chain.dropFirst()) { node.becomeFirstResponder(child: next) }
    responder.becomeFirstResponder(child: nil)
    let match =
      responder.deepLinkRoutes.match(link) ?? MatchedDeepLink(link: link, pattern: link.path, parameters: [:])
    responder.respond(on: match)
    return responder
  }
}

/// One route of a configuration's table, as the CLI, the catalogue, composition and tools read
/// it: its identity, its pattern (parsed once, where the route was declared), who declared it and
/// what it asks of a link.
///
/// ```swift
/// for route in configuration.routeDescriptions where route.owner == .market("CA") {
///   print(route.id.name, route.pattern.parameterNames)
/// }
/// ```
package struct RouteDescription: Sendable, Hashable {
  /// The route's identity, as a decision routed to it carries it (``DeepLinkDecision/route``).
  package let id: RouteID
  /// The route's app pattern, compiled.
  package let pattern: RoutePattern
  /// Who declared the route (or the plugin whose route it is).
  package let owner: LinkOwner
  /// The barriers every link of the route passes, in order.
  package let barriers: [BarrierName]
  /// Whether the route changes state: links from outside the app pass the confirmation barrier.
  package let changesState: Bool
  /// Where the route's screen lives in the app (its tab and parents), if the route says.
  package let placement: LinkPlacement?

  /// Describes a route.
  package init(
    id: RouteID, pattern: RoutePattern, owner: LinkOwner, barriers: [BarrierName], changesState: Bool,
    placement: LinkPlacement? = nil
  ) {
    self.placement = placement
    self.id = id
    self.pattern = pattern
    self.owner = owner
    self.barriers = barriers
    self.changesState = changesState
  }
}

extension DeepLinkConfiguration {
  /// The routes in the table, in registration order: each one's identity (its name is the
  /// pattern for `addRoute` routes, the plugin's name for plugins), compiled pattern, owner,
  /// barriers and whether it changes state.
  package var routeDescriptions: [RouteDescription] {
    routePatterns.indices.map { index in
      let target = routes.value(at: Int32(index))
      return RouteDescription(
        id: RouteID(name: target.name, pattern: routeSources[index]), pattern: routePatterns[index],
        owner: target.owner, barriers: target.barriers, changesState: target.changesState,
        placement: target.placement)
    }
  }

  /// The description of the route `id` names, if the table holds it.
  package func route(_ id: RouteID) -> RouteDescription? {
    guard let pattern = id.pattern else { return nil }
    for index in routeSources.indices where routeSources[index] == pattern {
      let target = routes.value(at: Int32(index))
      guard target.name == id.name else { continue }
      return RouteDescription(
        id: id, pattern: routePatterns[index], owner: target.owner, barriers: target.barriers,
        changesState: target.changesState, placement: target.placement)
    }
    return nil
  }
}

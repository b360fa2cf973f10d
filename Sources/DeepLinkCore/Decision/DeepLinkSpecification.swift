/// Everything a ``DeepLinkConfiguration`` is compiled from: what ``DeepLinker/Configurator``
/// collects, and what composition assembles from the platform and a market.
package struct DeepLinkSpecification: Sendable {
  /// The custom schemes; the first without a custom host is the app scheme.
  package var urlSchemes: [URLScheme] = []
  /// The hosts claimed for universal links.
  package var domains: [Domain] = []
  /// The rewrite rules, in order.
  package var universalLinks: [UniversalLink] = []
  /// The installed plugins, in install order (``install(_:owner:)-(any DeepLinkHandlerPlugin,_)``).
  package private(set) var plugins: [any DeepLinkHandlerPlugin] = []
  /// Who installed each plugin of ``plugins``, at the same index.
  package private(set) var pluginOwners: [LinkOwner] = []
  /// The installed barriers, by name.
  var barriers = InstalledBarriers()
  /// The scheme and host filters.
  package var filters = LinkFilters()
  /// The barrier every link passes.
  package var mandatoryBarrier: BarrierName?
  /// The barrier state-changing links from outside pass.
  package var confirmationBarrier: BarrierName?
  /// Whether compiling checks each route's destination type against its route
  /// (see `Docs/Destinations.md` for when composition leaves it to the build).
  package var checksDestinations = true
  /// Routes added with `addRoute`.
  var routes: [RouteSpecification] = []

  /// An empty specification.
  package init() {}

  /// Installs `plugin` as `owner`'s.
  package mutating func install(_ plugin: any DeepLinkHandlerPlugin, owner: LinkOwner) {
    plugins.append(plugin)
    pluginOwners.append(owner)
  }

  /// Who installed the plugin at `index` of ``plugins``.
  package func owner(ofPlugin index: Int) -> LinkOwner {
    pluginOwners[index]
  }

  /// Installs `barrier` as `owner`'s, replacing a barrier of the same name.
  package mutating func install(_ barrier: any DeepLinkHandlingBarrier, owner: LinkOwner) {
    barriers.install(barrier)
  }
}

extension DeepLinkConfiguration {
  /// Compiles a specification: plugins' routes join the route table, every barrier a
  /// route or the mandatory barrier names must be installed (the installed barriers are resolved
  /// into the configuration), state-changing routes need a confirmation barrier.
  ///
  /// - Throws: ``DeepLinkConfigurationError`` naming the first mistake.
  package convenience init(compiling specification: DeepLinkSpecification) throws(DeepLinkConfigurationError) {
    var routes = specification.routes
    // The plugins that do not match paths, in install order, found here once.
    var opaquePluginIndices: [Int] = []
    for (index, plugin) in specification.plugins.enumerated() {
      let pluginRoutes = plugin.routes
      guard !pluginRoutes.isEmpty else {
        opaquePluginIndices.append(index)
        continue
      }
      for route in pluginRoutes {
        let pattern: RoutePattern
        do {
          pattern = try route.pattern
        } catch {
          throw .malformedPattern(error)
        }
        routes.append(
          RouteSpecification(
            pattern: pattern,
            target: RouteTarget(
              kind: .plugin(index), name: plugin.name, barriers: route.barriers,
              waitForPreconditions: route.waitForPreconditions, changesState: route.changesState,
              owner: specification.owner(ofPlugin: index), acceptsParameters: route.accepts,
              freeTextParameters: route.freeTextParameters, pattern: pattern,
              destination: route.destination, placement: route.placement)))
      }
    }
    let installed = specification.barriers
    if let mandatory = specification.mandatoryBarrier, installed[mandatory] == nil {
      throw .unknownBarrier(name: mandatory, usedBy: "mandatory barrier")
    }
    for route in routes {
      for name in route.target.barriers where installed[name] == nil {
        throw .unknownBarrier(name: name, usedBy: route.pattern.source)
      }
      if route.target.changesState && specification.confirmationBarrier == nil {
        throw .missingConfirmationBarrier(route: route.pattern.source)
      }
    }
    try self.init(
      urlSchemes: specification.urlSchemes, domains: specification.domains,
      universalLinks: specification.universalLinks, routes: routes,
      plugins: specification.plugins, opaquePluginIndices: opaquePluginIndices,
      pluginOwners: specification.pluginOwners, barriers: installed,
      filters: specification.filters, mandatoryBarrier: specification.mandatoryBarrier,
      confirmationBarrier: specification.confirmationBarrier, checksDestinations: specification.checksDestinations)
  }
}

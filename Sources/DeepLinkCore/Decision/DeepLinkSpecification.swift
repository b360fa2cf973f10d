/// Everything a ``DeepLinkConfiguration`` is compiled from: what ``DeepLinker/Configurator``
/// collects, and what composition assembles from the platform and a market.
package struct DeepLinkSpecification: Sendable {
  /// The custom schemes; the first without a custom host is the app scheme.
  package var urlSchemes: [URLScheme] = []
  /// The hosts claimed for universal links.
  package var domains: [Domain] = []
  /// The rewrite rules, in order.
  package var universalLinks: [UniversalLink] = []
  /// ``universalLinks`` compiled, when whoever assembled the specification compiled them
  /// already (composition does, for its checks): used only while it is exactly as long as
  /// ``universalLinks`` and each of its rules is the rule at the same place there (empty when
  /// nobody did). A list, not an optional list: assigning an optional list destroys the old one
  /// through its type's metadata, one more type made at launch.
  package var compiledRules: [CompiledRewrite] = []
  /// The installed plugins, in install order.
  package var plugins: [any DeepLinkHandlerPlugin] = []
  /// Who installed each plugin, by its index in ``plugins``; a plugin without an entry (past the
  /// end) is the platform's. An array, not an `[Int: LinkOwner]`: the first dictionary keyed by
  /// `Int` costs a search of every conformance record at launch; and of owners, not optional
  /// owners: each distinct generic type is metadata the runtime makes at launch.
  package var pluginOwners: [LinkOwner] = []
  /// The installed barriers, by name (its `rawValue`: a dictionary keyed by ``BarrierName``
  /// would make the runtime search every conformance record for its `Hashable` at launch).
  package var barriers: [String: any DeepLinkHandlingBarrier] = [:]
  /// Who installed each barrier, by name; a barrier without an entry is the platform's.
  package var barrierOwners: [String: LinkOwner] = [:]
  /// The scheme and host filters.
  package var filters = LinkFilters()
  /// The barrier every link passes.
  package var mandatoryBarrier: BarrierName?
  /// The barrier state-changing links from outside pass.
  package var confirmationBarrier: BarrierName?
  /// Whether compiling checks each route's destination type against its route
  /// (see `Docs/Destinations.md` for when composition turns it off).
  package var checksDestinations = true
  /// Routes added with `addRoute`.
  var routes: [RouteSpecification] = []

  /// An empty specification.
  package init() {}

  /// Installs `plugin` as `owner`'s.
  package mutating func install(_ plugin: any DeepLinkHandlerPlugin, owner: LinkOwner) {
    if owner != .platform {
      while pluginOwners.count < plugins.count { pluginOwners.append(.platform) }
      pluginOwners.append(owner)
    }
    plugins.append(plugin)
  }

  /// Who installed the plugin at `index` of ``plugins``.
  package func owner(ofPlugin index: Int) -> LinkOwner {
    index < pluginOwners.count ? pluginOwners[index] : .platform
  }

  /// Installs `barrier` as `owner`'s, replacing a barrier of the same name.
  package mutating func install(_ barrier: any DeepLinkHandlingBarrier, owner: LinkOwner) {
    barriers[barrier.name.rawValue] = barrier
    barrierOwners[barrier.name.rawValue] = owner == .platform ? nil : owner
  }
}

extension DeepLinkConfiguration {
  /// Compiles a specification: path-matching plugins join the route table, every barrier a
  /// route or the mandatory barrier names must be installed (the installed barriers are resolved
  /// into the configuration), state-changing routes need a confirmation barrier.
  ///
  /// `parsedPluginPatterns` holds the patterns of the first plugins, in order, parsed already by
  /// whoever installed them (composition parses the platform's route patterns once, for its
  /// boundary checks too): a plugin's pattern is read from there when it is what parsing the
  /// plugin's `matchingPath` makes (that source, case-sensitive), and parsed otherwise. (A
  /// parameter, not a property of the specification: assigning a list to a property destroys the
  /// old one through its type's metadata, one more type made at launch.)
  ///
  /// - Throws: ``DeepLinkConfigurationError`` naming the first mistake.
  package convenience init(
    compiling specification: DeepLinkSpecification, parsedPluginPatterns parsed: [RoutePattern] = []
  ) throws(DeepLinkConfigurationError) {
    // Appended one by one, not copied: a copied list is copied through its type's metadata,
    // one more type made at launch.
    var routes: [RouteSpecification] = []
    routes.reserveCapacity(specification.routes.count + specification.plugins.count)
    for index in specification.routes.indices { routes.append(specification.routes[index]) }
    // The plugins that do not match paths, in install order, found here once.
    var opaquePluginIndices: [Int] = []
    for (index, plugin) in specification.plugins.enumerated() {
      // A `switch`, not `guard let` or `== nil`: those destroy the optional existential through
      // its type's metadata, one more type made at launch.
      let pathPlugin: any DeepLinkHandlerPathMatchingPlugin
      switch plugin.pathMatching {
      case .some(let matching): pathPlugin = matching
      case .none:
        opaquePluginIndices.append(index)
        continue
      }
      let pattern: RoutePattern
      if index < parsed.count && parsed[index].source == pathPlugin.matchingPath && !parsed[index].isCaseInsensitive {
        pattern = parsed[index]
      } else {
        do {
          pattern = try RoutePattern(pathPlugin.matchingPath)
        } catch {
          throw .malformedPattern(error)
        }
      }
      routes.append(
        RouteSpecification(
          pattern: pattern,
          target: RouteTarget(
            kind: .plugin(index), name: plugin.name, barriers: pathPlugin.barriers,
            waitForPreconditions: pathPlugin.waitForPreconditions, changesState: pathPlugin.changesState,
            owner: specification.owner(ofPlugin: index),
            acceptsParameters: { pathPlugin.acceptsParameters($0) },
            freeTextParameters: pathPlugin.freeTextParameters, pattern: pattern,
            destination: pathPlugin.destination)))
    }
    let installed = specification.barriers
    // Looked up by key, not read: a barrier read out is an optional existential, destroyed
    // through its type's metadata (one more type made at launch).
    if let mandatory = specification.mandatoryBarrier, !installed.keys.contains(mandatory.rawValue) {
      throw .unknownBarrier(name: mandatory, usedBy: "mandatory barrier")
    }
    for route in routes {
      for name in route.target.barriers where !installed.keys.contains(name.rawValue) {
        throw .unknownBarrier(name: name, usedBy: route.pattern.source)
      }
      if route.target.changesState && specification.confirmationBarrier == nil {
        throw .missingConfirmationBarrier(route: route.pattern.source)
      }
    }
    // Compared in place, by index: a pair of copies retains each rule's strings and lists.
    let compiled = specification.compiledRules
    let links = specification.universalLinks
    let compiledRules =
      compiled.count != links.count || compiled.indices.contains(where: { compiled[$0].rule != links[$0] })
      ? nil : compiled
    // No filters (as composition's) made afresh, not copied: copying the filters copies each of
    // their six lists through its type's metadata, more types made at launch. Compared whole, so
    // a filter added to `LinkFilters` later is never dropped here.
    let filters = specification.filters == LinkFilters() ? LinkFilters() : specification.filters
    try self.init(
      urlSchemes: specification.urlSchemes, domains: specification.domains,
      universalLinks: specification.universalLinks, compiledRules: compiledRules, routes: routes,
      plugins: specification.plugins, opaquePluginIndices: opaquePluginIndices,
      pluginOwners: specification.pluginOwners, barriers: installed,
      filters: filters, mandatoryBarrier: specification.mandatoryBarrier,
      confirmationBarrier: specification.confirmationBarrier, checksDestinations: specification.checksDestinations)
  }
}

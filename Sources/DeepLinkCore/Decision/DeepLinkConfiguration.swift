/// A route added with ``DeepLinker/addRoute(_:waitForPreconditions:barriers:changesState:handler:)``
/// or contributed by a plugin (``DeepLinkHandlerPlugin/routes``), before compilation.
struct RouteSpecification: Sendable {
  var pattern: RoutePattern
  var target: RouteTarget
}

/// An opaque plugin as the decision asks it: its index in the installed plugins and what it
/// leads to. A class, so walking the plugins copies a reference, not each target.
final class OpaquePlugin: Sendable {
  let index: Int
  let target: RouteTarget

  init(index: Int, target: RouteTarget) {
    self.index = index
    self.target = target
  }
}

/// Everything the synchronous part of the pipeline needs, compiled and immutable.
///
/// ``decide(_:source:)`` is a pure function of this value: it takes no lock and may be
/// called from any thread. A ``DeepLinker`` holds one and replaces it whole when routes change.
/// It is a final class with only constant properties, so passing it around costs one reference
/// count, not a copy of every table.
public final class DeepLinkConfiguration: Sendable {
  /// The custom schemes the app answers to.
  package let urlSchemes: [URLScheme]
  /// The hosts the app claims for universal links.
  package let domains: [Domain]
  /// The rewrite rules, in effect order (overridden rules removed).
  package var universalLinks: [UniversalLink] { rewriteRules.map(\.rule) }
  /// The scheme rewritten links get: the first registered scheme without a custom host.
  public let appScheme: String
  /// The filters applied before routing.
  package let filters: LinkFilters
  /// The barrier every link passes, if any.
  package let mandatoryBarrier: BarrierName?
  /// The barrier state-changing routes pass when the link came from outside the app.
  package let confirmationBarrier: BarrierName?
  /// The installed barriers, by name, resolved when the configuration is compiled: every
  /// barrier a route, a plugin route or the mandatory barrier names is one of them.
  let barriers: InstalledBarriers

  let schemes: SmallStringMap<URLScheme>
  /// The exact domains (see ``SmallStringMap`` for why not a `Set`); wildcard domains are
  /// matched in turn.
  let exactDomains: SmallStringMap<LinkOwner>
  /// The exact domains again, for reading a link to one of them without making its host's string.
  let knownHosts: KnownHosts
  let wildcardDomains: [Domain]
  /// Whether any filter is set; when none is, admission skips them.
  let hasFilters: Bool
  /// The rewrite rules, compiled, in effect order (overridden rules removed).
  package let rewriteRules: [CompiledRewrite]
  /// Each rule's plan, when it has one (``RewritePlan``).
  let rewritePlans: [RewritePlan?]
  let rewrites: RouteTable<Int>
  let routes: RouteTable<RouteTarget>
  /// Each route's pattern as written, kept as strings: a decision reports it.
  package let routeSources: [String]
  /// Each route's pattern, compiled once where it was declared, in the table's order.
  let routePatterns: [RoutePattern]
  let plugins: [any DeepLinkHandlerPlugin]
  /// The opaque plugins in install order: each one's index in `plugins` and what it leads to,
  /// made once.
  let opaquePlugins: [OpaquePlugin]

  /// The configuration of these declarations. `routes` holds every table route, plugins' routes
  /// included; `opaquePluginIndices` the indices in `plugins`, in order, of the plugins without
  /// ``DeepLinkHandlerPlugin/routes`` (the caller has read each plugin's routes once).
  init(
    urlSchemes: [URLScheme], domains: [Domain], universalLinks: [UniversalLink],
    routes: [RouteSpecification],
    plugins: [any DeepLinkHandlerPlugin], opaquePluginIndices: [Int], pluginOwners: [LinkOwner],
    barriers: InstalledBarriers = InstalledBarriers(), filters: LinkFilters,
    mandatoryBarrier: BarrierName?, confirmationBarrier: BarrierName?, checksDestinations: Bool = true
  ) throws(DeepLinkConfigurationError) {
    let schemeNames = urlSchemes.map(\.scheme)
    let schemes = SmallStringMap(keys: schemeNames, values: urlSchemes)
    if schemes.count != schemeNames.count {
      for position in schemeNames.indices where schemeNames[..<position].contains(schemeNames[position]) {
        throw .duplicateScheme(schemeNames[position])
      }
    }
    let allDomains =
      domains + filters.excludedHosts + filters.blacklistHosts + filters.whitelistHosts
    if let invalid = allDomains.first(where: { !$0.isValid }) { throw .invalidDomain(invalid.name) }
    guard let appScheme = urlSchemes.first(where: { $0.customHost == nil })?.scheme else { throw .missingAppScheme }
    self.urlSchemes = urlSchemes
    self.schemes = schemes
    self.domains = domains
    var exactHosts: [String] = []
    var exactOwners: [LinkOwner] = []
    var wildcards: [Domain] = []
    for domain in domains {
      if domain.isValid, case .exact(let host) = domain.hostPattern {
        exactHosts.append(host)
        exactOwners.append(domain.owner)
      } else {
        wildcards.append(domain)
      }
    }
    self.exactDomains = SmallStringMap(keys: exactHosts, values: exactOwners)
    self.knownHosts = KnownHosts(exactHosts)
    self.wildcardDomains = wildcards
    self.hasFilters = filters != LinkFilters()
    self.appScheme = appScheme
    self.filters = filters
    self.mandatoryBarrier = mandatoryBarrier
    self.confirmationBarrier = confirmationBarrier
    self.barriers = barriers
    self.plugins = plugins
    self.opaquePlugins = opaquePluginIndices.map {
      let target = RouteTarget(
        kind: .plugin($0), name: plugins[$0].name, barriers: [], waitForPreconditions: false, changesState: false,
        owner: pluginOwners[$0])
      return OpaquePlugin(index: $0, target: target)
    }

    var compiled: [CompiledRewrite] = []
    compiled.reserveCapacity(universalLinks.count)
    for rule in universalLinks {
      do {
        compiled.append(try rule.compile())
      } catch {
        throw .invalidRewrite(error)
      }
    }
    let (effective, resolved, isRewriteTable) = try Self.resolveOverrides(compiled)
    self.rewriteRules = effective
    // No plan when the app scheme is not a custom scheme (no app link can have it).
    let planScheme = RoutePattern.isCustomScheme(appScheme) ? appScheme.lowercased() : nil
    var plans: [RewritePlan?] = []
    plans.reserveCapacity(effective.count)
    for rule in effective {
      plans.append(planScheme.flatMap { RewritePlan(rule, scheme: $0) })
    }
    self.rewritePlans = plans
    if isRewriteTable {
      self.rewrites = (consume resolved).build()
    } else {
      // An override took another rule's place: the table is built again over the effective rules.
      var rewriteBuilder = RouteTable<Int>.Builder()
      for (index, rule) in effective.enumerated() {
        do {
          try rewriteBuilder.add(rule.pattern, value: index)
        } catch {
          guard case .conflict(let existing, let new) = error else { continue }
          throw .conflictingRewrites(existing: existing, new: new)
        }
      }
      self.rewrites = (consume rewriteBuilder).build()
    }

    var routeBuilder = RouteTable<RouteTarget>.Builder()
    for route in routes {
      do {
        try routeBuilder.add(route.pattern, value: route.target)
      } catch {
        throw .conflictingRoutes(error)
      }
    }
    self.routes = (consume routeBuilder).build()
    self.routeSources = routes.map(\.pattern.source)
    self.routePatterns = routes.map(\.pattern)
    if checksDestinations { try Self.checkDestinations(routes, rules: effective) }
  }

  /// Drops every rule an override replaces: an override takes the place of the earlier rule
  /// that matches exactly the same links. Two rules like that without an override conflict.
  ///
  /// One table is grown over the rules, and its conflict check finds the rule each new one
  /// matches the same links as: a rule an override replaced keeps its place in the table, now
  /// standing for the override. When no override replaced anything, that table is the
  /// configuration's rewrite table (each rule's value its index), and `isRewriteTable` is true.
  ///
  /// - Complexity: O(*n*) in the rules' total length.
  private static func resolveOverrides(
    _ rules: [CompiledRewrite]
  ) throws(DeepLinkConfigurationError) -> (
    rules: [CompiledRewrite], table: RouteTable<Int>.Builder, isRewriteTable: Bool
  ) {
    var table = RouteTable<Int>.Builder()
    // Each route's value: the index in `rules` of the rule that holds its links now.
    table.values.reserveCapacity(rules.count)
    // Which rules an override replaced; empty until one does.
    var replaced: [Bool] = []
    for index in rules.indices {
      guard let existing = table.trie.addUnlessSameLinks(rules[index].pattern) else {
        table.values.append(index)
        continue
      }
      let holder = table.values[Int(existing)]
      guard rules[index].rule.isOverride else {
        throw .conflictingRewrites(existing: rules[holder].pattern.source, new: rules[index].pattern.source)
      }
      if replaced.isEmpty { replaced = Array(repeating: false, count: rules.count) }
      replaced[holder] = true
      table.values[Int(existing)] = index
    }
    // Without a replacement every rule stays, in order, and each route's value is its index.
    guard !replaced.isEmpty else { return (rules, table, true) }
    return (rules.indices.filter { !replaced[$0] }.map { rules[$0] }, table, false)
  }

  /// The market the configuration was composed for: the one owner of its rules, domains and
  /// routes other than the platform; `nil` for the platform alone.
  package var market: String? {
    for rule in rewriteRules { if let id = rule.rule.owner.marketID { return id } }
    for index in routePatterns.indices {
      if let id = routes.value(at: Int32(index)).owner.marketID { return id }
    }
    return nil
  }

  /// The names of the installed opaque plugins, in install order.
  package var opaquePluginNames: [String] { opaquePlugins.map(\.target.name) }

  /// The names of the installed barriers, sorted.
  package var barrierNames: [BarrierName] { barriers.names.sorted(by: <) }

  /// Who installed each opaque plugin of ``opaquePluginNames``, in the same order.
  package var opaquePluginOwners: [LinkOwner] { opaquePlugins.map(\.target.owner) }
}

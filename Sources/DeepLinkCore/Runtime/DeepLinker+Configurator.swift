extension DeepLinker {
  /// The fluent builder of the plugin API: `DeepLinker.configure()…initialize()`.
  ///
  /// Every method returns a new configurator; nothing takes effect until ``initialize()``,
  /// which compiles the configuration, throws on any mistake, and replays the links buffered
  /// before it.
  @MainActor
  public struct Configurator {
    let linker: DeepLinker
    private var specification: DeepLinkSpecification {
      // A configuration compiled earlier no longer describes the specification once it changes.
      didSet { compiled = nil }
    }
    /// The configuration already compiled from ``specification`` (composition hands over a
    /// checked one), used by ``initialize()`` instead of compiling again.
    private var compiled: DeepLinkConfiguration?
    private var notFoundHandler: (@MainActor (DeepLink) -> Void)?
    private var forbiddenHandler: (@MainActor (DeepLink) -> Void)?
    private var externalURLHandler: (@MainActor (DeepLink) -> Void)?
    private var telemetry: (any DeepLinkTelemetry)?
    private var clock: (any DeepLinkClock)?
    private var policy: PendingLinkPolicy?

    init(linker: DeepLinker) {
      self.linker = linker
      self.specification = linker.specification
    }

    private func with(_ change: (inout Configurator) -> Void) -> Configurator {
      var copy = self
      change(&copy)
      return copy
    }

    /// Starts from a whole specification, owners included, and the configuration composition
    /// already compiled (and checked) from it: ``initialize()`` installs that configuration as it
    /// is, unless a later call changes the specification (later calls add to it).
    package func adopting(
      _ specification: DeepLinkSpecification, compiled configuration: DeepLinkConfiguration
    ) -> Configurator {
      with {
        $0.specification = specification
        $0.compiled = configuration
      }
    }

    /// Installs a plugin. Path-matching plugins join the route table; others are asked in
    /// install order when no table route matches.
    public func install(plugin: some DeepLinkHandlerPlugin) -> Configurator {
      with { $0.specification.install(plugin, owner: .platform) }
    }

    /// Installs a barrier under its ``DeepLinkHandlingBarrier/name``; routes and plugins refer to
    /// it by that name.
    public func install(barrier: some DeepLinkHandlingBarrier) -> Configurator {
      with { $0.specification.barriers.install(barrier) }
    }

    /// Installs `barrier` and makes every link pass it.
    public func set(mandatoryBarrier barrier: some DeepLinkHandlingBarrier) -> Configurator {
      with {
        $0.specification.barriers.install(barrier)
        $0.specification.mandatoryBarrier = barrier.name
      }
    }

    /// Installs `barrier` as the confirmation state-changing routes pass for links from outside.
    public func set(confirmationBarrier barrier: some DeepLinkHandlingBarrier) -> Configurator {
      with {
        $0.specification.barriers.install(barrier)
        $0.specification.confirmationBarrier = barrier.name
      }
    }

    /// Adds custom schemes the app answers to, after those already set; the first without a
    /// custom host is the app scheme.
    public func add(urlSchemes: [URLScheme]) -> Configurator {
      with { $0.specification.urlSchemes += urlSchemes }
    }

    /// Adds hosts the app claims, after those already set.
    public func add(allowedDomains: [Domain]) -> Configurator {
      with { $0.specification.domains += allowedDomains }
    }

    /// Installs what a ``CustomDeeplinkRouteProvider`` contributes: its domains, its rewrite
    /// rules and its custom schemes, each after those already added.
    ///
    /// ```swift
    /// let linker = try DeepLinker.configure()
    ///   .add(urlSchemes: [URLScheme("shop")])
    ///   .install(provider: StoreLinks())
    ///   .initialize()
    /// ```
    ///
    /// Composition (`DeepLinkAssembly`) does the same for a market and also checks the market
    /// boundary; this installs the provider as it is.
    public func install(provider: some CustomDeeplinkRouteProvider) -> Configurator {
      with {
        $0.specification.domains += provider.domains
        $0.specification.universalLinks += provider.universalLinks
        $0.specification.urlSchemes += provider.urlSchemes
      }
    }

    /// Adds rewrite rules after those already added.
    public func add(universalLinks: [UniversalLink]) -> Configurator {
      with { $0.specification.universalLinks += universalLinks }
    }

    /// Called with links that are ours but that nothing routes.
    public func with(notFoundHandler handler: @escaping @MainActor (DeepLink) -> Void) -> Configurator {
      with { $0.notFoundHandler = handler }
    }

    /// Called with links a blacklist or whitelist refused.
    public func with(forbiddenHandler handler: @escaping @MainActor (DeepLink) -> Void) -> Configurator {
      with { $0.forbiddenHandler = handler }
    }

    /// Called with `http`/`https` links that are not ours.
    public func with(externalURLHandler handler: @escaping @MainActor (DeepLink) -> Void) -> Configurator {
      with { $0.externalURLHandler = handler }
    }

    /// Adds schemes whose links are ignored silently (still reported to telemetry).
    public func add(excludedSchemes: Set<String>) -> Configurator {
      with { $0.specification.filters.excludedSchemes.formUnion(excludedSchemes.map { $0.lowercased() }) }
    }

    /// Adds hosts whose links are ignored silently.
    public func add(excludedHosts: [Domain]) -> Configurator {
      with { $0.specification.filters.excludedHosts += excludedHosts }
    }

    /// Adds schemes whose links are forbidden.
    public func add(blacklistSchemes: Set<String>) -> Configurator {
      with { $0.specification.filters.blacklistSchemes.formUnion(blacklistSchemes.map { $0.lowercased() }) }
    }

    /// Adds hosts whose links are forbidden.
    public func add(blacklistHosts: [Domain]) -> Configurator {
      with { $0.specification.filters.blacklistHosts += blacklistHosts }
    }

    /// Adds schemes to the whitelist: when it is set, links of other schemes are forbidden (the
    /// blacklist still wins).
    public func add(whitelistSchemes: Set<String>) -> Configurator {
      with { $0.specification.filters.whitelistSchemes.formUnion(whitelistSchemes.map { $0.lowercased() }) }
    }

    /// Adds hosts to the whitelist: when it is set, web links to other hosts are forbidden (the
    /// blacklist still wins).
    public func add(whitelistHosts: [Domain]) -> Configurator {
      with { $0.specification.filters.whitelistHosts += whitelistHosts }
    }

    /// Receives every event of every link.
    public func with(telemetry: some DeepLinkTelemetry) -> Configurator {
      with { $0.telemetry = telemetry }
    }

    /// The clock for timeouts and durations (inject a manual one in tests).
    public func with(clock: some DeepLinkClock) -> Configurator {
      with { $0.clock = clock }
    }

    /// What happens to a link arriving while another waits; ``PendingLinkPolicy/supersede`` by default.
    public func set(pendingLinkPolicy: PendingLinkPolicy) -> Configurator {
      with { $0.policy = pendingLinkPolicy }
    }

    /// Compiles the configuration into the linker and replays links buffered before it.
    ///
    /// - Returns: the ready linker.
    /// - Throws: ``DeepLinkConfigurationError`` naming the first mistake: a malformed pattern or
    ///   host, a conflict, an unknown barrier, a state-changing route without a confirmation
    ///   barrier, no app scheme.
    @discardableResult
    public func initialize() throws(DeepLinkConfigurationError) -> DeepLinker {
      let specification = self.specification
      let configuration: DeepLinkConfiguration
      if let compiled {
        configuration = compiled
      } else {
        configuration = try DeepLinkConfiguration(compiling: specification)
      }
      linker.specification = specification
      linker.configuration = configuration
      if let notFoundHandler { linker.notFoundHandler = notFoundHandler }
      if let forbiddenHandler { linker.forbiddenHandler = forbiddenHandler }
      if let externalURLHandler { linker.externalURLHandler = externalURLHandler }
      if let telemetry { linker.telemetry = telemetry }
      if let clock { linker.clock = clock }
      if let policy { linker.pendingLinkPolicy = policy }
      linker.bufferedLinksRefused = nil
      linker.replayColdStartBuffer()
      return linker
    }
  }
}

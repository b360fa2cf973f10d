extension DeepLinkConfiguration {
  /// Checks every route's destination type against its pattern and the rules onto it, and that
  /// no two owners' routes declare the same type.
  static func checkDestinations(
    _ routes: [RouteSpecification], rules: [CompiledRewrite]
  ) throws(DeepLinkConfigurationError) {
    var declared: [(type: ObjectIdentifier, route: RouteSpecification)] = []
    // The rules onto each target, found in one pass: a route's own are then read in place.
    var rulesByTarget: [RoutePattern: [CompiledRewrite]] = [:]
    for rule in rules { rulesByTarget[rule.target, default: []].append(rule) }
    for route in routes {
      guard let destination = route.target.destination else {
        if route.target.placement != nil {
          throw .destinationMismatch(
            DestinationMismatch(
              route: route.pattern.source, destination: "", field: "", fieldType: nil,
              problem: .placementWithoutDestination))
        }
        continue
      }
      let identifier = ObjectIdentifier(destination)
      if let other = declared.first(where: { $0.type == identifier })?.route, other.target.owner != route.target.owner {
        throw .destinationMismatch(
          DestinationMismatch(
            route: route.pattern.source, destination: String(describing: destination), field: "", fieldType: nil,
            problem: .sharedDestination(otherRoute: other.pattern.source)))
      }
      declared.append((identifier, route))
      let rules = rulesByTarget[route.pattern] ?? []
      try DestinationCheck.check(destination, route: route.pattern, rules: rules)
      for parent in route.target.placement?.parents ?? [] {
        try DestinationCheck.check(parent, route: route.pattern, rules: rules, asParent: true)
      }
    }
  }

  /// The destination a decision routed to a table route opens, made from its parameters, when
  /// the route declares a destination type; `nil` for any other decision: not routed, routed by
  /// a plugin (a chained link's steps are shown one destination each by the chain's plugin), or
  /// with parameters that do not make one (never for a decision of this configuration, whose
  /// composition checked the type, as long as the type's `Decodable` conformance is the
  /// compiler's own).
  public func destination(for decision: DeepLinkDecision) -> (any LinkDestination)? {
    guard let type = target(of: decision)?.destination else { return nil }
    return try? decision.parameters.decode(type)
  }

  /// What a decision routed to a table route opens: ``destination(for:)`` and
  /// ``navigation(for:)`` together, the route found and the destination made once.
  package func opening(
    _ decision: DeepLinkDecision
  ) -> (destination: any LinkDestination, navigation: LinkNavigation?)? {
    guard let target = target(of: decision), let type = target.destination,
      let destination = try? decision.parameters.decode(type)
    else { return nil }
    return (destination, target.placement?.navigation(destination: destination, parameters: decision.parameters))
  }

  /// The table route a decision was routed to, or `nil` for one not routed, or routed by a plugin.
  private func target(of decision: DeepLinkDecision) -> RouteTarget? {
    guard decision.outcome == .routed, decision.steps.isEmpty, let route = decision.route,
      let pattern = route.pattern, let index = routeSources.firstIndex(of: pattern),
      case let target = routes.value(at: Int32(index)), target.name == route.name
    else { return nil }
    return target
  }

  /// Where a decision routed to a table route takes the app: the route's tab and its parents,
  /// made from the decision's parameters, then the destination itself
  /// (`destination(for:)`); `nil` when the decision has no destination or the route declares no
  /// ``LinkPlacement``.
  public func navigation(for decision: DeepLinkDecision) -> LinkNavigation? {
    opening(decision)?.navigation
  }

  /// Every destination type a link of this configuration can show: each route's own and the
  /// parents its ``LinkPlacement`` declares, once each, in registration order. What state
  /// restoration reads saved destinations back as.
  public var destinationTypes: [any LinkDestination.Type] {
    var seen: Set<ObjectIdentifier> = []
    var types: [any LinkDestination.Type] = []
    for route in routes.routes {
      let target = route.value
      for type in (target.placement?.parents ?? []) + (target.destination.map { [$0] } ?? [])
      where seen.insert(ObjectIdentifier(type)).inserted {
        types.append(type)
      }
    }
    return types
  }

  /// The route that declares `type` as its destination (the first registered).
  func route(declaring type: any LinkDestination.Type) -> RouteDescription? {
    let identifier = ObjectIdentifier(type)
    return routeDescriptions.indices.first {
      routes.value(at: Int32($0)).destination.map(ObjectIdentifier.init) == identifier
    }.map { routeDescriptions[$0] }
  }

  /// The link to share for `destination`: the configuration's market's web link to it, else the
  /// platform's (see `webLink(to:parameters:owner:preferences:)`). Fields the route does not
  /// capture (`locale`) choose among the web rules: `ProductPage(id: 123, locale: "fr")` gives the
  /// market's French product path. The link is returned only when deciding it makes the same
  /// destination again, every field included.
  ///
  /// - Throws: ``ShareLinkError``: ``ShareLinkError/unknownDestination(_:)`` when no route declares
  ///   the type, ``ShareLinkError/noWebRule(route:owner:)`` when the route has no web path (share
  ///   `appLink(to:)` instead), ``ShareLinkError/valuesDoNotRoundTrip(route:parameters:reason:)``
  ///   when no web link carries every field.
  public func link(to destination: some LinkDestination) throws(ShareLinkError) -> DeepLink {
    let (route, parameters, preferences) = try parts(of: destination)
    let link = try webLink(
      to: route.id, parameters: parameters, owner: market.map(LinkOwner.market) ?? .platform,
      preferences: preferences)
    let back = self.destination(for: decide(link.absoluteString, source: .inApp))
    guard let back, AnyHashable(back) == AnyHashable(destination) else {
      throw .valuesDoNotRoundTrip(
        route: route.id, parameters: parameters.merging(preferences) { own, _ in own },
        reason: "`\(link.absoluteString)` opens " + (back.map { "\($0)" } ?? "no destination"))
    }
    return link
  }

  /// The app's own link for `destination`: in the app scheme for a platform route
  /// (`shop://product/123`), in the market's own scheme for a market's route
  /// (`shopca://flyer/3021`), which only that market's links reach. It carries the route's
  /// captures only: a field the route does not capture (`locale`, which a web path passes on) is
  /// left out. The link is returned only when deciding it gives the route and those captures back.
  ///
  /// - Throws: ``ShareLinkError``.
  package func appLink(to destination: some LinkDestination) throws(ShareLinkError) -> DeepLink {
    let (route, parameters, _) = try parts(of: destination)
    let owner = route.owner
    let scheme: String
    if owner == .platform {
      scheme = appScheme
    } else if let own = urlSchemes.first(where: { $0.owner == owner })?.scheme {
      scheme = own
    } else {
      throw .valuesDoNotRoundTrip(
        route: route.id, parameters: parameters,
        reason: "\(owner) has no scheme of its own, and only its links reach the route")
    }
    let link: DeepLink
    do {
      link = try route.pattern.link(parameters, scheme: scheme)
    } catch {
      throw .valuesDoNotRoundTrip(route: route.id, parameters: parameters, reason: "\(error)")
    }
    let back = decide(link.absoluteString, source: .inApp)
    guard back.outcome == .routed, back.route?.pattern == route.pattern.source,
      parameters.allSatisfy({ back.parameters[$0.key] == $0.value })
    else {
      throw .valuesDoNotRoundTrip(
        route: route.id, parameters: parameters,
        reason: "`\(link.absoluteString)` decides as \(back.outcome)" + (back.route.map { " \($0)" } ?? ""))
    }
    return link
  }

  /// The route of `destination`'s type, its fields the route captures, and the other fields.
  private func parts(
    of destination: some LinkDestination
  ) throws(ShareLinkError) -> (route: RouteDescription, parameters: [String: String], preferences: [String: String]) {
    guard let route = route(declaring: type(of: destination)) else {
      throw .unknownDestination(String(describing: type(of: destination)))
    }
    let fields: DeepLinkParameters
    do {
      fields = try DeepLinkParameters(encoding: destination)
    } catch {
      throw .valuesDoNotRoundTrip(route: route.id, parameters: [:], reason: error.description)
    }
    let captured = Set(route.pattern.parameterNames)
    var parameters: [String: String] = [:]
    var preferences: [String: String] = [:]
    for (name, value) in fields {
      if captured.contains(name) { parameters[name] = value } else { preferences[name] = value }
    }
    return (route, parameters, preferences)
  }
}

extension DeepLinkConfiguration {
  /// Checks every route's destination type against its pattern and the rules onto it, and that
  /// no two owners' routes declare the same type.
  static func checkDestinations(
    _ routes: [RouteSpecification], rules: [CompiledRewrite]
  ) throws(DeepLinkConfigurationError) {
    var declared: [(type: ObjectIdentifier, route: RouteSpecification)] = []
    // The rules onto each target, found in one pass: a route's own are then read in place.
    var rulesByTarget: [String: [CompiledRewrite]] = [:]
    for rule in rules { rulesByTarget[rule.rule.target, default: []].append(rule) }
    for route in routes {
      guard let destination = route.target.destination else { continue }
      let identifier = ObjectIdentifier(destination)
      if let other = declared.first(where: { $0.type == identifier })?.route, other.target.owner != route.target.owner {
        throw .destinationMismatch(
          DestinationMismatch(
            route: route.pattern.source, destination: String(describing: destination), field: "", fieldType: nil,
            problem: .sharedDestination(otherRoute: other.pattern.source)))
      }
      declared.append((identifier, route))
      try DestinationCheck.check(destination, route: route.pattern, rules: rulesByTarget[route.pattern.source] ?? [])
    }
  }

  /// The destination a routed decision opens, made from its parameters, when its route declares
  /// a destination type; `nil` for any other decision, or when the parameters do not make one
  /// (never for a decision of this configuration, whose composition checked the type).
  public func destination(for decision: DeepLinkDecision) -> (any LinkDestination)? {
    guard decision.outcome == .routed, let route = decision.route?.pattern,
      let index = routeSources.firstIndex(of: route),
      let type = routes.routes[index].value.destination
    else { return nil }
    return try? decision.parameters.decode(type)
  }

  /// The route that declares `type` as its destination (the first registered), and its owner.
  func route(declaring type: any LinkDestination.Type) -> (pattern: String, owner: LinkOwner)? {
    let identifier = ObjectIdentifier(type)
    for route in routes.routes {
      if let destination = route.value.destination, ObjectIdentifier(destination) == identifier {
        return (route.pattern, route.value.owner)
      }
    }
    return nil
  }

  /// The link to share for `destination`: the configuration's market's web link to it, else the
  /// platform's (see ``webLink(to:parameters:owner:preferences:)``). Fields the route does not
  /// capture (`locale`) choose among the web rules: `ProductPage(id: 123, locale: "fr")` gives the
  /// market's French product path.
  ///
  /// - Throws: ``ShareLinkError``: ``ShareLinkError/unknownDestination(_:)`` when no route declares
  ///   the type, ``ShareLinkError/noWebRule(route:owner:)`` when the route has no web path (share
  ///   ``appLink(to:)`` instead).
  public func link(to destination: some LinkDestination) throws(ShareLinkError) -> DeepLink {
    let (route, parameters, preferences) = try parts(of: destination)
    return try webLink(
      to: route, parameters: parameters, owner: market.map(LinkOwner.market) ?? .platform, preferences: preferences)
  }

  /// The app's own link for `destination`: in the app scheme for a platform route
  /// (`shop://product/123`), in the market's own scheme for a market's route
  /// (`shopca://flyer/3021`), which only that market's links reach.
  ///
  /// - Throws: ``ShareLinkError``.
  public func appLink(to destination: some LinkDestination) throws(ShareLinkError) -> DeepLink {
    let (route, parameters, _) = try parts(of: destination)
    let owner = self.route(declaring: type(of: destination))?.owner ?? .platform
    let scheme = owner == .platform ? appScheme : urlSchemes.first { $0.owner == owner }?.scheme ?? appScheme
    do {
      return try RoutePattern(route).link(parameters, scheme: scheme)
    } catch {
      throw .valuesDoNotRoundTrip(route: route, parameters: parameters, reason: "\(error)")
    }
  }

  /// The route of `destination`'s type, its fields the route captures, and the other fields.
  private func parts(
    of destination: some LinkDestination
  ) throws(ShareLinkError) -> (route: String, parameters: [String: String], preferences: [String: String]) {
    guard let route = route(declaring: type(of: destination))?.pattern else {
      throw .unknownDestination(String(describing: type(of: destination)))
    }
    let fields: DeepLinkParameters
    do {
      fields = try DeepLinkParameters(encoding: destination)
    } catch {
      throw .valuesDoNotRoundTrip(route: route, parameters: [:], reason: error.description)
    }
    let captured = Set((try? RoutePattern(route))?.parameterNames ?? [])
    var parameters: [String: String] = [:]
    var preferences: [String: String] = [:]
    for (name, value) in fields {
      if captured.contains(name) { parameters[name] = value } else { preferences[name] = value }
    }
    return (route, parameters, preferences)
  }
}

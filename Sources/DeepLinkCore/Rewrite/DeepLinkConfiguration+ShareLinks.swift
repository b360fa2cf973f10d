extension DeepLinkConfiguration {
  /// The canonical web link for an app route: the reverse of a rewrite, from the owner's own web
  /// rules, else the platform's.
  ///
  /// Among the web rules (exact host) that rewrite onto `route`, the owner's come first, then the
  /// platform's; within each, a rule whose fixed parameters all appear in `preferences` (a CA
  /// rule with `locale=fr` for `["locale": "fr"]`) comes before one without fixed parameters,
  /// and rules with other fixed values are passed over. The route's parameters fill the rule's
  /// captures; a capture the route does not take (a `slug`) gets its preference, else `-`. A link is returned only if
  /// deciding it gives back `route` with `parameters`, so a value the web pattern cannot carry
  /// is an error, never a link that opens something else.
  ///
  /// ```swift
  /// try configuration.webLink(
  ///   to: PlatformRoute.product.id, parameters: ["id": "123"], owner: .market("CA"),
  ///   preferences: ["locale": "fr"]
  /// ).absoluteString
  /// // "https://shop.example.ca/fr/ip/-/123"
  /// ```
  ///
  /// - Parameters:
  ///   - route: the app route (``RouteDescription/id``, or `PlatformRoute.product.id`).
  ///   - parameters: the route's own parameters.
  ///   - owner: whose web links to prefer (a market), or the platform.
  ///   - preferences: values the rule's fixed parameters should have (`locale`).
  /// - Throws: ``ShareLinkError``.
  package func webLink(
    to route: RouteID, parameters: [String: String], owner: LinkOwner = .platform, preferences: [String: String] = [:]
  ) throws(ShareLinkError) -> DeepLink {
    guard let described = self.route(route) else { throw .unknownRoute(route) }
    let candidates = rewriteRules.enumerated().compactMap {
      index, rule -> (rank: Int, index: Int, rule: CompiledRewrite)? in
      guard rule.target == described.pattern, case .host(.exact) = rule.pattern.namespace else { return nil }
      let fixedFit = rule.parameters.allSatisfy { preferences[$0.key] == $0.value }
      guard fixedFit else { return nil }
      let ownerRank = rule.rule.owner == owner ? 0 : rule.rule.owner == .platform ? 2 : 4
      guard ownerRank < 4 else { return nil }
      return (ownerRank + (rule.parameters.isEmpty ? 1 : 0), index, rule)
    }.sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }
    guard !candidates.isEmpty else { throw .noWebRule(route: route, owner: owner) }
    var lastProblem: String? = nil
    for (_, _, rule) in candidates {
      guard case .host(.exact(let host)) = rule.pattern.namespace else { continue }
      var values: [String: String] = [:]
      for name in rule.pattern.parameterNames {
        if let value = parameters[name] {
          values[name] = value
        } else if !rule.targetParameterNames.contains(name) {
          values[name] = preferences[name] ?? "-"
        }
      }
      let link: DeepLink
      do {
        link = try rule.pattern.link(values, host: host)
      } catch {
        lastProblem = error.description
        continue
      }
      let decision = decide(link.absoluteString, source: .inApp)
      let routeNames = described.pattern.parameterNames
      guard decision.outcome == .routed, decision.route == route,
        routeNames.allSatisfy({ decision.parameters[$0] == parameters[$0] })
      else {
        lastProblem =
          "`\(link.absoluteString)` decides as \(decision.outcome)" + (decision.route.map { " \($0)" } ?? "")
        continue
      }
      return link
    }
    throw .valuesDoNotRoundTrip(route: route, parameters: parameters, reason: lastProblem ?? "")
  }
}

/// Why no web link could be made for a route.
public enum ShareLinkError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The configuration has no such route.
  case unknownRoute(RouteID)
  /// Neither the owner nor the platform has a web rule onto the route (with fitting fixed
  /// parameters).
  case noWebRule(route: RouteID, owner: LinkOwner)
  /// Every candidate rule failed: a value does not fit its pattern, or the link would not decide
  /// back to the route with these parameters.
  case valuesDoNotRoundTrip(route: RouteID, parameters: [String: String], reason: String)
  /// No route declares this destination type.
  case unknownDestination(String)
  /// The linker's configuration is not composed yet.
  case notComposed

  public var description: String {
    switch self {
    case .unknownRoute(let route):
      "no route `\(route)`; `deeplink routes` lists them"
    case .noWebRule(let route, let owner):
      "neither \(owner) nor the platform has a web rule onto `\(route)`; share its app link instead"
    case .valuesDoNotRoundTrip(let route, let parameters, let reason):
      "no web link for `\(route)` with "
        + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        + " opens the same screen (\(reason)); check the values against the route's types"
    case .notComposed:
      "the linker's configuration is not composed yet; wait for it to be ready"
    case .unknownDestination(let type):
      "no route declares the destination `\(type)`; declare it on its route (`PlatformRoute(…, destination:)`)"
    }
  }
}

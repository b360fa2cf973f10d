import AssociationMatchers
import DeepLinkCore
import Foundation

extension LinkCatalogue {
  /// The catalogue of `configuration`, market `market`.
  ///
  /// Each rule (a web rule on its exact host, or for `*.suffix` on a domain of the configuration,
  /// else `www.suffix`; a custom-scheme rule in its scheme) gets one example
  /// onto its target route, and each route one app link per custom scheme that can open it (a
  /// market's route only through its market's schemes). A capture's value is the one a link of
  /// `examples` decided through the same rule (or onto the same route) holds, when it is plain
  /// (letters, digits, `-._~`), else a generic value of its type (`123`, `standing-desk`, a UUID).
  /// A secret-bearing capture (by its name) gets the value `REDACTED`, and any other secret-bearing
  /// part is redacted as the tool's other outputs do before the example is decided, so the link
  /// shown is the link decided.
  ///
  /// - Parameters:
  ///   - examples: the market's example links (`Markets/<ID>/Examples/links.txt`).
  /// - Throws: ``CatalogueError`` naming the example when it does not decide as the catalogue
  ///   states (routed to the rule's target), or when its QR code cannot be made.
  package init(market: String, configuration: DeepLinkConfiguration, examples: [String]) throws(CatalogueError) {
    let rules = configuration.rewriteRules
    var names = SafeText.NameCache()
    // Values seen in the market's own links: by rule (its path, any domain) and by route.
    var valuesByRulePath: [String: [String: String]] = [:]
    var valuesByRoute: [RouteID: [String: String]] = [:]
    for example in examples {
      let decision = configuration.decide(example)
      guard decision.outcome == .routed, let route = decision.route else { continue }
      let values = decision.parameters.dictionary.filter { Self.isPlain($0.value) }
      if let rule = decision.rewriteRule, valuesByRulePath[Self.path(of: rule.pattern)] == nil {
        valuesByRulePath[Self.path(of: rule.pattern)] = values
      }
      if valuesByRoute[route] == nil { valuesByRoute[route] = values }
    }
    let exactHosts = configuration.domains.compactMap { domain -> String? in
      if case .exact(let host)? = domain.host { return host }
      return nil
    }
    let claims = ClaimJudge(rules: rules, domains: configuration.domains, schemes: configuration.urlSchemes)
    var entries: [Entry] = []
    for route in configuration.routeDescriptions {
      let (id, owner, routePattern) = (route.id, route.owner, route.pattern)
      var candidates: [(link: String, via: String, owner: LinkOwner, language: String?)] = []
      for rule in rules where rule.target == routePattern || rule.target.segments == routePattern.segments {
        let host = Self.host(for: rule.pattern, hosts: exactHosts)
        let known = valuesByRulePath[Self.path(of: rule.rule.pattern)] ?? valuesByRoute[id] ?? [:]
        var values = rule.parameters.filter { rule.pattern.parameterNames.contains($0.key) }
        for (name, type) in Self.captures(of: rule.pattern, types: rule.target) where values[name] == nil {
          values[name] = Self.value(of: name, type: type, known: known)
        }
        do {
          // A web rule on its host; a custom-scheme rule (`shopca://flyer/{id}`) in its own scheme.
          let link = try rule.pattern.link(values, host: host)
          candidates.append((link.absoluteString, rule.rule.pattern, rule.rule.owner, rule.parameters["locale"]))
        } catch {
          throw CatalogueError(
            "no example for rule `\(rule.rule.pattern)` → `\(routePattern.source)`: \(error.description)")
        }
      }
      for scheme in configuration.urlSchemes where owner == .platform || scheme.owner == owner {
        var values: [String: String] = [:]
        let known = valuesByRoute[id] ?? [:]
        for (name, type) in Self.captures(of: routePattern, types: routePattern) {
          values[name] = Self.value(of: name, type: type, known: known)
        }
        guard let link = try? routePattern.link(values, scheme: scheme.scheme) else { continue }
        var text = link.absoluteString
        if let customHost = scheme.customHost, let range = text.range(of: "://") {
          text.replaceSubrange(range, with: "://\(customHost)/")
        }
        candidates.append((text, scheme.description, scheme.owner, nil))
      }
      var made: [Example] = []
      for candidate in candidates {
        made.append(
          try Self.example(
            candidate, route: id, configuration: configuration, claims: claims, names: &names))
      }
      entries.append(
        Entry(
          pattern: routePattern.source, name: id.name, owner: owner.word, barriers: route.barriers.map(\.rawValue),
          changesState: route.changesState, navigation: Self.navigation(of: route.placement), examples: made))
    }
    self.market = market
    self.domains = configuration.domains.map(\.description)
    self.schemes = configuration.urlSchemes.map(\.description)
    self.languages = Array(Set(configuration.universalLinks.compactMap { $0.parameters["locale"] })).sorted()
    self.entries = entries
  }

  /// A route's place in the app as the catalogue shows it: its tab (or that it is the tab's root)
  /// and its parents, bottom first.
  static func navigation(of placement: LinkPlacement?) -> String? {
    guard let placement else { return nil }
    if placement.isTabRoot { return "root of the \(placement.tab) tab" }
    let parents = placement.parents.map { _typeName($0, qualified: false) }
    return "\(placement.tab) tab" + (parents.isEmpty ? "" : ", above " + parents.joined(separator: " → "))
  }

  /// Decides one candidate (redacted first) and checks it routes to `route`.
  private static func example(
    _ candidate: (link: String, via: String, owner: LinkOwner, language: String?), route: RouteID,
    configuration: DeepLinkConfiguration, claims: ClaimJudge, names: inout SafeText.NameCache
  ) throws(CatalogueError) -> Example {
    var decision = configuration.decide(candidate.link)
    let shown = SafeText.url(of: decision, names: &names)
    if shown != candidate.link { decision = configuration.decide(shown) }
    guard decision.outcome == .routed, decision.route == route else {
      throw CatalogueError(
        "example `\(SafeText.visible(String(shown.prefix(512))))` (from `\(candidate.via)`) decides as "
          + "\(decision.outcome)\(decision.route.map { " \($0)" } ?? "")\(decision.reason.map { " (\($0.rawValue))" } ?? ""), "
          + "not routed to `\(route)`; a catalogue never shows a link that does something else: "
          + "fix the rule or the example values in the market's links.txt")
    }
    let qrCode: QRCode
    do {
      qrCode = try QRCode(encoding: shown)
    } catch {
      throw CatalogueError("example `\(SafeText.visible(String(shown.prefix(512))))…`: \(error.description)")
    }
    return Example(
      link: shown, via: candidate.via, owner: candidate.owner.word, language: candidate.language,
      barriers: decision.barriers.map(\.rawValue), iOS: claims.iOS(decision), android: claims.android(decision),
      qrCode: qrCode)
  }

  /// The captures of `pattern` (path and query) with their types in `types` (a rule's target), else string.
  private static func captures(of pattern: RoutePattern, types: RoutePattern) -> [(String, ParameterType)] {
    var known: [String: ParameterType] = [:]
    for segment in types.segments {
      switch segment {
      case .parameter(let name, let type), .optional(let name, let type): known[name] = type
      case .literal, .catchAll: break
      }
    }
    for segment in pattern.segments {
      switch segment {
      case .parameter(let name, let type), .optional(let name, let type): known[name] = known[name] ?? type
      case .literal, .catchAll: break
      }
    }
    var result: [(String, ParameterType)] = []
    for segment in pattern.segments {
      switch segment {
      case .parameter(let name, _), .catchAll(let name): result.append((name, known[name] ?? .string))
      case .optional, .literal: break
      }
    }
    for capture in pattern.queryCaptures where !capture.isOptional {
      result.append((capture.name, known[capture.name] ?? capture.type))
    }
    return result
  }

  /// The example value of capture `name`: the market's own, else a generic one; a secret-bearing
  /// name (`token`, `password`…) never takes the market's value: its example value is `REDACTED`
  /// (or a generic number or UUID for such types).
  private static func value(of name: String, type: ParameterType, known: [String: String]) -> String {
    guard !LinkRedactor.isSensitive(name) else { return type == .string ? SafeText.redacted : generic(type) }
    return known[name] ?? generic(type)
  }

  /// A value of `type` every route of that type accepts.
  private static func generic(_ type: ParameterType) -> String {
    switch type {
    case .int: "123"
    case .uuid: "123e4567-e89b-12d3-a456-426614174000"
    case .string: "standing-desk"
    }
  }

  /// Letters, digits and `-._~` only, 1…64 bytes: safe in a path, a query, a shell and Markdown.
  package static func isPlain(_ value: String) -> Bool {
    !value.isEmpty && value.utf8.count <= 64
      && value.utf8.allSatisfy {
        ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A)
          || $0 == 0x2D || $0 == 0x2E || $0 == 0x5F || $0 == 0x7E
      }
  }

  /// The host an example of a web pattern uses: its own, or for `*.suffix` the first domain it
  /// matches, else `www.suffix`.
  private static func host(for pattern: RoutePattern, hosts: [String]) -> String? {
    switch pattern.namespace {
    case .host(.exact(let host)): host
    case .host(.subdomains(let suffix)): hosts.first { $0.hasSuffix("." + suffix) } ?? "www." + suffix
    default: nil
    }
  }

  /// `/fr/panier` of `https://shop.example.ca/fr/panier?x={x}`.
  private static func path(of pattern: String) -> String {
    guard let scheme = pattern.range(of: "://") else { return pattern }
    let rest = pattern[scheme.upperBound...]
    return String(rest[(rest.firstIndex(of: "/") ?? rest.endIndex)...])
  }
}

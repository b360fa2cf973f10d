import DeepLinkCore

/// One generated route: its segments, from which the pattern text, the baselines' matchers and
/// sample links are all derived.
struct GeneratedRoute {
  enum Segment: Hashable {
    case literal(String)
    case parameter(name: String, type: ParameterType)
  }

  let segments: [Segment]

  /// The pattern text (`/store/{store:int}/flyer`), built afresh on every call.
  var pattern: String {
    var text = ""
    for segment in segments {
      switch segment {
      case .literal(let literal): text += "/" + literal
      case .parameter(let name, .string): text += "/{" + name + "}"
      case .parameter(let name, let type): text += "/{" + name + ":" + type.rawValue + "}"
      }
    }
    return text
  }

  /// Two routes with the same shape match the same links; the generator keeps shapes unique.
  var shape: [Segment] {
    segments.map { segment in
      if case .parameter(_, let type) = segment { return .parameter(name: "", type: type) }
      return segment
    }
  }
}

/// A deterministic generator of realistic route tables and of links that hit or miss them.
///
/// Routes look like an app's link catalogue: the first segment is a module word (`product`,
/// `store`, `account`…), later segments mix literals (words, some with a number, as in
/// `campaign17`) with parameters (string, int, now and then uuid), depth 1 to 6 weighted towards 2–4.
/// Three routes in four extend a prefix of an earlier route, so routes share prefixes the way
/// real catalogues do. The first *n* routes of a larger set are the set of size *n*.
enum RouteGenerator {
  static let words = [
    "product", "ip", "cart", "account", "orders", "store", "flyer", "deals", "search", "category",
    "brand", "help", "settings", "profile", "wishlist", "checkout", "promo", "reviews", "list",
    "registry", "pharmacy", "grocery", "photo", "services", "rewards", "gift", "cards", "returns",
    "tracking", "delivery", "pickup", "coupons", "weekly", "clearance", "new", "trending", "recipes",
    "baby", "home", "garden", "auto", "electronics", "toys", "sports", "fashion", "beauty", "health", "pets",
  ]
  static let parameterNames = ["id", "slug", "sku", "store", "item", "page"]
  private static let depthWeights = [1, 3, 4, 3, 2, 1]

  /// `count` routes with pairwise different shapes.
  static func routes(count: Int, seed: UInt64 = 0x5EED_0001) -> [GeneratedRoute] {
    var rng = SeededGenerator(seed: seed)
    var routes: [GeneratedRoute] = []
    var shapes = Set<[GeneratedRoute.Segment]>()
    routes.reserveCapacity(count)
    while routes.count < count {
      let depth = weightedDepth(&rng)
      var segments: [GeneratedRoute.Segment] = []
      if !routes.isEmpty && rng.next() % 4 != 0 {
        let base = routes[Int(rng.next() % UInt64(routes.count))].segments
        let keep = Int(rng.next() % UInt64(min(base.count, depth - 1) + 1))
        segments = Array(base[0..<keep])
      }
      if segments.isEmpty { segments.append(.literal(literal(&rng))) }
      while segments.count < depth { segments.append(segment(at: segments.count, &rng)) }
      let route = GeneratedRoute(segments: segments)
      if shapes.insert(route.shape).inserted { routes.append(route) }
    }
    return routes
  }

  private static func weightedDepth(_ rng: inout SeededGenerator) -> Int {
    var pick = Int(rng.next() % UInt64(depthWeights.reduce(0, +)))
    for (index, weight) in depthWeights.enumerated() {
      if pick < weight { return index + 1 }
      pick -= weight
    }
    return depthWeights.count
  }

  private static func literal(_ rng: inout SeededGenerator) -> String {
    let word = words[Int(rng.next() % UInt64(words.count))]
    return rng.next() % 2 == 0 ? word : word + String(rng.next() % 1000)
  }

  private static func segment(at position: Int, _ rng: inout SeededGenerator) -> GeneratedRoute.Segment {
    let roll = rng.next() % 100
    let name = parameterNames[position]
    switch roll {
    case 0..<18: return .parameter(name: name, type: .string)
    case 18..<30: return .parameter(name: name, type: .int)
    case 30..<32: return .parameter(name: name, type: .uuid)
    default: return .literal(literal(&rng))
    }
  }

  /// The path segments of a link that `route` matches, with made-up parameter values.
  static func hitSegments(_ route: GeneratedRoute, _ rng: inout SeededGenerator) -> [String] {
    route.segments.map { segment in
      switch segment {
      case .literal(let literal): return literal
      case .parameter(_, .string):
        return words[Int(rng.next() % UInt64(words.count))] + "-" + String(rng.next() % 100_000)
      case .parameter(_, .int): return String(rng.next() % 10_000_000)
      case .parameter(_, .uuid): return uuid(&rng)
      }
    }
  }

  /// The path segments of a link near `route` that is likely to match nothing: a literal
  /// changed, a segment added, a number where a word was, or an unknown module.
  static func missSegments(_ route: GeneratedRoute, _ rng: inout SeededGenerator) -> [String] {
    var segments = hitSegments(route, &rng)
    switch rng.next() % 4 {
    case 0:
      let literals = route.segments.indices.filter { if case .literal = route.segments[$0] { true } else { false } }
      let index = literals[Int(rng.next() % UInt64(literals.count))]
      segments[index] += "x"
    case 1:
      segments.append("details")
    case 2:
      segments[segments.count - 1] = "no-such-page"
    default:
      segments[0] = "unknown" + String(rng.next() % 100)
    }
    return segments
  }

  private static func uuid(_ rng: inout SeededGenerator) -> String {
    let hex = Array("0123456789abcdef")
    var text = ""
    for i in 0..<32 {
      if i == 8 || i == 12 || i == 16 || i == 20 { text.append("-") }
      text.append(hex[Int(rng.next() % 16)])
    }
    return text
  }
}

/// A hit the benchmark checks: the route the generator made it from and the parameters a
/// handler must read.
struct ExpectedHit {
  /// The generated route's index, which is its registration index in the table.
  let route: Int
  /// Parameter name → value, as the generator filled them in.
  let parameters: DeepLinkParameters
}

/// Links for lookups against one generated table: as many hits as misses.
struct LookupLinks {
  /// Pre-parsed links that some route matches.
  let hits: [DeepLink]
  /// For each hit, the route it was made from and its parameters.
  let expected: [ExpectedHit]
  /// Pre-parsed links that no route matches.
  let misses: [DeepLink]
  /// The hits as text (`shop://store/42/flyer`), for parsing.
  let hitTexts: [String]

  /// Makes `count` hits and `count` misses; `matches` tells whether the table takes a link.
  ///
  /// - Parameter prefix: what goes before the path (`shop://`, or `https://host/` for web links).
  init(
    routes: [GeneratedRoute], count: Int, seed: UInt64, prefix: String = "shop://", matches: (DeepLink) -> Bool
  ) {
    var rng = SeededGenerator(seed: seed)
    var hits: [DeepLink] = []
    var hitTexts: [String] = []
    var expected: [ExpectedHit] = []
    var misses: [DeepLink] = []
    while hits.count < count {
      let index = Int(rng.next() % UInt64(routes.count))
      let route = routes[index]
      let segments = RouteGenerator.hitSegments(route, &rng)
      var parameters: DeepLinkParameters = [:]
      for (segment, value) in zip(route.segments, segments) {
        if case .parameter(let name, _) = segment { parameters[name] = value }
      }
      let text = prefix + segments.joined(separator: "/")
      hitTexts.append(text)
      hits.append(Self.link(text))
      expected.append(ExpectedHit(route: index, parameters: parameters))
    }
    while misses.count < count {
      let route = routes[Int(rng.next() % UInt64(routes.count))]
      let link = Self.link(prefix + RouteGenerator.missSegments(route, &rng).joined(separator: "/"))
      if !matches(link) { misses.append(link) }
    }
    self.hits = hits
    self.hitTexts = hitTexts
    self.expected = expected
    self.misses = misses
  }

  /// The first `count / 2` hits and misses, interleaved.
  func mixed(_ count: Int) -> [DeepLink] {
    let half = min(count / 2, hits.count, misses.count)
    var result: [DeepLink] = []
    result.reserveCapacity(half * 2)
    for i in 0..<half {
      result.append(hits[i])
      result.append(misses[i])
    }
    return result
  }

  /// Stops the run unless every hit matches the route it was made from, with exactly the
  /// expected parameters, and every miss matches nothing: a figure is only quoted for lookups
  /// that did what a handler needs.
  func verify<Value>(_ table: RouteTable<Value>, size: Int) {
    for (link, expectation) in zip(hits, expected) {
      guard let match = table.match(link) else { preconditionFailure("\(size) routes: no route for hit \(link)") }
      precondition(
        match.routeIndex == expectation.route,
        "\(size) routes: \(link) matched route \(match.routeIndex), expected \(expectation.route)")
      precondition(
        match.parameters == expectation.parameters,
        "\(size) routes: \(link) gave \(match.parameters), expected \(expectation.parameters)")
    }
    for link in misses where table.match(link) != nil {
      preconditionFailure("\(size) routes: miss \(link) matched a route")
    }
  }

  private static func link(_ text: String) -> DeepLink {
    // The generator only makes valid links; a failure here is a bug in the generator.
    try! DeepLink(text)
  }
}

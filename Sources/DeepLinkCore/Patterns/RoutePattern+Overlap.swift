extension RoutePattern {
  /// A link both patterns match, or `nil` when no link matches both: overlap decided exactly
  /// from the patterns (literals, typed and untyped parameters, optionals, catch-alls, query
  /// captures, schemes and hosts), not by probing with sample values.
  ///
  /// An app pattern (`/cart`) matches custom-scheme links of any scheme, so it overlaps a
  /// `scheme://` pattern with a common path; web patterns overlap when their hosts have a host
  /// in common. Required query captures of the same key must admit a common value; optional
  /// ones never keep two patterns apart (a link may leave them out).
  ///
  /// ```swift
  /// let platform = try RoutePattern("https://shop.example.com/ip/{slug}/{id:int}")
  /// let market = try RoutePattern("https://shop.example.com/ip/{rest...}")
  /// platform.commonLink(with: market)  // "https://shop.example.com/ip/x/1"
  /// ```
  ///
  /// - Parameters:
  ///   - other: the pattern to compare with.
  ///   - appScheme: the scheme a witness of two app patterns is written with; without one, the
  ///     witness of two app patterns is their common path (`/cart`).
  /// - Returns: the shortest common link, as text.
  package func commonLink(with other: RoutePattern, appScheme: String? = nil) -> String? {
    guard let prefix = Self.commonPrefix(namespace, other.namespace, appScheme: appScheme),
      let query = commonQuery(with: other),
      let path = PathLanguage(self).commonPath(with: PathLanguage(other))
    else { return nil }
    return prefix + "/" + path.joined(separator: "/") + query
  }

  /// Whether some link matches both patterns (``commonLink(with:appScheme:)`` is not `nil`).
  package func overlaps(_ other: RoutePattern) -> Bool { commonLink(with: other) != nil }

  /// `scheme://host` of a link in both namespaces, or `nil` when they are disjoint.
  static func commonPrefix(_ first: Namespace, _ second: Namespace, appScheme: String?) -> String? {
    switch (first, second) {
    case (.app, .app): return appScheme.map { $0 + ":/" } ?? ""
    case (.app, .scheme(let scheme)), (.scheme(let scheme), .app): return scheme + ":/"
    case (.scheme(let a), .scheme(let b)): return a == b ? a + ":/" : nil
    case (.host(let a), .host(let b)): return a.commonHost(with: b).map { "https://" + $0 }
    case (.host, _), (_, .host): return nil
    }
  }

  /// `?key=value…` for the required captures of both, or `nil` when a key they both require
  /// admits no common value.
  package func commonQuery(with other: RoutePattern) -> String? {
    var items: [String] = []
    var seen: Set<String> = []
    for capture in queryCaptures + other.queryCaptures where !capture.isOptional && !seen.contains(capture.key) {
      seen.insert(capture.key)
      let types = (queryCaptures + other.queryCaptures).filter { $0.key == capture.key && !$0.isOptional }.map(\.type)
      guard let value = ParameterType.sample(acceptedByAll: types) else { return nil }
      items.append("\(capture.key)=\(value)")
    }
    return items.isEmpty ? "" : "?" + items.joined(separator: "&")
  }
}

extension RoutePattern.HostPattern {
  /// A host both patterns accept, or `nil` when none does.
  package func commonHost(with other: Self) -> String? {
    switch (self, other) {
    case (.exact(let a), .exact(let b)):
      // Lengths first (stored for native strings): most hosts compared differ in length.
      return a.utf8.count == b.utf8.count && a == b ? a : nil
    case (.exact(let host), .subdomains), (.subdomains, .exact(let host)):
      return matches(host) && other.matches(host) ? host : nil
    case (.subdomains(let a), .subdomains(let b)):
      if a == b || a.hasSuffix("." + b) { return "x." + a }
      if b.hasSuffix("." + a) { return "x." + b }
      return nil
    }
  }
}

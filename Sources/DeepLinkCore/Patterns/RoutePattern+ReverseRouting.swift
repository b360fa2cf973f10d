/// Why a link could not be built from a pattern and parameters.
public enum ReverseRoutingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A required parameter has no value.
  case missingParameter(name: String, pattern: String)
  /// A parameter was given that the pattern does not capture.
  case unknownParameter(name: String, pattern: String)
  /// A value does not fit its capture: wrong type, empty, `.`/`..`, or a `/` in a single
  /// segment (or an empty segment in a catch-all).
  case invalidValue(name: String, value: String, pattern: String)
  /// An app pattern (`/product/{id}`) needs a custom scheme to make a link (not `http`, `https`
  /// or a malformed one); pass one.
  case missingScheme(pattern: String)
  /// A `*.suffix` host pattern needs a concrete, valid host that it matches; pass one.
  case missingHost(pattern: String)

  public var description: String {
    switch self {
    case .missingParameter(let name, let pattern):
      "pattern `\(pattern)` needs a value for `\(name)`; pass it in the parameters"
    case .unknownParameter(let name, let pattern):
      "pattern `\(pattern)` has no parameter `\(name)`; remove it or use a pattern that captures it"
    case .invalidValue(let name, let value, let pattern):
      "value `\(value)` cannot fill `\(name)` in `\(pattern)` (wrong type, empty, `.`/`..`, or `/` in one segment)"
    case .missingScheme(let pattern):
      "pattern `\(pattern)` matches the app's custom schemes; pass one (not http or https) to build the link with"
    case .missingHost(let pattern):
      "pattern `\(pattern)` has a wildcard host; pass a valid host it matches to build the link with"
    }
  }
}

extension RoutePattern {
  /// Builds the link this pattern matches with `parameters`, percent-encoding as needed.
  ///
  /// Matching the built link against this pattern gives back the same parameters.
  ///
  /// ```swift
  /// let pattern = try RoutePattern("/search?q={query}")
  /// try pattern.link(["query": "red shoes & socks"], scheme: "shop").absoluteString
  /// // "shop://search?q=red%20shoes%20%26%20socks"
  /// ```
  ///
  /// - Parameters:
  ///   - parameters: a value for every required capture and any optional ones.
  ///   - scheme: the custom scheme for an app pattern (`/product/{id}`); ignored otherwise.
  ///   - host: the host for a `*.suffix` web pattern, one it matches; ignored otherwise.
  /// - Throws: ``ReverseRoutingError`` naming the parameter or what else is missing.
  package func link(
    _ parameters: [String: String], scheme: String? = nil, host: String? = nil
  ) throws(ReverseRoutingError) -> DeepLink {
    let names = parameterNames
    for name in parameters.keys where !names.contains(name) {
      throw .unknownParameter(name: name, pattern: source)
    }
    let path = try fillPath(from: parameters)
    var items: [DeepLinkQueryItem] = []
    try fillQuery(from: parameters) { items.append($0) }

    let linkScheme: String
    var linkHost: String? = nil
    switch namespace {
    case .app:
      // Only a well-formed custom scheme: `https` or `a:b` would change what the link means.
      guard let scheme, Self.isCustomScheme(scheme) else { throw .missingScheme(pattern: source) }
      linkScheme = scheme.lowercased()
    case .scheme(let own):
      linkScheme = own
    case .host(let hostPattern):
      linkScheme = self.scheme ?? "https"
      switch hostPattern {
      case .exact(let exact): linkHost = exact
      case .subdomains:
        // Read the host by the links' rules, so `evil.example/x?.suffix` cannot pass as a subdomain.
        guard let host, case .exact(let normal)? = RoutePatternParser.hostPattern(host), hostPattern.matches(normal)
        else { throw .missingHost(pattern: source) }
        linkHost = normal
      }
    }
    return DeepLink(scheme: linkScheme, host: linkHost, pathSegments: path, queryItems: items)
  }

  /// An ASCII letter followed by letters, digits, `+`, `-` or `.`, and not `http` or `https`.
  static func isCustomScheme(_ scheme: String) -> Bool {
    guard let first = scheme.utf8.first, (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A else { return false }
    let wellFormed = scheme.utf8.allSatisfy { b in
      ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x2D || b == 0x2E
    }
    let lowered = scheme.lowercased()
    return wellFormed && lowered != "http" && lowered != "https"
  }
}

import DeepLinkCore

/// Compares a link with one pattern the way a person would read it, for `explain`: does the
/// pattern's shape fit, and if so, which value does a typed or required capture reject?
enum PatternProbe {
  /// What one pattern makes of a link.
  enum Result {
    /// Different literals, scheme, host or number of segments: not worth mentioning.
    case unrelated
    /// The pattern matches, with these captures.
    case matches([String: String])
    /// The shape fits, but a capture rejects its value or a required query item is missing.
    case rejected(String)
  }

  /// Probes `pattern` against `link`; app patterns see a custom-scheme link's whole path.
  static func probe(_ pattern: RoutePattern, _ link: DeepLink) -> Result {
    switch pattern.namespace {
    case .app:
      guard link.host == nil else { return .unrelated }
    case .scheme(let scheme):
      guard link.host == nil, link.scheme == scheme else { return .unrelated }
    case .host(let host):
      guard let linkHost = link.host, host.matches(linkHost) else { return .unrelated }
    }
    let segments = link.pathSegments
    var captures: [String: String] = [:]
    var problem: String? = nil
    var index = 0
    func check(_ name: String, _ type: ParameterType, _ value: String) {
      captures[name] = value
      if problem == nil, !type.accepts(value) { problem = "`{\(name):\(type)}` does not accept `\(value)`" }
    }
    for segment in pattern.segments {
      switch segment {
      case .literal(let text):
        guard index < segments.count else { return .unrelated }
        let same =
          pattern.isCaseInsensitive ? text.lowercased() == segments[index].lowercased() : text == segments[index]
        guard same else { return .unrelated }
        index += 1
      case .parameter(let name, let type):
        guard index < segments.count else { return .unrelated }
        check(name, type, segments[index])
        index += 1
      case .optional(let name, let type):
        if index < segments.count {
          check(name, type, segments[index])
          index += 1
        }
      case .catchAll(let name):
        guard index < segments.count else { return .unrelated }
        captures[name] = segments[index...].joined(separator: "/")
        index = segments.count
      }
    }
    guard index == segments.count else { return .unrelated }
    if let problem { return .rejected(problem) }
    for capture in pattern.queryCaptures {
      guard let value = link.queryValue(capture.key), !value.isEmpty else {
        if capture.isOptional { continue }
        return .rejected("required query item `\(capture.key)` is missing or empty")
      }
      guard capture.type.accepts(value) else {
        return .rejected("query `\(capture.key)`: `{\(capture.name):\(capture.type)}` does not accept `\(value)`")
      }
      captures[capture.name] = value
    }
    return .matches(captures)
  }

  /// Why `target` cannot be built from `captures` (a typed capture rejecting a value), or `nil`.
  static func targetProblem(_ target: RoutePattern, _ captures: [String: String]) -> String? {
    for segment in target.segments {
      switch segment {
      case .parameter(let name, let type), .optional(let name, let type):
        if let value = captures[name], !type.accepts(value) {
          return "target `\(target.source)` does not accept \(name)=`\(value)`"
        }
      case .literal, .catchAll:
        continue
      }
    }
    return nil
  }
}

/// A compiled description of the links one route answers to.
///
/// The syntax, described in full in `Docs/RoutePatterns.md`:
///
/// | element | example |
/// |---|---|
/// | literal segment | `/cart` |
/// | parameter | `/product/{id}` |
/// | typed parameter | `/product/{id:int}`, `/session/{token:uuid}` |
/// | optional trailing parameter | `/deals/{id?}`, `/page/{n:int?}` |
/// | catch-all (one or more segments) | `/docs/{rest...}` |
/// | query captures, required and optional | `/search?q={query}&sort={sort?}` |
/// | scheme namespace | `shopca://flyer/{store_id}` |
/// | host pattern (web links) | `https://shop.example.ca/fr/panier`, `https://*.shop.example.ca/cart` |
///
/// A pattern that starts with `/` matches the app's custom-scheme links of any scheme (the
/// first segment of `shop://product/1` is `product`). A `scheme://` pattern matches only that
/// scheme; an `http://` or `https://` pattern matches web links (either scheme) to its host.
///
/// ```swift
/// let pattern = try RoutePattern("/product/{id:int}")
/// pattern.parameterNames  // ["id"]
/// ```
@usableFromInline
package struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
  /// One path segment of a pattern.
  package enum Segment: Sendable, Hashable {
    /// A segment that must equal this text (decoded).
    case literal(String)
    /// A segment captured under a name, if it is of the type.
    case parameter(name: String, type: ParameterType)
    /// A trailing segment that may be absent.
    case optional(name: String, type: ParameterType)
    /// One or more trailing segments, captured joined with `/`.
    case catchAll(name: String)
  }

  /// A query item captured under a name.
  package struct QueryCapture: Sendable, Hashable {
    /// The query item's name in the link (`q` in `?q={query}`).
    package let key: String
    /// The parameter it is captured as (`query`).
    package let name: String
    /// The type its value must have.
    package let type: ParameterType
    /// Whether a link without this item still matches.
    package let isOptional: Bool
  }

  /// Which links a pattern can apply to, before its path is looked at.
  package enum Namespace: Sendable, Hashable {
    /// The app's custom-scheme links, whatever the scheme.
    case app
    /// Links of one custom scheme.
    case scheme(String)
    /// Web links (`http` or `https`) to hosts the pattern accepts.
    case host(HostPattern)
  }

  /// The host part of a web pattern.
  package enum HostPattern: Sendable, Hashable, CustomStringConvertible {
    /// Exactly this host.
    case exact(String)
    /// Any host with one or more labels in front of this suffix (`*.shop.example.ca`), not the
    /// suffix itself.
    case subdomains(of: String)

    /// Whether `host` (lowercased, as ``DeepLink/host``) is accepted.
    package func matches(_ host: String) -> Bool {
      switch self {
      case .exact(let exact):
        return host == exact
      case .subdomains(let suffix):
        let hostBytes = host.utf8
        let suffixBytes = suffix.utf8
        guard hostBytes.count > suffixBytes.count + 1 else { return false }
        let start = hostBytes.index(hostBytes.endIndex, offsetBy: -suffixBytes.count)
        return hostBytes[hostBytes.index(before: start)] == UInt8(ascii: ".")
          && hostBytes[start...].elementsEqual(suffixBytes)
      }
    }

    package var description: String {
      switch self {
      case .exact(let host): host
      case .subdomains(let suffix): "*." + suffix
      }
    }
  }

  /// The pattern's parts, read once and shared by every copy of the pattern.
  ///
  /// A class, so a copy of a pattern (into a rule, a table, a check) retains one reference, not
  /// each of its strings and lists.
  private final class Parts: Sendable {
    let source: String
    let scheme: String?
    let segments: [Segment]
    let queryCaptures: [QueryCapture]
    let isCaseInsensitive: Bool
    let namespace: Namespace

    init(
      source: String, scheme: String?, segments: [Segment], queryCaptures: [QueryCapture], isCaseInsensitive: Bool,
      namespace: Namespace
    ) {
      self.source = source
      self.scheme = scheme
      self.segments = segments
      self.queryCaptures = queryCaptures
      self.isCaseInsensitive = isCaseInsensitive
      self.namespace = namespace
    }
  }

  private let parts: Parts

  /// The pattern as written.
  package var source: String { parts.source }
  /// The lowercased scheme for `scheme://` and web patterns; `nil` for app patterns.
  package var scheme: String? { parts.scheme }
  /// The path segments.
  package var segments: [Segment] { parts.segments }
  /// The query captures, in the order written.
  package var queryCaptures: [QueryCapture] { parts.queryCaptures }
  /// Whether literal segments compare without regard to ASCII case.
  package var isCaseInsensitive: Bool { parts.isCaseInsensitive }
  /// The links this pattern can apply to.
  package var namespace: Namespace { parts.namespace }

  /// Reads a pattern.
  ///
  /// - Parameters:
  ///   - source: the pattern, such as `/product/{id:int}` or `https://shop.example.ca/fr/panier`.
  ///   - caseInsensitive: whether literal segments match without regard to ASCII case
  ///     (`/fr/panier` then also matches `/FR/Panier`). Captured values keep their case.
  /// - Throws: ``RoutePatternError`` quoting the pattern and pointing at the problem.
  package init(_ source: String, caseInsensitive: Bool = false) throws(RoutePatternError) {
    var values = PatternValues(source: Array(source.utf8))
    try RoutePatternParser.read(source, into: &values)
    self.parts = Parts(
      source: source, scheme: values.scheme, segments: values.takeSegments(), queryCaptures: values.takeQueryCaptures(),
      isCaseInsensitive: caseInsensitive, namespace: values.namespace)
  }

  /// Two patterns are equal when they are written the same and read the same way.
  @usableFromInline package static func == (lhs: RoutePattern, rhs: RoutePattern) -> Bool {
    lhs.parts === rhs.parts
      || (lhs.source == rhs.source && lhs.scheme == rhs.scheme && lhs.segments == rhs.segments
        && lhs.queryCaptures == rhs.queryCaptures && lhs.isCaseInsensitive == rhs.isCaseInsensitive
        && lhs.namespace == rhs.namespace)
  }

  /// Hashes every part equality compares.
  @usableFromInline package func hash(into hasher: inout Hasher) {
    hasher.combine(source)
    hasher.combine(scheme)
    hasher.combine(segments)
    hasher.combine(queryCaptures)
    hasher.combine(isCaseInsensitive)
    hasher.combine(namespace)
  }

  /// The names of every capture, path first, then query, in the order written.
  package var parameterNames: [String] {
    segments.compactMap { segment -> String? in
      switch segment {
      case .literal: nil
      case .parameter(let name, _), .optional(let name, _), .catchAll(let name): name
      }
    } + queryCaptures.map(\.name)
  }

  /// The names of the captures every matching link supplies (not optional ones).
  package var requiredParameterNames: [String] {
    segments.compactMap { segment -> String? in
      switch segment {
      case .parameter(let name, _), .catchAll(let name): name
      case .literal, .optional: nil
      }
    } + queryCaptures.filter { !$0.isOptional }.map(\.name)
  }

  @usableFromInline package var description: String { source }
}

import Foundation

/// A runtime link policy: a small JSON document the app receives through its own remote
/// configuration, which switches links off without a release. It can only narrow what the
/// build allows: disable a route, a rule or a host, each with a reason, an optional web
/// fallback and an optional end (`Docs/LinkPolicy.md`).
///
/// ```json
/// {"version": "2026-11-26.1", "market": "CA",
///  "disable": [{"route": "flyer", "reason": "flyer screen crashes", "until": "2026-12-01T00:00:00Z"},
///              {"rule": "/fr/circulaire/{store_id}", "reason": "campaign not ready",
///               "fallback": "https://shop.example.ca/fr/aide"},
///              {"host": "www.shop.example.ca", "reason": "certificate renewal"}]}
/// ```
///
/// A document is checked against the configuration it narrows (`init(json:configuration:now:)`):
/// an unknown name, a repeated key, a field a policy cannot have, an expired date or a document
/// over 64 KB is refused with an error naming the field.
public struct LinkPolicy: Sendable, Hashable {
  /// One thing the policy switches off.
  package struct Entry: Sendable, Hashable {
    /// What is switched off, as the document names it.
    package enum Target: Sendable, Hashable, CustomStringConvertible {
      /// A route, by name (`flyer`) or pattern (`/flyer/{store_id:int}`): every link it would open.
      case route(String)
      /// A rewrite rule, by pattern (`https://shop.example.ca/fr/circulaire/{store_id}`) or by the
      /// web path it has on every domain (`/fr/circulaire/{store_id}`).
      case rule(String)
      /// A domain: no link to it opens the app.
      case host(String)

      package var description: String {
        switch self {
        case .route(let name): "route `\(name)`"
        case .rule(let pattern): "rule `\(pattern)`"
        case .host(let host): "host `\(host)`"
        }
      }
    }

    /// What is switched off.
    package let target: Target
    /// Why, for people and telemetry.
    package let reason: String
    /// The web page a switched-off link opens instead, if any (`https` only).
    package let fallback: DeepLink?
    /// When the entry stops applying, if ever.
    package let until: Date?
  }

  /// The largest document accepted, in bytes.
  package static let maximumSize = 64 * 1024

  /// The checked document, shared: a policy is copied into every decision path, so a copy is
  /// one reference count, not one per field.
  final class Storage: Sendable, Hashable {
    let version: String
    let market: String?
    let expires: Date?
    let entries: [Entry]
    /// Entry indexes by the route patterns, rule patterns and hosts they switch off.
    let routes: SmallStringMap<Int>
    let rules: SmallStringMap<Int>
    let hosts: SmallStringMap<Int>

    init(
      version: String, market: String?, expires: Date?, entries: [Entry], routes: SmallStringMap<Int>,
      rules: SmallStringMap<Int>, hosts: SmallStringMap<Int>
    ) {
      self.version = version
      self.market = market
      self.expires = expires
      self.entries = entries
      self.routes = routes
      self.rules = rules
      self.hosts = hosts
    }

    static func == (lhs: Storage, rhs: Storage) -> Bool {
      lhs === rhs
        || (lhs.version == rhs.version && lhs.market == rhs.market && lhs.expires == rhs.expires
          && lhs.entries == rhs.entries)
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(version)
      hasher.combine(market)
      hasher.combine(entries)
    }
  }

  let storage: Storage

  /// The document's version, named by every decision and event made under it.
  public var version: String { storage.version }
  /// The market it was written for (`nil`: the platform alone).
  package var market: String? { storage.market }
  /// When the whole policy stops applying, if ever.
  package var expires: Date? { storage.expires }
  /// The entries, in the document's order.
  package var entries: [Entry] { storage.entries }
  var routes: SmallStringMap<Int> { storage.routes }
  var rules: SmallStringMap<Int> { storage.rules }
  var hosts: SmallStringMap<Int> { storage.hosts }

  /// Reads and checks a policy document against the configuration it narrows.
  ///
  /// - Parameters:
  ///   - json: the document, UTF-8.
  ///   - configuration: the composed configuration in force; the document's `market` must name
  ///     its market (``DeepLinkConfiguration/market``), or `platform` for the platform alone.
  ///   - now: the time to judge `expires` and `until` against.
  /// - Throws: ``LinkPolicyError`` naming the field at fault.
  package init(json: some Collection<UInt8>, configuration: DeepLinkConfiguration, now: Date = Date())
    throws(LinkPolicyError)
  {
    let market = configuration.market
    let bytes = Array(json)
    guard bytes.count <= Self.maximumSize else {
      throw LinkPolicyError(field: "", "the document is \(bytes.count) bytes, over the \(Self.maximumSize)-byte limit")
    }
    let root: PolicyJSON
    do {
      root = try PolicyJSON.parse(bytes)
    } catch {
      throw LinkPolicyError(field: "", "not JSON at byte \(error.offset): \(error.message)")
    }
    guard case .object(let members) = root else {
      throw LinkPolicyError(field: "", "the document is \(root.kind), expected an object")
    }
    try Self.checkKeys(members, allowed: ["version", "market", "expires", "disable"], field: "")
    let fields = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })

    guard let versionValue = fields["version"] else { throw LinkPolicyError(field: "version", "is missing") }
    let version = try Self.string(versionValue, field: "version")
    guard (1...64).contains(version.count), version.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
    else { throw LinkPolicyError(field: "version", "must be 1 to 64 printable ASCII characters") }

    let expected = market ?? "platform"
    guard let marketValue = fields["market"] else {
      throw LinkPolicyError(field: "market", "is missing; this configuration is `\(expected)`")
    }
    let marketName = try Self.string(marketValue, field: "market")
    guard marketName == expected else {
      throw LinkPolicyError(
        field: "market",
        "is `\(marketName)`, but the configuration is `\(expected)`: a policy never touches another market")
    }

    var expires: Date? = nil
    if let value = fields["expires"] { expires = try Self.date(value, field: "expires", after: now) }

    guard let disableValue = fields["disable"] else { throw LinkPolicyError(field: "disable", "is missing") }
    guard case .array(let items) = disableValue else {
      throw LinkPolicyError(field: "disable", "is \(disableValue.kind), expected an array of entries")
    }
    let catalogue = Catalogue(configuration)
    var entries: [Entry] = []
    var routes = SmallStringMap<Int>()
    var rules = SmallStringMap<Int>()
    var hosts = SmallStringMap<Int>()
    for (index, item) in items.enumerated() {
      let field = "disable[\(index)]"
      let entry = try Self.entry(item, field: field, now: now, configuration: configuration)
      let keys: [String]
      switch entry.target {
      case .route(let name): keys = try catalogue.routes(named: name, field: field + ".route")
      case .rule(let pattern): keys = try catalogue.rules(named: pattern, field: field + ".rule")
      case .host(let host): keys = try catalogue.host(host, field: field + ".host")
      }
      for key in keys {
        switch entry.target {
        case .route: routes.add(key, entries.count)
        case .rule: rules.add(key, entries.count)
        case .host: hosts.add(key, entries.count)
        }
      }
      entries.append(entry)
    }
    storage = Storage(
      version: version, market: market, expires: expires, entries: entries, routes: routes, rules: rules,
      hosts: hosts)
  }

  /// Whether the policy applies at `date` (before its `expires`).
  package func isInForce(at date: Date) -> Bool {
    expires.map { date < $0 } ?? true
  }

  // MARK: Reading

  /// Fields a policy may not have, because they would widen what the build allows.
  static let wideningFields: Set<String> = [
    "enable", "allow", "add", "routes", "rules", "barriers", "removeBarrier", "removeBarriers", "unblock", "domains",
    "schemes",
  ]

  private static func checkKeys(
    _ members: [(key: String, value: PolicyJSON)], allowed: [String], field: String
  ) throws(LinkPolicyError) {
    for member in members where !allowed.contains(member.key) {
      let path = field.isEmpty ? member.key : "\(field).\(member.key)"
      if wideningFields.contains(member.key) {
        throw LinkPolicyError(field: path, "would widen what the build allows; a policy can only disable")
      }
      let hint = Suggestion.closest(to: member.key, among: allowed).map { "; did you mean `\($0)`?" } ?? ""
      throw LinkPolicyError(
        field: path, "is not a policy field\(hint) (expected one of: \(allowed.joined(separator: ", ")))")
    }
  }

  private static func string(_ value: PolicyJSON, field: String) throws(LinkPolicyError) -> String {
    guard case .string(let text) = value else {
      throw LinkPolicyError(field: field, "is \(value.kind), expected a string")
    }
    return text
  }

  private static func date(_ value: PolicyJSON, field: String, after now: Date) throws(LinkPolicyError) -> Date {
    let text = try string(value, field: field)
    let date: Date
    do {
      date = try RFC3339Time.date(from: text)
    } catch {
      throw LinkPolicyError(field: field, "`\(text)` is not \(RFC3339Time.expectedForm): \(error.message)")
    }
    guard date > now else { throw LinkPolicyError(field: field, "`\(text)` has passed: the policy is expired") }
    return date
  }

  private static func entry(
    _ value: PolicyJSON, field: String, now: Date, configuration: DeepLinkConfiguration
  ) throws(LinkPolicyError) -> Entry {
    guard case .object(let members) = value else {
      throw LinkPolicyError(field: field, "is \(value.kind), expected an object")
    }
    try checkKeys(members, allowed: ["route", "rule", "host", "reason", "fallback", "until"], field: field)
    let fields = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
    let named = ["route", "rule", "host"].filter { fields[$0] != nil }
    guard named.count == 1 else {
      throw LinkPolicyError(field: field, "must name exactly one of `route`, `rule`, `host`")
    }
    let name = try string(fields[named[0]]!, field: "\(field).\(named[0])")
    let target: Entry.Target =
      switch named[0] {
      case "route": .route(name)
      case "rule": .rule(name)
      default: .host(name.lowercased())
      }
    guard let reasonValue = fields["reason"] else { throw LinkPolicyError(field: "\(field).reason", "is missing") }
    let reason = try string(reasonValue, field: "\(field).reason")
    guard !reason.isEmpty, reason.utf8.count <= maximumReasonSize else {
      throw LinkPolicyError(
        field: "\(field).reason",
        "must be 1 to \(maximumReasonSize) bytes of UTF-8 (it is \(reason.utf8.count)): a short sentence for people")
    }
    var fallback: DeepLink? = nil
    if let value = fields["fallback"] {
      fallback = try self.fallback(
        try string(value, field: "\(field).fallback"), field: "\(field).fallback", configuration)
    }
    var until: Date? = nil
    if let value = fields["until"] { until = try date(value, field: "\(field).until", after: now) }
    return Entry(target: target, reason: reason, fallback: fallback, until: until)
  }

  /// The largest `reason` accepted, in UTF-8 bytes: it is copied into every decision, event and
  /// association-file comment the entry makes.
  package static let maximumReasonSize = 200

  /// An entry's fallback: an `https` link to a host the configuration declares (its market's
  /// domains or the platform's), with no port, carrying the hand-off fragment so that it cannot
  /// come back to the app. A policy that could send links anywhere would turn a switch into a
  /// redirect.
  private static func fallback(
    _ text: String, field: String, _ configuration: DeepLinkConfiguration
  ) throws(LinkPolicyError) -> DeepLink {
    guard let link = try? DeepLink(text), link.scheme == "https", let host = link.host else {
      throw LinkPolicyError(field: field, "`\(text)` is not an https link")
    }
    guard configuration.domains.contains(where: { $0.matches(host) }) else {
      let declared = configuration.domains.map { "`\($0.name)`" }.joined(separator: ", ")
      throw LinkPolicyError(
        field: field,
        "`\(text)` goes to `\(host)`, which this configuration does not declare: a fallback goes to one of its "
          + "domains (\(declared))")
    }
    guard link.port == nil else {
      throw LinkPolicyError(field: field, "`\(text)` names a port: a fallback goes to a declared domain's https port")
    }
    return DeepLink(
      scheme: link.scheme, host: host, port: nil, pathSegments: link.pathSegments, queryItems: link.queryItems,
      fragment: DeepLinkDecision.browserHandOffFragment)
  }

  /// The names a policy may use, from the configuration it narrows.
  private struct Catalogue {
    let routes: [RouteDescription]
    let rulePatterns: [String]
    let domains: [String]

    init(_ configuration: DeepLinkConfiguration) {
      routes = configuration.routeDescriptions
      rulePatterns = configuration.rewriteRules.map(\.rule.pattern)
      domains = configuration.domains.map(\.name)
    }

    func routes(named name: String, field: String) throws(LinkPolicyError) -> [String] {
      let patterns = routes.filter { $0.id.name == name || $0.pattern.source == name }.map(\.pattern.source)
      guard patterns.isEmpty else { return patterns }
      throw unknown(name, field: field, kind: "route", among: routes.map(\.id.name) + routes.map(\.pattern.source))
    }

    func rules(named name: String, field: String) throws(LinkPolicyError) -> [String] {
      let patterns = rulePatterns.filter { $0 == name || (name.hasPrefix("/") && Self.webPath(of: $0) == name) }
      guard patterns.isEmpty else { return patterns }
      throw unknown(name, field: field, kind: "rule", among: rulePatterns + rulePatterns.map(Self.webPath))
    }

    func host(_ host: String, field: String) throws(LinkPolicyError) -> [String] {
      guard domains.contains(host) else { throw unknown(host, field: field, kind: "domain", among: domains) }
      return [host]
    }

    private func unknown(_ name: String, field: String, kind: String, among names: [String]) -> LinkPolicyError {
      let hint = Suggestion.closest(to: name, among: names).map { "; did you mean `\($0)`?" } ?? ""
      return LinkPolicyError(
        field: field, "`\(name)` is not a \(kind) of this configuration\(hint) (a policy cannot add one)")
    }

    /// `/fr/panier` of `https://shop.example.ca/fr/panier`; the pattern itself if it has no `://`.
    static func webPath(of pattern: String) -> String {
      guard let scheme = pattern.range(of: "://") else { return pattern }
      let rest = pattern[scheme.upperBound...]
      return rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
    }
  }
}

/// Why a link policy document was refused; the previous policy stays in force.
public struct LinkPolicyError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The field at fault (`disable[2].route`), or empty for the whole document.
  package let field: String
  /// What is wrong and what to do.
  package let problem: String

  init(field: String, _ problem: String) {
    self.field = field
    self.problem = problem
  }

  public var description: String {
    field.isEmpty ? "link policy: \(problem)" : "link policy field `\(field)` \(problem)"
  }
}

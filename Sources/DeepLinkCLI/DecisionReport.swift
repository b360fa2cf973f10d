import DeepLinkCore
import DeepLinkTools

/// A decision as the tool prints it, redacted: the fields of `DESIGN.md`'s JSON object.
struct DecisionReport {
  var url: String
  var market: String?
  var outcome: DeepLinkOutcome
  var route: String?
  var steps: [String]
  var parameters: [(name: String, value: String)]
  var rewrittenTo: String?
  var barriers: [String]
  var reason: String?
  /// The version of the link policy the decision was made under, if any.
  var policy: String?
  /// What a routed link opens and where (`destination`, `navigation`), when its route says.
  var destination: DestinationReport?

  /// The report of `decision` made with `market`'s configuration (`nil`: the platform),
  /// `configuration`; with `destination`, what the link opens and where (`route --json`,
  /// `explain`).
  init(_ decision: DeepLinkDecision, market: String?, configuration: DeepLinkConfiguration, destination: Bool) {
    var names = SafeText.NameCache()
    self.init(decision, market: market, configuration: configuration, destination: destination, names: &names)
  }

  /// The report of `decision` made with `market`'s configuration (`nil`: the platform),
  /// `configuration`; with `destination`, what the link opens and where.
  ///
  /// - Complexity: O(*n*) in the link; redaction work only when the link has query items or a fragment.
  init(
    _ decision: DeepLinkDecision, market: String?, configuration: DeepLinkConfiguration, destination: Bool,
    names: inout SafeText.NameCache
  ) {
    url = SafeText.url(of: decision, names: &names)
    self.market = market
    outcome = decision.outcome
    route = decision.route?.description
    steps = decision.steps.map(\.description)
    parameters = decision.parameters.isEmpty ? [] : SafeText.parameters(decision.parameters, names: &names)
    rewrittenTo = decision.rewrittenTo.map { SafeText.redact($0, names: &names) }
    barriers = decision.barriers.map(\.rawValue)
    reason = decision.reason?.rawValue
    policy = decision.policyVersion
    self.destination = destination ? DestinationReport(decision, configuration: configuration, names: &names) : nil
  }

  /// Writes the object, keys in the documented order; `steps` only for a chained link,
  /// `destination` and `navigation` only for a routed link whose route declares them.
  ///
  /// ```json
  /// {"url":"…","market":"CA","outcome":"routed","route":"/product/{id:int}","parameters":{"id":"123"},
  ///  "rewrittenTo":"shop://product/123","barriers":[],"reason":null,
  ///  "destination":{"type":"ProductPage","values":{"id":"123"}},
  ///  "navigation":{"tab":"home","path":[{"type":"ProductPage","values":{"id":"123"}}]}}
  /// ```
  func write(to json: inout JSONWriter) {
    json.beginObject()
    json.key("url")
    json.string(url)
    json.key("market")
    json.string(market)
    json.key("outcome")
    json.string(outcome.rawValue)
    json.key("route")
    json.string(route)
    if !steps.isEmpty {
      json.key("steps")
      json.strings(steps)
    }
    json.key("parameters")
    json.beginObject()
    for parameter in parameters {
      json.key(parameter.name)
      json.string(parameter.value)
    }
    json.endObject()
    json.key("rewrittenTo")
    json.string(rewrittenTo)
    json.key("barriers")
    json.strings(barriers)
    json.key("reason")
    json.string(reason)
    destination?.write(to: &json)
    if let policy {
      json.key("policy")
      json.string(policy)
    }
    json.endObject()
  }

  /// The report as human-readable lines (`route` without `--json`).
  var text: String {
    // Each row is written as it comes, as UTF-8 bytes into one buffer.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(256)
    func row(_ name: String, _ value: String) {
      bytes.append(contentsOf: name.utf8)
      // The names are ASCII: their width is their UTF-8 count; at least one space follows.
      for _ in 0..<max(1, 12 - name.utf8.count) { bytes.append(0x20) }
      bytes.append(contentsOf: SafeText.visible(value).utf8)
      bytes.append(0x0A)
    }
    row("url", url)
    if let market { row("market", market) }
    row("outcome", outcome.rawValue)
    if let route { row("route", route) }
    if !steps.isEmpty { row("steps", steps.joined(separator: " → ")) }
    if !parameters.isEmpty {
      row("parameters", parameters.map { "\($0.name)=\($0.value)" }.joined(separator: " "))
    }
    if let rewrittenTo { row("rewrittenTo", rewrittenTo) }
    if !barriers.isEmpty { row("barriers", barriers.joined(separator: ", ")) }
    if let reason { row("reason", reason) }
    if let policy { row("policy", policy) }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension String {
  /// The string followed by spaces up to `width` characters (at least one space).
  func padded(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}

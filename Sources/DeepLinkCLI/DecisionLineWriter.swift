import DeepLinkCore

/// Writes decisions as `check --format jsonl` lines straight into a ``JSONWriter``: the bytes of
/// ``DecisionReport/write(to:)`` and a newline, without building the report.
///
/// The pieces between values that do not depend on the link (`,"market":"CA","outcome":"routed","route":`)
/// are prepared once; each link then costs a few copies and the escaping of its own strings.
/// `Tests/CLITests` check that `check` prints what `route --json` (through ``DecisionReport``) prints.
struct DecisionLineWriter {
  /// `,"market":…,"outcome":"…","route":`, by ``DeepLinkOutcome/index``.
  private let afterURL: [[UInt8]]
  /// The parameters of the link being written, reused.
  private var parameters: [(name: String, value: String)] = []

  /// A writer for decisions made with `market`'s configuration (`nil`: the platform).
  init(market: String?) {
    afterURL = DeepLinkOutcome.allCases.map { outcome in
      var json = JSONWriter(capacity: 64)
      json.raw(contentsOf: #","market":"#)
      json.quoted(market)
      json.raw(contentsOf: #","outcome":"#)
      json.quoted(outcome.rawValue)
      json.raw(contentsOf: #","route":"#)
      return json.bytes
    }
  }

  /// Writes `decision`'s object and a newline.
  ///
  /// - Complexity: O(*n*) in the link; redaction work only when the link has query items or a fragment.
  mutating func write(_ decision: DeepLinkDecision, names: inout SafeText.NameCache, to json: inout JSONWriter) {
    json.raw(#"{"url":"#)
    json.quoted(SafeText.url(of: decision, names: &names))
    json.raw(contentsOf: afterURL[decision.outcome.index])
    json.quoted(decision.route)
    if !decision.steps.isEmpty {
      json.raw(#","steps":["#)
      list(decision.steps, to: &json)
      json.raw("]")
    }
    json.raw(#","parameters":{"#)
    if !decision.parameters.isEmpty {
      SafeText.parameters(decision.parameters, names: &names, into: &parameters)
      for (index, parameter) in parameters.enumerated() {
        if index > 0 { json.raw(0x2C) }
        json.quoted(parameter.name)
        json.raw(0x3A)
        json.quoted(parameter.value)
      }
    }
    json.raw(#"},"rewrittenTo":"#)
    json.quoted(decision.rewrittenTo.map { SafeText.redact($0, names: &names) })
    json.raw(#","barriers":["#)
    list(decision.barriers.map(\.rawValue), to: &json)
    json.raw(#"],"reason":"#)
    json.quoted(decision.reason?.rawValue)
    json.raw("}\n")
  }

  /// The strings, quoted, with commas between them.
  private func list(_ strings: [String], to json: inout JSONWriter) {
    for (index, string) in strings.enumerated() {
      if index > 0 { json.raw(0x2C) }
      json.quoted(string)
    }
  }
}

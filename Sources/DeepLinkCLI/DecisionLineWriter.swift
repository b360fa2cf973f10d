import DeepLinkCore
import DeepLinkTools

/// Writes decisions as `check --format jsonl` lines straight into a ``JSONWriter``: the bytes of
/// ``DecisionReport/write(to:)`` and a newline, without building the report.
///
/// The pieces between values that do not depend on the link (`,"market":"CA","outcome":"routed","route":`)
/// are prepared once; each link then costs a few copies and the escaping of its own strings.
/// `Tests/CLITests` check that `check` prints what `route --json` (through ``DecisionReport``) prints.
struct DecisionLineWriter {
  /// `,"market":…,"outcome":"…","route":`, by ``DeepLinkOutcome/index``.
  private let afterURL: [[UInt8]]
  /// The same followed by `null`, for a decision without a route.
  private let afterURLWithoutRoute: [[UInt8]]
  /// The positions of the parameters being written, in the order of their names; reused.
  private var order: [Int] = []

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
    afterURLWithoutRoute = afterURL.map { $0 + Array("null".utf8) }
  }

  /// Writes `decision`'s object and a newline. `plainInput`, when given, is the bytes the decision
  /// was made from, known to be printable ASCII other than `"` and `\\` (``CheckLines/Line/isPlain``):
  /// shown as the url, they are copied without a second scan.
  ///
  /// - Complexity: O(*n*) in the link; redaction work only when the link has query items or a fragment.
  mutating func write(
    _ decision: DeepLinkDecision, configuration: DeepLinkConfiguration, plainInput: [UInt8]?,
    names: inout SafeText.NameCache, to json: inout JSONWriter
  ) {
    writeFields(decision, plainInput: plainInput, names: &names, to: &json)
    if decision.outcome == .routed,
      let destination = DestinationReport(decision, configuration: configuration, names: &names)
    {
      // `{"destination":…}` written apart, then spliced in before the closing `}`.
      var members = JSONWriter()
      members.beginObject()
      destination.write(to: &members)
      members.endObject()
      json.dropLast(2)
      json.raw(0x2C)
      json.raw(contentsOf: Array(members.bytes.dropFirst()))
      json.raw(0x0A)
    }
    // Under a link policy the object also names its version (`Docs/LinkPolicy.md`): the closing
    // bytes are made once per version, not quoted again on every line.
    if let version = decision.policyVersion {
      if policyTail?.version != version {
        var tail = JSONWriter()
        tail.raw(#","policy":"#)
        tail.quoted(version)
        tail.raw("}\n")
        policyTail = (version, tail.bytes)
      }
      json.dropLast(2)
      json.raw(contentsOf: policyTail!.bytes)
    }
  }

  /// `,"policy":"<version>"}` and a newline, for the last version written.
  private var policyTail: (version: String, bytes: [UInt8])? = nil

  private mutating func writeFields(
    _ decision: DeepLinkDecision, plainInput: [UInt8]?, names: inout SafeText.NameCache, to json: inout JSONWriter
  ) {
    json.raw(#"{"url":"#)
    // `SafeText.url(of:names:)`: the input as typed unless the parser refused it or it carries
    // something sensitive.
    if decision.link == nil || decision.reason?.isParserRefusal == true {
      json.quoted(SafeText.unparsed(decision.input))
    } else if SafeText.isSensitive(decision.link!, names: &names) {
      json.quoted(SafeText.redacted(decision.link!, names: &names))
    } else if let plainInput, plainInput.count == decision.input.utf8.count {
      json.quoted(plain: plainInput)
    } else {
      json.quoted(decision.input)
    }
    if let route = decision.route?.description {
      json.raw(contentsOf: afterURL[decision.outcome.index])
      json.quoted(route)
    } else {
      json.raw(contentsOf: afterURLWithoutRoute[decision.outcome.index])
    }
    if !decision.steps.isEmpty {
      json.raw(#","steps":["#)
      list(decision.steps.map(\.description), to: &json)
      json.raw("]")
    }
    // The pieces between values are merged where a value is empty or null, the usual case.
    if decision.parameters.isEmpty {
      json.raw(#","parameters":{},"rewrittenTo":"#)
    } else {
      json.raw(#","parameters":{"#)
      write(decision.parameters, names: &names, to: &json)
      json.raw(#"},"rewrittenTo":"#)
    }
    let noBarriers = decision.barriers.isEmpty
    if let rewrittenTo = decision.rewrittenTo {
      // The usual link has nothing to redact and is written from its parts (`SafeText.redact`).
      if SafeText.isSensitive(rewrittenTo, names: &names) {
        json.quoted(SafeText.redacted(rewrittenTo, names: &names))
      } else {
        json.quoted(rewrittenTo)
      }
      if noBarriers && decision.reason == nil {
        json.raw(",\"barriers\":[],\"reason\":null}\n")
        return
      }
      if noBarriers { json.raw(#","barriers":[],"reason":"#) } else { json.raw(#","barriers":["#) }
    } else if noBarriers {
      json.raw(#"null,"barriers":[],"reason":"#)
    } else {
      json.raw(#"null,"barriers":["#)
    }
    if !noBarriers {
      for (index, barrier) in decision.barriers.enumerated() {
        if index > 0 { json.raw(0x2C) }
        json.quoted(barrier.rawValue)
      }
      json.raw(#"],"reason":"#)
    }
    if let reason = decision.reason {
      json.quoted(reason.rawValue)
      json.raw("}\n")
    } else {
      json.raw("null}\n")
    }
  }

  /// The parameters as ``SafeText/parameters(_:names:into:)`` gives them, redacted and sorted by
  /// name, without building the pairs: their positions are sorted (by insertion; a link has a
  /// handful of parameters, with unique names).
  private mutating func write(
    _ parameters: DeepLinkParameters, names: inout SafeText.NameCache, to json: inout JSONWriter
  ) {
    order.removeAll(keepingCapacity: true)
    for index in parameters.indices {
      let name = parameters[index].name
      order.append(index)
      var position = order.count - 1
      while position > 0, name < parameters[order[position - 1]].name {
        order.swapAt(position, position - 1)
        position -= 1
      }
    }
    for (written, index) in order.enumerated() {
      let (name, value) = parameters[index]
      json.member(name, SafeText.parameterValue(name: name, value: value, names: &names), comma: written > 0)
    }
  }

  /// The strings, quoted, with commas between them.
  private func list(_ strings: [String], to json: inout JSONWriter) {
    for (index, string) in strings.enumerated() {
      if index > 0 { json.raw(0x2C) }
      json.quoted(string)
    }
  }
}

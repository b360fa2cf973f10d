import DeepLinkCore
import DeepLinkTools
import Foundation

/// Decides `check` lines into its own reused byte buffer and tally.
///
/// One worker belongs to one ``CheckBatch``; its buffer, name cache and prepared JSON pieces are
/// reused from batch to batch.
struct CheckWorker {
  let selection: MarketSelection
  let jsonLines: Bool
  private(set) var json = JSONWriter(capacity: 1 << 20)
  private(set) var tally = CheckTally()
  private var names = SafeText.NameCache()
  private var patterns = Expectation.UntypedPatterns()
  private var lineWriter: DecisionLineWriter
  private var link: [UInt8] = []

  init(selection: MarketSelection, jsonLines: Bool) {
    self.selection = selection
    self.jsonLines = jsonLines
    lineWriter = DecisionLineWriter(market: selection.id)
  }

  /// The bytes written since the last ``reset()``.
  var output: [UInt8] { json.bytes }

  mutating func reset() {
    json.reset()
    tally = CheckTally()
  }

  /// Decides `lines` as links from outside the app and writes one result per line.
  ///
  /// - Complexity: O(*n*) in the total length of the lines.
  mutating func decide(_ lines: CheckLines) {
    let configuration = selection.configuration
    let policy = selection.policy
    let now = Date()
    for line in lines.lines {
      // One reused array holds the link being decided: no allocation per line.
      link.replaceSubrange(link.indices, with: lines.bytes[line.link])
      var decision = configuration.decide(utf8: link)
      policy?.apply(to: &decision, at: now)
      tally.links += 1
      tally.byOutcome[decision.outcome.index] += 1
      var unmet: String? = nil
      if let expected = line.expected {
        tally.expectations += 1
        if !Expectation.isMet(expected, by: decision, patterns: &patterns) {
          tally.unmetExpectations += 1
          unmet = expected
        }
      }
      let failing = unmet != nil || (decision.outcome != .routed && decision.outcome != .external)
      let listed = failing && tally.failures.count < CheckTally.listedFailures
      // The words for a failure are only needed where they are printed: text lines and the summary's list.
      let failure = failing && (listed || !jsonLines) ? describeFailure(decision, unmet: unmet) : nil
      if jsonLines {
        lineWriter.write(
          decision, configuration: configuration, plainInput: line.isPlain ? link : nil, names: &names, to: &json)
      } else {
        writeText(decision, failure: failure)
      }
      if failing {
        tally.failingLines += 1
        if listed, let failure {
          tally.failures.append(
            (line.number, SafeText.visible("\(failure): \(SafeText.url(of: decision, names: &names))")))
        }
      }
    }
  }

  /// `expected …, got …` for an unmet expectation, else what the link did.
  private func describeFailure(_ decision: DeepLinkDecision, unmet expected: String?) -> String {
    if let expected { return "expected \(expected), got \(describe(decision))" }
    return describe(decision)
  }

  private func describe(_ decision: DeepLinkDecision) -> String {
    decision.outcome == .routed
      ? "routed to \(decision.route?.description ?? "?")"
      : decision.outcome.rawValue + (decision.reason.map { " (\($0))" } ?? "")
  }

  /// `outcome  route-or-reason  url`, and what failed.
  private mutating func writeText(_ decision: DeepLinkDecision, failure: String?) {
    var line = decision.outcome.rawValue.padded(to: 10)
    line += (decision.route?.description ?? decision.reason?.rawValue ?? "").padded(to: 28)
    line += SafeText.visible(SafeText.url(of: decision, names: &names))
    if let failure { line += "  ✗ " + SafeText.visible(failure) }
    line += "\n"
    json.raw(contentsOf: line)
  }
}

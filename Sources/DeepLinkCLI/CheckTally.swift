import DeepLinkCore

/// What `check` counted: links by outcome, expectations, failing lines and the first failures.
struct CheckTally {
  /// How many failures are listed in the summary; the rest are only counted.
  static let listedFailures = 20

  var links = 0
  var byOutcome = [Int](repeating: 0, count: DeepLinkOutcome.allCases.count)
  var expectations = 0
  var unmetExpectations = 0
  var failingLines = 0
  var failures: [(line: Int, text: String)] = []

  /// Adds `other`, which counted later lines.
  mutating func merge(_ other: CheckTally) {
    links += other.links
    for index in byOutcome.indices { byOutcome[index] += other.byOutcome[index] }
    expectations += other.expectations
    unmetExpectations += other.unmetExpectations
    failingLines += other.failingLines
    if failures.count < Self.listedFailures {
      failures += other.failures.prefix(Self.listedFailures - failures.count)
    }
  }

  /// The summary `check` prints to standard error.
  func summary(seconds: Double) -> String {
    let counts = zip(DeepLinkOutcome.allCases, byOutcome).map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", ")
    var text = "deeplink check: \(links) links in \(formatted(seconds)) s — \(counts)\n"
    text += "expectations: \(expectations) checked, \(unmetExpectations) not met"
    text += "; \(failingLines) failing line\(failingLines == 1 ? "" : "s")\n"
    for failure in failures { text += "  line \(failure.line): \(failure.text)\n" }
    if failingLines > failures.count { text += "  … and \(failingLines - failures.count) more\n" }
    return text
  }

  private func formatted(_ seconds: Double) -> String {
    let hundredths = Int((seconds * 100).rounded())
    return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
  }
}

extension DeepLinkOutcome {
  /// The outcome's position in `allCases`, for counting.
  var index: Int {
    switch self {
    case .routed: 0
    case .external: 1
    case .forbidden: 2
    case .ignored: 3
    case .notFound: 4
    case .invalid: 5
    }
  }
}

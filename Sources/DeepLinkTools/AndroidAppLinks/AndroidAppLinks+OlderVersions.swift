import DeepLinkCore

extension AndroidAppLinks {
  /// Why a rule with captures is not claimed before API 31, with the links that show it.
  ///
  /// Before API 31 a filter's patterns are `pathPattern`s, Android's simple glob: `.` is any character, `X*` any run
  /// of `X`, `.*` any run at all, and nothing else (AOSP's `PatternMatcher.matchGlobPattern`, `PATTERN_SIMPLE_GLOB`).
  /// With no character set, a capture can only be `.*`, which takes a slash as well as a segment, and a letter as well
  /// as a digit; so a glob that claims the rule's links also claims its links with an extra segment and, for a typed
  /// capture, with a value of another type, which the router hands to the browser (`unmatchedWebPath`): a bounce.
  /// `AndroidAgreementTests` judges the glob and the links named here for every rule of every market.
  ///
  /// - Parameters:
  ///   - segments: the rule's path segments.
  ///   - types: the types the rule's target gives its captures.
  /// - Returns: the reason, naming the links.
  static func olderVersionsReason(_ segments: [RoutePattern.Segment], types: [String: ParameterType]) -> String {
    let witnesses = olderVersionsWitnesses(segments, types: types)
    let shown = witnesses.isEmpty ? "" : ", such as " + witnesses.map { "`\($0)`" }.joined(separator: " and ")
    return "before API 31 a filter reads pathPattern only, which has no character set: a capture would be `.*`, "
      + "which also takes a slash and any character, so the filter would claim links the router sends to the "
      + "browser" + shown
  }

  /// Paths the glob of ``olderVersionsGlob(_:)`` takes and the router does not route: the rule's path with one more
  /// segment (unless it ends with a catch-all), and with its first typed capture holding a letter.
  static func olderVersionsWitnesses(_ segments: [RoutePattern.Segment], types: [String: ParameterType]) -> [String] {
    var values: [String] = []
    var typed: Int? = nil
    for segment in segments {
      switch segment {
      case .literal(let text): values.append(text)
      case .parameter(let name, let type), .optional(let name, let type):
        switch types[name] ?? type {
        case .int: values.append("1")
        case .uuid: values.append("00000000-0000-0000-0000-000000000000")
        case .string: values.append("x")
        }
        if (types[name] ?? type) != .string, typed == nil { typed = values.count - 1 }
      case .catchAll: values.append("x")
      }
    }
    var witnesses: [String] = []
    if case .catchAll? = segments.last {
    } else {
      witnesses.append("/" + (values + ["x"]).joined(separator: "/"))
    }
    if let typed {
      var wrong = values
      wrong[typed] = "x"
      witnesses.append("/" + wrong.joined(separator: "/"))
    }
    return witnesses
  }

  /// The one `pathPattern` that would claim a rule's links with runs of slashes: each literal after `//*`, each
  /// capture `//*.*`. What ``olderVersionsReason(_:types:)`` rules out, written so a test can judge it.
  static func olderVersionsGlob(_ segments: [RoutePattern.Segment]) -> String {
    segments.map { segment -> String in
      guard case .literal(let text) = segment else { return "//*.*" }
      return "//*" + text.map { ".*\\".contains($0) ? "\\" + String($0) : String($0) }.joined()
    }.joined()
  }
}

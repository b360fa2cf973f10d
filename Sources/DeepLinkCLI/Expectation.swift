import DeepLinkCore

/// What a `check` line expects: an outcome word (`external`) or a route pattern, which matches
/// the decided route with or without capture types (`/product/{id}` matches `/product/{id:int}`).
enum Expectation {
  /// Whether `decision` meets `expected`.
  static func isMet(_ expected: String, by decision: DeepLinkDecision) -> Bool {
    if let outcome = DeepLinkOutcome(rawValue: expected) { return decision.outcome == outcome }
    guard decision.outcome == .routed, let route = decision.route?.description else { return false }
    return route == expected || untyped(route) == untyped(expected)
  }

  /// ``isMet(_:by:)``, with the untyped patterns remembered in `patterns`.
  static func isMet(_ expected: String, by decision: DeepLinkDecision, patterns: inout UntypedPatterns) -> Bool {
    // A pattern starts with `/`, an outcome word never does: no word lookup for a pattern.
    if expected.utf8.first != UInt8(ascii: "/"), let outcome = DeepLinkOutcome(rawValue: expected) {
      return decision.outcome == outcome
    }
    guard decision.outcome == .routed, let route = decision.route?.description else { return false }
    return route == expected || patterns.untyped(route) == patterns.untyped(expected)
  }

  /// Remembers ``untyped(_:)``: `check` compares the same few routes and expectations on every line.
  struct UntypedPatterns {
    private var known: [String: String] = [:]

    /// ``Expectation/untyped(_:)`` of `pattern`.
    ///
    /// - Complexity: amortised O(*n*) in the pattern's length (one hash).
    mutating func untyped(_ pattern: String) -> String {
      guard pattern.utf8.contains(UInt8(ascii: ":")) else { return pattern }
      if let known = known[pattern] { return known }
      let result = Expectation.untyped(pattern)
      if known.count < 4_096 { known[pattern] = result }
      return result
    }
  }

  /// `pattern` without capture types: `/orders/{id:int?}` → `/orders/{id?}`.
  static func untyped(_ pattern: String) -> String {
    guard pattern.utf8.contains(UInt8(ascii: ":")) else { return pattern }
    var result = ""
    var inCapture = false
    var skipping = false
    for character in pattern {
      switch character {
      case "{":
        inCapture = true
        result.append(character)
      case "}":
        inCapture = false
        skipping = false
        result.append(character)
      case ":" where inCapture:
        skipping = true
      case "?" where skipping, "." where skipping:
        result.append(character)
      default:
        if !skipping { result.append(character) }
      }
    }
    return result
  }
}

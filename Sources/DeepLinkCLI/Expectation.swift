import DeepLinkCore

/// What a `check` line expects: an outcome word (`external`) or a route pattern, which matches
/// the decided route with or without capture types (`/product/{id}` matches `/product/{id:int}`).
enum Expectation {
  /// Whether `decision` meets `expected`.
  static func isMet(_ expected: String, by decision: DeepLinkDecision) -> Bool {
    if let outcome = DeepLinkOutcome(rawValue: expected) { return decision.outcome == outcome }
    guard decision.outcome == .routed, let route = decision.route else { return false }
    return route == expected || untyped(route) == untyped(expected)
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

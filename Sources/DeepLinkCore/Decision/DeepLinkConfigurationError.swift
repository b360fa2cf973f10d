/// A configuration that cannot be compiled; raised by ``DeepLinker``'s builder and by
/// ``DeepLinkConfiguration``'s initialiser, never at routing time.
public enum DeepLinkConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A route or plugin pattern does not parse.
  case malformedPattern(RoutePatternError)
  /// Two routes (or a route and a plugin's route) match exactly the same links.
  case conflictingRoutes(RouteTableError)
  /// A rewrite rule is malformed or does not supply its target's parameters.
  case invalidRewrite(UniversalLinkError)
  /// Two rewrite rules match exactly the same links and the later is not an override.
  case conflictingRewrites(existing: String, new: String)
  /// A route, plugin or the mandatory barrier refers to a barrier that is not installed.
  case unknownBarrier(name: BarrierName, usedBy: String)
  /// A state-changing route exists but no confirmation barrier is installed.
  case missingConfirmationBarrier(route: String)
  /// No custom scheme without a custom host is registered, so rewrites have no app scheme.
  case missingAppScheme
  /// A domain (allowed, excluded, blacklisted or whitelisted) is not a valid domain name.
  case invalidDomain(String)
  /// The same scheme is registered twice.
  case duplicateScheme(String)
  /// A route's destination type does not fit its links.
  case destinationMismatch(DestinationMismatch)

  public var description: String {
    switch self {
    case .malformedPattern(let error):
      error.description
    case .conflictingRoutes(let error):
      error.description
    case .invalidRewrite(let error):
      error.description
    case .conflictingRewrites(let existing, let new):
      "rewrite rule `\(new)` matches exactly the same links as `\(existing)`; "
        + "declare it as an override or change its pattern"
    case .unknownBarrier(let name, let usedBy):
      "`\(usedBy)` needs the barrier `\(name)`, which is not installed; install it with `install(barrier:)`"
    case .missingConfirmationBarrier(let route):
      "route `\(route)` changes state but no confirmation barrier is installed; "
        + "install one with `set(confirmationBarrier:)`"
    case .missingAppScheme:
      "no app scheme is registered; register the platform's scheme (without a custom host) with `add(urlSchemes:)`"
    case .invalidDomain(let name):
      "`\(name)` is not a domain; write an exact host (`shop.example.ca`) or `*.shop.example.ca`"
    case .duplicateScheme(let scheme):
      "the scheme `\(scheme)` is registered twice; register each scheme once"
    case .destinationMismatch(let mismatch):
      mismatch.description
    }
  }
}

import DeepLinkCore

/// A ``Deeplinkable`` module's regular expression that does not compile.
public struct DeeplinkRegularExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The expression as written.
  package let expression: String

  /// What went wrong and what to do.
  public var description: String {
    "regular expression `\(expression)` does not compile; fix it, or better, write it as a route pattern"
  }
}

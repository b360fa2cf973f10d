import DeepLinkCore

/// A link as a navigation model matched it: the link, the pattern that took it and what the
/// pattern captured.
///
/// Responders (``DeepLinkResponder/respond(on:)``), deep-linkable modules
/// (``Deeplinkable/module(fromDeeplink:)``) and chain steps receive one, so none of them parses
/// the link again.
///
/// ```swift
/// func respond(on match: MatchedDeepLink) {
///   showProduct(id: match["id"]!)  // pattern `/product/{id:int}`
/// }
/// ```
public struct MatchedDeepLink: Sendable, Hashable, CustomStringConvertible {
  /// The link that matched: the app link after any rewrite (`shop://product/123` for
  /// `shopca://ca/product/123`).
  public let link: DeepLink
  /// The pattern as registered (`/product/{id:int}`) or, for a regular expression, its source.
  public let pattern: String
  /// The captured parameters by name (named groups for a regular expression).
  public let parameters: [String: String]

  /// Creates a match; navigation models make these, tests may too.
  public init(link: DeepLink, pattern: String, parameters: [String: String]) {
    self.link = link
    self.pattern = pattern
    self.parameters = parameters
  }

  /// The captured value of the parameter `name`, or `nil`.
  public subscript(_ name: String) -> String? { parameters[name] }

  /// The link and the pattern that took it (`shop://product/1 ~ /product/{id:int}`).
  public var description: String { "\(link) ~ \(pattern)" }
}

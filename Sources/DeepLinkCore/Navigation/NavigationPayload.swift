import Foundation

/// What a navigation model's plugin hands from its synchronous `shouldHandleDeepLink` to its
/// main-actor handler: the only channel between the two is the plugin's `Data`.
///
/// Internal: every model encodes the link it matched and, for each step, the index of the
/// node, module or chain step that took it, with the captures.
struct NavigationPayload: Codable, Sendable, Hashable {
  /// One matched step.
  struct Step: Codable, Sendable, Hashable {
    /// The index of the node, module or chain step.
    var index: Int
    /// The pattern as registered.
    var pattern: String
    /// The captured parameters.
    var parameters: [String: String]
    /// The first path segment of the step's run (chains), `0` otherwise.
    var start: Int = 0
    /// One past the last path segment of the step's run (chains), the segment count otherwise.
    var end: Int = 0
  }

  /// The routed link, written out in normal form.
  var link: String
  /// The matched steps, in order.
  var steps: [Step]

  /// The payload encoded, or `nil` if encoding fails (it cannot for these plain values).
  func encoded() -> Data? {
    try? JSONEncoder().encode(self)
  }

  /// Reads a payload back, with its link parsed again (parsing a link's normal form gives back
  /// the same link).
  static func decode(_ data: Data?) -> (payload: NavigationPayload, link: DeepLink)? {
    guard let data, let payload = try? JSONDecoder().decode(NavigationPayload.self, from: data),
      let link = try? DeepLink(payload.link)
    else { return nil }
    return (payload, link)
  }

  /// The match a step stands for.
  func match(_ step: Step, on link: DeepLink) -> MatchedDeepLink {
    MatchedDeepLink(link: link, pattern: step.pattern, parameters: step.parameters)
  }
}

extension DeepLinkNavigationState {
  /// The state a navigation plugin gives its handler when it is called outside a linker
  /// (through `handleDeepLink(with:completion:)` directly): a link from outside, not a cold start.
  static func direct(for link: DeepLink, route: String) -> DeepLinkNavigationState {
    DeepLinkNavigationState(isColdStart: false, source: .external(for: link), route: route, parameters: [:])
  }
}

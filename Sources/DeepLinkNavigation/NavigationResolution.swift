import DeepLinkCore

/// What a navigation model's plugin hands from its synchronous resolution of a link to its
/// main-actor handler: the data of its answer (``DeepLinkCore/DeepLinkHandlerOption``), which the
/// linker carries as it is, never encoded.
///
/// Internal: every model keeps the link it matched and, for each step, the index of the node,
/// module or chain step that took it, with the captures.
struct NavigationResolution: Sendable {
  /// One matched step.
  struct Step: Sendable, Hashable {
    /// The index of the node, module or chain step.
    var index: Int
    /// The pattern as registered.
    var pattern: String
    /// The captured parameters.
    var parameters: DeepLinkParameters
    /// The first path segment of the step's run (chains), `0` otherwise.
    var start: Int = 0
    /// One past the last path segment of the step's run (chains), the segment count otherwise.
    var end: Int = 0
  }

  /// The link resolved.
  var link: DeepLink
  /// The matched steps, in order.
  var steps: [Step]

  /// The match a step stands for.
  func match(_ step: Step) -> MatchedDeepLink {
    MatchedDeepLink(link: link, pattern: step.pattern, parameters: step.parameters.dictionary)
  }

  /// The answer a model's plugin gives for `resolution`: it takes the link, with the resolution
  /// as its data and the steps' patterns; it declines when there is none.
  static func option(_ resolution: NavigationResolution?) -> DeepLinkHandlerOption {
    guard let resolution else { return .no }
    return .yes(data: resolution, steps: resolution.steps.map(\.pattern))
  }

  /// The resolution a model's handler works on: the one its answer carried, or, when it is
  /// called with other data, `resolve` of the state's link (``DeepLinkCore/DeepLinkNavigationState/link``).
  static func handed(
    _ data: (any Sendable)?, _ state: DeepLinkNavigationState, resolve: (DeepLink) -> NavigationResolution?
  ) -> NavigationResolution? {
    if let resolution = data as? NavigationResolution { return resolution }
    return state.link.flatMap(resolve)
  }
}

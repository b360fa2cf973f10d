import DeepLinkCore

/// What a navigation model's plugin hands from its synchronous resolution of a link to its
/// main-actor handler: a typed value the linker carries as it is
/// (``DeepLinkCore/DeepLinkStepResolvingPlugin/resolveDeepLinkValue(_:)``), never encoded.
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

  /// The answer a plugin gives for this resolution: it takes the link; the value travels
  /// beside the answer.
  static let taken = DeepLinkHandlerOption.yes(data: nil)
}

import DeepLinkCore

/// One screen of a ``NavigationPlan``: the chainable step a run of the link's path matched.
public struct NavigationStep<Value: Sendable>: Sendable {
  /// The value registered with the step (a screen, a module type, a closure).
  public let value: Value
  /// The step's pattern as registered (`/productdetail/{id}`).
  public let pattern: String
  /// What the pattern captured from the step's run of segments.
  public let parameters: [String: String]
  /// The run of the path this step matched, as a link of its own (`shop://productdetail/34`):
  /// the link that opens this screen alone. Only the last step carries the query and fragment.
  public let link: DeepLink
  /// The positions of the run's segments in the whole link's
  /// ``DeepLinkCore/DeepLink/pathSegments``.
  package let segments: Range<Int>

  /// Creates a step; ``ChainResolver`` makes these, tests may too.
  package init(
    value: Value, pattern: String, parameters: [String: String], link: DeepLink, segments: Range<Int>
  ) {
    self.value = value
    self.pattern = pattern
    self.parameters = parameters
    self.link = link
    self.segments = segments
  }

  /// The captured value of the parameter `name`, or `nil`.
  public subscript(_ name: String) -> String? { parameters[name] }
}

import DeepLinkCore

/// The screens one chained link opens, in order: the first is presented, each next one pushed
/// on top.
///
/// `shop://productlist/12/productdetail/34` with the chainable steps `/productlist/{id}` and
/// `/productdetail/{id}` gives a plan of two steps: the list `12`, then the detail `34`. The
/// plan is delivered whole, in one call, so the app builds its navigation stack in one step
/// instead of animating screen after screen.
///
/// ```swift
/// for step in plan {
///   switch step.value {
///   case .list: stack.append(ListScreen(id: step["id"]!))
///   case .detail: stack.append(DetailScreen(id: step["id"]!))
///   }
/// }
/// navigationController.setViewControllers(stack, animated: false)
/// ```
public struct NavigationPlan<Value: Sendable>: Sendable, RandomAccessCollection {
  /// The whole link the plan was resolved from.
  public let link: DeepLink
  /// The steps in order, first presented first; never empty.
  package let steps: [NavigationStep<Value>]

  /// Creates a plan; ``ChainResolver`` makes these, tests may too.
  package init(link: DeepLink, steps: [NavigationStep<Value>]) {
    self.link = link
    self.steps = steps
  }

  /// The values of the steps, in order.
  public var values: [Value] { steps.map(\.value) }

  /// The patterns of the steps, in order.
  package var patterns: [String] { steps.map(\.pattern) }

  /// The position of the first step.
  public var startIndex: Int { steps.startIndex }
  /// One past the position of the last step.
  public var endIndex: Int { steps.endIndex }
  /// The step at `position`.
  public subscript(position: Int) -> NavigationStep<Value> { steps[position] }
}

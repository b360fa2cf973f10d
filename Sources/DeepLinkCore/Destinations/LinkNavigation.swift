/// A tab of the app (`home`, `account`): the place a route's screens live.
public struct NavigationTab: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The tab's name.
  public let rawValue: String

  /// A tab named `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// A tab named `value`.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// Whether `lhs`'s name sorts before `rhs`'s, for listing tabs in a stable order.
  package static func < (lhs: NavigationTab, rhs: NavigationTab) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The tab's name.
  public var description: String { rawValue }
}

/// How a link's navigation state is applied to its tab's stack.
public enum NavigationPolicy: String, Sendable, Hashable, CaseIterable, Codable {
  /// The tab's stack becomes the link's path (parents first): Back goes to the parents. The
  /// default. The same link again leaves the stack as it is.
  case replace
  /// The link's destination is pushed onto the tab's stack as it is, unless it is already on
  /// top.
  case push
  /// When the tab's top screen is the same route (the same destination type), it is updated in
  /// place with the link's values; otherwise the stack is replaced.
  case update
}

/// Where a route's screen lives in the app, declared with the route: its tab, the parent screens
/// below it and how a link is applied.
///
/// Parents are destination types made from the link's own values, so a parent either needs only
/// values the route's links carry or is a list screen that needs none. The configuration checks
/// that when it is compiled: a parent that a link of the route cannot make is a
/// ``DestinationMismatch`` naming the route and the parent.
///
/// The platform's order route (`/orders/{id:int}`, destination `OrderPage`) lives in the account
/// tab, above the order history:
///
/// ```swift
/// let placement = LinkPlacement(tab: "account", parents: [OrderHistoryPage.self], policy: .update)
/// placement == .root(of: "account")  // false: the order is pushed above its parent
/// ```
public struct LinkPlacement: Sendable, Hashable {
  /// The tab the route's screens live in.
  package let tab: NavigationTab
  /// The screens below the route's own, bottom first.
  package let parents: [any LinkDestination.Type]
  /// Whether the route's screen is its tab's root: a link shows the tab with nothing pushed.
  package let isTabRoot: Bool
  /// How a link of the route is applied.
  package let policy: NavigationPolicy

  /// A route's screen in `tab`, above `parents` (bottom first), applied by `policy`.
  public init(tab: NavigationTab, parents: [any LinkDestination.Type] = [], policy: NavigationPolicy = .replace) {
    self.tab = tab
    self.parents = parents
    self.isTabRoot = false
    self.policy = policy
  }

  private init(root tab: NavigationTab) {
    self.tab = tab
    self.parents = []
    self.isTabRoot = true
    self.policy = .replace
  }

  /// Whether both place a route alike: tab, parents (the same types, in order), root and policy.
  public static func == (lhs: LinkPlacement, rhs: LinkPlacement) -> Bool {
    lhs.tab == rhs.tab && lhs.isTabRoot == rhs.isTabRoot && lhs.policy == rhs.policy
      && lhs.parents.map(ObjectIdentifier.init) == rhs.parents.map(ObjectIdentifier.init)
  }

  /// Hashes the tab and the parents' types, which `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(tab)
    hasher.combine(parents.map(ObjectIdentifier.init))
  }

  /// A route whose screen is the root of `tab` (the cart of the cart tab).
  public static func root(of tab: NavigationTab) -> LinkPlacement { LinkPlacement(root: tab) }

  /// The state for a link whose parameters are `parameters` and whose own destination is
  /// `destination`; `nil` when a parent cannot be made from them (which the configuration's check
  /// rules out for a routed link).
  func navigation(destination: any LinkDestination, parameters: DeepLinkParameters) -> LinkNavigation? {
    var path: [any LinkDestination] = []
    for parent in parents {
      guard let value = try? parameters.decode(parent) else { return nil }
      path.append(value)
    }
    path.append(destination)
    return LinkNavigation(tab: tab, path: path, isTabRoot: isTabRoot, policy: policy)
  }
}

/// Where a routed link takes the app: the tab, and the path of destinations to show in it, parents
/// first and the link's own destination last, with how to apply it.
///
/// The path is ready to assign to the tab's SwiftUI `NavigationStack` path (each value is
/// `Hashable` and `Codable`), or to turn into view controllers in UIKit. For a route that is its
/// tab's root (``isTabRoot``) the path holds the root's value alone: the tab shows its root with
/// nothing pushed.
public struct LinkNavigation: Sendable, Hashable, CustomStringConvertible {
  /// The tab to select.
  public let tab: NavigationTab
  /// The destinations, parents first, the link's own last.
  public let path: [any LinkDestination]
  /// Whether the link's destination is its tab's root.
  public let isTabRoot: Bool
  /// How to apply the state to the tab's stack.
  public let policy: NavigationPolicy

  /// A state: `path` in `tab`, applied by `policy`.
  public init(
    tab: NavigationTab, path: [any LinkDestination], isTabRoot: Bool = false, policy: NavigationPolicy = .replace
  ) {
    self.tab = tab
    self.path = path
    self.isTabRoot = isTabRoot
    self.policy = policy
  }

  /// The link's own destination: the last of ``path``.
  package var destination: (any LinkDestination)? { path.last }

  /// What to put on the tab's navigation stack, above its root: the path, or nothing for a tab
  /// root.
  package var stack: [any LinkDestination] { isTabRoot ? [] : path }

  /// Whether both select the same tab and show the same destinations (compared as
  /// `AnyHashable` values, in order), with the same root flag and policy.
  public static func == (lhs: LinkNavigation, rhs: LinkNavigation) -> Bool {
    lhs.tab == rhs.tab && lhs.isTabRoot == rhs.isTabRoot && lhs.policy == rhs.policy
      && lhs.path.map { AnyHashable($0) } == rhs.path.map { AnyHashable($0) }
  }

  /// Hashes the tab and the path, which `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(tab)
    hasher.combine(path.map { AnyHashable($0) })
  }

  /// The tab, then the path's destinations joined by `→` (`(root)` when empty), then the root
  /// flag and a policy other than `replace`.
  public var description: String {
    "\(tab): " + (path.isEmpty ? "(root)" : path.map { "\($0)" }.joined(separator: " → "))
      + (isTabRoot ? " (tab root)" : "") + (policy == .replace ? "" : " [\(policy)]")
  }
}

import DeepLinkCore

/// The app's navigation as a `TabView` with a `NavigationStack` per tab holds it: the selected tab,
/// each tab's stack of destinations above its root, the value a tab's root shows, and a presented
/// sheet; and how a link's ``DeepLinkCore/LinkNavigation`` changes it.
///
/// A value type, so an app keeps one in its navigator (or its SwiftUI model), tests build the
/// states they need, and restoration saves and reads it (``record`` and
/// ``init(record:destinationTypes:)``).
///
/// ```swift
/// var state = TabNavigationState(selectedTab: "home")
/// let change = state.apply(LinkNavigation(tab: "account", path: [OrderHistoryPage(), OrderPage(id: 9001)]))
/// change.action  // .replaced
/// state.selectedTab  // "account"
/// state.stack(of: "account").count  // 2
/// ```
public struct TabNavigationState: Sendable, Hashable {
  /// The tab on screen.
  public var selectedTab: NavigationTab
  /// The destinations pushed in each tab above its root, bottom first.
  public private(set) var stacks: [NavigationTab: [any LinkDestination]] = [:]
  /// The value each tab's root shows, when a link to a tab root set one (`CartPage(locale: "fr")`).
  public private(set) var roots: [NavigationTab: any LinkDestination] = [:]
  /// A destination presented over the tabs (a sheet), if any.
  public var sheet: (any LinkDestination)?

  /// A state with `selectedTab` on screen and every stack empty.
  public init(selectedTab: NavigationTab) {
    self.selectedTab = selectedTab
  }

  /// The destinations pushed in `tab`, bottom first.
  public func stack(of tab: NavigationTab) -> [any LinkDestination] { stacks[tab] ?? [] }

  /// The destination on top of `tab`: the last pushed, else the root's value.
  public func top(of tab: NavigationTab) -> (any LinkDestination)? { stacks[tab]?.last ?? roots[tab] }

  /// Pushes `destination` onto `tab`'s stack, as the user's own navigation does.
  public mutating func push(_ destination: any LinkDestination, on tab: NavigationTab) {
    stacks[tab, default: []].append(destination)
  }

  /// Replaces `tab`'s stack, as a SwiftUI `NavigationStack` binding writes it back when the user
  /// goes back.
  public mutating func setStack(_ stack: [any LinkDestination], of tab: NavigationTab) {
    stacks[tab] = stack.isEmpty ? nil : stack
  }

  /// Takes the app where `navigation` leads: dismisses a sheet, selects the link's tab, and applies
  /// its path to that tab's stack by its ``DeepLinkCore/LinkNavigation/policy``. Other tabs keep
  /// their stacks.
  ///
  /// - Returns: what changed, for the app to animate or announce.
  @discardableResult
  public mutating func apply(_ navigation: LinkNavigation) -> NavigationChange {
    let dismissedSheet = sheet != nil
    sheet = nil
    let switchedTab = selectedTab != navigation.tab
    selectedTab = navigation.tab
    let tab = navigation.tab
    let current = stack(of: tab)
    func change(_ action: NavigationChange.Action) -> NavigationChange {
      NavigationChange(action: action, tab: tab, switchedTab: switchedTab, dismissedSheet: dismissedSheet)
    }
    guard let destination = navigation.destination else { return change(.unchanged) }

    if navigation.isTabRoot {
      let unchanged = current.isEmpty && roots[tab].map { AnyHashable($0) == AnyHashable(destination) } == true
      roots[tab] = destination
      stacks[tab] = nil
      return change(unchanged ? .unchanged : .replaced)
    }
    switch navigation.policy {
    case .replace:
      return replace(tab, with: navigation.stack, current: current, change: change)
    case .push:
      if let top = current.last, AnyHashable(top) == AnyHashable(destination) { return change(.unchanged) }
      stacks[tab] = current.isEmpty ? navigation.stack : current + [destination]
      return change(.pushed)
    case .update:
      guard let top = current.last, type(of: top) == type(of: destination) else {
        return replace(tab, with: navigation.stack, current: current, change: change)
      }
      if AnyHashable(top) == AnyHashable(destination) { return change(.unchanged) }
      stacks[tab] = current.dropLast() + [destination]
      return change(.updated)
    }
  }

  private mutating func replace(
    _ tab: NavigationTab, with stack: [any LinkDestination], current: [any LinkDestination],
    change: (NavigationChange.Action) -> NavigationChange
  ) -> NavigationChange {
    if Self.same(current, stack) { return change(.unchanged) }
    stacks[tab] = stack.isEmpty ? nil : stack
    return change(.replaced)
  }

  private static func same(_ lhs: [any LinkDestination], _ rhs: [any LinkDestination]) -> Bool {
    lhs.map { AnyHashable($0) } == rhs.map { AnyHashable($0) }
  }

  public static func == (lhs: TabNavigationState, rhs: TabNavigationState) -> Bool {
    lhs.selectedTab == rhs.selectedTab
      && lhs.stacks.mapValues { $0.map { AnyHashable($0) } }
        == rhs.stacks.mapValues { $0.map { AnyHashable($0) } }
      && lhs.roots.mapValues { AnyHashable($0) } == rhs.roots.mapValues { AnyHashable($0) }
      && lhs.sheet.map { AnyHashable($0) } == rhs.sheet.map { AnyHashable($0) }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(selectedTab)
    hasher.combine(stacks.mapValues { $0.map { AnyHashable($0) } })
  }
}

/// What applying a link's navigation state did (``TabNavigationState/apply(_:)``).
public struct NavigationChange: Sendable, Hashable, CustomStringConvertible {
  /// What happened to the tab's stack.
  public enum Action: String, Sendable, Hashable, CaseIterable {
    /// The stack became the link's path (or the tab's root was set).
    case replaced
    /// The link's destination was pushed on top.
    case pushed
    /// The screen on top, of the same route, took the link's values in place.
    case updated
    /// The stack already showed exactly this: nothing was pushed twice.
    case unchanged
  }

  /// What happened to the tab's stack.
  public let action: Action
  /// The tab the link went to.
  public let tab: NavigationTab
  /// Whether the link selected another tab.
  public let switchedTab: Bool
  /// Whether a sheet was dismissed to show the link.
  public let dismissedSheet: Bool

  public var description: String {
    "\(action) in \(tab)" + (switchedTab ? ", tab switched" : "") + (dismissedSheet ? ", sheet dismissed" : "")
  }
}

extension TabNavigationState {
  /// The state as plain values, for state restoration: each destination as its type's name and its
  /// fields. Encode it with any `Encoder` (the app's scene storage, a file).
  public struct Record: Sendable, Hashable, Codable {
    /// The tab on screen.
    package var selectedTab: NavigationTab
    /// Each tab's stack, by the tab's name.
    package var stacks: [String: [DestinationRecord]]
    /// Each tab root's value, by the tab's name.
    package var roots: [String: DestinationRecord]
  }

  /// One destination as its type's name and its fields.
  package struct DestinationRecord: Sendable, Hashable, Codable {
    /// The destination type's name (`String(reflecting:)`: module and type).
    package var type: String
    /// Its fields, as a link's parameters carry them.
    package var values: DeepLinkParameters
  }

  /// The state to save (a presented sheet is not saved: restoring opens the tabs).
  public var record: Record {
    Record(
      selectedTab: selectedTab,
      stacks: Dictionary(uniqueKeysWithValues: stacks.map { ($0.key.rawValue, $0.value.compactMap(Self.record(of:))) }),
      roots: roots.reduce(into: [:]) { records, root in records[root.key.rawValue] = Self.record(of: root.value) })
  }

  /// The state `record` saved, each destination read back as one of `destinationTypes` (a
  /// configuration's ``DeepLinkCore/DeepLinkConfiguration/destinationTypes``). A destination
  /// whose type is not among them, or whose fields no longer read, is left out with everything
  /// above it in its stack, so the stack stays a valid back stack.
  public init(record: Record, destinationTypes: [any LinkDestination.Type]) {
    self.init(selectedTab: record.selectedTab)
    let types = Dictionary(
      destinationTypes.map { (String(reflecting: $0), $0) }, uniquingKeysWith: { first, _ in first })
    for (tab, saved) in record.stacks {
      var stack: [any LinkDestination] = []
      for entry in saved {
        guard let value = Self.destination(entry, types: types) else { break }
        stack.append(value)
      }
      setStack(stack, of: NavigationTab(rawValue: tab))
    }
    for (tab, saved) in record.roots {
      if let value = Self.destination(saved, types: types) { roots[NavigationTab(rawValue: tab)] = value }
    }
  }

  private static func record(of destination: any LinkDestination) -> DestinationRecord? {
    guard let values = try? DeepLinkParameters(encoding: destination) else { return nil }
    return DestinationRecord(type: String(reflecting: type(of: destination)), values: values)
  }

  private static func destination(
    _ record: DestinationRecord, types: [String: any LinkDestination.Type]
  ) -> (any LinkDestination)? {
    guard let type = types[record.type] else { return nil }
    return try? record.values.decode(type)
  }
}

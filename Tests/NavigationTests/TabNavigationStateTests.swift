import DeepLinkCore
import DeepLinkNavigation
import Foundation
import Testing

private struct List: LinkDestination {}
private struct Item: LinkDestination { let id: Int }
private struct Other: LinkDestination { let id: Int }
private struct Basket: LinkDestination { let locale: String? }

/// How a link's navigation state changes the app's tabs, policy by policy (Docs/Navigation.md).
@Suite struct TabNavigationStateTests {
  struct Row: Sendable, CustomTestStringConvertible {
    var name: String
    /// The selected tab and the stack of tab `a` before the link.
    var before: [any LinkDestination]
    var navigation: LinkNavigation
    var after: [any LinkDestination]
    var action: NavigationChange.Action
    var testDescription: String { name }
  }

  static let rows: [Row] = [
    Row(
      name: "replace: the stack becomes the path", before: [Other(id: 1)],
      navigation: LinkNavigation(tab: "a", path: [List(), Item(id: 2)]), after: [List(), Item(id: 2)],
      action: .replaced),
    Row(
      name: "replace: the same path again changes nothing", before: [List(), Item(id: 2)],
      navigation: LinkNavigation(tab: "a", path: [List(), Item(id: 2)]), after: [List(), Item(id: 2)],
      action: .unchanged),
    Row(
      name: "push: on top of what is there", before: [Other(id: 1)],
      navigation: LinkNavigation(tab: "a", path: [List(), Item(id: 2)], policy: .push),
      after: [Other(id: 1), Item(id: 2)], action: .pushed),
    Row(
      name: "push: onto an empty tab, the whole path", before: [],
      navigation: LinkNavigation(tab: "a", path: [List(), Item(id: 2)], policy: .push), after: [List(), Item(id: 2)],
      action: .pushed),
    Row(
      name: "push: not twice", before: [List(), Item(id: 2)],
      navigation: LinkNavigation(tab: "a", path: [List(), Item(id: 2)], policy: .push), after: [List(), Item(id: 2)],
      action: .unchanged),
    Row(
      name: "update: the same route on top takes the new values", before: [List(), Item(id: 1)],
      navigation: LinkNavigation(tab: "a", path: [List(), Item(id: 2)], policy: .update), after: [List(), Item(id: 2)],
      action: .updated),
    Row(
      name: "update: the same values change nothing", before: [List(), Item(id: 2)],
      navigation: LinkNavigation(tab: "a", path: [List(), Item(id: 2)], policy: .update), after: [List(), Item(id: 2)],
      action: .unchanged),
    Row(
      name: "update: another route on top, the stack is replaced", before: [List(), Item(id: 1), Other(id: 3)],
      navigation: LinkNavigation(tab: "a", path: [List(), Item(id: 2)], policy: .update), after: [List(), Item(id: 2)],
      action: .replaced),
    Row(
      name: "a tab root: the stack empties and the root takes the value", before: [Other(id: 1)],
      navigation: LinkNavigation(tab: "a", path: [Basket(locale: "fr")], isTabRoot: true), after: [],
      action: .replaced),
  ]

  @Test("each policy, from each kind of stack", arguments: rows)
  func apply(row: Row) {
    var state = TabNavigationState(selectedTab: "b")
    state.setStack(row.before, of: "a")
    state.push(Other(id: 9), on: "b")
    let change = state.apply(row.navigation)
    #expect(state.stack(of: "a").map { AnyHashable($0) } == row.after.map { AnyHashable($0) })
    #expect(change.action == row.action)
    #expect(change.tab == "a")
    #expect(change.switchedTab)
    #expect(state.selectedTab == "a")
    #expect(state.stack(of: "b").map { AnyHashable($0) } == [Other(id: 9)], "the other tab keeps its stack")
  }

  @Test("a tab root link shows the root with its value; the same link again changes nothing")
  func tabRoot() {
    var state = TabNavigationState(selectedTab: "a")
    let cart = LinkNavigation(tab: "cart", path: [Basket(locale: "fr")], isTabRoot: true)
    #expect(state.apply(cart).action == .replaced)
    #expect(state.top(of: "cart").map { AnyHashable($0) } == AnyHashable(Basket(locale: "fr")))
    #expect(state.apply(cart).action == .unchanged)
    #expect(state.apply(LinkNavigation(tab: "cart", path: [Basket(locale: "en")], isTabRoot: true)).action == .replaced)
  }

  @Test("a link dismisses a sheet and says so")
  func sheet() {
    var state = TabNavigationState(selectedTab: "a")
    state.sheet = Other(id: 1)
    let change = state.apply(LinkNavigation(tab: "a", path: [Item(id: 1)]))
    #expect(change.dismissedSheet)
    #expect(!change.switchedTab)
    #expect(state.sheet == nil)
  }

  @Test("restoration reads back what it wrote; a destination of an unknown type is left out with what is above it")
  func restoration() throws {
    var state = TabNavigationState(selectedTab: "a")
    state.apply(LinkNavigation(tab: "a", path: [List(), Item(id: 2), Other(id: 3)]))
    state.apply(LinkNavigation(tab: "cart", path: [Basket(locale: "fr")], isTabRoot: true))
    let data = try JSONEncoder().encode(state.record)
    let record = try JSONDecoder().decode(TabNavigationState.Record.self, from: data)

    let all: [any LinkDestination.Type] = [List.self, Item.self, Other.self, Basket.self]
    #expect(TabNavigationState(record: record, destinationTypes: all) == state)

    let withoutItem = TabNavigationState(record: record, destinationTypes: [List.self, Other.self, Basket.self])
    #expect(withoutItem.stack(of: "a").map { AnyHashable($0) } == [List()])
    #expect(withoutItem.top(of: "cart").map { AnyHashable($0) } == AnyHashable(Basket(locale: "fr")))
    #expect(withoutItem.selectedTab == "cart")
  }
}

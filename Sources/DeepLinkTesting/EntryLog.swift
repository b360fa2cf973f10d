/// What handlers, coordinators or screens did, in order, as lines a test compares whole.
///
/// ```swift
/// let log = EntryLog()
/// try linker.addRoute("/cart") { _, _ in
///   log.append("cart")
///   return true
/// }
/// _ = await linker.handle("shop://cart")
/// #expect(log.entries == ["cart"])
/// ```
@MainActor
package final class EntryLog {
  /// The lines, oldest first.
  package private(set) var entries: [String] = []

  /// Creates an empty log.
  package init() {}

  /// Adds a line.
  package func append(_ entry: String) { entries.append(entry) }
}

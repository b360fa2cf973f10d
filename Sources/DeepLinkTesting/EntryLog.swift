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
public final class EntryLog {
  /// The lines, oldest first.
  public private(set) var entries: [String] = []

  /// Creates an empty log.
  public init() {}

  /// Adds a line.
  public func append(_ entry: String) { entries.append(entry) }
}

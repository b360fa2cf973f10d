/// Every route pattern compiled into one structure, and the lookup that picks the route for a
/// link.
///
/// Lookup cost does not grow with the number of routes: the table is a trie over path segments
/// with hashed literal edges. Precedence, segment by segment from the left: literal, typed
/// parameter (`int`, `uuid`), parameter, optional, catch-all; at the end of the path a route
/// with all its segments present beats one whose optional tail is absent, one with more
/// required query captures beats one with fewer, and otherwise the route registered first wins.
/// A literal dead end falls back: with `/a/b/c` and `/a/{x}/d` registered, `/a/b/d` matches the
/// second. The result is always deterministic.
///
/// ```swift
/// var builder = RouteTable<String>.Builder()
/// try builder.add(RoutePattern("/product/{id:int}"), value: "product")
/// try builder.add(RoutePattern("/product/new"), value: "new product")
/// let table = builder.build()
/// let match = table.match(try DeepLink("shop://product/123"))
/// match?.value  // "product"
/// match?["id"]  // "123"
/// ```
package struct RouteTable<Value: Sendable>: Sendable {
  /// Collects routes, refusing conflicts, and compiles them into a ``RouteTable``.
  package struct Builder: Sendable {
    @usableFromInline
    var trie = RouteTrie()
    @usableFromInline
    var values: [Value] = []

    /// Creates an empty builder.
    package init() {}

    /// Adds a route after every route already added (later routes lose ties).
    ///
    /// - Throws: ``RouteTableError/conflict(existing:new:)`` when a route already added matches
    ///   exactly the same links as `pattern`.
    /// - Complexity: O(*s*) in the pattern's length, amortised.
    @inlinable
    package mutating func add(_ pattern: RoutePattern, value: Value) throws(RouteTableError) {
      try trie.add(pattern)
      values.append(value)
    }

    /// Reads `pattern` and adds it as a route after every route already added, exactly as
    /// `add(RoutePattern(pattern, caseInsensitive: caseInsensitive), value: value)` does, without
    /// making the intermediate ``RoutePattern`` (a `String` per literal and name): the way to
    /// build a large table from pattern text.
    ///
    /// ```swift
    /// var builder = RouteTable<String>.Builder()
    /// try builder.add("/product/{id:int}", value: "product")
    /// try builder.add("/fr/panier", caseInsensitive: true, value: "cart")
    /// ```
    ///
    /// - Parameters:
    ///   - pattern: the pattern text, as ``RoutePattern/init(_:caseInsensitive:)`` reads it.
    ///   - caseInsensitive: whether literal segments match without regard to ASCII case.
    ///   - value: the route's value.
    /// - Throws: the ``RoutePatternError`` that ``RoutePattern/init(_:caseInsensitive:)`` throws
    ///   for a malformed pattern, or ``RouteTableError/conflict(existing:new:)`` when a route
    ///   already added matches exactly the same links. The builder is unchanged after an error.
    /// - Complexity: O(*s*) in the pattern's length, amortised.
    @inlinable
    package mutating func add(_ pattern: String, caseInsensitive: Bool = false, value: Value) throws {
      try trie.add(pattern, caseInsensitive: caseInsensitive)
      values.append(value)
    }

    /// The number of routes added.
    package var count: Int { values.count }

    /// The compiled table.
    ///
    /// When no copy of the builder remains, the table takes over the builder's buffers instead
    /// of copying them, so building needs little more memory than the table keeps. Write
    /// `(consume builder).build()` for a builder variable not used again: without `consume`,
    /// the variable keeps its copy alive through the call, and the buffers are copied.
    ///
    /// ```swift
    /// var builder = RouteTable<String>.Builder()
    /// try builder.add("/product/{id:int}", value: "product")
    /// let table = (consume builder).build()
    /// ```
    @inlinable
    package consuming func build() -> RouteTable {
      let trie = CompiledRouteTrie(taking: &self.trie)
      // An array cannot shrink: one with spare capacity is copied to its size.
      let exact = values.count == values.capacity ? values : values.withUnsafeBufferPointer { Array($0) }
      values = []
      return RouteTable(storage: Storage(trie: trie, values: exact))
    }
  }

  @usableFromInline
  final class Storage: Sendable {
    @usableFromInline
    let trie: CompiledRouteTrie
    @usableFromInline
    let values: [Value]

    @usableFromInline
    init(trie: CompiledRouteTrie, values: [Value]) {
      self.trie = trie
      self.values = values
    }
  }

  @usableFromInline
  let storage: Storage

  @usableFromInline
  init(storage: Storage) {
    self.storage = storage
  }

  /// An empty table.
  package init() {
    var empty = RouteTrie()
    self.init(storage: Storage(trie: CompiledRouteTrie(taking: &empty), values: []))
  }

  /// Compiles `routes` in order.
  ///
  /// - Throws: ``RouteTableError/conflict(existing:new:)`` naming the first two routes that
  ///   match exactly the same links.
  package init(_ routes: some Sequence<(RoutePattern, Value)>) throws(RouteTableError) {
    var builder = Builder()
    for (pattern, value) in routes { try builder.add(pattern, value: value) }
    self = (consume builder).build()
  }

  /// The number of routes.
  package var count: Int { storage.values.count }

  /// The routes in registration order: each pattern as written and its value.
  package var routes: [(pattern: String, value: Value)] {
    storage.values.indices.map { (storage.trie.source(of: Int32($0)), storage.values[$0]) }
  }

  /// The most specific route for `link`, or `nil`.
  ///
  /// - Complexity: O(*d*) in the link's path segments for typical tables, independent of the
  ///   number of routes; no allocation.
  @inlinable
  package func match(_ link: DeepLink) -> RouteMatch<Value>? {
    // Inlinable so the caller specialises it: the search itself is not generic.
    let found = storage.trie.firstRoute(for: link)
    return found < 0 ? nil : RouteMatch(storage: storage, route: found, link: link)
  }

  /// The first route for `link`, in precedence order, that `accept` takes.
  ///
  /// Use it when a route's handler may decline a link: the next candidate is tried.
  ///
  /// - Complexity: as ``match(_:)``, plus the candidates `accept` declines.
  package func firstMatch(
    for link: DeepLink, where accept: (RouteMatch<Value>) -> Bool
  ) -> RouteMatch<Value>? {
    var found: RouteMatch<Value>? = nil
    _ = storage.trie.forEachMatch(link) { route in
      let candidate = RouteMatch(storage: storage, route: route, link: link)
      guard accept(candidate) else { return false }
      found = candidate
      return true
    }
    return found
  }

  /// Every route that matches `link`, most specific first.
  package func candidates(for link: DeepLink) -> [RouteMatch<Value>] {
    var result: [RouteMatch<Value>] = []
    _ = storage.trie.forEachMatch(link) { route in
      result.append(RouteMatch(storage: storage, route: route, link: link))
      return false
    }
    return result
  }
}

extension RouteTable where Value == Int {
  /// Compiles `patterns` in order, each route's value its position in `patterns`.
  ///
  /// - Throws: ``RouteTableError/conflict(existing:new:)`` naming the first two patterns that
  ///   match exactly the same links.
  package init(indexing patterns: [RoutePattern]) throws(RouteTableError) {
    var builder = Builder()
    for index in patterns.indices { try builder.add(patterns[index], value: index) }
    self = (consume builder).build()
  }
}

// MARK: Index-based lookups for the pipeline's hot path

extension RouteTable {
  /// Offers `visitor` each route matching `link`, most specific first, until it takes one;
  /// returns whether it did. The pipeline's searches pass a visitor, not a closure: a closure
  /// taken for the search would be boxed on the heap at every call.
  func search<Visitor: RouteVisitor>(_ link: DeepLink, _ visitor: inout Visitor) -> Bool {
    storage.trie.forEachMatch(link, &visitor)
  }

  /// The value registered with the route at `index`.
  func value(at index: Int32) -> Value { storage.values[Int(index)] }

  /// The pattern, as registered, of the route at `index`.
  func pattern(at index: Int32) -> String { storage.trie.source(of: index) }

  /// The parameters the route at `index` captures from `link`, with room for `extraCapacity`
  /// more.
  func parameters(at index: Int32, in link: DeepLink, extraCapacity: Int = 0) -> DeepLinkParameters {
    storage.trie.parameters(route: index, link: link, extraCapacity: extraCapacity)
  }
}

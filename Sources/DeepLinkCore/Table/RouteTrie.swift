/// A route trie under construction: a trie over path segments, one root per namespace, with
/// every route's captures and query requirements in flat arrays. ``CompiledRouteTrie`` is the
/// frozen form lookups use.
///
/// Each node is reached by exactly one path, so a node *is* a path shape: two routes that end at
/// the same node with every segment present and the same query requirements match exactly the
/// same links. That is the conflict check; no key is built per route.
struct RouteTrie: Sendable {
  /// A node; the rarely used dynamic children live in ``RareChildren``, so a node is 20 bytes.
  struct Node: Sendable {
    static let hasLiterals: UInt8 = 1
    static let hasFoldedLiterals: UInt8 = 2

    var firstTerminal: Int32 = -1
    var parameterString: Int32 = -1
    var parameterInt: Int32 = -1
    /// Index in `rareChildren`, or -1.
    var rare: Int32 = -1
    var flags: UInt8 = 0
  }

  /// A node's uuid, optional and catch-all children.
  struct RareChildren: Sendable {
    var parameterUUID: Int32 = -1
    var optionalInt: Int32 = -1
    var optionalUUID: Int32 = -1
    var optionalString: Int32 = -1
    var catchAll: Int32 = -1
  }

  /// A route ending at a node. `rank` 0 means every segment was present, 1 that trailing
  /// optional segments were absent.
  struct Terminal: Sendable {
    var route: Int32
    var next: Int32
    var rank: UInt8
    var requiredQueries: UInt8
  }

  struct Capture: Sendable {
    enum Kind: UInt8, Sendable { case segment, optional, catchAll }
    var name: Int32
    /// Int32, not UInt8: a pattern may have more than 255 segments (it then matches no link, but
    /// registering it must not trap).
    var segment: Int32
    var kind: Kind
  }

  struct QueryRequirement: Sendable {
    var key: String
    var name: Int32
    var type: ParameterType
    var isOptional: Bool
  }

  /// Where a route's data ends in the flat arrays; it starts where the previous route's ends.
  struct Route: Sendable {
    var sourceEnd: Int32
    var captureEnd: Int32
    var queryEnd: Int32
  }

  private(set) var nodes: [Node] = [Node()]
  private(set) var rareChildren: [RareChildren] = []
  private(set) var literalEdges = LiteralEdgeTable(folded: false)
  private(set) var foldedEdges = LiteralEdgeTable(folded: true)
  private(set) var routes: [Route] = []
  /// Every pattern's source text, one after the other.
  private(set) var sources: [UInt8] = []
  private(set) var terminals: [Terminal] = []
  private(set) var captures: [Capture] = []
  private(set) var queries: [QueryRequirement] = []
  private(set) var names: [String] = []
  private var nameIndex: [String: Int32] = [:]
  private(set) var schemeRoots: [String: Int32] = [:]
  private(set) var hostRoots: [String: Int32] = [:]
  private(set) var wildcardRoots: [Substring: Int32] = [:]

  /// The pattern of `route` as registered.
  func source(of route: Int32) -> String {
    let start = route == 0 ? 0 : Int(routes[Int(route) - 1].sourceEnd)
    return String(decoding: sources[start..<Int(routes[Int(route)].sourceEnd)], as: UTF8.self)
  }

  // MARK: Building

  /// Adds `pattern` as the next route, returning the index of an existing route that matches
  /// exactly the same links instead, if there is one (the trie is then unchanged).
  ///
  /// - Complexity: O(*s*) in the pattern's length, amortised, plus a comparison of query
  ///   captures with each route already ending at the same node.
  mutating func insert(_ pattern: RoutePattern) -> Int32? {
    let routeIndex = Int32(routes.count)
    var required = 0
    for capture in pattern.queryCaptures where !capture.isOptional { required += 1 }
    let requiredQueries = UInt8(min(255, required))

    // Walk, creating missing nodes. A conflicting route has the same path, so it creates none.
    var node = root(for: pattern.namespace)
    var optionalParents: [Int32] = []
    for segment in pattern.segments {
      switch segment {
      case .literal(let text):
        node = literalChild(of: node, text, folded: pattern.isCaseInsensitive)
      case .parameter(_, let type):
        node = dynamicChild(of: node, optional: false, type: type)
      case .optional(_, let type):
        // The route also ends here, with this and every later optional absent.
        optionalParents.append(node)
        node = dynamicChild(of: node, optional: true, type: type)
      case .catchAll:
        node = catchAllChild(of: node)
      }
    }
    if let existing = sameLinks(at: node, as: pattern) { return existing }

    for parent in optionalParents {
      addTerminal(route: routeIndex, at: parent, rank: 1, requiredQueries: requiredQueries)
    }
    addTerminal(route: routeIndex, at: node, rank: 0, requiredQueries: requiredQueries)
    for (position, segment) in pattern.segments.enumerated() {
      switch segment {
      case .literal: break
      case .parameter(let name, _):
        captures.append(Capture(name: intern(name), segment: Int32(position), kind: .segment))
      case .optional(let name, _):
        captures.append(Capture(name: intern(name), segment: Int32(position), kind: .optional))
      case .catchAll(let name):
        captures.append(Capture(name: intern(name), segment: Int32(position), kind: .catchAll))
      }
    }
    for capture in pattern.queryCaptures {
      queries.append(
        QueryRequirement(
          key: capture.key, name: intern(capture.name), type: capture.type, isOptional: capture.isOptional))
    }
    sources.append(contentsOf: pattern.source.utf8)
    routes.append(
      Route(sourceEnd: Int32(sources.count), captureEnd: Int32(captures.count), queryEnd: Int32(queries.count)))
    return nil
  }

  /// The route already ending at `node` with every segment present that matches exactly the
  /// links `pattern` does: the same required query captures (key and type) and the same typed
  /// optional ones. Untyped optional query captures never change which links match.
  private func sameLinks(at node: Int32, as pattern: RoutePattern) -> Int32? {
    var current = nodes[Int(node)].firstTerminal
    while current >= 0 {
      let terminal = terminals[Int(current)]
      current = terminal.next
      guard terminal.rank == 0 else { continue }
      let route = Int(terminal.route)
      let start = route == 0 ? 0 : Int(routes[route - 1].queryEnd)
      let existing = queries[start..<Int(routes[route].queryEnd)]
      func shapes(_ isOptional: Bool, _ type: ParameterType) -> Bool { !isOptional || type != .string }
      let existingCount = existing.count(where: { shapes($0.isOptional, $0.type) })
      let newCount = pattern.queryCaptures.count(where: { shapes($0.isOptional, $0.type) })
      guard existingCount == newCount else { continue }
      // Keys are unique within a pattern, so equal counts and inclusion mean equal sets.
      let same = pattern.queryCaptures.allSatisfy { capture in
        !shapes(capture.isOptional, capture.type)
          || existing.contains {
            $0.key == capture.key && $0.type == capture.type && $0.isOptional == capture.isOptional
          }
      }
      if same { return terminal.route }
    }
    return nil
  }

  private mutating func newNode() -> Int32 {
    nodes.append(Node())
    return Int32(nodes.count - 1)
  }

  private mutating func root(for namespace: RoutePattern.Namespace) -> Int32 {
    switch namespace {
    case .app:
      return 0
    case .scheme(let scheme):
      if let root = schemeRoots[scheme] { return root }
      let root = newNode()
      schemeRoots[scheme] = root
      return root
    case .host(.exact(let host)):
      if let root = hostRoots[host] { return root }
      let root = newNode()
      hostRoots[host] = root
      return root
    case .host(.subdomains(let suffix)):
      if let root = wildcardRoots[Substring(suffix)] { return root }
      let root = newNode()
      wildcardRoots[Substring(suffix)] = root
      return root
    }
  }

  private mutating func literalChild(of node: Int32, _ text: String, folded: Bool) -> Int32 {
    if folded {
      let existing = foldedEdges.child(of: node, along: text)
      if existing >= 0 { return existing }
      let child = newNode()
      foldedEdges.insert(parent: node, literal: text, child: child)
      nodes[Int(node)].flags |= Node.hasFoldedLiterals
      return child
    }
    let existing = literalEdges.child(of: node, along: text)
    if existing >= 0 { return existing }
    let child = newNode()
    literalEdges.insert(parent: node, literal: text, child: child)
    nodes[Int(node)].flags |= Node.hasLiterals
    return child
  }

  private mutating func dynamicChild(of node: Int32, optional: Bool, type: ParameterType) -> Int32 {
    switch (optional, type) {
    case (false, .string):
      if nodes[Int(node)].parameterString < 0 { nodes[Int(node)].parameterString = newNode() }
      return nodes[Int(node)].parameterString
    case (false, .int):
      if nodes[Int(node)].parameterInt < 0 { nodes[Int(node)].parameterInt = newNode() }
      return nodes[Int(node)].parameterInt
    case (false, .uuid): return rareChild(of: node, \.parameterUUID)
    case (true, .int): return rareChild(of: node, \.optionalInt)
    case (true, .uuid): return rareChild(of: node, \.optionalUUID)
    case (true, .string): return rareChild(of: node, \.optionalString)
    }
  }

  private mutating func catchAllChild(of node: Int32) -> Int32 {
    rareChild(of: node, \.catchAll)
  }

  private mutating func rareChild(of node: Int32, _ keyPath: WritableKeyPath<RareChildren, Int32>) -> Int32 {
    if nodes[Int(node)].rare < 0 {
      rareChildren.append(RareChildren())
      nodes[Int(node)].rare = Int32(rareChildren.count - 1)
    }
    let rare = Int(nodes[Int(node)].rare)
    let existing = rareChildren[rare][keyPath: keyPath]
    if existing >= 0 { return existing }
    let child = newNode()
    rareChildren[rare][keyPath: keyPath] = child
    return child
  }

  /// Inserts into the node's terminal list ordered by rank, then by more required query
  /// captures, then by registration.
  private mutating func addTerminal(route: Int32, at node: Int32, rank: UInt8, requiredQueries: UInt8) {
    let terminal = Int32(terminals.count)
    terminals.append(Terminal(route: route, next: -1, rank: rank, requiredQueries: requiredQueries))
    var previous: Int32 = -1
    var current = nodes[Int(node)].firstTerminal
    while current >= 0 {
      let other = terminals[Int(current)]
      if other.rank > rank || (other.rank == rank && other.requiredQueries < requiredQueries) { break }
      previous = current
      current = other.next
    }
    terminals[Int(terminal)].next = current
    if previous < 0 {
      nodes[Int(node)].firstTerminal = terminal
    } else {
      terminals[Int(previous)].next = terminal
    }
  }

  private mutating func intern(_ name: String) -> Int32 {
    // A catalogue uses a handful of names: comparing a few short strings beats hashing one.
    if names.count <= 16 {
      if let index = names.firstIndex(of: name) { return Int32(index) }
    } else if let index = nameIndex[name] {
      return index
    }
    names.append(name)
    nameIndex[name] = Int32(names.count - 1)
    return Int32(names.count - 1)
  }
}

/// The non-generic compiled form of a route table: a trie over path segments, one root per
/// namespace, with every route's captures and query requirements in flat arrays.
///
/// Matching walks the trie depth-first, trying at each node the literal edge, then typed
/// parameters, the untyped parameter, typed and untyped optionals, and the catch-all. Each node
/// is reached by exactly one path, so a lookup visits a node at most once: backtracking out of a
/// literal dead end is cheap and its cost is bounded by the link's length, not the table's size.
struct RouteTrie: Sendable {
  struct Node: Sendable {
    var parameterInt: Int32 = -1
    var parameterUUID: Int32 = -1
    var parameterString: Int32 = -1
    var optionalInt: Int32 = -1
    var optionalUUID: Int32 = -1
    var optionalString: Int32 = -1
    var catchAll: Int32 = -1
    var firstTerminal: Int32 = -1
    var hasLiterals = false
    var hasFoldedLiterals = false
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

  struct Route: Sendable {
    var source: String
    var captureStart: Int32
    var captureCount: Int32
    var queryStart: Int32
    var queryCount: Int32
  }

  private(set) var nodes: [Node] = [Node()]
  private(set) var literalEdges = LiteralEdgeTable(folded: false)
  private(set) var foldedEdges = LiteralEdgeTable(folded: true)
  private(set) var routes: [Route] = []
  private(set) var terminals: [Terminal] = []
  private(set) var captures: [Capture] = []
  private(set) var queries: [QueryRequirement] = []
  private(set) var names: [String] = []
  private var nameIndex: [String: Int32] = [:]
  private(set) var schemeRoots: [String: Int32] = [:]
  private(set) var hostRoots: [String: Int32] = [:]
  private(set) var wildcardRoots: [Substring: Int32] = [:]
  /// The structural key of every route, to find two routes that match exactly the same links.
  private var shapes: [String: Int32] = [:]

  // MARK: Building

  /// This trie without what only ``insert(_:)`` needs (every route's shape, the name index):
  /// what a built table keeps, so a table does not carry its builder's conflict index.
  var compiled: RouteTrie {
    var copy = self
    copy.shapes = [:]
    copy.nameIndex = [:]
    return copy
  }

  /// Adds `pattern` as the next route, returning the index of an existing route that matches
  /// exactly the same links instead, if there is one.
  mutating func insert(_ pattern: RoutePattern) -> Int32? {
    let shape = Self.shape(of: pattern)
    if let existing = shapes[shape] { return existing }
    let routeIndex = Int32(routes.count)
    shapes[shape] = routeIndex

    let required = UInt8(min(255, pattern.queryCaptures.filter { !$0.isOptional }.count))
    var node = root(for: pattern.namespace)
    var captureList: [Capture] = []
    for (position, segment) in pattern.segments.enumerated() {
      switch segment {
      case .literal(let text):
        node = literalChild(of: node, text, folded: pattern.isCaseInsensitive)
      case .parameter(let name, let type):
        node = dynamicChild(of: node, optional: false, type: type)
        captureList.append(Capture(name: intern(name), segment: Int32(position), kind: .segment))
      case .optional(let name, let type):
        // The route also ends here, with this and every later optional absent.
        addTerminal(route: routeIndex, at: node, rank: 1, requiredQueries: required)
        node = dynamicChild(of: node, optional: true, type: type)
        captureList.append(Capture(name: intern(name), segment: Int32(position), kind: .optional))
      case .catchAll(let name):
        node = catchAllChild(of: node)
        captureList.append(Capture(name: intern(name), segment: Int32(position), kind: .catchAll))
      }
    }
    addTerminal(route: routeIndex, at: node, rank: 0, requiredQueries: required)

    let captureStart = Int32(captures.count)
    captures.append(contentsOf: captureList)
    let queryStart = Int32(queries.count)
    for capture in pattern.queryCaptures {
      queries.append(
        QueryRequirement(
          key: capture.key, name: intern(capture.name), type: capture.type,
          isOptional: capture.isOptional))
    }
    routes.append(
      Route(
        source: pattern.source, captureStart: captureStart, captureCount: Int32(captureList.count),
        queryStart: queryStart, queryCount: Int32(pattern.queryCaptures.count)))
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
      nodes[Int(node)].hasFoldedLiterals = true
      return child
    }
    let existing = literalEdges.child(of: node, along: text)
    if existing >= 0 { return existing }
    let child = newNode()
    literalEdges.insert(parent: node, literal: text, child: child)
    nodes[Int(node)].hasLiterals = true
    return child
  }

  private mutating func dynamicChild(of node: Int32, optional: Bool, type: ParameterType) -> Int32 {
    let keyPath: WritableKeyPath<Node, Int32> =
      switch (optional, type) {
      case (false, .int): \.parameterInt
      case (false, .uuid): \.parameterUUID
      case (false, .string): \.parameterString
      case (true, .int): \.optionalInt
      case (true, .uuid): \.optionalUUID
      case (true, .string): \.optionalString
      }
    let existing = nodes[Int(node)][keyPath: keyPath]
    if existing >= 0 { return existing }
    let child = newNode()
    nodes[Int(node)][keyPath: keyPath] = child
    return child
  }

  private mutating func catchAllChild(of node: Int32) -> Int32 {
    let existing = nodes[Int(node)].catchAll
    if existing >= 0 { return existing }
    let child = newNode()
    nodes[Int(node)].catchAll = child
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
    if let index = nameIndex[name] { return index }
    names.append(name)
    nameIndex[name] = Int32(names.count - 1)
    return Int32(names.count - 1)
  }

  /// Two patterns with the same shape match exactly the same links.
  private static func shape(of pattern: RoutePattern) -> String {
    var key: String
    switch pattern.namespace {
    case .app: key = "app"
    case .scheme(let scheme): key = "scheme:" + scheme
    case .host(let host): key = "host:" + host.description
    }
    for segment in pattern.segments {
      switch segment {
      case .literal(let text):
        key += pattern.isCaseInsensitive ? "/~" + LiteralEdgeTable.lowercasedASCII(text) : "/=" + text
      case .parameter(_, let type): key += "/{" + type.rawValue + "}"
      case .optional(_, let type): key += "/{" + type.rawValue + "?}"
      case .catchAll: key += "/{...}"
      }
    }
    let required = pattern.queryCaptures.filter { !$0.isOptional }.map { $0.key + "=" + $0.type.rawValue }.sorted()
    let optionalTyped = pattern.queryCaptures.filter { $0.isOptional && $0.type != .string }
      .map { $0.key + "=" + $0.type.rawValue + "?" }.sorted()
    return key + "?" + (required + optionalTyped).joined(separator: "&")
  }
}

/// A route trie under construction: a trie over path segments, one root per namespace, with
/// every route's captures and query requirements in flat arrays. ``CompiledRouteTrie`` is the
/// frozen form lookups use.
///
/// Each node is reached by exactly one path, so a node *is* a path shape: two routes that end at
/// the same node with every segment present and the same query requirements match exactly the
/// same links. That is the conflict check; no key is built per route.
@usableFromInline
struct RouteTrie: Sendable {
  /// A node; the rarely used dynamic children live in ``RareChildren``, so a node is 20 bytes.
  struct Node: Sendable {
    static let hasLiterals: UInt8 = 1
    static let hasFoldedLiterals: UInt8 = 2

    var firstTerminal: Int32 = -1
    var parameterString: Int32 = -1
    var parameterInt: Int32 = -1
    /// `rare + 1` shifted left by two, or-ed with `flags`: a node is 16 bytes, four to a cache
    /// line, and never straddles two.
    private var rareAndFlags: UInt32 = 0

    /// Index in `rareChildren`, or -1.
    var rare: Int32 {
      @inline(__always) get { Int32(bitPattern: rareAndFlags >> 2) &- 1 }
      set {
        precondition(newValue >= -1 && newValue < 1 << 29, "too many nodes with rare children")
        rareAndFlags = UInt32(newValue + 1) << 2 | rareAndFlags & 3
      }
    }

    /// ``hasLiterals`` and ``hasFoldedLiterals``.
    var flags: UInt8 {
      @inline(__always) get { UInt8(truncatingIfNeeded: rareAndFlags & 3) }
      set { rareAndFlags = rareAndFlags & ~3 | UInt32(newValue & 3) }
    }
  }

  /// A node's uuid, optional and catch-all children.
  struct RareChildren: Sendable {
    var parameterUUID: Int32 = -1
    var optionalInt: Int32 = -1
    var optionalUUID: Int32 = -1
    var optionalString: Int32 = -1
    var catchAll: Int32 = -1

    /// Which of the rare children, read and written through ``subscript(slot:)``.
    enum Slot { case parameterUUID, optionalInt, optionalUUID, optionalString, catchAll }

    subscript(slot slot: Slot) -> Int32 {
      get {
        switch slot {
        case .parameterUUID: parameterUUID
        case .optionalInt: optionalInt
        case .optionalUUID: optionalUUID
        case .optionalString: optionalString
        case .catchAll: catchAll
        }
      }
      set {
        switch slot {
        case .parameterUUID: parameterUUID = newValue
        case .optionalInt: optionalInt = newValue
        case .optionalUUID: optionalUUID = newValue
        case .optionalString: optionalString = newValue
        case .catchAll: catchAll = newValue
        }
      }
    }
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

  // Written only by this type's methods, and emptied by `CompiledRouteTrie(taking:)`, which
  // takes the buffers over.
  var nodes = TableBuffer(repeating: Node(), count: 1)
  var rareChildren = TableBuffer<RareChildren>()
  var literalEdges = LiteralEdgeTable(folded: false)
  var foldedEdges = LiteralEdgeTable(folded: true)
  var routes = TableBuffer<Route>()
  /// Every pattern's source text, one after the other.
  var sources = ByteArena()
  var terminals = TableBuffer<Terminal>()
  var captures = TableBuffer<Capture>()
  var queries: [QueryRequirement] = []
  private(set) var names: [String] = []
  /// Every name's index, once there are more than 16 (``intern(buffer:)``).
  private var nameIndex: [String: Int32] = [:]
  /// The first 16 names' bytes, one after the other, and where each ends: compared before
  /// hashing (names are ASCII identifiers, so equal bytes mean equal names).
  private var nameBytes: [UInt8] = []
  private var nameEnds: [Int32] = []
  /// The roots of the schemes', exact hosts' and wildcard suffixes' namespaces, in the order
  /// made (a table has a handful: compared in turn, not hashed).
  private(set) var schemeRoots = SmallStringMap<Int32>()
  private(set) var hostRoots = SmallStringMap<Int32>()
  private(set) var wildcardRoots = SmallStringMap<Int32>()
  /// The namespace of the last route added and its root: rules come in runs on one host, and
  /// comparing a host costs less than hashing it.
  private var lastNamespace = RoutePattern.Namespace.app
  private var lastRoot: Int32 = 0

  /// The pattern of `route` as registered.
  func source(of route: Int32) -> String {
    let start = route == 0 ? 0 : Int(routes[Int(route) - 1].sourceEnd)
    let end = Int(routes[Int(route)].sourceEnd)
    return sources.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self)
    }
  }

  // MARK: Growing (the routes are added in RouteTrie+Adding.swift)

  private mutating func newNode() -> Int32 {
    nodes.append(Node())
    return Int32(nodes.count - 1)
  }

  /// The root of `namespace`'s routes (node 0 for app links), made if new.
  mutating func root(for namespace: RoutePattern.Namespace) -> Int32 {
    if namespace == lastNamespace { return lastRoot }
    let root = newOrExistingRoot(for: namespace)
    lastNamespace = namespace
    lastRoot = root
    return root
  }

  private mutating func newOrExistingRoot(for namespace: RoutePattern.Namespace) -> Int32 {
    switch namespace {
    case .app:
      return 0
    case .scheme(let scheme):
      if let root = schemeRoots[scheme] { return root }
      let root = newNode()
      schemeRoots.add(scheme, root)
      return root
    case .host(.exact(let host)):
      if let root = hostRoots[host] { return root }
      let root = newNode()
      hostRoots.add(host, root)
      return root
    case .host(.subdomains(let suffix)):
      if let root = wildcardRoots[suffix] { return root }
      let root = newNode()
      wildcardRoots.add(suffix, root)
      return root
    }
  }

  /// The child of `node` along the literal `bytes` (ASCII case folded when `folded`), made if new.
  // Inlined into both inserts, as it was into the one from text (`scripts/icount.sh build`).
  @inline(__always)
  mutating func literalChild(of node: Int32, _ bytes: ArraySlice<UInt8>, folded: Bool) -> Int32 {
    bytes.withUnsafeBufferPointer { literalChild(of: node, $0, folded: folded) }
  }

  /// ``literalChild(of:_:folded:)`` for bytes in a buffer.
  @inline(__always)
  mutating func literalChild(of node: Int32, _ bytes: UnsafeBufferPointer<UInt8>, folded: Bool) -> Int32 {
    let newChild = Int32(nodes.count)
    let child =
      folded
      ? foldedEdges.child(of: node, along: bytes, orAdd: newChild)
      : literalEdges.child(of: node, along: bytes, orAdd: newChild)
    if child == newChild {
      nodes.append(Node())
      nodes[Int(node)].flags |= folded ? Node.hasFoldedLiterals : Node.hasLiterals
    }
    return child
  }

  /// The child of `node` for a capture of `type`, optional or not, made if new.
  mutating func dynamicChild(of node: Int32, optional: Bool, type: ParameterType) -> Int32 {
    switch (optional, type) {
    case (false, .string):
      let existing = nodes[Int(node)].parameterString
      if existing >= 0 { return existing }
      let child = newNode()
      nodes[Int(node)].parameterString = child
      return child
    case (false, .int):
      let existing = nodes[Int(node)].parameterInt
      if existing >= 0 { return existing }
      let child = newNode()
      nodes[Int(node)].parameterInt = child
      return child
    case (false, .uuid): return rareChild(of: node, .parameterUUID)
    case (true, .int): return rareChild(of: node, .optionalInt)
    case (true, .uuid): return rareChild(of: node, .optionalUUID)
    case (true, .string): return rareChild(of: node, .optionalString)
    }
  }

  /// The catch-all child of `node`, made if new.
  mutating func catchAllChild(of node: Int32) -> Int32 {
    rareChild(of: node, .catchAll)
  }

  private mutating func rareChild(of node: Int32, _ slot: RareChildren.Slot) -> Int32 {
    if nodes[Int(node)].rare < 0 {
      rareChildren.append(RareChildren())
      nodes[Int(node)].rare = Int32(rareChildren.count - 1)
    }
    let rare = Int(nodes[Int(node)].rare)
    let existing = rareChildren[rare][slot: slot]
    if existing >= 0 { return existing }
    let child = newNode()
    rareChildren[rare][slot: slot] = child
    return child
  }

  /// Inserts into the node's terminal list ordered by rank, then by more required query
  /// captures, then by registration.
  mutating func addTerminal(route: Int32, at node: Int32, rank: UInt8, requiredQueries: UInt8) {
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

  /// The index of the name `name` in `names`, added if new.
  mutating func intern(_ name: String) -> Int32 {
    var name = name
    return name.withUTF8 { intern(buffer: $0) }
  }

  /// The index of the name spelled by `name`'s bytes in `names`, added if new.
  mutating func intern(_ name: ArraySlice<UInt8>) -> Int32 {
    name.withUnsafeBufferPointer { intern(buffer: $0) }
  }

  private mutating func intern(buffer name: UnsafeBufferPointer<UInt8>) -> Int32 {
    // A catalogue uses a handful of names: comparing a few short names' bytes beats hashing one.
    if names.count <= 16 {
      let found = nameBytes.withUnsafeBufferPointer { nameBytes in
        nameEnds.withUnsafeBufferPointer { nameEnds in
          var nameStart = 0
          for index in 0..<nameEnds.count {
            let nameEnd = Int(nameEnds[index])
            defer { nameStart = nameEnd }
            // The length first: most names differ in it.
            guard nameEnd - nameStart == name.count else { continue }
            var k = 0
            while k < name.count && nameBytes[nameStart + k] == name[k] { k += 1 }
            if k == name.count { return Int32(index) }
          }
          return -1
        }
      }
      if found >= 0 { return found }
    }
    let string = String(decoding: name, as: UTF8.self)
    if names.count > 16, let index = nameIndex[string] { return index }
    names.append(string)
    // The index is filled only once the names outgrow the byte comparison above.
    if names.count == 17 {
      for index in names.indices { nameIndex[names[index]] = Int32(index) }
    } else if names.count > 17 {
      nameIndex[string] = Int32(names.count - 1)
    }
    if names.count <= 16 {
      nameBytes.append(contentsOf: name)
      nameEnds.append(Int32(nameBytes.count))
    }
    return Int32(names.count - 1)
  }
}

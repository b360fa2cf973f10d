/// The frozen, non-generic form of a ``RouteTrie`` that a built ``RouteTable`` keeps and looks
/// links up in.
///
/// The trie's buffers are taken over, each shrunk to exactly its size, and the literal edges
/// are placed in a perfect hash table nearly their size (``CompiledLiteralEdges``), so a table
/// keeps little spare capacity and no builder state (name index, growth room). Lookups read the
/// buffers through plain pointers: a node visit costs no reference counting.
///
/// Matching walks the trie depth-first, trying at each node the literal edge, then typed
/// parameters, the untyped parameter, typed and untyped optionals, and the catch-all. Each node
/// is reached by exactly one path, so a lookup visits a node at most once: backtracking out of a
/// literal dead end is cheap and its cost is bounded by the link's length, not the table's size.
@usableFromInline
final class CompiledRouteTrie: @unchecked Sendable {
  // @unchecked Sendable is safe: every buffer is allocated and fully initialised in `init`,
  // never written afterwards (all stored properties are `let`, the buffers are not exposed
  // mutably), and freed only in `deinit`, when no other reference can exist.
  let nodes: UnsafeMutableBufferPointer<RouteTrie.Node>
  let rareChildren: UnsafeMutableBufferPointer<RouteTrie.RareChildren>
  let literalEdges: CompiledLiteralEdges
  let foldedEdges: CompiledLiteralEdges
  let routes: UnsafeMutableBufferPointer<RouteTrie.Route>
  let sources: UnsafeMutableBufferPointer<UInt8>
  let terminals: UnsafeMutableBufferPointer<RouteTrie.Terminal>
  let captures: UnsafeMutableBufferPointer<RouteTrie.Capture>
  let queries: UnsafeMutableBufferPointer<RouteTrie.QueryRequirement>
  let names: UnsafeMutableBufferPointer<String>
  let schemeRoots: SmallStringMap<Int32>
  let hostRoots: SmallStringMap<Int32>
  let wildcardRoots: SmallStringMap<Int32>

  /// Compiles `trie`, leaving it empty. Its buffers become the table's, each shrunk to its count
  /// in place, when no copy of the trie shares them; otherwise they are copied. The literal
  /// edges are placed first, and the builder's edge slots freed before anything else.
  @usableFromInline
  init(taking trie: inout RouteTrie) {
    literalEdges = CompiledLiteralEdges(taking: &trie.literalEdges)
    foldedEdges = CompiledLiteralEdges(taking: &trie.foldedEdges)
    nodes = trie.nodes.takeBuffer()
    rareChildren = trie.rareChildren.takeBuffer()
    routes = trie.routes.takeBuffer()
    sources = trie.sources.takeBuffer()
    terminals = trie.terminals.takeBuffer()
    captures = trie.captures.takeBuffer()
    queries = Self.copy(trie.queries)
    names = Self.copy(trie.names)
    schemeRoots = trie.schemeRoots
    hostRoots = trie.hostRoots
    wildcardRoots = trie.wildcardRoots
    trie = RouteTrie()
  }

  deinit {
    TableMemory.deallocate(nodes)
    TableMemory.deallocate(rareChildren)
    TableMemory.deallocate(routes)
    TableMemory.deallocate(sources)
    TableMemory.deallocate(terminals)
    TableMemory.deallocate(captures)
    queries.deinitialize().deallocate()
    names.deinitialize().deallocate()
    literalEdges.free()
    foldedEdges.free()
  }

  private static func copy<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
    let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: array.count)
    _ = buffer.initialize(fromContentsOf: array)
    return buffer
  }

  /// The number of routes.
  var count: Int { routes.count }

  /// The pattern of `route` as registered.
  func source(of route: Int32) -> String {
    let start = route == 0 ? 0 : Int(routes[Int(route) - 1].sourceEnd)
    let end = Int(routes[Int(route)].sourceEnd)
    return String(decoding: UnsafeBufferPointer(rebasing: sources[start..<end]), as: UTF8.self)
  }

  /// The captures of `route`.
  @inline(__always)
  func captureRange(of route: Int32) -> Range<Int> {
    (route == 0 ? 0 : Int(routes[Int(route) - 1].captureEnd))..<Int(routes[Int(route)].captureEnd)
  }

  /// The query requirements of `route`.
  @inline(__always)
  func queryRange(of route: Int32) -> Range<Int> {
    (route == 0 ? 0 : Int(routes[Int(route) - 1].queryEnd))..<Int(routes[Int(route)].queryEnd)
  }
}

/// What a search offers the routes it finds to, most specific first.
protocol RouteVisitor {
  /// Takes `route` (`true`: the search stops) or declines it (`false`: the search goes on).
  mutating func visit(_ route: Int32) -> Bool
}

extension CompiledRouteTrie {
  /// The link's parts a lookup reads, as plain pointers.
  struct Lookup {
    let segments: UnsafeBufferPointer<String>
    let query: UnsafeBufferPointer<DeepLinkQueryItem>
  }

  /// What one segment offers at one node: its literal edges and whether it is an int or a uuid.
  struct Step {
    var literal: Int32 = -1
    var folded: Int32 = -1
    var isInt = false
    var isUUID = false
  }

  /// The most specific route for `link`, or -1.
  ///
  /// - Complexity: as ``forEachMatch(_:_:)``.
  @usableFromInline
  func firstRoute(for link: DeepLink) -> Int32 {
    var first = FirstRoute()
    _ = forEachMatch(link, &first)
    return first.route
  }

  /// Takes the first route offered.
  struct FirstRoute: RouteVisitor {
    var route: Int32 = -1
    @inline(__always)
    mutating func visit(_ route: Int32) -> Bool {
      self.route = route
      return true
    }
  }

  /// Offers each route to a closure.
  struct ClosureVisitor: RouteVisitor {
    let body: (Int32) -> Bool
    @inline(__always)
    mutating func visit(_ route: Int32) -> Bool { body(route) }
  }

  /// Calls `body` with each route matching `link`, most specific first, until `body` returns
  /// `true`; returns whether it did.
  func forEachMatch(_ link: DeepLink, _ body: (Int32) -> Bool) -> Bool {
    withoutActuallyEscaping(body) { body in
      var visitor = ClosureVisitor(body: body)
      return forEachMatch(link, &visitor)
    }
  }

  /// Offers `visitor` each route matching `link`, most specific first, until it takes one;
  /// returns whether it did. The visitor travels down the search by reference: a recursive
  /// search that passed a closure on would retain its captures at every node.
  ///
  /// Web links are looked up under their exact host, then under wildcard hosts from the longest
  /// suffix to the shortest. Other links are looked up under their scheme, then under the app's
  /// own (path-only) patterns.
  ///
  /// - Complexity: O(*d*) node visits in the link's segment count *d* for typical tables;
  ///   never more than the nodes reachable along the link; independent of the route count.
  func forEachMatch<Visitor: RouteVisitor>(_ link: DeepLink, _ visitor: inout Visitor) -> Bool {
    link.pathSegments.withUnsafeBufferPointer { segments in
      link.queryItems.withUnsafeBufferPointer { query in
        let lookup = Lookup(segments: segments, query: query)
        if let host = link.host {
          if !hostRoots.isEmpty, let root = hostRoots[host], search(root, 0, lookup, &visitor) { return true }
          guard !wildcardRoots.isEmpty else { return false }
          let utf8 = host.utf8
          var index = utf8.startIndex
          while let dot = utf8[index...].firstIndex(of: 0x2E) {
            index = utf8.index(after: dot)
            if let root = wildcardRoots[host[index...]], search(root, 0, lookup, &visitor) { return true }
          }
          return false
        }
        if !schemeRoots.isEmpty, let root = schemeRoots[link.scheme], search(root, 0, lookup, &visitor) {
          return true
        }
        return search(0, 0, lookup, &visitor)
      }
    }
  }

  @inline(__always)
  private func facts(_ nodeIndex: Int32, _ node: RouteTrie.Node, _ bytes: UnsafeBufferPointer<UInt8>) -> Step {
    var step = Step()
    if node.flags & RouteTrie.Node.hasLiterals != 0 {
      step.literal = literalEdges.child(of: nodeIndex, along: bytes)
    }
    if node.flags & RouteTrie.Node.hasFoldedLiterals != 0 {
      step.folded = foldedEdges.child(of: nodeIndex, along: bytes)
    }
    if node.parameterInt >= 0 || node.rare >= 0 { step.isInt = ParameterType.int.accepts(bytes: bytes) }
    if node.rare >= 0 { step.isUUID = ParameterType.uuid.accepts(bytes: bytes) }
    return step
  }

  private func search<Visitor: RouteVisitor>(
    _ nodeIndex: Int32, _ depth: Int, _ lookup: Lookup, _ visitor: inout Visitor
  ) -> Bool {
    let node = nodes[Int(nodeIndex)]
    guard depth < lookup.segments.count else { return visitTerminals(node.firstTerminal, lookup.query, &visitor) }
    guard
      let step = lookup.segments[depth].utf8.withContiguousStorageIfAvailable({ facts(nodeIndex, node, $0) })
    else {
      return searchCopying(nodeIndex, depth, lookup, &visitor)
    }
    let next = depth + 1
    if step.literal >= 0 && search(step.literal, next, lookup, &visitor) { return true }
    if step.folded >= 0 && search(step.folded, next, lookup, &visitor) { return true }
    if node.parameterInt >= 0 && step.isInt && search(node.parameterInt, next, lookup, &visitor) { return true }
    guard node.rare >= 0 else {
      return node.parameterString >= 0 && search(node.parameterString, next, lookup, &visitor)
    }
    let rare = rareChildren[Int(node.rare)]
    if rare.parameterUUID >= 0 && step.isUUID && search(rare.parameterUUID, next, lookup, &visitor) { return true }
    if node.parameterString >= 0 && search(node.parameterString, next, lookup, &visitor) { return true }
    if rare.optionalInt >= 0 && step.isInt && search(rare.optionalInt, next, lookup, &visitor) { return true }
    if rare.optionalUUID >= 0 && step.isUUID && search(rare.optionalUUID, next, lookup, &visitor) { return true }
    if rare.optionalString >= 0 && search(rare.optionalString, next, lookup, &visitor) { return true }
    if rare.catchAll >= 0 && visitTerminals(nodes[Int(rare.catchAll)].firstTerminal, lookup.query, &visitor) {
      return true
    }
    return false
  }

  /// ``search(_:_:_:_:)`` for a segment without contiguous UTF-8 (a bridged string): the same
  /// steps over native copies of this and every later segment, made once.
  @inline(never)
  private func searchCopying<Visitor: RouteVisitor>(
    _ nodeIndex: Int32, _ depth: Int, _ lookup: Lookup, _ visitor: inout Visitor
  ) -> Bool {
    withUnsafeTemporaryAllocation(of: String.self, capacity: lookup.segments.count) { segments in
      _ = segments.initialize(fromContentsOf: lookup.segments)
      defer { segments.deinitialize() }
      for k in depth..<segments.count { segments[k].makeContiguousUTF8() }
      return search(nodeIndex, depth, Lookup(segments: UnsafeBufferPointer(segments), query: lookup.query), &visitor)
    }
  }

  @inline(__always)
  private func visitTerminals<Visitor: RouteVisitor>(
    _ first: Int32, _ query: UnsafeBufferPointer<DeepLinkQueryItem>, _ visitor: inout Visitor
  ) -> Bool {
    var current = first
    while current >= 0 {
      let terminal = terminals[Int(current)]
      if acceptsQuery(terminal.route, query) && visitor.visit(terminal.route) { return true }
      current = terminal.next
    }
    return false
  }

  /// Whether the link's query supplies the route's required query captures, each of its type.
  @inline(__always)
  private func acceptsQuery(_ route: Int32, _ query: UnsafeBufferPointer<DeepLinkQueryItem>) -> Bool {
    let range = queryRange(of: route)
    guard !range.isEmpty else { return true }
    for i in range {
      let requirement = queries[i]
      var value: String? = nil
      for item in query where item.name == requirement.key {
        value = item.value
        break
      }
      if let value, !value.isEmpty {
        if !requirement.type.accepts(value) { return false }
      } else if !requirement.isOptional {
        return false
      }
    }
    return true
  }

  /// The value of the parameter `name` of `route` in `link`, or `nil` if the route has no such
  /// parameter or the link leaves an optional one out.
  func parameter(_ name: String, route: Int32, link: DeepLink) -> String? {
    var result: String? = nil
    forEachParameter(route: route, link: link) { key, value in
      if key == name {
        result = value
        return true
      }
      return false
    }
    return result
  }

  /// Every parameter `route` captures from `link` (names are unique within a pattern), with room
  /// for `extraCapacity` more.
  func parameters(route: Int32, link: DeepLink, extraCapacity: Int = 0) -> DeepLinkParameters {
    let count = captureRange(of: route).count + queryRange(of: route).count
    guard count > 0 else { return DeepLinkParameters() }
    var result = DeepLinkParameters(capacity: count + extraCapacity)
    forEachParameter(route: route, link: link) { key, value in
      result.appendNew(key, value)
      return false
    }
    return result
  }

  // Inlined into both callers, so that the body is no closure call per parameter.
  @inline(__always)
  private func forEachParameter(route: Int32, link: DeepLink, _ body: (String, String) -> Bool) {
    let segments = link.pathSegments
    for i in captureRange(of: route) {
      let capture = captures[i]
      let position = Int(capture.segment)
      let value: String?
      switch capture.kind {
      case .segment: value = segments[position]
      case .optional: value = position < segments.count ? segments[position] : nil
      case .catchAll: value = segments[position...].joined(separator: "/")
      }
      if let value, body(names[Int(capture.name)], value) { return }
    }
    for i in queryRange(of: route) {
      let requirement = queries[i]
      if let value = link.queryValue(requirement.key), !value.isEmpty,
        body(names[Int(requirement.name)], value)
      {
        return
      }
    }
  }
}

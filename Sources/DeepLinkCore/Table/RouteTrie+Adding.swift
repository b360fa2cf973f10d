/// Adding routes: from a ``RoutePattern``'s segments or a pattern's text, each checked against
/// the routes already ending at the same node (the conflict check).
extension RouteTrie {
  /// Adds `pattern` as the next route.
  ///
  /// - Throws: ``RouteTableError/conflict(existing:new:)`` when a route already added matches
  ///   exactly the same links; the trie is then unchanged.
  @usableFromInline
  mutating func add(_ pattern: RoutePattern) throws(RouteTableError) {
    if let existing = addUnlessSameLinks(pattern) {
      throw .conflict(existing: self.source(of: existing), new: pattern.source)
    }
  }

  /// Adds `pattern` as the next route, or returns the index of the route already added that
  /// matches exactly the same links (the trie is then unchanged).
  ///
  /// Inserted from what `pattern` holds; its source text is not read again.
  ///
  /// - Complexity: as ``add(_:)``.
  mutating func addUnlessSameLinks(_ pattern: RoutePattern) -> Int32? {
    let segments = pattern.segments
    let queryCaptures = pattern.queryCaptures
    var node: Int32 = 0
    if case .app = pattern.namespace {} else { node = root(for: pattern.namespace) }
    var optionalParents: [Int32] = []
    for index in segments.indices {
      switch segments[index] {
      case .literal(let text):
        var text = text
        node = text.withUTF8 { literalChild(of: node, $0, folded: pattern.isCaseInsensitive) }
      case .parameter(_, let type):
        node = dynamicChild(of: node, optional: false, type: type)
      case .optional(_, let type):
        optionalParents.append(node)
        node = dynamicChild(of: node, optional: true, type: type)
      case .catchAll:
        node = catchAllChild(of: node)
      }
    }
    if nodes[Int(node)].firstTerminal >= 0,
      let existing = sameLinks(
        at: node, queryCount: queryCaptures.count,
        query: { index in
          let capture = queryCaptures[index]
          return QueryShape(key: capture.key, type: capture.type, isOptional: capture.isOptional)
        })
    {
      return existing
    }

    let routeIndex = Int32(routes.count)
    var required = 0
    for capture in queryCaptures where !capture.isOptional { required += 1 }
    let requiredQueries = UInt8(min(255, required))
    for parent in optionalParents {
      addTerminal(route: routeIndex, at: parent, rank: 1, requiredQueries: requiredQueries)
    }
    addTerminal(route: routeIndex, at: node, rank: 0, requiredQueries: requiredQueries)
    for position in segments.indices {
      switch segments[position] {
      case .literal: continue
      case .parameter(let name, _):
        captures.append(Capture(name: intern(name), segment: Int32(position), kind: .segment))
      case .optional(let name, _):
        captures.append(Capture(name: intern(name), segment: Int32(position), kind: .optional))
      case .catchAll(let name):
        captures.append(Capture(name: intern(name), segment: Int32(position), kind: .catchAll))
      }
    }
    for capture in queryCaptures {
      queries.append(
        QueryRequirement(
          key: capture.key, name: intern(capture.name), type: capture.type, isOptional: capture.isOptional)
      )
    }
    var source = pattern.source
    source.withUTF8 { sources.append($0) }
    routes.append(
      Route(sourceEnd: Int32(sources.count), captureEnd: Int32(captures.count), queryEnd: Int32(queries.count)))
    return nil
  }

  /// Reads `pattern` and adds it as the next route, as ``add(_:)`` adds
  /// `RoutePattern(pattern, caseInsensitive: caseInsensitive)`.
  ///
  /// - Throws: ``RoutePatternError`` for a malformed pattern, ``RouteTableError`` for a
  ///   conflict; the trie is then unchanged.
  @usableFromInline
  mutating func add(_ pattern: String, caseInsensitive: Bool) throws {
    let existing = try RoutePatternParser.withScan(pattern) { scanned in
      insert(scanned, caseInsensitive: caseInsensitive)
    }
    if let existing { throw RouteTableError.conflict(existing: source(of: existing), new: pattern) }
  }

  /// Adds the pattern `scanned` was read from as the next route, returning the index of an
  /// existing route that matches exactly the same links instead, if there is one (the trie is
  /// then unchanged).
  ///
  /// - Complexity: O(*s*) in the pattern's length, amortised, plus a comparison of query
  ///   captures with each route already ending at the same node.
  private mutating func insert(_ scanned: ScannedPattern, caseInsensitive: Bool) -> Int32? {
    let routeIndex = Int32(routes.count)
    var required = 0
    for capture in scanned.queryCaptures where !capture.isOptional { required += 1 }
    let requiredQueries = UInt8(min(255, required))
    // Query keys compare as `String`s (canonical equivalence), as `RoutePattern` keeps them.
    let queryKeys = scanned.queryCaptures.isEmpty ? [] : scanned.queryCaptures.map { scanned.string($0.key) }

    // Walk, creating missing nodes. A conflicting route has the same path, so it creates none.
    // The app namespace's root is node 0; only the others are looked up.
    var node: Int32 = 0
    if case .app = scanned.namespace {} else { node = root(for: scanned.namespace) }
    var optionalParents: [Int32] = []
    for segment in scanned.segments {
      switch segment.kind {
      case .literal:
        node = literalChild(of: node, scanned.bytes(segment.text), folded: caseInsensitive)
      case .parameter:
        node = dynamicChild(of: node, optional: false, type: segment.type)
      case .optional:
        // The route also ends here, with this and every later optional absent.
        optionalParents.append(node)
        node = dynamicChild(of: node, optional: true, type: segment.type)
      case .catchAll:
        node = catchAllChild(of: node)
      }
    }
    // Most routes end at a node no route ends at yet.
    if nodes[Int(node)].firstTerminal >= 0,
      let existing = sameLinks(
        at: node, queryCount: queryKeys.count,
        query: { index in
          let capture = scanned.queryCaptures[index]
          return QueryShape(key: queryKeys[index], type: capture.type, isOptional: capture.isOptional)
        })
    {
      return existing
    }

    for parent in optionalParents {
      addTerminal(route: routeIndex, at: parent, rank: 1, requiredQueries: requiredQueries)
    }
    addTerminal(route: routeIndex, at: node, rank: 0, requiredQueries: requiredQueries)
    for (position, segment) in scanned.segments.enumerated() {
      let kind: Capture.Kind
      switch segment.kind {
      case .literal: continue
      case .parameter: kind = .segment
      case .optional: kind = .optional
      case .catchAll: kind = .catchAll
      }
      captures.append(Capture(name: intern(scanned.bytes(segment.text)), segment: Int32(position), kind: kind))
    }
    for (capture, key) in zip(scanned.queryCaptures, queryKeys) {
      queries.append(
        QueryRequirement(
          key: key, name: intern(scanned.bytes(capture.name)), type: capture.type, isOptional: capture.isOptional))
    }
    scanned.source.withUnsafeBufferPointer { sources.append($0) }
    routes.append(
      Route(sourceEnd: Int32(sources.count), captureEnd: Int32(captures.count), queryEnd: Int32(queries.count)))
    return nil
  }

  /// What decides which links a query capture lets through: its key, type and whether it is
  /// optional.
  struct QueryShape {
    var key: String
    var type: ParameterType
    var isOptional: Bool
  }

  /// The route already ending at `node` with every segment present that matches exactly the
  /// links a new route does whose query captures are `query(0..<queryCount)`: the same required
  /// query captures (key and type) and the same typed optional ones. Untyped optional query
  /// captures never change which links match.
  private func sameLinks(at node: Int32, queryCount: Int, query: (Int) -> QueryShape) -> Int32? {
    func shapes(_ isOptional: Bool, _ type: ParameterType) -> Bool { !isOptional || type != .string }
    var newCount = 0
    for index in 0..<queryCount {
      let capture = query(index)
      if shapes(capture.isOptional, capture.type) { newCount += 1 }
    }
    var current = nodes[Int(node)].firstTerminal
    while current >= 0 {
      let terminal = terminals[Int(current)]
      current = terminal.next
      guard terminal.rank == 0 else { continue }
      let route = Int(terminal.route)
      let start = route == 0 ? 0 : Int(routes[route - 1].queryEnd)
      let existing = queries[start..<Int(routes[route].queryEnd)]
      let existingCount = existing.count(where: { shapes($0.isOptional, $0.type) })
      guard existingCount == newCount else { continue }
      // Keys are unique within a pattern, so equal counts and inclusion mean equal sets.
      var same = true
      for index in 0..<queryCount where same {
        let capture = query(index)
        same =
          !shapes(capture.isOptional, capture.type)
          || existing.contains {
            $0.key == capture.key && $0.type == capture.type && $0.isOptional == capture.isOptional
          }
      }
      if same { return terminal.route }
    }
    return nil
  }
}

extension RoutePattern {
  /// Whether the two patterns match exactly the same links, as the route table's conflict check
  /// decides it (two such routes conflict; an override replaces such a rule).
  package func matchesTheSameLinks(as other: RoutePattern) -> Bool {
    var trie = RouteTrie()
    _ = trie.addUnlessSameLinks(self)
    return trie.addUnlessSameLinks(other) != nil
  }
}

extension RouteTrie {
  /// Calls `body` with each route matching `link`, most specific first, until `body` returns
  /// `true`; returns whether it did.
  ///
  /// Web links are looked up under their exact host, then under wildcard hosts from the longest
  /// suffix to the shortest. Other links are looked up under their scheme, then under the app's
  /// own (path-only) patterns.
  ///
  /// - Complexity: O(*d*) node visits in the link's segment count *d* for typical tables;
  ///   never more than the nodes reachable along the link; independent of the route count.
  @inline(__always)
  func forEachMatch(_ link: DeepLink, _ body: (Int32) -> Bool) -> Bool {
    let segments = link.pathSegments
    if let host = link.host {
      if !hostRoots.isEmpty, let root = hostRoots[host], search(root, 0, segments, link, body) { return true }
      guard !wildcardRoots.isEmpty else { return false }
      let utf8 = host.utf8
      var index = utf8.startIndex
      while let dot = utf8[index...].firstIndex(of: 0x2E) {
        index = utf8.index(after: dot)
        if let root = wildcardRoots[host[index...]], search(root, 0, segments, link, body) { return true }
      }
      return false
    }
    if !schemeRoots.isEmpty, let root = schemeRoots[link.scheme], search(root, 0, segments, link, body) {
      return true
    }
    return search(0, 0, segments, link, body)
  }

  private func search(
    _ nodeIndex: Int32, _ depth: Int, _ segments: [String], _ link: DeepLink, _ body: (Int32) -> Bool
  ) -> Bool {
    let node = nodes[Int(nodeIndex)]
    guard depth < segments.count else { return visitTerminals(node.firstTerminal, link, body) }
    let segment = segments[depth]
    let next = depth + 1
    if node.hasLiterals {
      let child = literalEdges.child(of: nodeIndex, along: segment)
      if child >= 0 && search(child, next, segments, link, body) { return true }
    }
    if node.hasFoldedLiterals {
      let child = foldedEdges.child(of: nodeIndex, along: segment)
      if child >= 0 && search(child, next, segments, link, body) { return true }
    }
    if node.parameterInt >= 0 && ParameterType.int.accepts(segment)
      && search(node.parameterInt, next, segments, link, body)
    {
      return true
    }
    if node.parameterUUID >= 0 && ParameterType.uuid.accepts(segment)
      && search(node.parameterUUID, next, segments, link, body)
    {
      return true
    }
    if node.parameterString >= 0 && search(node.parameterString, next, segments, link, body) { return true }
    if node.optionalInt >= 0 && ParameterType.int.accepts(segment)
      && search(node.optionalInt, next, segments, link, body)
    {
      return true
    }
    if node.optionalUUID >= 0 && ParameterType.uuid.accepts(segment)
      && search(node.optionalUUID, next, segments, link, body)
    {
      return true
    }
    if node.optionalString >= 0 && search(node.optionalString, next, segments, link, body) { return true }
    if node.catchAll >= 0 && visitTerminals(nodes[Int(node.catchAll)].firstTerminal, link, body) { return true }
    return false
  }

  @inline(__always)
  private func visitTerminals(_ first: Int32, _ link: DeepLink, _ body: (Int32) -> Bool) -> Bool {
    var current = first
    while current >= 0 {
      let terminal = terminals[Int(current)]
      if acceptsQuery(terminal.route, link) && body(terminal.route) { return true }
      current = terminal.next
    }
    return false
  }

  /// Whether `link` supplies the route's required query captures, each of its type.
  @inline(__always)
  private func acceptsQuery(_ route: Int32, _ link: DeepLink) -> Bool {
    let r = routes[Int(route)]
    guard r.queryCount > 0 else { return true }
    for i in r.queryStart..<(r.queryStart + r.queryCount) {
      let requirement = queries[Int(i)]
      if let value = link.queryValue(requirement.key), !value.isEmpty {
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

  /// Every parameter `route` captures from `link`.
  func parameters(route: Int32, link: DeepLink) -> [String: String] {
    var result: [String: String] = [:]
    forEachParameter(route: route, link: link) { key, value in
      result[key] = value
      return false
    }
    return result
  }

  private func forEachParameter(route: Int32, link: DeepLink, _ body: (String, String) -> Bool) {
    let r = routes[Int(route)]
    let segments = link.pathSegments
    for i in r.captureStart..<(r.captureStart + r.captureCount) {
      let capture = captures[Int(i)]
      let position = Int(capture.segment)
      let value: String?
      switch capture.kind {
      case .segment: value = segments[position]
      case .optional: value = position < segments.count ? segments[position] : nil
      case .catchAll: value = segments[position...].joined(separator: "/")
      }
      if let value, body(names[Int(capture.name)], value) { return }
    }
    for i in r.queryStart..<(r.queryStart + r.queryCount) {
      let requirement = queries[Int(i)]
      if let value = link.queryValue(requirement.key), !value.isEmpty,
        body(names[Int(requirement.name)], value)
      {
        return
      }
    }
  }
}

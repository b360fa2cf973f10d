/// Many patterns' paths merged into one trie, to find every pattern a ``PathLanguage`` overlaps
/// in one walk instead of one comparison per pattern.
///
/// Each node's literal children are indexed by their lowercased text, so a walk that reads a
/// literal looks its child up; a walk that reads an `int` or `uuid` capture visits only the
/// literals of that shape, and one that reads a string capture every child, as it must.
/// Optional trailing segments end a pattern at two nodes; a catch-all is a node that loops on
/// any segment.
package struct PatternTrie: Sendable {
  private enum Key: Hashable {
    case label(PathLanguage.Label)
    case catchAll
  }

  private struct Node: Sendable {
    var literalChildren: [String: [(label: PathLanguage.Label, node: Int)]] = [:]
    var otherChildren: [(label: PathLanguage.Label, node: Int)] = []
    /// The literal children an `int` or a `uuid` capture can read (also in ``literalChildren``),
    /// so that a walk reading a typed capture visits only those.
    var intLiterals: [(label: PathLanguage.Label, node: Int)] = []
    var uuidLiterals: [(label: PathLanguage.Label, node: Int)] = []
    /// The catch-all child, if any (also in ``otherChildren``).
    var catchAll: Int? = nil
    /// The patterns that end here, by their index in the list the trie was built from.
    var patterns: [Int] = []
  }

  private var nodes = [Node()]
  /// For each node, the fewest and the most segments from it to the end of a pattern (`Int.max`
  /// below a catch-all): a walk whose language needs a length outside that range stops there.
  private var remaining: [ClosedRange<Int>] = []

  /// The trie of `patterns`' paths.
  package init(_ patterns: [RoutePattern]) {
    for (index, pattern) in patterns.enumerated() { insert(pattern, index) }
    remaining = Array(repeating: Int.max...Int.max, count: nodes.count)
    // Children are made after their parents, so one pass from the last node up sees every
    // child first; a catch-all's loop makes its node unbounded.
    for node in nodes.indices.reversed() {
      var low = nodes[node].patterns.isEmpty ? Int.max : 0
      var high = 0
      func include(_ child: Int) {
        if child == node {
          high = Int.max
          return
        }
        let range = remaining[child]
        low = min(low, range.lowerBound == Int.max ? Int.max : range.lowerBound + 1)
        high = max(high, range.upperBound == Int.max ? Int.max : range.upperBound + 1)
      }
      for (_, child) in nodes[node].otherChildren { include(child) }
      for bucket in nodes[node].literalChildren.values {
        for (_, child) in bucket { include(child) }
      }
      remaining[node] = min(low, high)...high
    }
  }

  private mutating func child(of node: Int, _ key: Key) -> Int {
    switch key {
    case .label(let label):
      if case .literal(let text, _) = label {
        if let existing = nodes[node].literalChildren[text.asciiLowercased]?.first(where: { $0.label == label }) {
          return existing.node
        }
      } else if let existing = nodes[node].otherChildren.first(where: {
        $0.label == label && $0.node != nodes[node].catchAll
      }) {
        return existing.node
      }
    case .catchAll:
      if let existing = nodes[node].catchAll { return existing }
    }
    let new = nodes.count
    nodes.append(Node())
    switch key {
    case .label(let label):
      if case .literal(let text, _) = label {
        nodes[node].literalChildren[text.asciiLowercased, default: []].append((label, new))
        if ParameterType.int.accepts(text) { nodes[node].intLiterals.append((label, new)) }
        if ParameterType.uuid.accepts(text) { nodes[node].uuidLiterals.append((label, new)) }
      } else {
        nodes[node].otherChildren.append((label, new))
      }
    case .catchAll:
      nodes[node].catchAll = new
      nodes[node].otherChildren.append((.value(.string), new))
      nodes[new].otherChildren.append((.value(.string), new))
    }
    return new
  }

  private mutating func insert(_ pattern: RoutePattern, _ index: Int) {
    var node = 0
    for segment in pattern.segments {
      switch segment {
      case .literal(let text):
        node = child(of: node, .label(.literal(text, caseInsensitive: pattern.isCaseInsensitive)))
      case .parameter(_, let type):
        node = child(of: node, .label(.value(type)))
      case .optional(_, let type):
        nodes[node].patterns.append(index)
        node = child(of: node, .label(.value(type)))
      case .catchAll:
        node = child(of: node, .catchAll)
      }
    }
    nodes[node].patterns.append(index)
  }

  /// Every pattern of the trie that shares a path with `language`, with the shortest such path,
  /// in the order of the patterns.
  ///
  /// - Complexity: proportional to the trie nodes the language can reach, not to the number of
  ///   patterns.
  package func overlaps(with language: PathLanguage) -> [(pattern: Int, path: [String])] {
    let width = language.accepting.count
    let lengths = language.remainingLengths()
    var previous: [Int: (from: Int, segment: String?)] = [:]
    previous.reserveCapacity(256)
    var queue: [Int] = []
    func visit(_ pair: Int, from: Int, segment: String?) {
      let (node, state) = (pair / width, pair % width)
      guard remaining[node].overlaps(lengths[state]), previous[pair] == nil else { return }
      previous[pair] = (from, segment)
      queue.append(pair)
    }
    visit(language.start, from: -1, segment: nil)
    var found: [Int: [String]] = [:]
    var head = 0
    while head < queue.count {
      let pair = queue[head]
      head += 1
      let (node, state) = (pair / width, pair % width)
      if language.accepting[state] {
        for pattern in nodes[node].patterns where found[pattern] == nil {
          found[pattern] = PathLanguage.path(to: pair, previous)
        }
      }
      for next in language.emptySteps[state] { visit(node * width + next, from: pair, segment: nil) }
      for step in language.transitions[state] {
        func follow(_ children: [(label: PathLanguage.Label, node: Int)]) {
          for (label, child) in children {
            guard let segment = PathLanguage.meet(step.label, label) else { continue }
            visit(child * width + step.target, from: pair, segment: segment)
          }
        }
        follow(nodes[node].otherChildren)
        switch step.label {
        case .literal(let text, _):
          if let bucket = nodes[node].literalChildren[text.asciiLowercased] { follow(bucket) }
        case .value(.int):
          follow(nodes[node].intLiterals)
        case .value(.uuid):
          follow(nodes[node].uuidLiterals)
        case .value(.string):
          for bucket in nodes[node].literalChildren.values { follow(bucket) }
        }
      }
    }
    return found.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }
}

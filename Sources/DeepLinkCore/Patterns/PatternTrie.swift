/// Many patterns' paths merged into one trie, to find every pattern a ``PathLanguage`` overlaps
/// in one walk instead of one comparison per pattern.
///
/// Each node's literal children are found by their lowercased text in one table for the whole
/// trie, so a walk that reads a literal looks its child up; a walk that reads an `int` or `uuid`
/// capture visits only the literals of that shape, and one that reads a string capture every
/// child, as it must. Optional trailing segments end a pattern at two nodes; a catch-all is a
/// node that loops on any segment. Children are kept as linked lists through flat arrays, so
/// building the trie allocates per route only what the table and the arrays' growth need.
package struct PatternTrie: Sendable {
  /// One list of children per kind, threaded through the children.
  private enum List: Int {
    /// Typed and untyped captures, and the catch-all.
    case captures
    /// Every literal.
    case literals
    /// Literals an `int` capture can read.
    case intLiterals
    /// Literals a `uuid` capture can read.
    case uuidLiterals

    static let count = 4
  }

  /// The label of the edge into each node (the root's is unused).
  private var labels: [PathLanguage.Label] = [.value(.string)]
  /// The first child in each list, by node, `-1` for none (``first(_:of:)``). One flat list for
  /// the four kinds, not a list of lists: four arrays fewer to grow, node by node.
  private var first: [Int] = Array(repeating: -1, count: List.count)
  /// The next sibling in each list, by child (``next(_:after:)``), laid out as ``first``.
  private var next: [Int] = Array(repeating: -1, count: List.count)
  /// The literal children by parent and lowercased text (``edgeKey(_:_:)``): the first, then
  /// ``nextSameText``.
  private var literalEdges: [String: Int32] = [:]
  private var nextSameText: [Int] = [-1]
  /// Each node's catch-all child, `-1` for none; a catch-all node loops on any segment.
  private var catchAll: [Int] = [-1]
  private var isCatchAll: [Bool] = [false]
  /// The patterns that end at each node, as a list through ``endPattern``/``nextEnd``.
  private var firstEnd: [Int] = [-1]
  private var endPattern: [Int] = []
  private var nextEnd: [Int] = []
  /// For each node, the fewest and the most segments from it to the end of a pattern (`Int.max`
  /// below a catch-all): a walk whose language needs a length outside that range stops there.
  private var remainingLow: [Int] = []
  private var remainingHigh: [Int] = []

  /// The trie of `patterns`' paths.
  package init(_ patterns: [RoutePattern]) {
    // Room for the most nodes the patterns can make (one a segment, and the root) in every
    // list at once, instead of each growing from one element.
    var nodes = 1
    for pattern in patterns { nodes += pattern.segments.count }
    labels.reserveCapacity(nodes)
    first.reserveCapacity(nodes * List.count)
    next.reserveCapacity(nodes * List.count)
    nextSameText.reserveCapacity(nodes)
    catchAll.reserveCapacity(nodes)
    isCatchAll.reserveCapacity(nodes)
    firstEnd.reserveCapacity(nodes)
    endPattern.reserveCapacity(patterns.count)
    nextEnd.reserveCapacity(patterns.count)
    literalEdges = Dictionary(minimumCapacity: nodes)
    for index in patterns.indices { insert(patterns[index], index) }
    remainingLow = Array(repeating: Int.max, count: labels.count)
    remainingHigh = remainingLow
    // Children are made after their parents, so one pass from the last node up sees every
    // child first; a catch-all's loop makes its node unbounded.
    for node in labels.indices.reversed() {
      var low = firstEnd[node] < 0 ? Int.max : 0
      var high = isCatchAll[node] ? Int.max : 0
      // Every child is in the captures or the literals.
      func visitChildren(in list: List) {
        var child = first(list, of: node)
        while child >= 0 {
          low = min(low, remainingLow[child] == Int.max ? Int.max : remainingLow[child] + 1)
          high = max(high, remainingHigh[child] == Int.max ? Int.max : remainingHigh[child] + 1)
          child = next(list, after: child)
        }
      }
      visitChildren(in: .captures)
      visitChildren(in: .literals)
      remainingLow[node] = min(low, high)
      remainingHigh[node] = high
    }
  }

  private mutating func makeNode(_ label: PathLanguage.Label) -> Int {
    labels.append(label)
    for _ in 0..<List.count {
      first.append(-1)
      next.append(-1)
    }
    nextSameText.append(-1)
    catchAll.append(-1)
    isCatchAll.append(false)
    firstEnd.append(-1)
    return labels.count - 1
  }

  /// The key of the literal edge from `parent` along `text`: the parent's number, a `/` (which no
  /// segment holds) and the text, lowercased.
  private static func edgeKey(_ parent: Int, _ text: String) -> String {
    String(parent) + "/" + text.asciiLowercased
  }

  /// The first child of `node` in `list`, or -1.
  private func first(_ list: List, of node: Int) -> Int { first[node * List.count + list.rawValue] }

  /// The sibling after `child` in `list`, or -1.
  private func next(_ list: List, after child: Int) -> Int { next[child * List.count + list.rawValue] }

  private mutating func link(_ child: Int, into list: List, of parent: Int) {
    next[child * List.count + list.rawValue] = first[parent * List.count + list.rawValue]
    first[parent * List.count + list.rawValue] = child
  }

  private mutating func literalChild(of parent: Int, _ label: PathLanguage.Label, text: String) -> Int {
    let key = Self.edgeKey(parent, text)
    // Looked up once: the first child of that text heads the list a new one joins.
    let head = literalEdges[key].map(Int.init) ?? -1
    var candidate = head
    while candidate >= 0 {
      if labels[candidate] == label { return candidate }
      candidate = nextSameText[candidate]
    }
    let child = makeNode(label)
    nextSameText[child] = head
    literalEdges[key] = Int32(child)
    link(child, into: .literals, of: parent)
    if ParameterType.int.accepts(text) { link(child, into: .intLiterals, of: parent) }
    if ParameterType.uuid.accepts(text) { link(child, into: .uuidLiterals, of: parent) }
    return child
  }

  private mutating func captureChild(of parent: Int, _ type: ParameterType) -> Int {
    var candidate = first(.captures, of: parent)
    while candidate >= 0 {
      if labels[candidate] == .value(type) && !isCatchAll[candidate] { return candidate }
      candidate = next(.captures, after: candidate)
    }
    let child = makeNode(.value(type))
    link(child, into: .captures, of: parent)
    return child
  }

  private mutating func catchAllChild(of parent: Int) -> Int {
    if catchAll[parent] >= 0 { return catchAll[parent] }
    let child = makeNode(.value(.string))
    isCatchAll[child] = true
    catchAll[parent] = child
    link(child, into: .captures, of: parent)
    return child
  }

  private mutating func end(_ pattern: Int, at node: Int) {
    endPattern.append(pattern)
    nextEnd.append(firstEnd[node])
    firstEnd[node] = endPattern.count - 1
  }

  private mutating func insert(_ pattern: RoutePattern, _ index: Int) {
    var node = 0
    for segment in pattern.segments {
      switch segment {
      case .literal(let text):
        node = literalChild(of: node, .literal(text, caseInsensitive: pattern.isCaseInsensitive), text: text)
      case .parameter(_, let type):
        node = captureChild(of: node, type)
      case .optional(_, let type):
        end(index, at: node)
        node = captureChild(of: node, type)
      case .catchAll:
        node = catchAllChild(of: node)
      }
    }
    end(index, at: node)
  }

  /// Whether a path of `language` may start as a path of the trie does: `false` only when the
  /// language's start takes no empty step, does not accept, and no child of the root can read
  /// the first segment of any of its transitions. Most paths of a market part from the
  /// platform's there, and this sets up no search.
  private func mayOverlap(with language: PathLanguage) -> Bool {
    let start = language.start
    guard language.emptySteps[start].isEmpty, !language.accepting[start] else { return true }
    // A capture or catch-all child reads any segment of its type: searched.
    if first(.captures, of: 0) >= 0 { return !language.transitions[start].isEmpty }
    for step in language.transitions[start] {
      switch step.label {
      case .literal(let text, _): if literalEdges[Self.edgeKey(0, text)] != nil { return true }
      case .value(.string): if first(.literals, of: 0) >= 0 { return true }
      case .value(.int): if first(.intLiterals, of: 0) >= 0 { return true }
      case .value(.uuid): if first(.uuidLiterals, of: 0) >= 0 { return true }
      }
    }
    return false
  }

  /// A pattern of the trie that shares a path with a language, and the shortest such path.
  package struct Overlap: Sendable {
    /// The pattern's index in the list the trie was made from.
    package var pattern: Int
    /// The path, as decoded segments.
    package var path: [String]
  }

  /// Every pattern of the trie that shares a path with `language`, with the shortest such path,
  /// in the order of the patterns.
  ///
  /// - Complexity: proportional to the trie nodes the language can reach, not to the number of
  ///   patterns.
  package func overlaps(with language: PathLanguage) -> [Overlap] {
    guard mayOverlap(with: language) else { return [] }
    let width = language.accepting.count
    let lengths = language.remainingLengths()
    var trail = SearchTrail(capacity: 128)
    func visit(_ pair: Int, from: Int, segment: String?) {
      let (node, state) = (pair / width, pair % width)
      // The node's and the state's ranges of remaining lengths overlap.
      guard remainingLow[node] <= lengths.high[state], lengths.low[state] <= remainingHigh[node] else { return }
      _ = trail.visit(pair, from: from, segment: segment)
    }
    visit(language.start, from: -1, segment: nil)
    var foundPatterns = IntIndexTable()
    var found: [Overlap] = []
    var head = 0
    while head < trail.count {
      let visited = head
      let pair = trail.pair(at: head)
      head += 1
      let (node, state) = (pair / width, pair % width)
      if language.accepting[state] {
        var entry = firstEnd[node]
        while entry >= 0 {
          if foundPatterns.insert(endPattern[entry]) != nil {
            found.append(Overlap(pattern: endPattern[entry], path: trail.path(to: visited)))
          }
          entry = nextEnd[entry]
        }
      }
      for next in language.emptySteps[state] { visit(node * width + next, from: visited, segment: nil) }
      for step in language.transitions[state] {
        func follow(_ child: Int) {
          guard let segment = PathLanguage.meet(step.label, labels[child]) else { return }
          visit(child * width + step.target, from: visited, segment: segment)
        }
        func followList(_ list: List) {
          var child = first(list, of: node)
          while child >= 0 {
            follow(child)
            child = self.next(list, after: child)
          }
        }
        if isCatchAll[node] { follow(node) }
        followList(.captures)
        switch step.label {
        case .literal(let text, _):
          var child = literalEdges[Self.edgeKey(node, text)].map(Int.init) ?? -1
          while child >= 0 {
            follow(child)
            child = nextSameText[child]
          }
        case .value(.int): followList(.intLiterals)
        case .value(.uuid): followList(.uuidLiterals)
        case .value(.string): followList(.literals)
        }
      }
    }
    return found.sorted { $0.pattern < $1.pattern }
  }
}

/// The set of paths some patterns match, as an automaton over path segments, so that overlap
/// between patterns is decided exactly rather than by probing with sample links.
///
/// Each transition reads one segment: a literal (compared with or without regard to ASCII
/// case) or a value of a ``ParameterType``. Optional segments add an empty step, catch-alls a
/// loop; chained links are a language too (``chain(of:)``: one step pattern after another).
/// Two languages overlap when some path is in both; ``commonPath(with:)`` finds the shortest.
///
/// ```swift
/// let platform = PathLanguage(try RoutePattern("/product/{id:int}"))
/// let market = PathLanguage(try RoutePattern("/{rest...}"))
/// platform.commonPath(with: market)  // ["product", "1"]
/// ```
package struct PathLanguage: Sendable {
  /// What one transition reads.
  enum Label: Sendable, Hashable {
    case literal(String, caseInsensitive: Bool)
    case value(ParameterType)
  }

  struct Transition: Sendable {
    var label: Label
    var target: Int
  }

  private(set) var transitions: [[Transition]]
  private(set) var emptySteps: [[Int]]
  private(set) var accepting: [Bool]
  let start = 0

  private init(stateCount: Int) {
    transitions = Array(repeating: [], count: stateCount)
    emptySteps = Array(repeating: [], count: stateCount)
    accepting = Array(repeating: false, count: stateCount)
  }

  /// The paths `pattern` matches (its path only: scheme, host and query are not part of it).
  package init(_ pattern: RoutePattern) {
    self.init(stateCount: pattern.segments.count + 1)
    for state in pattern.segments.indices {
      switch pattern.segments[state] {
      case .literal(let text):
        transitions[state].append(
          Transition(label: .literal(text, caseInsensitive: pattern.isCaseInsensitive), target: state + 1))
      case .parameter(_, let type):
        transitions[state].append(Transition(label: .value(type), target: state + 1))
      case .optional(_, let type):
        transitions[state].append(Transition(label: .value(type), target: state + 1))
        emptySteps[state].append(state + 1)
      case .catchAll:
        transitions[state].append(Transition(label: .value(.string), target: state + 1))
        transitions[state + 1].append(Transition(label: .value(.string), target: state + 1))
      }
    }
    accepting[pattern.segments.count] = true
  }

  /// Chained links: paths made of two or more runs, each a path of one of `steps` (a single
  /// run is the step's own route).
  package static func chain(of steps: [RoutePattern]) -> PathLanguage {
    // State 0 starts the first run, state 1 the second and every later one; state 2 accepts.
    var result = PathLanguage(stateCount: 3)
    result.accepting[2] = true
    result.emptySteps[2].append(1)
    var states = 3
    for step in steps { states += 2 * (step.segments.count + 1) }
    result.transitions.reserveCapacity(states)
    result.emptySteps.reserveCapacity(states)
    result.accepting.reserveCapacity(states)
    for step in steps {
      // Made once, appended as a first run and as a later one.
      let language = PathLanguage(step)
      result.append(language, from: 0, to: 1)
      result.append(language, from: 1, to: 2)
    }
    return result
  }

  /// Appends `language`'s states, numbered after this language's, entered by an empty step from
  /// `from`; each of its accepting states takes an empty step to `to` (and accepts no more).
  private mutating func append(_ language: PathLanguage, from: Int, to: Int) {
    let offset = accepting.count
    for state in language.accepting.indices {
      var steps = language.transitions[state]
      for index in steps.indices { steps[index].target += offset }
      transitions.append(steps)
      var empty = language.emptySteps[state]
      for index in empty.indices { empty[index] += offset }
      if language.accepting[state] { empty.append(to) }
      emptySteps.append(empty)
      accepting.append(false)
    }
    emptySteps[from].append(offset)
  }

  /// The paths that follow `segment` in this language: `{ p : segment/p is in it }`.
  package func residual(after segment: String) -> PathLanguage {
    var result = self
    let newStart = result.accepting.count
    result.transitions.append([])
    result.emptySteps.append([])
    result.accepting.append(false)
    for state in closure(of: start) {
      for step in transitions[state] where step.label.reads(segment) {
        result.emptySteps[newStart].append(step.target)
      }
    }
    // The start is state 0: swap the new start into place.
    result.transitions.swapAt(0, newStart)
    result.emptySteps.swapAt(0, newStart)
    result.accepting.swapAt(0, newStart)
    func renumber(_ state: Int) -> Int { state == 0 ? newStart : state == newStart ? 0 : state }
    result.transitions = result.transitions.map { $0.map { Transition(label: $0.label, target: renumber($0.target)) } }
    result.emptySteps = result.emptySteps.map { $0.map(renumber) }
    return result
  }

  /// For each state, the fewest (`low`) and the most (`high`) segments a path from it to an
  /// accepting state reads (`Int.max` for a loop).
  func remainingLengths() -> (low: [Int], high: [Int]) {
    let count = accepting.count
    // Fewest: a shortest-path relaxation; most: unbounded when a loop is reachable, else the
    // longest path, found by relaxing as many times as there are states.
    var low = accepting.map { $0 ? 0 : Int.max }
    var high = accepting.map { $0 ? 0 : Int.min }
    for _ in 0...count {
      var changed = false
      for state in 0..<count {
        for next in emptySteps[state] {
          if low[next] != Int.max, low[next] < low[state] { low[state] = low[next]; changed = true }
          if high[next] != Int.min, high[next] > high[state] { high[state] = high[next]; changed = true }
        }
        for step in transitions[state] {
          let target = step.target
          if low[target] != Int.max, low[target] + 1 < low[state] { low[state] = low[target] + 1; changed = true }
          if high[target] != Int.min, high[target] != Int.max, high[target] + 1 > high[state] {
            high[state] = min(high[target] + 1, count + 1)
            changed = true
          }
        }
      }
      if !changed { break }
    }
    for state in 0..<count {
      guard low[state] != Int.max else {
        high[state] = Int.max
        continue
      }
      // A longest path above the number of states goes round a loop: unbounded.
      high[state] = high[state] > count ? Int.max : max(high[state], low[state])
    }
    return (low, high)
  }

  /// The labels that can read the first segment of a path of a language
  /// (``PathLanguage/firstSegments()``).
  package struct FirstSegments: Sendable {
    fileprivate let labels: [Label]
  }

  /// What can read the first segment of a path of this language: the labels of the transitions
  /// out of the states the start reaches by empty steps; `nil` when the language holds the empty
  /// path, which has no first segment.
  package func firstSegments() -> FirstSegments? {
    var labels: [Label] = []
    for state in closure(of: start) {
      if accepting[state] { return nil }
      for step in transitions[state] { labels.append(step.label) }
    }
    return FirstSegments(labels: labels)
  }

  /// Whether a path of this language may share its first segment with a path of a language whose
  /// ``firstSegments()`` are `other`: `false` only when the start takes no empty step, does not
  /// accept, and none of its transitions meets one of `other`'s, so that ``commonPath(with:)``
  /// would find nothing. Most languages part there, and this sets up no search.
  package func mayStart(like other: FirstSegments) -> Bool {
    guard emptySteps[start].isEmpty, !accepting[start] else { return true }
    for step in transitions[start] {
      for label in other.labels where Self.meet(step.label, label) != nil { return true }
    }
    return false
  }

  /// The states reachable from `state` by empty steps, itself included.
  private func closure(of state: Int) -> [Int] {
    // `seen[s]`: whether state `s` has been reached.
    var seen = Array(repeating: false, count: accepting.count)
    seen[state] = true
    var stack = [state]
    while let next = stack.popLast() {
      for target in emptySteps[next] where !seen[target] {
        seen[target] = true
        stack.append(target)
      }
    }
    return seen.indices.filter { seen[$0] }
  }

  /// The shortest path (as decoded segments) in both languages, or `nil` when they are
  /// disjoint.
  ///
  /// - Complexity: O(*s* · *t*) in the two automata's sizes.
  package func commonPath(with other: PathLanguage) -> [String]? {
    let width = other.accepting.count
    var trail = SearchTrail()
    _ = trail.visit(start * width + other.start, from: -1, segment: nil)
    var head = 0
    while head < trail.count {
      let visited = head
      let pair = trail.pair(at: head)
      head += 1
      let (mine, theirs) = (pair / width, pair % width)
      if accepting[mine] && other.accepting[theirs] { return trail.path(to: visited) }
      for next in emptySteps[mine] { _ = trail.visit(next * width + theirs, from: visited, segment: nil) }
      for next in other.emptySteps[theirs] { _ = trail.visit(mine * width + next, from: visited, segment: nil) }
      for step in transitions[mine] {
        for otherStep in other.transitions[theirs] {
          guard let segment = Self.meet(step.label, otherStep.label) else { continue }
          _ = trail.visit(step.target * width + otherStep.target, from: visited, segment: segment)
        }
      }
    }
    return nil
  }

  /// A segment both labels read, or `nil` when none does.
  static func meet(_ first: Label, _ second: Label) -> String? {
    switch (first, second) {
    case (.literal(let a, let aFolds), .literal(let b, let bFolds)):
      if a == b { return a }
      guard aFolds || bFolds, a.asciiLowercased == b.asciiLowercased else { return nil }
      return aFolds ? b : a
    case (.literal(let text, _), .value(let type)), (.value(let type), .literal(let text, _)):
      return type.accepts(text) ? text : nil
    case (.value(let a), .value(let b)):
      return ParameterType.sample(common: a, b)
    }
  }
}

extension PathLanguage.Label {
  /// Whether this label reads `segment`.
  func reads(_ segment: String) -> Bool {
    switch self {
    case .literal(let text, let caseInsensitive):
      text == segment || (caseInsensitive && text.asciiLowercased == segment.asciiLowercased)
    case .value(let type):
      type.accepts(segment)
    }
  }
}

extension ParameterType {
  /// One value of each kind the types can tell apart: every type accepts one of them, and a
  /// value of two types exists exactly when one of these is of both.
  private static let samples = ["x", "1", "00000000-0000-0000-0000-000000000000"]

  /// A value of both types, or `nil` when no value is.
  static func sample(common first: ParameterType, _ second: ParameterType) -> String? {
    sample(acceptedByAll: [first, second])
  }

  /// A value every one of `types` accepts, or `nil` when no value is.
  static func sample(acceptedByAll types: [ParameterType]) -> String? {
    samples.first { sample in types.allSatisfy { $0.accepts(sample) } }
  }
}

extension String {
  /// The string with ASCII letters lowercased (what case-insensitive literals compare).
  package var asciiLowercased: String {
    // Most literals are lowercase already: no copy then.
    guard utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return self }
    return String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
  }
}

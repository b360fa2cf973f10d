/// The target patterns of the rules compiled so far, each read once: a catalogue's rules lead to
/// a handful of targets, so composition parses each target pattern once, not once a rule.
///
/// Up to ``SmallStringMap/linearLimit`` targets are compared in turn (a rule's target is
/// usually the last one added, compared first); more are indexed by a dictionary, so a market
/// of thousands of distinct targets is not quadratic. Lists, not a `Dictionary` from the start:
/// for a handful of targets a comparison costs less than a hash, and no dictionary is made.
package struct RewriteTargets {
  /// Each target's pattern as written, in the order added.
  package private(set) var sources: [String] = []
  /// The first rule compiled to each target, at the same place as its source: its compiled
  /// target and the target's parameter names serve every later rule to it. (Rules, not a list
  /// of patterns and a list of name lists: a list of lists is one more type made at launch.)
  package private(set) var firstRules: [CompiledRewrite] = []
  /// The position of each source, once there are more than a handful.
  private var index: [String: Int]? = nil

  /// No targets.
  package init() {}

  /// The number of targets.
  package var count: Int { sources.count }

  /// Whether the target written `source` was added.
  package func contains(_ source: String) -> Bool { position(of: source) != nil }

  /// Adds the target of `rule`, compiled, unless it is there already.
  package mutating func add(_ rule: CompiledRewrite) {
    let source = rule.rule.target
    guard position(of: source) == nil else { return }
    if index == nil && sources.count == SmallStringMap<Int>.linearLimit {
      var made: [String: Int] = [:]
      for position in sources.indices { made[sources[position]] = position }
      index = made
    }
    index?[source] = sources.count
    sources.append(source)
    firstRules.append(rule)
  }

  /// The position of the target written `source` in ``sources``, if it was added.
  package func position(of source: String) -> Int? {
    if let index { return index[source] }
    // The last added first: the rules of a web path on each of a market's hosts come together.
    // Lengths first (stored for native strings): most targets compared differ in length.
    let count = source.utf8.count
    for position in sources.indices.reversed()
    where sources[position].utf8.count == count && sources[position] == source {
      return position
    }
    return nil
  }
}

import DeepLinkCore
import Testing

/// The boundary's two early exits skip only searches that would find nothing: the pattern trie's
/// first-segment test before its search (`PatternTrie.overlaps(with:)`), and a language's
/// `mayStart(like:)` before a chained-link search. Both are checked here against the pairwise
/// search (`PathLanguage.commonPath(with:)`), over every pair of a grid of patterns that start
/// alike and apart: literals in either case, typed captures, optional and catch-all segments.
@Suite struct OverlapShortcutTests {
  static let sources = [
    "/", "/cart", "/Cart", "/orders", "/orders/{id:int}", "/product/{id:int}", "/product/{id}",
    "/product/{id:uuid}", "/productlist/{id:int}", "/p/{slug}/{id:int}", "/deals/{id:int?}",
    "/docs/{rest...}", "/{any}", "/{n:int}", "/{n:int}/x", "/{u:uuid}", "/12", "/x/y/z",
    "/550e8400-e29b-41d4-a716-446655440000", "/search?q={query}", "/{a}/{b}/{c}", "/{page?}",
  ]

  /// Every source, read as written and ignoring ASCII case.
  static func patterns() throws -> [RoutePattern] {
    try sources.flatMap { [try RoutePattern($0), try RoutePattern($0, caseInsensitive: true)] }
  }

  @Test("the trie finds exactly the patterns that share a path with a language, in order")
  func trieOverlapsArePairwise() throws {
    let patterns = try Self.patterns()
    // Three tries: every pattern; those that start with a literal; and three literal-first ones,
    // which no typed or other-literal first segment can start like (the early exit's case).
    let tries = [
      patterns,
      patterns.filter { if case .literal? = $0.segments.first { true } else { false } },
      try ["/cart", "/orders/{id:int}", "/x/y/z"].map { try RoutePattern($0) },
    ]
    var sharedNone = 0
    for members in tries {
      let trie = PatternTrie(members)
      for pattern in patterns {
        let language = PathLanguage(pattern)
        let pairwise = members.indices.filter { PathLanguage(members[$0]).commonPath(with: language) != nil }
        #expect(trie.overlaps(with: language).map(\.pattern) == pairwise, "\(pattern.source)")
        if pairwise.isEmpty { sharedNone += 1 }
      }
    }
    #expect(sharedNone > 0, "some language shares no path with a trie")
  }

  @Test("a language that may not start like another shares no path with it")
  func mayStartIsExact() throws {
    let languages = try Self.patterns().map(PathLanguage.init)
    var refused = 0
    for first in languages {
      for second in languages {
        guard let starts = second.firstSegments() else { continue }  // the empty path: no first segment
        if !first.mayStart(like: starts) {
          refused += 1
          #expect(first.commonPath(with: second) == nil)
        }
      }
    }
    #expect(refused > 0, "the grid has languages that part at the first segment")
  }
}

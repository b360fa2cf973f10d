import DeepLinkCore
import Testing

/// Composition's list of rule targets (`RewriteTargets`) keeps each target once, at the position
/// it was first added, whether the targets are compared in turn (a handful) or indexed (more).
@Suite struct RewriteTargetsTests {
  /// A compiled rule from a web path to the app pattern `/t<index>`.
  static func rule(to index: Int, path: String) throws -> CompiledRewrite {
    try UniversalLink("https://shop.example.com/\(path)", to: "/t\(index)").compile()
  }

  @Test("each target is kept once, at its first position, below, at and past the handful", arguments: [7, 8, 9, 12])
  func eachTargetOnce(distinct: Int) throws {
    var targets = RewriteTargets()
    for index in 0..<distinct {
      targets.add(try Self.rule(to: index, path: "a\(index)"))
      // A later rule to an earlier target (and to itself) adds nothing.
      targets.add(try Self.rule(to: index / 2, path: "b\(index)"))
      targets.add(try Self.rule(to: index, path: "c\(index)"))
    }
    #expect(targets.count == distinct)
    #expect(targets.sources == (0..<distinct).map { "/t\($0)" })
    for index in 0..<distinct {
      #expect(targets.position(of: "/t\(index)") == index)
      #expect(targets.firstRules[index].rule.pattern == "https://shop.example.com/a\(index)")
      #expect(targets.contains("/t\(index)"))
    }
    #expect(targets.position(of: "/t\(distinct)") == nil)
    #expect(!targets.contains("/nowhere"))
  }
}

import DeepLinkCore
import Testing

/// The small map behind schemes, hosts, a table's roots and composition's rule targets keeps each
/// key once, at the position it was first added, with its first value, whether its keys are
/// compared in turn (a handful) or indexed (more).
@Suite struct SmallStringMapTests {
  @Test("each key is kept once, with its first value, below, at and past the handful", arguments: [7, 8, 9, 12])
  func eachKeyOnce(distinct: Int) {
    var map = SmallStringMap<Int>()
    for index in 0..<distinct {
      let added = map.add("/t\(index)", index)
      // A key added again (an earlier one, and the same one) is refused and keeps its value.
      let addedEarlier = map.add("/t\(index / 2)", -1)
      let addedAgain = map.add("/t\(index)", -1)
      #expect(added && !addedEarlier && !addedAgain, "/t\(index)")
    }
    #expect(map.count == distinct)
    #expect(map.keys == (0..<distinct).map { "/t\($0)" })
    #expect(map.values == Array(0..<distinct))
    for index in 0..<distinct {
      #expect(map.position(of: "/t\(index)") == index)
      #expect(map["/t\(index)"] == index)
      #expect(map[Substring("x/t\(index)".dropFirst())] == index)
    }
    #expect(map.position(of: "/t\(distinct)") == nil)
    #expect(map["/nowhere"] == nil)
    #expect(!map.contains("/t"))
  }

  @Test("a map made from two lists is the map grown from them, a later duplicate left out")
  func madeFromLists() {
    let keys = (0..<12).map { "k\($0 % 10)" }
    let made = SmallStringMap(keys: keys, values: Array(0..<12))
    #expect(made.keys == (0..<10).map { "k\($0)" })
    #expect(made.values == Array(0..<10))
    #expect(made["k1"] == 1)
  }
}

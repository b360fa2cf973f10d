import Testing

@testable import DeepLinkCore

/// The compiled literal-edge table (a perfect hash with pilots, and an overflow for buckets no
/// pilot places), checked edge by edge. The overflow stays empty in practice, so these tests
/// force it by limiting the pilots tried.
@Suite struct CompiledEdgeTableTests {
  /// Literals short (kept in the slot) and long (kept in the arena), some differing only in case.
  static let literals: [String] = (0..<600).map { index in
    switch index % 4 {
    case 0: "w\(index)"
    case 1: "Segment\(index)"
    case 2: "a-much-longer-literal-\(index)"
    default: "MIXED-case-\(index)"
    }
  }

  /// Edges from a few parents (so that parent and literal both vary), added to a building
  /// table; returns the table and each edge's child.
  static func building(folded: Bool) -> (LiteralEdgeTable, [(parent: Int32, literal: String, child: Int32)]) {
    var table = LiteralEdgeTable(folded: folded)
    var edges: [(parent: Int32, literal: String, child: Int32)] = []
    var next: Int32 = 1
    for (index, literal) in literals.enumerated() {
      let parent = Int32(index % 7)
      let child = Array(literal.utf8).withUnsafeBufferPointer { table.child(of: parent, along: $0, orAdd: next) }
      #expect(child == next, "\(literal) from \(parent) is a new edge")
      edges.append((parent, literal, child))
      next += 1
    }
    return (table, edges)
  }

  static func child(_ table: CompiledLiteralEdges, _ parent: Int32, _ literal: String) -> Int32 {
    Array(literal.utf8).withUnsafeBufferPointer { table.child(of: parent, along: $0) }
  }

  @Test(
    "every edge is found, and nothing else, with the pilots as chosen and with buckets forced to the overflow",
    arguments: [(false, 65_535), (false, 0), (false, 2), (true, 65_535), (true, 0)])
  func everyEdgeFound(folded: Bool, maximumPilot: Int) {
    var (building, edges) = Self.building(folded: folded)
    let table = CompiledLiteralEdges(taking: &building, maximumPilot: maximumPilot)
    defer { table.free() }
    if maximumPilot == 0 {
      #expect(table.overflowCount > 0, "with one pilot a bucket, some buckets cannot be placed")
    }
    if maximumPilot == 65_535 {
      #expect(table.overflowCount == 0, "with every pilot, every bucket is placed")
    }
    // What the table must answer for any (parent, literal): the edge's child, or -1.
    func key(_ parent: Int32, _ literal: String) -> String { "\(parent) " + (folded ? literal.lowercased() : literal) }
    let expected = Dictionary(uniqueKeysWithValues: edges.map { (key($0.parent, $0.literal), $0.child) })
    for edge in edges {
      let recased = edge.literal.uppercased() == edge.literal ? edge.literal.lowercased() : edge.literal.uppercased()
      // The edge itself, then other parents, literals one byte longer or shorter, and another case.
      // A short literal's key is its bytes zero-padded, so the literal followed by NULs (which
      // only a link made from parts can hold: no literal has one) must not read as it.
      let padded = (0..<max(0, 8 - edge.literal.utf8.count)).map {
        (edge.parent, edge.literal + String(repeating: "\u{0}", count: $0 + 1))
      }
      let probes =
        [
          (edge.parent, edge.literal), (edge.parent + 7, edge.literal), (edge.parent, edge.literal + "x"),
          (edge.parent, String(edge.literal.dropLast())), (edge.parent, recased),
        ] + padded
      for (parent, literal) in probes {
        #expect(Self.child(table, parent, literal) == expected[key(parent, literal)] ?? -1, "\(literal) from \(parent)")
      }
    }
    #expect(Self.child(table, 0, Self.literals[0]) == edges[0].child)
  }

  @Test("with every pilot tried, a large table places every bucket and leaves the overflow empty")
  func largeTablePlacesEveryBucket() {
    var building = LiteralEdgeTable(folded: false)
    var next: Int32 = 1
    // 50,000 edges shaped like a catalogue's: words and numbered words under many parents.
    for parent in Int32(0)..<5_000 {
      for word in ["product", "item\(parent)", "a-longer-section-name", "x", "reviews\(parent % 7)"] {
        _ = Array(word.utf8).withUnsafeBufferPointer { building.child(of: parent, along: $0, orAdd: next) }
        next += 1
      }
      for extra in 0..<5 {
        _ = Array("w\(extra)".utf8).withUnsafeBufferPointer { building.child(of: parent, along: $0, orAdd: next) }
        next += 1
      }
    }
    let table = CompiledLiteralEdges(taking: &building)
    defer { table.free() }
    #expect(table.overflowCount == 0)
    #expect(Self.child(table, 4_999, "item4999") == next - 9)  // the second of the parent's ten edges
    #expect(Self.child(table, 4_999, "item4998") == -1)
  }

  @Test("an empty table finds nothing")
  func emptyTable() {
    var building = LiteralEdgeTable(folded: false)
    let table = CompiledLiteralEdges(taking: &building)
    defer { table.free() }
    #expect(table.isEmpty)
    #expect(Self.child(table, 0, "cart") == -1)
  }
}

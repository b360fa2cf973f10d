import DeepLinkCore
import DeepLinkTesting
import Testing

/// Two patterns registered one after the other, and whether the second conflicts with the first.
struct ConflictRow: Sendable, CustomTestStringConvertible {
  let first: String
  let second: String
  let caseInsensitive: (Bool, Bool)
  let conflicts: Bool

  init(_ first: String, _ second: String, conflicts: Bool, caseInsensitive: (Bool, Bool) = (false, false)) {
    self.first = first
    self.second = second
    self.conflicts = conflicts
    self.caseInsensitive = caseInsensitive
  }

  var testDescription: String { "\(first) + \(second)" }

  /// Pairs of registrations, and whether the second conflicts with the first: shared by the
  /// `RoutePattern` and the text forms of `Builder.add`.
  static let table: [ConflictRow] = [
    ConflictRow("/a/{x}", "/a/{y}", conflicts: true),
    ConflictRow("/a/{x:int}", "/a/{y:int}", conflicts: true),
    ConflictRow("/a/{x?}", "/a/{y?}", conflicts: true),
    ConflictRow("/docs/{a...}", "/docs/{b...}", conflicts: true),
    ConflictRow("/a", "/a/", conflicts: true),
    ConflictRow("/search?q={q}", "/search?q={query}&sort={s?}", conflicts: true),
    ConflictRow("/search?q={q}&sort={s}", "/search?sort={t}&q={r}", conflicts: true),
    ConflictRow("https://shop.example.ca/x", "http://shop.example.ca/x", conflicts: true),
    ConflictRow("https://shop.example.ca/x", "https://SHOP.example.ca./x", conflicts: true),
    ConflictRow("https://*.shop.example.ca/x", "https://*.Shop.Example.CA/x", conflicts: true),
    ConflictRow("shopca://x", "SHOPCA://x", conflicts: true),
    ConflictRow("/Cart", "/cart", conflicts: true, caseInsensitive: (true, true)),
    ConflictRow("/caf%C3%A9", "/café", conflicts: true),
    ConflictRow("/search?caf%C3%A9={q}", "/search?cafe\u{301}={r}", conflicts: true),
    ConflictRow("/a", "/a/{x?}", conflicts: false),
    ConflictRow("/a/{x}", "/a/{x:int}", conflicts: false),
    ConflictRow("/a/{x:int}", "/a/{x:uuid}", conflicts: false),
    ConflictRow("/a/{x}", "/a/{x?}", conflicts: false),
    ConflictRow("/a/{x}", "/a/{x...}", conflicts: false),
    ConflictRow("/a/{x}", "/a/b", conflicts: false),
    ConflictRow("/Cart", "/cart", conflicts: false),
    ConflictRow("/cart", "/cart", conflicts: false, caseInsensitive: (false, true)),
    ConflictRow("/search", "/search?q={q}", conflicts: false),
    ConflictRow("/search?q={q}", "/search?q={q:int}", conflicts: false),
    ConflictRow("/search?q={q}", "/search?query={q}", conflicts: false),
    ConflictRow("/feed", "/feed?page={page:int?}", conflicts: false),
    ConflictRow("/x", "shopca://x", conflicts: false),
    ConflictRow("shopca://x", "shopmx://x", conflicts: false),
    ConflictRow("https://shop.example.ca/x", "https://*.shop.example.ca/x", conflicts: false),
    ConflictRow("https://shop.example.ca/x", "https://shop.example.com/x", conflicts: false),
    ConflictRow("/x", "https://shop.example.ca/x", conflicts: false),
  ]
}

/// When two registrations conflict, and what a conflict says.
@Suite struct RouteTableConflictTests {
  @Test("two registrations that match exactly the same links conflict", arguments: ConflictRow.table)
  func conflicts(row: ConflictRow) throws {
    var builder = RouteTable<String>.Builder()
    try builder.add(RoutePattern(row.first, caseInsensitive: row.caseInsensitive.0), value: row.first)
    let second = try RoutePattern(row.second, caseInsensitive: row.caseInsensitive.1)
    if row.conflicts {
      #expect(throws: RouteTableError.conflict(existing: row.first, new: row.second)) {
        try builder.add(second, value: row.second)
      }
      #expect(builder.count == 1)
    } else {
      try builder.add(second, value: row.second)
      #expect(builder.count == 2)
    }
  }

  @Test("a conflict names both routes and says what to do")
  func conflictDescription() throws {
    #expect(throws: RouteTableError.conflict(existing: "/a/{x}", new: "/a/{y}")) {
      try RouteTable(patterns: ["/a/{x}", "/b", "/a/{y}"])
    }
    let error = RouteTableError.conflict(existing: "/a/{x}", new: "/a/{y}")
    #expect(error.description.contains("`/a/{x}`"))
    #expect(error.description.contains("`/a/{y}`"))
    #expect(error.description.contains("remove one"))
  }

  @Test("a table compiled from a sequence refuses conflicts too")
  func sequenceInit() throws {
    let routes = try [("/a/{x}", 1), ("/a/{y}", 2)].map { (try RoutePattern($0.0), $0.1) }
    #expect(throws: RouteTableError.self) { try RouteTable(routes) }
    let table = try RouteTable([(try RoutePattern("/a"), 1), (try RoutePattern("/b/{id}"), 2)])
    #expect(table.count == 2)
    #expect(table.routes.map(\.pattern) == ["/a", "/b/{id}"])
    #expect(table.routes.map(\.value) == [1, 2])
    #expect(table.match(try DeepLink("shop://b/9"))?.value == 2)
  }

  @Test("an empty table matches nothing")
  func emptyTable() throws {
    let table = RouteTable<Int>()
    #expect(table.count == 0)
    #expect(table.match(try DeepLink("shop://")) == nil)
    #expect(table.candidates(for: try DeepLink("https://shop.example.com/x")).isEmpty)
  }
}

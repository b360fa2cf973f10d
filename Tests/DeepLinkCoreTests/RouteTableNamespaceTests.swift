import DeepLinkCore
import Testing

/// A table keeps one root per scheme, host and wildcard suffix: a handful compared in turn, more
/// indexed. Routes on twelve of each (past the handful) are each found under their own
/// namespace only, however the routes' namespaces interleave.
@Suite struct RouteTableNamespaceTests {
  static let count = 12

  static func table() throws -> RouteTable<String> {
    var builder = RouteTable<String>.Builder()
    // Interleaved, so each namespace is looked up again after others were made.
    for round in 0..<2 {
      for index in 0..<count {
        let path = round == 0 ? "cart" : "item/{id:int}"
        try builder.add(RoutePattern("https://h\(index).example.com/\(path)"), value: "host \(index) \(round)")
        try builder.add(RoutePattern("s\(index)://\(path)"), value: "scheme \(index) \(round)")
        try builder.add(RoutePattern("https://*.w\(index).example.com/\(path)"), value: "wildcard \(index) \(round)")
      }
    }
    return builder.build()
  }

  @Test("each route is found under its own scheme, host or wildcard suffix, among twelve of each")
  func eachNamespaceItsOwn() throws {
    let table = try Self.table()
    for index in 0..<Self.count {
      let rows: [(link: String, value: String?)] = [
        ("https://h\(index).example.com/cart", "host \(index) 0"),
        ("https://h\(index).example.com/item/7", "host \(index) 1"),
        ("s\(index)://cart", "scheme \(index) 0"),
        ("s\(index)://item/7", "scheme \(index) 1"),
        ("https://a.w\(index).example.com/cart", "wildcard \(index) 0"),
        ("https://a.w\(index).example.com/item/7", "wildcard \(index) 1"),
        ("https://w\(index).example.com/cart", nil),
        ("https://h\(index + Self.count).example.com/cart", nil),
        ("s\(index + Self.count)://cart", nil),
      ]
      for row in rows {
        #expect(table.match(try DeepLink(row.link))?.value == row.value, "\(row.link)")
      }
    }
  }
}

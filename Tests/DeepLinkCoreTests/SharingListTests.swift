import Testing

@testable import DeepLinkCore

/// The list a rewritten link's query is built in: the appended elements, in order, and the
/// source's own storage when they are exactly the source's elements.
@Suite struct SharingListTests {
  struct Row: Sendable, CustomTestStringConvertible {
    let source: [String]
    let appended: [String]
    let sharesSource: Bool
    var testDescription: String { "\(source) + \(appended)" }
  }

  static let rows: [Row] = [
    Row(source: [], appended: [], sharesSource: true),
    Row(source: ["q", "utm"], appended: ["q", "utm"], sharesSource: true),
    Row(source: ["q", "utm"], appended: ["q"], sharesSource: false),
    Row(source: ["q", "utm"], appended: ["utm", "q"], sharesSource: false),
    Row(source: ["q", "utm"], appended: ["q", "utm", "page"], sharesSource: false),
    Row(source: ["q", "utm"], appended: ["q", "x", "utm"], sharesSource: false),
    Row(source: [], appended: ["locale"], sharesSource: false),
  ]

  @Test("the list is what was appended, and shares the source's storage only when equal to it", arguments: rows)
  func list(row: Row) {
    var list = SharingList(row.source, capacity: row.appended.count)
    for element in row.appended { list.append(element) }
    let result = list.list
    #expect(result == row.appended)
    if !row.source.isEmpty {
      let shares = result.withUnsafeBufferPointer { a in
        row.source.withUnsafeBufferPointer { $0.baseAddress == a.baseAddress }
      }
      #expect(shares == row.sharesSource)
    }
  }
}

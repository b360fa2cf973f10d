import DeepLinkCLI
import Foundation
import Testing

/// `route --json`, `check --format jsonl` and `explain` show what a routed link opens
/// and where: its destination and its navigation state (Docs/Navigation.md, DESIGN's JSON object).
@Suite struct RouteDestinationTests {
  static func run(_ arguments: [String]) -> String {
    let environment = ToolEnvironment.memory()
    _ = DeepLinkTool.run(arguments, environment: environment)
    return environment.standardOutput.text
  }

  static let order = "https://shop.example.ca/fr/compte/commandes/9001"
  static let orderTail =
    #","reason":null,"destination":{"type":"OrderPage","values":{"id":"9001","locale":"fr"}},"#
    + #""navigation":{"tab":"account","path":[{"type":"OrderHistoryPage","values":{}},"#
    + #"{"type":"OrderPage","values":{"id":"9001","locale":"fr"}}]}}"#

  @Test("route --json adds the destination and the navigation after the reason")
  func json() {
    let output = Self.run(["route", "--json", "--market", "CA", Self.order])
    #expect(output.hasSuffix(Self.orderTail + "\n"), "\(output)")
  }

  @Test("check --format jsonl writes the same object as route --json, line for line")
  func jsonLines() throws {
    let links = [
      Self.order, "shop://cart", "shop://nowhere", "shop://productlist/1/productdetail/2", "shop://pay?order_id=5",
    ]
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("route-destination-\(UUID()).txt")
    try Data((links.joined(separator: "\n") + "\n").utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let lines = Self.run(["check", "--market", "CA", "--format", "jsonl", file.path])
    let expected = links.map { Self.run(["route", "--json", "--market", "CA", $0]) }.joined()
    #expect(lines == expected)
    #expect(lines.contains(Self.orderTail))
  }

  @Test("a link that is not routed, or routed by a plugin, has neither")
  func none() {
    for link in ["shop://nowhere", "shop://productlist/1/productdetail/2"] {
      let output = Self.run(["route", "--json", "--market", "CA", link])
      #expect(!output.contains("destination") && !output.contains("navigation"), "\(output)")
    }
  }

  @Test("explain prints the two as rows")
  func text() {
    for command in ["explain"] {
      let lines = Self.run([command, "--market", "CA", Self.order]).split(separator: "\n").map {
        $0.split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      }
      #expect(lines.contains(["destination", "OrderPage(id=9001, locale=fr)"]), "\(command): \(lines)")
      #expect(
        lines.contains(["navigation", "account: OrderHistoryPage → OrderPage(id=9001, locale=fr)"]),
        "\(command): \(lines)")
    }
  }

  @Test("a secret-bearing value is redacted in the destination as in the parameters")
  func redacted() {
    let output = Self.run(["route", "--json", "shop://search?q=token%3Dabc"])
    #expect(!output.contains("abc"), "\(output)")
  }
}

import DeepLinkComposition
import Foundation
import Testing

@Suite struct CheckCommandTests {
  @Test("every market's example links (Markets/<ID>/Examples/links.txt) pass", arguments: MarketCatalogue.ids)
  func examples(market: String) throws {
    let result = try ToolProcess.run(["check", "--market", market, "Markets/\(market)/Examples/links.txt"])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.contains("0 not met; 0 failing lines"))
  }

  @Test("jsonl prints one object per link line, in input order, skipping comments and blank lines")
  func jsonLines() throws {
    let input =
      "# a comment\n\nshop://cart\t/cart\nhttps://shop.example.ca/fr/panier\r\nshop://product/7\t/product/{id}\n"
    let result = try ToolProcess.run(["check", "--market", "CA", "--format", "jsonl", "-"], input: Data(input.utf8))
    #expect(result.status == 0, "\(result.error)")
    let objects = try ToolProcess.jsonLines(result.output)
    #expect(
      objects.map { $0["url"] as? String } == ["shop://cart", "https://shop.example.ca/fr/panier", "shop://product/7"])
    #expect(objects.allSatisfy { $0["market"] as? String == "CA" })
  }

  @Test("an unmet expectation or a link that is neither routed nor external fails the run")
  func failures() throws {
    let unmet = try ToolProcess.run(["check", "-"], input: Data("shop://cart\t/checkout\n".utf8))
    #expect(unmet.status == 1)
    #expect(unmet.error.contains("line 1: expected /checkout, got routed to /cart"))
    let invalid = try ToolProcess.run(["check", "-"], input: Data("javascript:alert(1)\n".utf8))
    #expect(invalid.status == 1)
    #expect(invalid.error.contains("invalid 1"))
  }

  @Test("a 300 KB line is decided as too long, and its expectation is still read")
  func overlongLine() throws {
    let long = "https://shop.example.ca/fr/ip/" + String(repeating: "a", count: 300_000) + "/1"
    let input = "shop://cart\n\(long)\tnotFound\nshop://product/1\n"
    let result = try ToolProcess.run(["check", "--format", "jsonl", "--market", "CA"], input: Data(input.utf8))
    let objects = try ToolProcess.jsonLines(result.output)
    #expect(objects.count == 3)
    #expect(objects[1]["outcome"] as? String == "notFound")
    #expect(objects[1]["reason"] as? String == "tooLong")
    #expect((objects[1]["url"] as? String).map { $0.count < 1_000 } == true)
    #expect(objects[2]["outcome"] as? String == "routed")
    #expect(result.error.contains("expectations: 1 checked, 0 not met"))
  }

  @Test("many links over several batches keep their order")
  func order() throws {
    let input = (0..<40_000).map { "shop://product/\($0)\n" }.joined()
    let result = try ToolProcess.run(["check", "--format", "jsonl"], input: Data(input.utf8))
    #expect(result.status == 0)
    let urls = result.output.split(separator: "\n").map { line in
      line.split(separator: "\"")[3]
    }
    #expect(urls.count == 40_000)
    #expect(urls.enumerated().allSatisfy { $0.element == "shop://product/\($0.offset)" })
  }

  @Test("an unreadable input exits 65", arguments: ["/nonexistent/links.txt", "/tmp"])
  func unreadable(path: String) throws {
    let result = try ToolProcess.run(["check", path])
    #expect(result.status == 65)
    #expect(result.error.contains("cannot read `\(path)`"))
  }

  @Test("text output names the outcome, the route and the link")
  func text() throws {
    let result = try ToolProcess.run(["check", "--market", "MX", "-"], input: Data("shopmx://mx/cart\n".utf8))
    #expect(result.output.hasPrefix("routed"))
    #expect(result.output.contains("/cart"))
    #expect(result.output.contains("shopmx://mx/cart"))
  }

  @Test("token-like values are redacted in check output and summary")
  func redaction() throws {
    let input = "shop://cart?token=s3cr3tvalue\t/checkout\nhttps://x.example/%zz?token=s3cr3tvalue\n"
    for format in ["text", "jsonl"] {
      let result = try ToolProcess.run(["check", "--format", format], input: Data(input.utf8))
      #expect(!result.output.contains("s3cr3tvalue"))
      #expect(!result.error.contains("s3cr3tvalue"))
    }
  }
}

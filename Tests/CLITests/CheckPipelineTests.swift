import DeepLinkComposition
import Foundation
import Testing

@testable import DeepLinkCLI
@testable import DeepLinkTools

@Suite struct CheckPipelineTests {
  /// Links of every kind `check` prints differently: routed with parameters, rewritten, chained
  /// (`steps`), behind barriers, external, invalid, with token-like values to redact, with
  /// characters JSON escapes.
  static let shapes: [@Sendable (Int) -> String] = [
    { "https://shop.example.ca/en/ip/desk/\($0)" },
    { "https://shop.example.ca/fr/ip/bureau/\($0)?utm_source=mail" },
    { _ in "https://shop.example.ca/fr/panier" },
    { "https://www.shop.example.ca/fr/recherche?q=chaise\($0 % 97)" },
    { "https://shop.example.ca/en/flyer/\($0 % 1000)" },
    { "shopca://ca/product/\($0)" },
    { "shop://product/\($0)" },
    { "https://shop.example.com/ip/desk/\($0)" },
    { "shop://productlist/\($0 % 50)/productdetail/\($0)" },
    { "https://shop.example.com.mx/producto/escritorio/\($0)" },
    { "https://shop.example.ca/en/account/orders/\($0)?token=abc\($0)" },
    { "https://shop.example.ca/en/ip/desk/\($0)#access_token=t\($0)&x=1" },
    { "https://shop.example.ca/en/search?q=%22quoted%22%5Cback\($0)" },
    { "https://shop.example.ca/en/search?q=caf%C3%A9-\($0)&session=s\($0)" },
    { "shop://product/\"\($0)\\" },
    { "shop://orders/\($0)" },
    { _ in "javascript:alert(1)" },
    { "https://shop.example.ca/en/ip/d%C3%A9sk/\($0)" },
  ]

  /// `count` links, the shapes in a reproducible shuffled order.
  static func links(count: Int) -> [String] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    return (0..<count).map { index in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return shapes[Int(state >> 33) % shapes.count](index)
    }
  }

  @Test(
    "jsonl over many batches is, byte for byte, what DecisionReport writes for each link on one thread",
    arguments: ["CA", nil] as [String?])
  func parallelOutputEqualsOneThread(market: String?) throws {
    let links = Self.links(count: 5 * CheckCommand.batchSize + 123)
    let input = links.enumerated().map { $0.offset % 7 == 0 ? "\($0.element)\t/product/{id}\n" : "\($0.element)\n" }
    let arguments = ["check", "--format", "jsonl", "-"] + (market.map { ["--market", $0] } ?? [])
    let result = try ToolProcess.run(arguments, input: Data(input.joined().utf8))

    let configuration = try DeepLinkAssembly.configuration(market: market)
    var expected = JSONWriter(capacity: 1 << 22)
    for link in links {
      DecisionReport(configuration.decide(link), market: market, configuration: configuration, destination: true)
        .write(to: &expected)
      expected.raw(0x0A)
    }
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLines = String(decoding: expected.bytes, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == expectedLines.count)
    let firstDifference = lines.indices.first { $0 >= expectedLines.count || lines[$0] != expectedLines[$0] }
    #expect(firstDifference == nil, "line \(firstDifference.map { $0 + 1 } ?? 0) differs")
  }

  @Test("the summary counts every batch and lists the first failing lines in input order")
  func summaryOverBatches() throws {
    let links = Self.links(count: 3 * CheckCommand.batchSize)
    let result = try ToolProcess.run(["check", "-"], input: Data(links.map { $0 + "\n" }.joined().utf8))

    let configuration = try DeepLinkAssembly.configuration(market: nil)
    let failing = links.indices.filter { ![.routed, .external].contains(configuration.decide(links[$0]).outcome) }
    #expect(failing.count > CheckTally.listedFailures)
    #expect(result.error.contains("deeplink check: \(links.count) links in"))
    #expect(result.error.contains("; \(failing.count) failing lines"))
    let listed = result.error.split(separator: "\n").filter { $0.hasPrefix("  line ") }.map {
      Int($0.dropFirst(7).prefix { $0 != ":" })
    }
    #expect(listed == failing.prefix(CheckTally.listedFailures).map { $0 + 1 })
    #expect(result.error.contains("… and \(failing.count - CheckTally.listedFailures) more"))
  }
}

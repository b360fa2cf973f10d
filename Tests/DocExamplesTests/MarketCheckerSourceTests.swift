import Foundation
import Testing

/// `Sources/MarketChecker/main.swift` is what `scripts/generate-market-checker.sh` writes: one
/// block for every market identifier of two uppercase letters, in order, each compiled only
/// under its market's condition, so every market of Package.swift's list is checked when built.
@Suite struct MarketCheckerSourceTests {
  static let source = DocBlocksTests.repository.appendingPathComponent("Sources/MarketChecker/main.swift")

  @Test("the checker's list has one block per identifier AA…ZZ, in order, each naming its own market")
  func everyIdentifierOnce() throws {
    let lines = try String(contentsOf: Self.source, encoding: .utf8).components(separatedBy: "\n")
    let letters = (UnicodeScalar("A").value...UnicodeScalar("Z").value).map { String(UnicodeScalar($0)!) }
    let ids = letters.flatMap { first in letters.map { first + $0 } }
    let expected = ids.flatMap { id in
      ["#if MARKET_\(id)", "  import Market\(id)", "  markets[\"\(id)\"] = Market\(id).\(id)Market()", "#endif"]
    }
    let blocks = lines.filter {
      $0.hasPrefix("#if ") || $0.hasPrefix("  import ") || $0.hasPrefix("  markets[") || $0 == "#endif"
    }
    #expect(blocks.count == 676 * 4)
    #expect(blocks == expected)
    #expect(lines.contains("MarketCheck.main(markets: markets)"))
  }

  @Test(
    "Package.swift defines the condition of every market of its list for the checker, and the list's identifiers are two letters"
  )
  func packageDefinesConditions() throws {
    let manifest = try String(
      contentsOf: DocBlocksTests.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
    #expect(manifest.contains(#"swiftSettings: markets.map { .define("MARKET_\($0)") }"#))
    let list = try #require(manifest.components(separatedBy: "\n").first { $0.hasPrefix("let markets = [") })
    let ids = list.dropFirst("let markets = [".count).dropLast().split(separator: ",").map {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
    }
    #expect(!ids.isEmpty)
    for id in ids { #expect(id.count == 2 && id.allSatisfy { $0.isASCII && $0.isUppercase }, "market `\(id)`") }
  }
}

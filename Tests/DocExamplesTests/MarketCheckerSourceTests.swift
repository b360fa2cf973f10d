import Foundation
import Testing

/// `Sources/MarketChecker/Markets/Markets<L>.swift` and `main.swift` are what
/// `scripts/generate-market-checker.sh` writes: one block for every market identifier of two
/// uppercase letters, in order, each compiled only under its market's condition, so every market
/// of Package.swift's list is checked when built.
@Suite struct MarketCheckerSourceTests {
  static let folder = DocBlocksTests.repository.appendingPathComponent("Sources/MarketChecker")
  static let letters = (UnicodeScalar("A").value...UnicodeScalar("Z").value).map { String(UnicodeScalar($0)!) }

  @Test("the checker's list has one block per identifier AA…ZZ, in order, each naming its own market")
  func everyIdentifierOnce() throws {
    for first in Self.letters {
      let file = Self.folder.appendingPathComponent("Markets/Markets\(first).swift")
      let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
      let ids = Self.letters.map { first + $0 }
      let imports = ids.flatMap { ["#if MARKET_\($0)", "  import Market\($0)", "#endif"] }
      let entries = ids.flatMap {
        ["  #if MARKET_\($0)", "    markets[\"\($0)\"] = Market\($0).\($0)Market()", "  #endif"]
      }
      let importBlocks = lines.filter { $0.hasPrefix("#if ") || $0.hasPrefix("  import ") || $0 == "#endif" }
      let entryBlocks = lines.filter { $0.hasPrefix("  #if ") || $0.hasPrefix("    markets[") || $0 == "  #endif" }
      #expect(importBlocks == imports, "Markets\(first).swift")
      #expect(entryBlocks == entries, "Markets\(first).swift")
      #expect(lines.contains("func markets\(first)() -> [String: any MarketModule] {"))
    }
    let main = try String(contentsOf: Self.folder.appendingPathComponent("main.swift"), encoding: .utf8)
      .components(separatedBy: "\n")
    #expect(
      main.filter { $0.hasPrefix("markets.merge(") }
        == Self.letters.map {
          "markets.merge(markets\($0)()) { first, _ in first }"
        })
    #expect(main.last(where: { !$0.isEmpty }) == "MarketCheck.main(markets: markets)")
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

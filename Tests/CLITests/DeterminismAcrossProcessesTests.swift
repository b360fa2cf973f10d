import DeepLinkComposition
import Foundation
import Testing

/// Every process gets its own hash seed (Swift randomises `Hasher` per process unless
/// `SWIFT_DETERMINISTIC_HASHING` is set): the compiled table and the decisions must not depend on it.
@Suite struct DeterminismAcrossProcessesTests {
  @Test("the route table and the decisions are the same in every process", arguments: MarketCatalogue.ids)
  func sameAcrossProcesses(market: String) throws {
    let file = "Markets/\(market)/Examples/links.txt"
    var tables: Set<String> = []
    var decisions: Set<String> = []
    for _ in 0..<4 {
      tables.insert(try ToolProcess.run(["routes", "--json", "--market", market]).output)
      decisions.insert(try ToolProcess.run(["check", "--format", "jsonl", "--market", market, file]).output)
    }
    #expect(tables.count == 1)
    #expect(decisions.count == 1)
    #expect(decisions.first.map { !$0.isEmpty } == true)
  }
}

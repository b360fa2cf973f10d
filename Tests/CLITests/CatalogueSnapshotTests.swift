import DeepLinkCLI
import DeepLinkComposition
import DeepLinkTools
import Foundation
import Testing

/// Each market's committed link catalogue (`Markets/<ID>/Examples/catalogue.md`) is the one the
/// current build writes, for every market of the catalogue (a new market included), so a pull
/// request that changes a link shows it in the file.
@Suite struct CatalogueSnapshotTests {
  /// The catalogue the current build writes for `market`.
  static func current(_ market: String) throws -> LinkCatalogue {
    let examples = try SnapshotFiles.examples(market: market, root: ToolProcess.repository.path)
    return try LinkCatalogue(
      market: market, configuration: try DeepLinkAssembly.configuration(market: market), examples: examples)
  }

  /// What differs between two texts, line by line: the first few differing lines, with their numbers.
  static func differences(stored: String, current: String) -> [String] {
    let old = stored.split(separator: "\n", omittingEmptySubsequences: false)
    let new = current.split(separator: "\n", omittingEmptySubsequences: false)
    var result: [String] = []
    for index in 0..<max(old.count, new.count) {
      let before = index < old.count ? String(old[index]) : "(no line)"
      let after = index < new.count ? String(new[index]) : "(no line)"
      if before != after { result.append("line \(index + 1): committed `\(before)`, now `\(after)`") }
    }
    return result
  }

  @Test("each market's committed catalogue.md is the one the build writes", arguments: MarketCatalogue.ids)
  func committedCatalogue(market: String) throws {
    let file = ToolProcess.repository.appendingPathComponent("Markets/\(market)/Examples/catalogue.md")
    let command = CatalogueFiles.updateCommand(market: market)
    guard let stored = try? String(contentsOf: file, encoding: .utf8) else {
      Issue.record(Comment(rawValue: CatalogueFiles.missingMessage(market: market)))
      return
    }
    let differences = Self.differences(stored: stored, current: try Self.current(market).markdown)
    #expect(
      differences.isEmpty,
      """
      Markets/\(market)/Examples/catalogue.md differs from what the build writes (\(differences.count) lines), \
      first: \(differences.prefix(5).joined(separator: "; ")); review the change and accept it with `\(command)`
      """)
  }

  @Test("every example of every market decides as its catalogue says", arguments: MarketCatalogue.ids)
  func examplesDecideAsStated(market: String) throws {
    let configuration = try DeepLinkAssembly.configuration(market: market)
    let catalogue = try Self.current(market)
    #expect(catalogue.examples.count >= catalogue.entries.count)
    for entry in catalogue.entries {
      for example in entry.examples {
        let decision = configuration.decide(example.link)
        #expect(decision.outcome == .routed && decision.route?.description == entry.pattern, "\(example.link)")
        #expect(example.barriers == decision.barriers.map(\.rawValue), "\(example.link)")
        #expect(try QRCode(encoding: example.link) == example.qrCode)
      }
    }
  }

  @Test("a market without a committed catalogue is told the file and the command to run")
  func missingMessage() {
    #expect(
      CatalogueFiles.missingMessage(market: "ZZ")
        == "market ZZ has no committed Markets/ZZ/Examples/catalogue.md; run "
        + "`swift run deeplink catalogue --market ZZ --update` from the package root and commit the file")
  }

  @Test("a difference names the line, the committed text and the new one")
  func differenceMessage() {
    let found = Self.differences(stored: "a\nb\nc\n", current: "a\nB\nc\n")
    #expect(found == ["line 2: committed `b`, now `B`"])
  }
}

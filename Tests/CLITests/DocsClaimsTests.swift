import DeepLinkComposition
import DeepLinkCore
import Foundation
import Testing

@testable import DeepLinkCLI

/// Claims the README and `Docs/` make about behaviour, each checked (issue 15, item 9).
@Suite struct DocsClaimsTests {
  @Test("every example link in the README's opening paragraph is routed by the platform or a market")
  func readmeExampleLinksRoute() throws {
    let readme = try String(contentsOf: ToolProcess.repository.appendingPathComponent("README.md"), encoding: .utf8)
    let opening = readme.components(separatedBy: "\n\n").prefix(2).joined(separator: "\n")
    let links = opening.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
      .filter { $0.contains("://") }
    #expect(links.count >= 4, "\(links)")
    let configurations = try ([nil] + MarketCatalogue.ids).map { try DeepLinkAssembly.configuration(market: $0) }
    for link in links {
      #expect(configurations.contains { $0.decide(link).outcome == .routed }, "`\(link)` is routed nowhere")
    }
  }
}

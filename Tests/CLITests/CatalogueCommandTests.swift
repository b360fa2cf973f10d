import DeepLinkCLI
import DeepLinkComposition
import Foundation
import Testing

/// `deeplink catalogue`, run as a built binary.
@Suite struct CatalogueCommandTests {
  @Test("Markdown on standard output is the committed catalogue", arguments: MarketCatalogue.ids)
  func markdown(market: String) throws {
    let result = try ToolProcess.run(["catalogue", "--market", market])
    #expect(result.status == 0, "\(result.error)")
    let committed = try? String(
      contentsOf: ToolProcess.repository.appendingPathComponent("Markets/\(market)/Examples/catalogue.md"),
      encoding: .utf8)
    #expect(result.output == committed, "regenerate with `\(CatalogueFiles.updateCommand(market: market))`")
    // No QR codes in Markdown (the HTML has them); the commands sit in a collapsed block.
    #expect(!result.output.contains("<svg") && result.output.contains("<details><summary>Commands</summary>"))
  }

  @Test("HTML is one self-contained page: viewport, search box, an inline SVG QR code per example, nothing fetched")
  func html() throws {
    let result = try ToolProcess.run(["catalogue", "--market", "CA", "--format", "html"])
    #expect(result.status == 0, "\(result.error)")
    let page = result.output
    let catalogue = try CatalogueSnapshotTests.current("CA")
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
    #expect(page.contains("<input type=\"search\""))
    #expect(page.contains("flex-wrap:wrap"))
    #expect(page.contains("<script>") && page.contains("addEventListener('input'"))
    #expect(page.components(separatedBy: "<svg ").count - 1 == catalogue.examples.count)
    #expect(page.components(separatedBy: "class=\"example\"").count - 1 == catalogue.examples.count)
    // Nothing is loaded from elsewhere: no src, no stylesheet link, no url() and no import.
    for forbidden in [" src=", "<link", "url(", "@import", "<img", "<iframe"] {
      #expect(!page.contains(forbidden), "\(forbidden)")
    }
    #expect(page.contains("xcrun simctl openurl booted &#39;https://shop.example.ca/fr/panier&#39;"))
  }

  @Test("--update writes Markets/<ID>/Examples/catalogue.md where it runs")
  func update() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("catalogue-\(UUID().uuidString)")
    let examples = directory.appendingPathComponent("Markets/MX/Examples")
    try FileManager.default.createDirectory(at: examples, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.copyItem(
      at: ToolProcess.repository.appendingPathComponent("Markets/MX/Examples/links.txt"),
      to: examples.appendingPathComponent("links.txt"))
    let result = try ToolProcess.run(["catalogue", "--market", "MX", "--update"], directory: directory)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("Markets/MX/Examples/catalogue.md"))
    let written = try String(contentsOf: examples.appendingPathComponent("catalogue.md"), encoding: .utf8)
    let committed = try String(
      contentsOf: ToolProcess.repository.appendingPathComponent("Markets/MX/Examples/catalogue.md"), encoding: .utf8)
    #expect(written == committed)
  }

  @Test(
    "usage errors exit 64",
    arguments: [
      ["catalogue"], ["catalogue", "--market", "XX"], ["catalogue", "--market", "CA", "--format", "pdf"],
      ["catalogue", "--market", "CA", "--format", "html", "--update"], ["catalogue", "--market", "CA", "extra"],
    ])
  func usage(arguments: [String]) throws {
    let result = try ToolProcess.run(arguments)
    #expect(result.status == 64)
    #expect(result.error.contains("USAGE: deeplink catalogue --market ID [--format md|html] [--update]"))
  }

  @Test("without the market's links.txt (not at the package root) the command says so and exits 65")
  func notAtTheRoot() throws {
    let result = try ToolProcess.run(
      ["catalogue", "--market", "CA"], directory: FileManager.default.temporaryDirectory)
    #expect(result.status == 65)
    #expect(result.error.contains("Markets/CA/Examples/links.txt") && result.error.contains("package root"))
  }
}

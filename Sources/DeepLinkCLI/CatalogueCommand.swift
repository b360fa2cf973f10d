import DeepLinkComposition
import DeepLinkTools
import Foundation

/// `deeplink catalogue --market ID [--format md|html] [--update]`: every route of the market with
/// an example link per rule, whether iOS and Android claim it, the tester's commands and (HTML) a
/// QR code per example; `--update` writes `Markets/<ID>/Examples/catalogue.md`.
enum CatalogueCommand {
  static func run(_ parsed: ParsedCommand, environment: ToolEnvironment) throws -> ExitStatus {
    let selection = try MarketSelection.resolve(parsed, environment: environment)
    guard let market = selection.id else { throw UsageError("--market is required", command: .catalogue) }
    let format = parsed.value("--format") ?? "md"
    if parsed.has("--update"), format != "md" {
      throw UsageError("--update writes the committed Markdown; leave out --format \(format)", command: .catalogue)
    }
    let examples: [String]
    do {
      examples = try SnapshotFiles.examples(market: market)
    } catch {
      throw CommandFailure(message: error.description, status: .unreadableInput)
    }
    let catalogue: LinkCatalogue
    do {
      catalogue = try LinkCatalogue(market: market, configuration: selection.configuration, examples: examples)
    } catch {
      throw CommandFailure(message: error.description, status: .failure)
    }
    if parsed.has("--update") {
      let file = CatalogueFiles.markdown(market: market)
      try catalogue.markdown.write(toFile: file, atomically: true, encoding: .utf8)
      environment.standardOutput.write(
        "\(file): \(catalogue.entries.count) routes, \(catalogue.examples.count) examples written\n")
      return .success
    }
    environment.standardOutput.write(format == "html" ? catalogue.html : catalogue.markdown)
    return .success
  }
}

/// Where a market's committed catalogue is, relative to the package root.
package enum CatalogueFiles {
  /// `Markets/<ID>/Examples/catalogue.md`.
  package static func markdown(market: String, root: String = ".") -> String {
    "\(root)/Markets/\(market)/Examples/catalogue.md"
  }

  /// `Markets/<ID>/Examples/links.txt`.
  static func exampleLinks(market: String, root: String = ".") -> String {
    "\(root)/Markets/\(market)/Examples/links.txt"
  }

  /// What a test says when `market` has no committed catalogue: the file and the command to run.
  package static func missingMessage(market: String) -> String {
    "market \(market) has no committed Markets/\(market)/Examples/catalogue.md; run `\(updateCommand(market: market))` "
      + "from the package root and commit the file"
  }

  /// The command that rewrites the committed catalogue of `market`.
  package static func updateCommand(market: String) -> String {
    "swift run deeplink catalogue --market \(market) --update"
  }
}

import DeepLinkComposition
import Foundation

/// `deeplink snapshot [--market ID] [--update]`: compares the decision snapshot of a market (or
/// of the platform, against every market composition) with its file, or rewrites the file.
enum SnapshotCommand {
  static func run(_ parsed: ParsedCommand, environment: ToolEnvironment) throws -> ExitStatus {
    let market = try MarketSelection.marketID(parsed)
    let file = SnapshotFiles.snapshot(market: market)
    let current: DecisionSnapshot
    do {
      current = try DecisionSnapshot(market: market, examples: try SnapshotFiles.examples(market: market))
    } catch let error as CompositionError {
      throw CommandFailure(error)
    }
    if parsed.has("--update") {
      try FileManager.default.createDirectory(
        at: URL(fileURLWithPath: file).deletingLastPathComponent(), withIntermediateDirectories: true)
      try current.text.write(toFile: file, atomically: true, encoding: .utf8)
      environment.standardOutput.write("\(file): \(current.lines.count) links written\n")
      return .success
    }
    guard let stored = try? String(contentsOfFile: file, encoding: .utf8) else {
      throw CommandFailure(
        message: "no snapshot at \(file); run `deeplink snapshot\(market.map { " --market \($0)" } ?? "") --update`",
        status: .failure)
    }
    let storedSnapshot = DecisionSnapshot(text: stored)
    var differences = current.differences(from: storedSnapshot).map { "  - \($0)\n" }
    if market == nil {
      // No market may change a platform link's decision.
      for id in MarketCatalogue.ids {
        let composed = try DecisionSnapshot.platform(composedWith: id)
        differences += composed.differences(from: storedSnapshot).map { "  - with market \(id): \($0)\n" }
      }
    }
    if differences.isEmpty {
      environment.standardOutput.write("\(file): \(current.lines.count) links, no difference\n")
      return .success
    }
    environment.standardOutput.write(
      "\(file): \(differences.count) difference\(differences.count == 1 ? "" : "s")\n" + differences.joined()
        + "accept them with `deeplink snapshot\(market.map { " --market \($0)" } ?? "") --update`\n")
    return .failure
  }
}

/// Where the snapshot files and example links are, relative to the package root.
package enum SnapshotFiles {
  /// `Markets/<ID>/Examples/snapshot.txt`, or `Snapshots/platform.txt` for the platform.
  package static func snapshot(market: String?, root: String = ".") -> String {
    market.map { "\(root)/Markets/\($0)/Examples/snapshot.txt" } ?? "\(root)/Snapshots/platform.txt"
  }

  /// The links of `Markets/<ID>/Examples/links.txt` (the part before a tab; comments and blank
  /// lines skipped); none for the platform.
  package static func examples(market: String?, root: String = ".") throws -> [String] {
    guard let market else { return [] }
    return DecisionSnapshot.exampleLinks(
      in: try String(contentsOfFile: "\(root)/Markets/\(market)/Examples/links.txt", encoding: .utf8))
  }
}

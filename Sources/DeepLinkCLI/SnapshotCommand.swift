import DeepLinkComposition
import DeepLinkTools
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
    } catch let error as ExampleLinksError {
      throw CommandFailure(message: error.description, status: .unreadableInput)
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
    // A difference quotes links of links.txt and the stored file: escaped as every output is.
    var differences = current.differences(from: storedSnapshot).map { "  - \(SafeText.visible($0))\n" }
    if market == nil {
      // No market may change a platform link's decision.
      for id in MarketCatalogue.ids {
        let composed = try DecisionSnapshot.platform(composedWith: id)
        differences += composed.differences(from: storedSnapshot).map {
          "  - with market \(id): \(SafeText.visible($0))\n"
        }
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
  ///
  /// - Throws: ``ExampleLinksError``: the file cannot be read, or where it is not UTF-8.
  package static func examples(market: String?, root: String = ".") throws(ExampleLinksError) -> [String] {
    guard let market else { return [] }
    let path = CatalogueFiles.exampleLinks(market: market, root: root)
    guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
    let bytes = [UInt8](data)
    guard let text = String.validUTF8(bytes) else {
      let offset = firstInvalidUTF8(bytes)
      throw .notUTF8(path: path, line: bytes[..<offset].lazy.filter { $0 == 0x0A }.count + 1, offset: offset)
    }
    return DecisionSnapshot.exampleLinks(in: text)
  }

  /// The offset of the first byte of `bytes` that does not begin a valid UTF-8 sequence.
  private static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput, .error: return offset
      }
    }
  }
}

/// Why a market's example links cannot be read.
package enum ExampleLinksError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file is missing or unreadable (the tool runs from the package root).
  case unreadable(path: String)
  /// The file is not UTF-8: the 1-based line and the 0-based byte offset in the file of the first
  /// byte that is not.
  case notUTF8(path: String, line: Int, offset: Int)

  package var description: String {
    switch self {
    case .unreadable(let path):
      "cannot read \(path); run from the package root"
    case .notUTF8(let path, let line, let offset):
      "\(path) line \(line) (byte offset \(offset)) is not UTF-8; save the file as UTF-8 "
        + "(write a link's other bytes percent-encoded)"
    }
  }
}

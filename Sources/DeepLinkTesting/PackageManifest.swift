import Foundation

/// Facts read from the package's own files, for tests that must follow the package as it is
/// (every market of the list, each market's example links).
package enum PackageManifest {
  /// The package's root folder (where `Package.swift` is).
  package static var root: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// The words of `Package.swift`'s `let markets = [...]` list, in order.
  ///
  /// - Throws: when the file cannot be read or has no such list.
  package static func marketList() throws -> [String] {
    let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    guard let line = manifest.split(separator: "\n").first(where: { $0.hasPrefix("let markets = [") }),
      let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]")
    else { throw CocoaError(.fileReadCorruptFile) }
    return line[line.index(after: open)..<close].split(separator: ",").map {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: " \""))
    }.filter { !$0.isEmpty }
  }

  /// The example links of market `id`: `Markets/<ID>/Examples/links.txt`.
  package static func exampleLinks(market id: String) -> URL {
    root.appendingPathComponent("Markets/\(id)/Examples/links.txt")
  }
}

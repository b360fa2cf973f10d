import Foundation
import Testing

/// Every ```swift block of README.md and Docs/ is compiled: it stands, line for line (indented
/// as a whole as its context needs), in a Swift file of this target or of the example app, which
/// the build compiles and whose tests run it.
@Suite struct DocBlocksTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  struct Block: CustomStringConvertible {
    let file: String
    let line: Int
    let lines: [String]
    var description: String { "\(file):\(line)" }
  }

  /// The ```swift blocks of a Markdown text, with the line each starts on.
  static func blocks(in text: String, file: String) -> [Block] {
    var blocks: [Block] = []
    var current: [String]?
    var start = 0
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      if current == nil, line.hasPrefix("```swift") {
        current = []
        start = index + 2
      } else if current != nil, line.hasPrefix("```") {
        blocks.append(Block(file: file, line: start, lines: current!))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  /// Whether `block` stands in `lines` as consecutive lines, each with the same added indentation.
  static func contains(_ lines: [String], _ block: [String]) -> Bool {
    let trimmed = block.map { $0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
    guard let first = trimmed.first(where: { !$0.isEmpty }), let offset = trimmed.firstIndex(of: first) else {
      return true
    }
    for (index, line) in lines.enumerated() where line.hasSuffix(first) && index >= offset {
      let indent = String(line.dropLast(first.count))
      guard indent.allSatisfy({ $0 == " " }), index - offset + trimmed.count <= lines.count else { continue }
      let candidate = lines[(index - offset)..<(index - offset + trimmed.count)]
      if zip(candidate, trimmed).allSatisfy({ $0.isEmpty ? $1.isEmpty : $0 == ($1.isEmpty ? "" : indent + $1) }) {
        return true
      }
    }
    return false
  }

  static func swiftFiles(under folder: String) -> [[String]] {
    let root = repository.appendingPathComponent(folder)
    guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
    return enumerator.compactMap { $0 as? URL }
      .filter { $0.pathExtension == "swift" && !$0.path.contains("/.build") }
      .compactMap { try? String(contentsOf: $0, encoding: .utf8) }
      .map {
        $0.components(separatedBy: "\n").map {
          $0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
        }
      }
  }

  @Test("every swift block of the README and Docs/ stands in compiled code")
  func everyBlockIsCompiled() throws {
    let documents =
      ["README.md"]
      + (try FileManager.default.contentsOfDirectory(atPath: Self.repository.appendingPathComponent("Docs").path))
      .filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
    let blocks = try documents.flatMap { document in
      Self.blocks(
        in: try String(contentsOf: Self.repository.appendingPathComponent(document), encoding: .utf8), file: document)
    }
    #expect(blocks.count >= 10, "found only \(blocks.count) blocks")
    let sources = Self.swiftFiles(under: "Tests/DocExamplesTests") + Self.swiftFiles(under: "Examples/ShopApp/Sources")
    for block in blocks {
      #expect(
        sources.contains { Self.contains($0, block.lines) },
        "\(block) is not compiled: copy it, line for line, into a file of Tests/DocExamplesTests")
    }
  }

  @Test("the block check finds a block only line for line")
  func checkerCanFail() {
    let file = ["func f() {", "  let a = 1", "", "  let b = 2", "}"]
    #expect(Self.contains(file, ["let a = 1", "", "let b = 2"]))
    #expect(!Self.contains(file, ["let a = 1", "let b = 2"]))
    #expect(!Self.contains(file, ["let a = 2"]))
    #expect(!Self.contains(file, ["let a = 1", "", "let b = 3"]))
    let blocks = Self.blocks(in: "text\n```swift\nlet x = 1\n```\n```sh\nls\n```\n", file: "T.md")
    #expect(blocks.map(\.lines) == [["let x = 1"]])
  }
}

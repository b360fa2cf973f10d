import Foundation
import Testing

/// Every ```swift block of README.md and Docs/ is compiled: it stands, line for line (indented
/// as a whole as its context needs), in a Swift file of this target or of the example app, which
/// the build compiles and whose tests run it. So does every ```swift block in the doc comments
/// (`///` lines, read without the `/// `) of the Swift files of Sources/ and Markets/*/Sources/,
/// in a Swift file of this target.
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

  /// The ```swift blocks of the doc comments (`///` lines) of a Swift text, each line without
  /// its indentation and `/// ` (or `///`), with the line each starts on.
  static func commentBlocks(in text: String, file: String) -> [Block] {
    var blocks: [Block] = []
    var current: [String]?
    var start = 0
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      let comment = line.drop { $0 == " " }
      guard comment.hasPrefix("///") else {
        current = nil
        continue
      }
      var body = comment.dropFirst(3)
      if body.first == " " { body = body.dropFirst() }
      if current == nil, body.hasPrefix("```swift") {
        current = []
        start = index + 2
      } else if current != nil, body.hasPrefix("```") {
        blocks.append(Block(file: file, line: start, lines: current!))
        current = nil
      } else {
        current?.append(String(body))
      }
    }
    return blocks
  }

  /// The paths, from the repository, of the Swift files under `folder`, sorted.
  static func swiftPaths(under folder: String) -> [String] {
    let root = repository.appendingPathComponent(folder)
    guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
    return enumerator.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") && !$0.contains(".build") }
      .map { folder + "/" + $0 }.sorted()
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

  @Test("every swift block of a doc comment in Sources/ and Markets/ stands in compiled code")
  func everyCommentBlockIsCompiled() throws {
    let markets = try FileManager.default.contentsOfDirectory(
      atPath: Self.repository.appendingPathComponent("Markets").path
    ).sorted().map { "Markets/" + $0 + "/Sources" }
    let files = (["Sources"] + markets).flatMap { Self.swiftPaths(under: $0) }
    let blocks = try files.flatMap { file in
      Self.commentBlocks(
        in: try String(contentsOf: Self.repository.appendingPathComponent(file), encoding: .utf8), file: file)
    }
    #expect(blocks.count >= 50, "found only \(blocks.count) blocks")
    let sources = Self.swiftFiles(under: "Tests/DocExamplesTests")
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
    let comment =
      "/// Text.\n///\n/// ```swift\n/// let y = 2\n///\n///   f(y)\n/// ```\nlet z = 3\n// ```swift\n// no\n"
    let commentBlocks = Self.commentBlocks(in: "  " + comment, file: "T.swift")
    #expect(commentBlocks.map(\.lines) == [["let y = 2", "", "  f(y)"]])
    #expect(commentBlocks.map(\.line) == [4])
  }
}

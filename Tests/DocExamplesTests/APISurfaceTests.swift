import Foundation
import Testing

/// Docs/API.md lists the public surface of every library target, one section per target: each
/// top-level public declaration once, and nothing that is not one.
@Suite struct APISurfaceTests {
  static let targets: [(name: String, path: String)] = [
    ("DeepLinkCore", "Sources/DeepLinkCore"), ("DeepLinkNavigation", "Sources/DeepLinkNavigation"),
    ("PlatformLinks", "Sources/PlatformLinks"), ("DeepLinkComposition", "Sources/DeepLinkComposition"),
    ("MarketComposition", "Sources/MarketComposition"),
    ("DeepLinkApple", "Sources/DeepLinkApple"), ("DeepLinkTesting", "Sources/DeepLinkTesting"),
  ]

  /// The text of each Swift file under `path`.
  static func swiftTexts(under path: String) -> [String] {
    let root = DocBlocksTests.repository.appendingPathComponent(path)
    let files =
      FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
    return files.filter { $0.pathExtension == "swift" }.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
  }

  /// The names of the top-level public declarations in the Swift files under `path`.
  static func publicNames(under path: String) -> Set<String> {
    let declaration = try! NSRegularExpression(
      pattern:
        #"^(?:@\w+(?:\([^)]*\))?\s+)*public\s+(?:final\s+)?(?:struct|enum|class|protocol|actor|typealias|func|let|var)\s+([A-Za-z_][A-Za-z0-9_]*)"#,
      options: [.anchorsMatchLines])
    var names: Set<String> = []
    for text in swiftTexts(under: path) {
      for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        if let name = Range(match.range(at: 1), in: text) { names.insert(String(text[name])) }
      }
    }
    return names
  }

  /// How many declarations, top-level or members, the Swift files under `path` make public: the
  /// lines that start with `public`, after any attributes.
  static func publicDeclarationCount(under path: String) -> Int {
    let declaration = try! NSRegularExpression(
      pattern: #"^[ \t]*(?:@\w+(?:\([^)]*\))?\s+)*public\b"#, options: [.anchorsMatchLines])
    return swiftTexts(under: path).reduce(0) {
      $0 + declaration.numberOfMatches(in: $1, range: NSRange($1.startIndex..., in: $1))
    }
  }

  @Test("the libraries make at most 500 declarations public, DeepLinkCore at most 250 (Docs/API.md)")
  func surfaceStaysSmall() {
    let counts = Dictionary(
      uniqueKeysWithValues: Self.targets.map { ($0.name, Self.publicDeclarationCount(under: $0.path)) })
    #expect(counts["DeepLinkCore", default: 0] > 0)
    #expect(
      counts["DeepLinkCore", default: 0] <= 250,
      "DeepLinkCore: \(counts["DeepLinkCore", default: 0]) public declarations")
    let total = counts.values.reduce(0, +)
    #expect(total <= 500, "\(total) public declarations: \(counts.sorted { $0.key < $1.key })")
  }

  /// The names API.md lists under each `## Target` heading: the first `code` span of each item.
  static func documentedNames() throws -> [String: [String]] {
    let text = try String(contentsOf: DocBlocksTests.repository.appendingPathComponent("Docs/API.md"), encoding: .utf8)
    var sections: [String: [String]] = [:]
    var current: String?
    for line in text.components(separatedBy: "\n") {
      if line.hasPrefix("## ") {
        current = String(line.dropFirst(3)).trimmingCharacters(in: CharacterSet(charactersIn: "` "))
        sections[current!] = []
      } else if let current, line.hasPrefix("- `") {
        let name = line.dropFirst(3).prefix { $0 != "`" }
        sections[current, default: []].append(String(name))
      }
    }
    return sections
  }

  @Test("API.md lists every public declaration of each library target once, and nothing else")
  func apiDocumentIsComplete() throws {
    let documented = try Self.documentedNames()
    for target in Self.targets {
      let listed = documented[target.name] ?? []
      let actual = Self.publicNames(under: target.path)
      #expect(!actual.isEmpty, "no public declaration found in \(target.path)")
      #expect(Set(listed).count == listed.count, "\(target.name): listed twice in API.md")
      #expect(
        actual.subtracting(listed).sorted() == [], "\(target.name): public but missing from Docs/API.md")
      #expect(
        Set(listed).subtracting(actual).sorted() == [], "\(target.name): in Docs/API.md but not public")
    }
  }
}

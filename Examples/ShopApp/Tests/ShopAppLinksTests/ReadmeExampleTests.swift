import Foundation
import Testing

/// The root README's "In an app" code is this example's `AppLinks.swift`, so it compiles.
@Suite struct ReadmeExampleTests {
  static let exampleRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test("the README's \"In an app\" block is AppLinks.swift, verbatim")
  func readmeBlockIsTheExample() throws {
    let readme = try String(
      contentsOf: Self.exampleRoot.appendingPathComponent("../../README.md").standardizedFileURL, encoding: .utf8)
    let source = try String(
      contentsOf: Self.exampleRoot.appendingPathComponent("Sources/ShopAppLinks/AppLinks.swift"), encoding: .utf8)
    let section = try #require(readme.range(of: "## In an app\n"))
    let rest = readme[section.upperBound...]
    let open = try #require(rest.range(of: "```swift\n"))
    let close = try #require(rest[open.upperBound...].range(of: "\n```\n"))
    let block = String(rest[open.upperBound..<close.lowerBound]) + "\n"
    #expect(block == source)
  }
}

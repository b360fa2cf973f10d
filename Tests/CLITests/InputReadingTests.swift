import Foundation
import Testing

/// Every command reads its input lines alike, and says where input it cannot read went wrong.
@Suite struct InputReadingTests {
  @Test("aasa --verify reads lines as check does: a bare CR is part of the link, not a line break")
  func verifyBareCR() throws {
    let links =
      "https://shop.example.ca/fr/panier\rhttps://shop.example.ca/en/cart\nhttps://shop.example.ca/en/cart\r\n"
    let verify = try ToolProcess.run(["aasa", "--market", "CA", "--verify", "-"], input: Data(links.utf8))
    #expect(verify.error.contains("2 links checked, 0 skipped"), "\(verify.error)")
    #expect(!(verify.output + verify.error).contains("\r"))
    let check = try ToolProcess.run(["check", "--market", "CA", "--format", "jsonl", "-"], input: Data(links.utf8))
    let lines = try ToolProcess.jsonLines(check.output)
    #expect(lines.count == 2)
    #expect(lines.first?["outcome"] as? String == "notFound")
    #expect(lines.first?["reason"] as? String == "controlCharacter")
    // The link the two read as one is judged whole: the router refuses it.
    if verify.output.isEmpty == false {
      #expect(verify.output.contains("\\u{D}"), "\(verify.output)")
    }
  }

  @Test("aasa --verify keeps spaces around a link as check does, and skips comments and blank lines")
  func verifySpaces() throws {
    let links = "# comment\n\n \t \n  https://shop.example.ca/fr/panier\nhttps://shop.example.ca/fr/panier\n"
    let verify = try ToolProcess.run(["aasa", "--market", "CA", "--verify", "-"], input: Data(links.utf8))
    #expect(verify.error.contains("1 links checked, 1 skipped"), "\(verify.error)")
  }

  @Test("catalogue names the line and byte offset of links.txt that is not UTF-8, exit 65")
  func catalogueNotUTF8() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("catalogue-\(UUID().uuidString)")
    let examples = root.appendingPathComponent("Markets/CA/Examples")
    try FileManager.default.createDirectory(at: examples, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    var bytes = Array("# links\nhttps://shop.example.ca/fr/panier\nhttps://shop.example.ca/en/ip/a".utf8)
    let offset = bytes.count
    bytes += [0xFF, 0x41, 0x0A]
    try Data(bytes).write(to: examples.appendingPathComponent("links.txt"))
    for arguments in [["catalogue", "--market", "CA"], ["snapshot", "--market", "CA"]] {
      let result = try ToolProcess.run(arguments, directory: root)
      #expect(result.status == 65, "\(result.error)")
      #expect(result.error.contains("links.txt line 3 (byte offset \(offset)) is not UTF-8"), "\(result.error)")
      #expect(!result.error.contains("run from the package root"))
    }
    let missing = try ToolProcess.run(["catalogue", "--market", "MX"], directory: root)
    #expect(missing.status == 65)
    #expect(missing.error.contains("run from the package root"), "\(missing.error)")
  }
}

import Foundation
import Testing

/// No argument and no file can add, end or reorder a line of what the tool writes (`Docs/CLI.md`,
/// "Output safety"): every message echoes them escaped, whatever command and whatever character.
@Suite struct ArgumentEscapingTests {
  /// Characters that end a line for a terminal or a line-splitting tool, move the cursor, or
  /// reorder or hide text.
  static let characters: [Unicode.Scalar] = [
    "\n", "\r", "\u{0B}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{2028}", "\u{2029}", "\u{202E}", "\u{2066}",
  ]

  /// Command lines with one argument (`§`) that the tool echoes in a message or an output.
  static let commandLines: [[String]] = [
    ["route", "--market", "§", "shop://cart"],
    ["route", "--jso§n", "shop://cart"],
    ["route", "--policy", "/nonexistent/§.json", "shop://cart"],
    ["explain", "--market", "§", "shop://cart"],
    ["check", "/nonexistent/§.txt"],
    ["check", "--policy", "/nonexistent/§.json", "-"],
    ["check", "--format", "§", "-"],
    ["link", "--market", "CA", "--locale", "§", "product", "id=1"],
    ["link", "--market", "CA", "product", "§=1"],
    ["link", "--market", "CA", "§"],
    ["link", "--market", "CA", "product", "id=1§"],
    ["aasa", "--market", "CA", "--app-id", "§"],
    ["aasa", "--market", "CA", "--verify", "/nonexistent/§.txt"],
    ["assetlinks", "--market", "CA", "--package", "com.example.shop", "--fingerprint", "§"],
    ["assetlinks", "--market", "CA", "--package", "§", "--fingerprint", String(repeating: "AB:", count: 31) + "AB"],
    ["policy", "check", "/nonexistent/§.json", "--market", "CA"],
    ["policy", "§", "x.json", "--market", "CA"],
    ["catalogue", "--market", "CA", "--format", "§"],
    ["routes", "--market", "§"],
    ["validate", "--market", "§"],
    ["snapshot", "--market", "§"],
    ["intent-filters", "--market", "§"],
    ["§"],
  ]

  /// What no line of `text` may do: begin with the forged text, or hold `scalar` raw (a line feed
  /// only ends the tool's own lines).
  static func expectNoForgery(_ text: String, scalar: Unicode.Scalar, command: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for line in lines {
      #expect(!line.hasPrefix("FORGED"), "\(command): a line was forged:\n\(text)")
      if scalar != "\n" {
        #expect(!line.unicodeScalars.contains(scalar), "\(command) writes U+\(String(scalar.value, radix: 16)) raw")
      }
    }
  }

  @Test(
    "an argument's line break, control, C1, separator or bidi control is escaped in every message",
    arguments: commandLines.indices)
  func argument(index: Int) throws {
    for scalar in Self.characters {
      let hostile = "x" + String(scalar) + "FORGED: deeplink ok"
      let arguments = Self.commandLines[index].map { $0.replacingOccurrences(of: "§", with: hostile) }
      let result = try ToolProcess.run(arguments, input: Data())
      let command = arguments.joined(separator: " ")
      #expect(result.status != 0, "\(command) succeeded")
      #expect(!(result.output + result.error).isEmpty, "\(command) printed nothing")
      Self.expectNoForgery(result.output, scalar: scalar, command: command)
      Self.expectNoForgery(result.error, scalar: scalar, command: command)
    }
  }

  /// A policy document whose reason carries `scalar`, written as a JSON escape.
  static func policy(reason scalar: Unicode.Scalar) throws -> String {
    let escape = String(format: "\\u%04x", scalar.value)
    return try PolicyCommandTests.file(
      #"{"version": "1", "market": "CA", "disable": [{"route": "flyer", "reason": "a"#
        + escape + #"FORGED b"}]}"#)
  }

  @Test("a policy's reason is escaped in policy check, route, explain, check and the association file")
  func policyReason() throws {
    for scalar in Self.characters {
      let path = try Self.policy(reason: scalar)
      let runs: [[String]] = [
        ["policy", "check", path, "--market", "CA"],
        ["route", "--market", "CA", "--policy", path, "https://shop.example.ca/en/flyer/7"],
        ["route", "--json", "--market", "CA", "--policy", path, "https://shop.example.ca/en/flyer/7"],
        ["explain", "--market", "CA", "--policy", path, "https://shop.example.ca/en/flyer/7"],
        ["aasa", "--market", "CA", "--policy", path, "--app-id", "ABCDE12345.com.example.shop"],
      ]
      for arguments in runs {
        let result = try ToolProcess.run(arguments)
        let command = arguments.joined(separator: " ")
        #expect(result.status == 0, "\(command): \(result.error)")
        Self.expectNoForgery(result.output, scalar: scalar, command: command)
        Self.expectNoForgery(result.error, scalar: scalar, command: command)
      }
      let jsonl = try ToolProcess.run(
        ["check", "--format", "jsonl", "--market", "CA", "--policy", path, "-"],
        input: Data("https://shop.example.ca/en/flyer/7\n".utf8))
      Self.expectNoForgery(jsonl.output, scalar: scalar, command: "check --format jsonl --policy")
    }
  }

  @Test("a DEL in a link is escaped in every output, JSON included")
  func deleteInLink() throws {
    let link = "shop://cart?x=a\u{7F}b"
    for (command, text) in try OutputSafetyTests.outputs(of: link, market: nil) {
      #expect(!text.unicodeScalars.contains("\u{7F}"), "\(command) writes DEL raw")
    }
    let json = try ToolProcess.run(["route", "--json", link]).output
    #expect(json.contains("\\u007f"), "\(json)")
  }

  @Test("an input that does not parse shows its characters escaped, never as `?`")
  func unparseableInput() throws {
    let link = "shop://ca\u{01}rt"
    let text = try ToolProcess.run(["route", link]).output
    #expect(text.contains("shop://ca\\u{1}rt"), "\(text)")
    let json = try ToolProcess.run(["route", "--json", link]).output
    #expect(json.contains(#""url":"shop://ca\u0001rt""#), "\(json)")
    let check = try ToolProcess.run(["check", "--format", "jsonl", "-"], input: Data((link + "\n").utf8)).output
    #expect(check.contains(#""url":"shop://ca\u0001rt""#), "\(check)")
    for (command, output) in try OutputSafetyTests.outputs(of: link, market: nil) {
      #expect(!output.contains("shop://ca?rt"), "\(command): \(output)")
    }
  }

  @Test("a link file's characters are escaped in aasa --verify, catalogue and snapshot output")
  func linkFiles() throws {
    for scalar in Self.characters where scalar != "\n" {
      let link = "https://shop.example.ca/fr/panier?x=a" + String(scalar) + "FORGED"
      let verify = try ToolProcess.run(["aasa", "--market", "CA", "--verify", "-"], input: Data((link + "\n").utf8))
      Self.expectNoForgery(verify.output, scalar: scalar, command: "aasa --verify")
      Self.expectNoForgery(verify.error, scalar: scalar, command: "aasa --verify")

      let root = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString)")
      let examples = root.appendingPathComponent("Markets/CA/Examples")
      try FileManager.default.createDirectory(at: examples, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: root) }
      try Data((link + "\n").utf8).write(to: examples.appendingPathComponent("links.txt"))
      try Data().write(to: examples.appendingPathComponent("snapshot.txt"))
      for arguments in [["snapshot", "--market", "CA"], ["catalogue", "--market", "CA"]] {
        let result = try ToolProcess.run(arguments, directory: root)
        let command = arguments.joined(separator: " ")
        #expect(!(result.output + result.error).isEmpty, "\(command) printed nothing")
        Self.expectNoForgery(result.output, scalar: scalar, command: command)
        Self.expectNoForgery(result.error, scalar: scalar, command: command)
      }
    }
  }
}

import DeepLinkCore
import Foundation
import Testing

/// What every output of the tool (`route`, `route --json`, `explain`, `check` text and jsonl)
/// shows of a hostile link: secrets redacted by structure, and nothing a terminal or a line-splitting
/// tool would obey (`Docs/CLI.md`, "Output safety").
@Suite struct OutputSafetyTests {
  /// Every output of the tool for `link`, stdout and stderr together, by command.
  static func outputs(of link: String, market: String?) throws -> [(command: String, text: String)] {
    let marketArguments = market.map { ["--market", $0] } ?? []
    var result: [(String, String)] = []
    for arguments in [["route"], ["route", "--json"], ["explain"]] {
      let run = try ToolProcess.run(arguments + marketArguments + [link])
      result.append((arguments.joined(separator: " "), run.output + run.error))
    }
    for format in ["text", "jsonl"] {
      let run = try ToolProcess.run(
        ["check", "--format", format] + marketArguments + ["-"], input: Data((link + "\n").utf8))
      result.append(("check --format \(format)", run.output + run.error))
    }
    return result
  }

  /// A link, the market to decide it in, and the secret values no output may show.
  static let secrets: [(link: String, market: String?, secrets: [String])] = [
    ("https://shop.example.ca/fr/panier?%74oken=zzqsecret1", "CA", ["zzqsecret1"]),
    ("https://shop.example.ca/fr/panier?token=zzqfirst+zzqsecond", "CA", ["zzqfirst", "zzqsecond"]),
    ("shop://cart?token=zzqfirst;zzqsecond", nil, ["zzqfirst", "zzqsecond"]),
    ("shop://cart?api%5Fkey=zzqsecret2&x=1", nil, ["zzqsecret2"]),
    ("shop://cart?access%2Btoken=zzqsecret3", nil, ["zzqsecret3"]),
    ("shop://transaction/t1;token=zzqsecret4", nil, ["zzqsecret4"]),
    ("shop://cart;jsessionid=zzqsecret5", nil, ["zzqsecret5"]),
    ("https://shop.example.ca/fr/panier;jsessionid=zzqsecret6", "CA", ["zzqsecret6"]),
    ("shop://cart#access_%74oken=zzqsecret7&state=zzqsecret8", nil, ["zzqsecret7", "zzqsecret8"]),
    ("javascript:alert(1)?%74oken=zzqsecret9", nil, ["zzqsecret9"]),
    // Issue 28: every field (the url, the rewritten link, parameters), and the names common
    // frameworks filter.
    ("shop://transaction/token=zzqsecret10", nil, ["zzqsecret10"]),
    ("shopca://search?q=a;token=zzqsecret11", "CA", ["zzqsecret11"]),
    ("https://shop.example.ca/fr/recherche?q=a%26token%3Dzzqsecret12", "CA", ["zzqsecret12"]),
    ("shop://cart?api-key=zzqsecret13&x-api-key=zzqsecret14", nil, ["zzqsecret13", "zzqsecret14"]),
    ("shop://cart?X-Amz-Signature=zzqsecret15&X-Amz-Credential=zzqsecret16", nil, ["zzqsecret15", "zzqsecret16"]),
    (
      "shop://cart?sid=zzqsecret17&csrf=zzqsecret18&csrfmiddlewaretoken=zzqsecret19", nil,
      ["zzqsecret17", "zzqsecret18", "zzqsecret19"]
    ),
    ("shop://cart?SAMLResponse=zzqsecret20&private_key=zzqsecret21", nil, ["zzqsecret20", "zzqsecret21"]),
    (
      "shop://cart?passcode=zzqsecret22&cvv=zzqsecret23&pass=zzqsecret24", nil,
      ["zzqsecret22", "zzqsecret23", "zzqsecret24"]
    ),
    ("shop://cart#/callback?code=zzqsecret25&state=zzqsecret26", nil, ["zzqsecret25", "zzqsecret26"]),
    ("https://shop.example.ca/fr/panier#/callback?code=zzqsecret27", "CA", ["zzqsecret27"]),
    // User info the parser refuses: a link kept in the app (its not-found) and one to another host.
    ("https://zzquser:zzqsecret28@shop.example.ca/en/cart", "CA", ["zzqsecret28"]),
    ("https://zzquser:zzqsecret29@attacker.test/en/cart?x=1", nil, ["zzqsecret29"]),
  ]

  @Test(
    "no output shows a secret-bearing value: names compared after decoding, values replaced where they stand",
    arguments: secrets.indices)
  func redactionByStructure(index: Int) throws {
    let row = Self.secrets[index]
    for (command, text) in try Self.outputs(of: row.link, market: row.market) {
      for secret in row.secrets { #expect(!text.contains(secret), "\(command) shows `\(secret)`:\n\(text)") }
      #expect(text.contains("REDACTED"), "\(command):\n\(text)")
    }
    // Telemetry's redaction, through the same structure.
    let telemetry = (try? DeepLink(row.link)).map(LinkRedactor.redact) ?? LinkRedactor.redact(raw: row.link)
    for secret in row.secrets { #expect(!telemetry.contains(secret), "telemetry: \(telemetry)") }
  }

  @Test("redaction replaces values, never other text that happens to equal a secret")
  func redactionLeavesOtherTextAlone() throws {
    let link = "https://shop.example.ca/fr/panier;jsessionid=x"
    for (command, text) in try Self.outputs(of: link, market: "CA") {
      #expect(!text.contains("eREDACTEDample"), "\(command):\n\(text)")
      #expect(text.contains("shop.example.ca"), "\(command):\n\(text)")
    }
    for (command, text) in try Self.outputs(of: "shop://search?q=token&token=q", market: nil) {
      #expect(text.contains("q=token"), "\(command):\n\(text)")
      #expect(!text.contains("token=q"), "\(command):\n\(text)")
    }
  }

  /// Characters no output may write raw: C1 controls, line and paragraph separators, bidi
  /// controls and zero-width characters, each in a link that reaches the output as typed.
  static let invisibles: [(link: String, scalar: Unicode.Scalar)] = [
    ("shop://cart?x=a\u{2028}b", "\u{2028}"),
    ("shop://cart?x=a\u{2029}b", "\u{2029}"),
    ("shop://cart?x=a\u{202E}b", "\u{202E}"),
    ("shop://cart?x=a\u{2066}b", "\u{2066}"),
    ("shop://cart?x=a\u{200B}b", "\u{200B}"),
    ("shop://cart#a\u{202A}b", "\u{202A}"),
    ("shop://transaction/a\u{202E}b", "\u{202E}"),  // invalid, shown as typed
    ("javascript:a\u{2028}b", "\u{2028}"),  // invalid scheme
    ("shop://cart?x=\u{85}", "\u{85}"),  // a raw C1 control: invalid
  ]

  @Test("C1 controls, U+2028/U+2029 and bidi controls are escaped in every output", arguments: invisibles.indices)
  func escaping(index: Int) throws {
    let row = Self.invisibles[index]
    for (command, text) in try Self.outputs(of: row.link, market: nil) {
      #expect(
        !text.unicodeScalars.contains(row.scalar), "\(command) writes U+\(String(row.scalar.value, radix: 16)) raw")
      #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .format })
      if command.hasSuffix("json") || command.hasSuffix("jsonl") {
        // One JSON document per line, even for tools that split on Unicode line breaks.
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\u{2028}" || $0 == "\u{2029}" })
        for line in lines where line.hasPrefix("{") {
          #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(command): \(line)")
        }
      }
    }
    let json = try ToolProcess.run(["route", "--json", row.link]).output
    if row.scalar.value >= 0x2000 {
      #expect(json.contains("\\u" + String(row.scalar.value, radix: 16)), "\(json)")
    }
  }
}

import AssociationMatchers
import Foundation
import Testing

/// `deeplink policy check`, and `--policy` on route, check and aasa, end to end.
@Suite struct PolicyCommandTests {
  static let policy = #"""
    {"version": "2026-11-26.1", "market": "CA",
     "disable": [
       {"route": "flyer", "reason": "flyer screen crashes"},
       {"rule": "/fr/panier", "reason": "campaign not ready", "fallback": "https://shop.example.ca/fr/aide"}]}
    """#

  /// Writes `text` to a new file and returns its path.
  static func file(_ text: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("policy-\(UUID().uuidString).json")
    try Data(text.utf8).write(to: url)
    return url.path
  }

  @Test("policy check prints what each entry switches off")
  func check() throws {
    let path = try Self.file(Self.policy)
    let result = try ToolProcess.run(["policy", "check", path, "--market", "CA"])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.hasPrefix("policy 2026-11-26.1 for CA: 2 entries\n"))
    #expect(result.output.contains("off  route `flyer`: flyer screen crashes"))
    #expect(
      result.output.contains(
        "off  rule `/fr/panier` → https://shop.example.ca/fr/aide#no_universal_links: campaign not ready"))
  }

  @Test(
    "policy check refuses a bad document naming the field, exit 1; an unreadable one exits 65; a bad action 64",
    arguments: [
      (#"{"version": "1", "market": "MX", "disable": []}"#, 1, "`market`"),
      (#"{"version": "1", "market": "CA", "disable": [{"route": "flyr", "reason": "x"}]}"#, 1, "did you mean `flyer`?"),
      (#"{"version": "1", "version": "1", "market": "CA", "disable": []}"#, 1, "repeated"),
    ] as [(String, Int32, String)])
  func refused(document: String, status: Int32, message: String) throws {
    let result = try ToolProcess.run(["policy", "check", try Self.file(document), "--market", "CA"])
    #expect(result.status == status)
    #expect(result.error.contains(message), "\(result.error)")
  }

  @Test("policy check exits 65 for a file it cannot read and 64 for an unknown action")
  func usage() throws {
    #expect(try ToolProcess.run(["policy", "check", "/nonexistent.json", "--market", "CA"]).status == 65)
    #expect(try ToolProcess.run(["policy", "apply", try Self.file(Self.policy), "--market", "CA"]).status == 64)
    #expect(try ToolProcess.run(["policy", "check", try Self.file(Self.policy)]).status == 64)
  }

  @Test("route --policy decides under it and names its version")
  func route() throws {
    let path = try Self.file(Self.policy)
    let off = try ToolProcess.run([
      "route", "--market", "CA", "--policy", path, "--json", "https://shop.example.ca/fr/circulaire/77",
    ])
    #expect(off.status == 0, "\(off.error)")
    #expect(off.output.contains(#""outcome":"external""#))
    #expect(off.output.contains(#""reason":"disabledByPolicy","policy":"2026-11-26.1"}"#), "\(off.output)")
    let on = try ToolProcess.run(["route", "--market", "CA", "--policy", path, "https://shop.example.ca/en/cart"])
    #expect(on.output.contains("outcome     routed"))
    #expect(on.output.contains("policy      2026-11-26.1"))
  }

  @Test("explain names the policy, not the route, when the policy switches a link off")
  func explain() throws {
    let path = try Self.file(Self.policy)
    let result = try ToolProcess.run([
      "explain", "--market", "CA", "--policy", path, "https://shop.example.ca/fr/circulaire/77",
    ])
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output.contains(
        "✗ `/flyer/{store_id:int}` (flyer): matches, but policy 2026-11-26.1 switches off route `flyer`: "
          + "flyer screen crashes"), "\(result.output)")
    #expect(!result.output.contains("the route's own check refused"), "\(result.output)")
    #expect(result.output.contains("outcome   external (disabledByPolicy)"), "\(result.output)")
  }

  @Test("check --policy decides every line under it")
  func checkLines() throws {
    let path = try Self.file(Self.policy)
    let links = "https://shop.example.ca/fr/panier\nshopca://ca/flyer/7\nhttps://shop.example.ca/en/cart\n"
    let result = try ToolProcess.run(
      ["check", "--market", "CA", "--policy", path, "--format", "jsonl", "-"], input: Data(links.utf8))
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].contains(#""outcome":"external""#) && lines[0].hasSuffix(#""policy":"2026-11-26.1"}"#))
    #expect(lines[1].contains(#""outcome":"notFound""#) && lines[1].contains("disabledByPolicy"))
    #expect(lines[2].contains(#""outcome":"routed""#) && lines[2].hasSuffix(#""policy":"2026-11-26.1"}"#))
    #expect(result.status == 1)  // notFound is a failing line, as without a policy
  }

  @Test("aasa --policy excludes what the policy switches off and still claims the rest")
  func aasa() throws {
    let path = try Self.file(Self.policy)
    let result = try ToolProcess.run([
      "aasa", "--market", "CA", "--policy", path, "--app-id", "ABCDE12345.com.example.shop",
    ])
    #expect(result.status == 0, "\(result.error)")
    let matcher = try AppleAppSiteAssociationMatcher(json: Data(result.output.utf8))
    // A switched-off rule's copies for leading slash runs are excluded too.
    for link in [
      "https://shop.example.ca/fr/panier", "https://shop.example.ca/en/flyer/77", "https://shop.example.ca//fr/panier",
      "https://shop.example.ca////en/flyer/77",
    ] {
      guard case .excluded = matcher.decide(link) else {
        Issue.record("\(link) is not excluded: \(matcher.decide(link))")
        continue
      }
    }
    for link in ["https://shop.example.ca/en/cart", "https://shop.example.ca///en/cart"] {
      guard case .claimed = matcher.decide(link) else {
        Issue.record("\(link) is no longer claimed: \(matcher.decide(link))")
        continue
      }
    }
  }

  @Test("aasa --policy refuses a policy that switches a host off, saying what to do")
  func aasaHost() throws {
    let path = try Self.file(
      #"{"version": "1", "market": "CA", "disable": [{"host": "www.shop.example.ca", "reason": "x"}]}"#)
    let result = try ToolProcess.run([
      "aasa", "--market", "CA", "--policy", path, "--app-id", "ABCDE12345.com.example.shop",
    ])
    #expect(result.status == 1)
    #expect(result.error.contains("switches off the host `www.shop.example.ca`"))
  }

  @Test("aasa --policy with a rule of one domain says exactly what to do: name the rule by its web path")
  func aasaOneDomainRule() throws {
    let path = try Self.file(
      #"{"version": "1", "market": "CA", "disable": [{"rule": "https://shop.example.ca/ip/{slug}/{id}", "reason": "x"}]}"#
    )
    let result = try ToolProcess.run([
      "aasa", "--market", "CA", "--policy", path, "--app-id", "ABCDE12345.com.example.shop",
    ])
    #expect(result.status == 1)
    #expect(
      result.error.contains(
        "the policy switches off rule `https://shop.example.ca/ip/{slug}/{id}` on `shop.example.ca` alone"),
      "\(result.error)")
    #expect(result.error.contains(#"name the rule by its web path (`{"rule": "/ip/{slug}/{id}"}`)"#), "\(result.error)")
    #expect(!result.error.contains("serve a file per domain"))
    // Named by its web path, the same entry writes one file for every domain, with the path excluded.
    let webPath = try Self.file(
      #"{"version": "1", "market": "CA", "disable": [{"rule": "/ip/{slug}/{id}", "reason": "x"}]}"#)
    let written = try ToolProcess.run([
      "aasa", "--market", "CA", "--policy", webPath, "--app-id", "ABCDE12345.com.example.shop",
    ])
    #expect(written.status == 0, "\(written.error)")
    let matcher = try AppleAppSiteAssociationMatcher(json: Data(written.output.utf8))
    guard case .excluded = matcher.decide("https://www.shop.example.ca/ip/desk/123") else {
      Issue.record("the web path is still claimed: \(matcher.decide("https://www.shop.example.ca/ip/desk/123"))")
      return
    }
  }
}

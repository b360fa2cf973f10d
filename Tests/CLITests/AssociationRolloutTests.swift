import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// `aasa --diff`, `--merge` and `--platform`: rolling a new file out while the old one and older
/// app versions are still around (issue 38, item 6).
@Suite struct AssociationRolloutTests {
  static let appID = "ABCDE12345.com.example.shop"

  /// The file the current rules write for `market`, as JSON objects.
  static func currentFile(_ arguments: [String]) throws -> [String: Any] {
    let result = try ToolProcess.run(["aasa"] + arguments + ["--app-id", appID])
    #expect(result.status == 0, "\(result.error)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
  }

  /// `file` with its components changed by `edit`, written to a temporary file.
  static func deployed(
    _ file: [String: Any], editing edit: (inout [[String: Any]]) -> Void
  ) throws -> URL {
    var root = file
    var applinks = try #require(root["applinks"] as? [String: Any])
    var details = try #require(applinks["details"] as? [[String: Any]])
    var components = try #require(details[0]["components"] as? [[String: Any]])
    edit(&components)
    details[0]["components"] = components
    applinks["details"] = details
    root["applinks"] = applinks
    return try temporary(try JSONSerialization.data(withJSONObject: root))
  }

  static func temporary(_ data: Data) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-\(UUID().uuidString).json")
    try data.write(to: url)
    return url
  }

  @Test("--diff against the file the rules write now lists nothing", arguments: MarketCatalogue.ids)
  func noChange(market: String) throws {
    let url = try Self.deployed(try Self.currentFile(["--market", market])) { _ in }
    defer { try? FileManager.default.removeItem(at: url) }
    let result = try ToolProcess.run(["aasa", "--market", market, "--diff", url.path])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.isEmpty, "\(result.output)")
    #expect(result.error.contains(" 0 change"), "\(result.error)")
  }

  @Test("--diff lists a new route's links as newly claimed, under the component that claims them")
  func newRoute() throws {
    let current = try Self.currentFile(["--market", "CA"])
    // The file served before the flyer existed.
    let url = try Self.deployed(current) { components in
      components.removeAll { ($0["comment"] as? String)?.contains("/flyer/") == true }
    }
    defer { try? FileManager.default.removeItem(at: url) }
    let result = try ToolProcess.run(["aasa", "--market", "CA", "--app-id", Self.appID, "--diff", url.path])
    #expect(result.status == 0, "\(result.error)")
    let lines = result.output.split(separator: "\n").map(String.init)
    let group = try #require(lines.firstIndex { $0.hasPrefix("current #") && $0.contains("/en/flyer/{store_id}") })
    #expect(
      lines[group + 1]
        == "  not claimed → claimed\thttps://shop.example.ca/en/flyer/123\trouter: routed /flyer/{store_id:int}",
      "\(result.output)")
    #expect(lines.filter { $0.hasPrefix("  ") }.allSatisfy { $0.contains("not claimed → claimed") }, "\(result.output)")
    #expect(lines.contains { $0.contains("/fr/circulaire/123\t") })
    // Every group is a current component; no other rule's links change.
    #expect(lines.filter { !$0.hasPrefix("  ") }.allSatisfy { $0.hasPrefix("current #") && $0.contains("flyer") })

    // An app built before the flyer route hands such a link to the browser with the hand-off
    // fragment; neither file may claim it back.
    let matchers = try [
      current, try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]),
    ]
    .map { try AppleAppSiteAssociationMatcher(json: try JSONSerialization.data(withJSONObject: $0)) }
    for line in lines where line.hasPrefix("  ") {
      let link = line.split(separator: "\t")[1]
      for matcher in matchers {
        for reading in AppleAppSiteAssociationMatcher.Reading.all {
          if case .claimed = matcher.decide("\(link)#\(DeepLinkDecision.browserHandOffFragment)", reading: reading) {
            Issue.record("\(link) handed to the browser is claimed again [\(reading)]")
          }
        }
      }
    }
  }

  @Test("--diff lists what only the deployed file claims as no longer claimed, with the router's decision")
  func removedClaim() throws {
    let url = try Self.deployed(try Self.currentFile(["--market", "MX"])) { components in
      components.append(["/": "/campana-vieja/*", "comment": "an old campaign"])
    }
    defer { try? FileManager.default.removeItem(at: url) }
    let result = try ToolProcess.run(["aasa", "--market", "MX", "--diff", url.path])
    #expect(result.status == 0, "\(result.error)")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(result.output)")
    #expect(lines.first?.hasPrefix("deployed #") == true)
    #expect(lines.first?.hasSuffix(" [/ /campana-vieja/*] an old campaign") == true, "\(result.output)")
    #expect(
      lines.last
        == "  claimed → not claimed\thttps://shop.example.com.mx/campana-vieja/23\trouter: external (unmatchedWebPath)")
    #expect(result.error.contains("1 change: 0 newly claimed, 1 no longer claimed"), "\(result.error)")
  }

  @Test(
    "--diff lists every component under which the test kit's samples change claim, for a file without any one rule",
    arguments: MarketCatalogue.ids)
  func everyRemovedRule(market: String) throws {
    let host = try #require(MarketCatalogue.market(id: market)?.domains.first?.name)
    let configuration = try DeepLinkAssembly.configuration(market: market)
    let examples = DecisionSnapshot.exampleLinks(
      in: try String(contentsOf: PackageManifest.exampleLinks(market: market), encoding: .utf8))
    let samples = AssociationSamples.samples(configuration, host: host, examples: examples)
    let current = try Self.currentFile(["--market", market])
    let currentMatcher = try AppleAppSiteAssociationMatcher(json: try JSONSerialization.data(withJSONObject: current))
    // A rule's copies for leading slash runs say so after its own comment; they go with the rule.
    let copy = " (after two to four slashes)"
    func own(_ comment: String) -> String { comment.hasSuffix(copy) ? String(comment.dropLast(copy.count)) : comment }
    let rules = Set(
      currentMatcher.components.filter { !$0.exclude }.compactMap(\.comment).filter { $0.contains(" → ") }.map(own))
    #expect(rules.count >= 4, "\(rules)")
    for rule in rules.sorted() {
      let url = try Self.deployed(current) { components in
        components.removeAll {
          ($0["comment"] as? String).map(own).map { $0 == rule || $0.hasPrefix(rule + ":") } ?? false
        }
      }
      defer { try? FileManager.default.removeItem(at: url) }
      let deployedMatcher = try AppleAppSiteAssociationMatcher(json: try Data(contentsOf: url))
      var expected: Set<String> = []
      for sample in samples {
        switch (deployedMatcher.decide(sample.link), currentMatcher.decide(sample.link)) {
        case (.claimed, .claimed), (.excluded, .excluded), (.unclaimed, .unclaimed), (.excluded, .unclaimed),
          (.unclaimed, .excluded):
          continue
        case (_, .claimed(let index)): expected.insert("current #\(index) [")
        case (.claimed(let index), _): expected.insert("deployed #\(index) [")
        }
      }
      #expect(!expected.isEmpty, "\(rule): the samples show no change")
      let result = try ToolProcess.run(["aasa", "--market", market, "--diff", url.path])
      #expect(result.status == 0, "\(result.error)")
      let groups = result.output.split(separator: "\n").filter { !$0.hasPrefix("  ") }
      for prefix in expected.sorted() {
        #expect(
          groups.contains { $0.hasPrefix(prefix) }, "\(market) without \(rule): no group \(prefix)\n\(result.output)")
      }
    }
  }

  @Test("--diff finds a deployed file that would claim a link handed to the browser again (1)")
  func handOffLoop() throws {
    // A file written before the hand-off fragment was excluded.
    let url = try Self.deployed(try Self.currentFile(["--market", "CA"])) { components in
      components.removeAll { $0["#"] as? String == DeepLinkDecision.browserHandOffFragment }
    }
    defer { try? FileManager.default.removeItem(at: url) }
    let result = try ToolProcess.run(["aasa", "--market", "CA", "--diff", url.path])
    #expect(result.status == 1, "\(result.error)")
    let loops = result.output.split(separator: "\n").filter { $0.hasPrefix("loop\t") }
    #expect(
      loops.contains {
        $0.hasPrefix("loop\thttps://shop.example.ca/en/cart#no_universal_links\tclaimed again by deployed #")
      })
    #expect(loops.allSatisfy { $0.contains("by deployed #") }, "\(loops)")
    #expect(result.error.contains("handed to the browser would come back to the app"), "\(result.error)")
  }

  @Test(
    "--diff refuses a deployed file it cannot read, naming it (65)",
    arguments: [#"{"applinks": {"details": [ }"#, #"{"webcredentials": {"apps": []}}"#, "", "[]"])
  func malformedDeployed(text: String) throws {
    let url = try Self.temporary(Data(text.utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    let result = try ToolProcess.run(["aasa", "--market", "CA", "--diff", url.path])
    #expect(result.status == 65, "\(result.error)")
    #expect(result.error.contains("the deployed file `\(url.path)`"), "\(result.error)")
    #expect(result.output.isEmpty)
  }

  @Test("--diff on a missing, a directory or an oversized file is unreadable input (65)")
  func missingDeployed() throws {
    let big = try Self.temporary(Data(repeating: 0x20, count: 8 * 128 * 1024 + 1))
    defer { try? FileManager.default.removeItem(at: big) }
    for path in ["/nonexistent/aasa.json", FileManager.default.temporaryDirectory.path, big.path] {
      let result = try ToolProcess.run(["aasa", "--market", "CA", "--diff", path])
      #expect(result.status == 65, "\(result.error)")
      #expect(result.error.contains("the deployed file `\(path)`"), "\(result.error)")
    }
  }

  static let services = Data(
    """
    {
      "webcredentials" :{"apps":["ABCDE12345.com.example.shop"]},
        "appclips": { "apps": ["ABCDE12345.com.example.shop.Clip"], "note": "caf\\u00e9 \\"clip\\"" },
      "activitycontinuation": {"apps": [ "ABCDE12345.com.example.shop" ]}
    }

    """.utf8)

  @Test("--merge keeps the file's other services after applinks, in order and byte for byte")
  func merge() throws {
    let url = try Self.temporary(Self.services)
    defer { try? FileManager.default.removeItem(at: url) }
    let plain = try ToolProcess.run(["aasa", "--market", "CA", "--app-id", Self.appID])
    let result = try ToolProcess.run(["aasa", "--market", "CA", "--app-id", Self.appID, "--merge", url.path])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.hasPrefix(String(plain.output.dropLast(3))))
    #expect(result.output.contains(#""webcredentials": {"apps":["ABCDE12345.com.example.shop"]},"#))
    #expect(
      result.output.contains(
        #""appclips": { "apps": ["ABCDE12345.com.example.shop.Clip"], "note": "caf\u00e9 \"clip\"" },"#))
    #expect(result.output.hasSuffix(#""activitycontinuation": {"apps": [ "ABCDE12345.com.example.shop" ]}"# + "\n}\n"))
    let root = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(Set(root.keys) == ["applinks", "webcredentials", "appclips", "activitycontinuation"])
    let applinks = try #require(try JSONSerialization.jsonObject(with: Data(plain.output.utf8)) as? [String: Any])
    #expect(
      try JSONSerialization.data(withJSONObject: root["applinks"]!, options: .sortedKeys)
        == JSONSerialization.data(withJSONObject: applinks["applinks"]!, options: .sortedKeys))
    // iOS reads the merged file as it reads the plain one.
    _ = try AppleAppSiteAssociationMatcher(json: Data(result.output.utf8), appID: Self.appID)
  }

  @Test("--merge refuses a file with applinks of its own (1)")
  func mergeRefusesApplinks() throws {
    let url = try Self.temporary(
      Data(#"{"webcredentials": {"apps": []}, "applinks": {"details": []}}"#.utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    let result = try ToolProcess.run(["aasa", "--market", "CA", "--app-id", Self.appID, "--merge", url.path])
    #expect(result.status == 1, "\(result.error)")
    #expect(result.error.contains("has its own `applinks`"), "\(result.error)")
    #expect(result.output.isEmpty)
  }

  @Test(
    "--merge refuses a file that is not one JSON object, naming it (65)",
    arguments: [#"{"webcredentials": {"#, "[]", #"{"appclips": {}, "appclips": {}}"#, "", "/nonexistent"])
  func mergeRefusesMalformed(text: String) throws {
    let url =
      text == "/nonexistent" ? URL(fileURLWithPath: "/nonexistent/services.json") : try Self.temporary(Data(text.utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    let result = try ToolProcess.run(["aasa", "--market", "CA", "--app-id", Self.appID, "--merge", url.path])
    #expect(result.status == 65, "\(result.error)")
    #expect(result.error.contains("`\(url.path)`"), "\(result.error)")
    #expect(result.output.isEmpty)
  }

  @Test("--platform writes the platform's own domains: its paths claimed, a market's not")
  func platform() throws {
    let result = try ToolProcess.run(["aasa", "--platform", "--app-id", Self.appID])
    #expect(result.status == 0, "\(result.error)")
    let matcher = try AppleAppSiteAssociationMatcher(json: Data(result.output.utf8))
    #expect(AssociationVerdict.claimed(matcher.decide("https://shop.example.com/cart")))
    #expect(AssociationVerdict.claimed(matcher.decide("https://www.shop.example.com/ip/standing-desk/123")))
    #expect(!AssociationVerdict.claimed(matcher.decide("https://shop.example.com/fr/panier")))
    #expect(!AssociationVerdict.claimed(matcher.decide("https://shop.example.com/cart#no_universal_links")))
    // The reason `aasa` without `--market` is a usage error rather than the platform's file: served on
    // a market's domain, it would claim a link that market's router sends to the browser.
    #expect(AssociationVerdict.claimed(matcher.decide("https://shop.example.ca/cart")))
    let route = try ToolProcess.run(["route", "--market", "CA", "--json", "https://shop.example.ca/cart"])
    #expect(try ToolProcess.jsonLines(route.output).first?["outcome"] as? String == "external")
    let verify = try ToolProcess.run(
      ["aasa", "--platform", "--verify", "-"],
      input: Data("https://shop.example.com/cart\nhttps://shop.example.com/ip/desk/42\n".utf8))
    #expect(verify.status == 0, "\(verify.output)\(verify.error)")
    #expect(verify.error.contains("2 links checked"), "\(verify.error)")
  }

  @Test(
    "rollout options that do not go together are usage errors (64)",
    arguments: [
      ["aasa", "--market", "CA", "--platform", "--app-id", appID],
      ["aasa", "--app-id", appID],
      ["aasa", "--market", "CA", "--report", "--diff", "x.json"],
      ["aasa", "--market", "CA", "--verify", "--diff", "x.json"],
      ["aasa", "--market", "CA", "--app-id", appID, "--diff", "x.json", "--merge", "y.json"],
      ["aasa", "--market", "CA", "--report", "--merge", "y.json"],
      ["aasa", "--market", "CA", "--merge", "y.json"],
      ["aasa", "--platform", "--platform", "--app-id", appID],
    ])
  func usage(arguments: [String]) throws {
    let result = try ToolProcess.run(arguments)
    #expect(result.status == 64, "\(result.error)")
  }
}

/// Whether a matcher's decision claims the link.
enum AssociationVerdict {
  static func claimed(_ decision: AppleAppSiteAssociationMatcher.Decision) -> Bool {
    if case .claimed = decision { return true }
    return false
  }
}

import DeepLinkComposition
import DeepLinkCore
import Foundation
import Testing

@Suite struct AssociationFileTests {
  static let appID = "ABCDE12345.com.example.shop"

  @Test("aasa prints the documented applinks structure", arguments: MarketCatalogue.ids)
  func structure(market: String) throws {
    let result = try ToolProcess.run(["aasa", "--market", market, "--app-id", Self.appID])
    #expect(result.status == 0, "\(result.error)")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(Set(root.keys) == ["applinks"])
    let applinks = try #require(root["applinks"] as? [String: Any])
    #expect(Set(applinks.keys) == ["defaults", "substitutionVariables", "details"])
    #expect(applinks["defaults"] as? [String: Bool] == ["caseSensitive": false])
    let variables = try #require(applinks["substitutionVariables"] as? [String: [String]])
    #expect(variables["s"] == ["/", "//", "///"])
    // Apple: values may hold `?` and `*` but no other variable.
    #expect(variables.values.allSatisfy { $0.allSatisfy { !$0.contains("$(") } })
    let details = try #require(applinks["details"] as? [[String: Any]])
    #expect(details.count == 1)
    #expect(details[0]["appIDs"] as? [String] == [Self.appID])
    let components = try #require(details[0]["components"] as? [[String: Any]])
    #expect(!components.isEmpty)
    let allowed: Set<String> = ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment"]
    for component in components {
      #expect(Set(component.keys).isSubset(of: allowed))
      if let path = component["/"] as? String { #expect(path.hasPrefix("/") || path.hasPrefix("*"), "\(path)") }
    }
    // The browser hand-off fragment is excluded before anything is claimed.
    #expect(components[0]["#"] as? String == DeepLinkDecision.browserHandOffFragment)
    #expect(components[0]["exclude"] as? Bool == true)
  }

  static let fingerprint = (0..<32).map { _ in "AB" }.joined(separator: ":")
  static let playFingerprint = (0..<32).map { _ in "CD" }.joined(separator: ":")

  @Test("assetlinks prints the Digital Asset Links statement with every fingerprint", arguments: MarketCatalogue.ids)
  func assetLinks(market: String) throws {
    let result = try ToolProcess.run([
      "assetlinks", "--market", market, "--package", "com.example.shop", "--fingerprint",
      Self.fingerprint.lowercased(), "--fingerprint", Self.playFingerprint.replacingOccurrences(of: ":", with: ""),
    ])
    #expect(result.status == 0, "\(result.error)")
    let statements = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
    #expect(statements.count == 1)
    #expect(statements[0]["relation"] as? [String] == ["delegate_permission/common.handle_all_urls"])
    #expect(statements[0]["relation_extensions"] == nil)
    let target = try #require(statements[0]["target"] as? [String: Any])
    #expect(target["namespace"] as? String == "android_app")
    #expect(target["package_name"] as? String == "com.example.shop")
    #expect(target["sha256_cert_fingerprints"] as? [String] == [Self.fingerprint, Self.playFingerprint])
  }

  @Test("assetlinks --dynamic-rules adds Android 15's rules, the hand-off fragment excluded first")
  func dynamicRules() throws {
    let result = try ToolProcess.run([
      "assetlinks", "--market", "CA", "--package", "com.example.shop", "--fingerprint", Self.fingerprint,
      "--dynamic-rules",
    ])
    #expect(result.status == 0, "\(result.error)")
    let statements = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
    let extensions = try #require(statements.first?["relation_extensions"] as? [String: [String: Any]])
    let components = try #require(
      extensions["delegate_permission/common.handle_all_urls"]?["dynamic_app_link_components"] as? [[String: Any]])
    #expect(components.first?["#"] as? String == DeepLinkDecision.browserHandOffFragment)
    #expect(components.first?["exclude"] as? Bool == true)
    // Then every path: the intent filters decide which (a rule's own prefix would miss its case and slash variants).
    #expect(components.count == 2)
    #expect(components.last?["/"] as? String == "*")
  }

  @Test("several --app-id give one appIDs list, in order")
  func severalApps() throws {
    let result = try ToolProcess.run([
      "aasa", "--market", "MX", "--app-id", Self.appID, "--app-id", "FGHIJ67890.com.example.shop.clip",
    ])
    #expect(result.status == 0, "\(result.error)")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let details = try #require((root["applinks"] as? [String: Any])?["details"] as? [[String: Any]])
    #expect(details[0]["appIDs"] as? [String] == [Self.appID, "FGHIJ67890.com.example.shop.clip"])
  }

  @Test(
    "intent-filters prints a verified filter for the domains and a filter for the scheme",
    arguments: MarketCatalogue.ids)
  func intentFilters(market: String) throws {
    let result = try ToolProcess.run(["intent-filters", "--market", market])
    #expect(result.status == 0, "\(result.error)")
    let xml = result.output
    #expect(xml.contains("<intent-filter android:autoVerify=\"true\">"))
    #expect(xml.contains("<data android:scheme=\"https\" />"))
    #expect(!xml.contains("android:scheme=\"http\""))
    for domain in try #require(MarketCatalogue.market(id: market)).domains {
      #expect(xml.contains("<data android:host=\"\(domain.name)\" />"))
    }
    #expect(xml.contains("android:pathAdvancedPattern="))
    let scheme = try #require(MarketCatalogue.market(id: market)?.urlSchemes.first?.scheme)
    #expect(xml.contains("<data android:scheme=\"\(scheme)\" />"))
  }

  @Test("aasa --report lists each shape the file does not claim, with its reason", arguments: MarketCatalogue.ids)
  func report(market: String) throws {
    let result = try ToolProcess.run(["aasa", "--market", market, "--report"])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("routed by the app, not claimed by the file"))
    #expect(result.output.contains("a literal segment written with percent-escapes"))
    #expect(result.output.contains("claimed by the file, not routed"))
    #expect(result.output.contains("bytes (Apple's limit 131072)"))
  }

  @Test("aasa --verify exits 0 when the file and the router agree on every link")
  func verifyAgreeing() throws {
    let links = """
      # production links
      https://shop.example.ca/fr/panier
      https://shop.example.ca/en/ip/standing-desk/123
      https://shop.example.ca/en/ip/standing-desk/abc
      https://www.shop.example.ca/fr/recherche?q=bureau

      https://shop.example.ca/fr/aide
      https://www.example.org/
      """
    let result = try ToolProcess.run(["aasa", "--market", "CA", "--verify", "-"], input: Data(links.utf8))
    #expect(result.status == 0, "\(result.output)\(result.error)")
    #expect(result.output.isEmpty)
    #expect(result.error.contains("5 links checked, 1 skipped; 0 bounce"))
  }

  @Test("aasa --verify prints every disagreement and exits 1")
  func verifyDisagreeing() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("verify-\(UUID().uuidString).txt")
    try Data("https://shop.example.ca/fr/panier\nhttps://shop.example.ca/%66r/panier?token=S3CRET\n".utf8).write(
      to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try ToolProcess.run(["aasa", "--market", "CA", "--verify", file.path])
    #expect(result.status == 1)
    #expect(
      result.output.hasPrefix("browser\thttps://shop.example.ca/%66r/panier?token=REDACTED\t"), "\(result.output)")
    #expect(result.output.contains("router: routed /cart"))
    #expect(!result.output.contains("S3CRET"))
    #expect(result.error.contains("1 stay in the browser"))
  }

  @Test(
    "bad association arguments are usage errors",
    arguments: [
      ["aasa", "--market", "CA", "--app-id", "com.example.shop"],
      ["aasa", "--app-id", "ABCDE12345.com.example.shop"],
      ["aasa", "--market", "CA"],
      ["aasa", "--market", "CA", "--app-id", "ABCDE12345.com.example.shop", "--app-id", "ABCDE12345.com.example.shop"],
      ["aasa", "--market", "CA", "--market", "MX", "--app-id", "ABCDE12345.com.example.shop"],
      ["aasa", "--market", "CA", "--report", "--verify"],
      ["aasa", "--market", "CA", "--app-id", "ABCDE12345.com.example.shop", "links.txt"],
      ["aasa", "--market", "XX", "--app-id", "ABCDE12345.com.example.shop"],
      ["assetlinks", "--market", "CA", "--package", "com.example.shop", "--fingerprint", "1234"],
      ["assetlinks", "--market", "CA", "--package", "shop", "--fingerprint", String(repeating: "A", count: 64)],
      ["assetlinks", "--package", "com.example.shop", "--fingerprint", String(repeating: "A", count: 64)],
      [
        "assetlinks", "--market", "CA", "--package", "com.example.shop", "--fingerprint",
        String(repeating: "A", count: 64),
        "--fingerprint", String(repeating: "a", count: 64),
      ],
      ["intent-filters"],
    ])
  func usage(arguments: [String]) throws {
    let result = try ToolProcess.run(arguments)
    #expect(result.status == 64, "\(result.error)")
  }

  @Test("aasa --verify on a missing file is unreadable input")
  func verifyMissingFile() throws {
    let result = try ToolProcess.run(["aasa", "--market", "CA", "--verify", "/nonexistent/links.txt"])
    #expect(result.status == 65, "\(result.error)")
  }
}

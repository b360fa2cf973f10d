import DeepLinkComposition
import DeepLinkCore
import Foundation
import Testing

/// Matches links against `applinks` components the way iOS documents it: components in order,
/// the first whose `/` and `?` patterns match decides; `*` is any run of characters (also `/`),
/// `?` one character; `exclude` means the link stays in the browser.
struct AASAMatcher {
  let components: [[String: Any]]

  func claims(path: String, query: [String: String]) -> Bool {
    for component in components {
      let caseInsensitive = component["caseSensitive"] as? Bool == false
      if let pattern = component["/"] as? String, !Self.matches(pattern, path, caseInsensitive) { continue }
      if let items = component["?"] as? [String: String] {
        let all = items.allSatisfy { name, pattern in
          query[name].map { Self.matches(pattern, $0, caseInsensitive) } ?? false
        }
        if !all { continue }
      }
      return component["exclude"] as? Bool != true
    }
    return false
  }

  static func matches(_ pattern: String, _ text: String, _ caseInsensitive: Bool) -> Bool {
    let p = Array(caseInsensitive ? pattern.lowercased() : pattern)
    let t = Array(caseInsensitive ? text.lowercased() : text)
    func match(_ i: Int, _ j: Int) -> Bool {
      if i == p.count { return j == t.count }
      switch p[i] {
      case "*": return (j...t.count).contains { match(i + 1, $0) }
      case "?": return j < t.count && match(i + 1, j + 1)
      default: return j < t.count && p[i] == t[j] && match(i + 1, j + 1)
      }
    }
    return match(0, 0)
  }
}

@Suite struct AssociationFileTests {
  static let appID = "ABCDE12345.com.example.shop"

  @Test("aasa prints the documented applinks structure", arguments: MarketCatalogue.ids)
  func structure(market: String) throws {
    let result = try ToolProcess.run(["aasa", "--market", market, "--app-id", Self.appID])
    #expect(result.status == 0, "\(result.error)")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(Set(root.keys) == ["applinks"])
    let applinks = try #require(root["applinks"] as? [String: Any])
    let details = try #require(applinks["details"] as? [[String: Any]])
    #expect(details.count == 1)
    #expect(details[0]["appIDs"] as? [String] == [Self.appID])
    let components = try #require(details[0]["components"] as? [[String: Any]])
    #expect(!components.isEmpty)
    let allowed: Set<String> = ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment"]
    for component in components {
      #expect(Set(component.keys).isSubset(of: allowed))
      #expect((component["/"] as? String)?.hasPrefix("/") == true)
    }
    // Excluding components come first.
    let firstInclude = components.firstIndex { $0["exclude"] as? Bool != true } ?? components.count
    #expect(components[firstInclude...].allSatisfy { $0["exclude"] as? Bool != true })
  }

  @Test("the file claims a link exactly when the router routes it into the app", arguments: MarketCatalogue.ids)
  func agreesWithTheRouter(market: String) throws {
    let result = try ToolProcess.run(["aasa", "--market", market, "--app-id", Self.appID])
    let root = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let details = try #require((root["applinks"] as? [String: Any])?["details"] as? [[String: Any]])
    let matcher = AASAMatcher(components: try #require(details[0]["components"] as? [[String: Any]]))
    let configuration = try DeepLinkAssembly.configuration(market: market)
    let domains = try #require(MarketCatalogue.market(id: market)).domains.map(\.name)
    var checked = 0
    for domain in domains {
      for sample in Self.samples(configuration, host: domain) {
        let link = try DeepLink("https://\(domain)\(sample.path)")
        let query = Dictionary(link.queryItems.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
        let claimed = matcher.claims(path: "/" + link.pathSegments.joined(separator: "/"), query: query)
        let routed = configuration.decide(link.absoluteString).outcome == .routed
        if sample.valueRejected {
          // Documented: AASA cannot express capture types; the app gets the link and sends it to the browser.
          #expect(claimed && !routed, "\(domain)\(sample.path)")
        } else {
          #expect(claimed == routed, "\(domain)\(sample.path): file claims \(claimed), router routes \(routed)")
        }
        checked += 1
      }
    }
    // Four unrelated paths per domain, and samples of every rule on it.
    #expect(checked > domains.count * 4)
  }

  /// Links for every rule of `host`: good values, an extra segment, a missing query item,
  /// upper case, values the target's types reject, and unrelated paths.
  static func samples(_ configuration: DeepLinkConfiguration, host: String) -> [(path: String, valueRejected: Bool)] {
    var samples: [(String, Bool)] = [("/", false), ("/help", false), ("/en", false), ("/fr/aide", false)]
    for rule in configuration.universalLinks {
      guard let compiled = try? rule.compile(), case .host(let pattern) = compiled.pattern.namespace,
        pattern.matches(host)
      else { continue }
      var types: [String: ParameterType] = [:]
      for segment in compiled.target.segments {
        if case .parameter(let name, let type) = segment { types[name] = type }
      }
      func path(_ value: (String) -> String) -> String {
        "/"
          + compiled.pattern.segments.map { segment -> String in
            switch segment {
            case .literal(let text): text
            case .parameter(let name, _), .optional(let name, _), .catchAll(let name): value(name)
            }
          }.joined(separator: "/")
      }
      let good: (String) -> String = { name in
        name == "reference" ? "ABC1234567" : types[name] == .int ? "12345" : "sample"
      }
      let query = compiled.pattern.queryCaptures.map { "\($0.key)=chair" }.joined(separator: "&")
      let suffix = query.isEmpty ? "" : "?" + query
      samples.append((path(good) + suffix, false))
      samples.append((path(good).uppercased() + suffix, false))
      samples.append((path(good) + "/extra" + suffix, false))
      if !query.isEmpty { samples.append((path(good), false)) }
      if types.values.contains(.int) {
        samples.append((path { types[$0] == .int ? "abc" : good($0) } + suffix, true))
      }
      if compiled.pattern.parameterNames.contains("reference") {
        samples.append((path { $0 == "reference" ? "short" : good($0) } + suffix, true))
      }
    }
    return samples
  }

  @Test("assetlinks prints the Digital Asset Links statement", arguments: MarketCatalogue.ids)
  func assetLinks(market: String) throws {
    let fingerprint = (0..<32).map { _ in "AB" }.joined(separator: ":")
    let result = try ToolProcess.run([
      "assetlinks", "--market", market, "--package", "com.example.shop", "--fingerprint", fingerprint.lowercased(),
    ])
    #expect(result.status == 0, "\(result.error)")
    let statements = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
    #expect(statements.count == 1)
    #expect(statements[0]["relation"] as? [String] == ["delegate_permission/common.handle_all_urls"])
    let target = try #require(statements[0]["target"] as? [String: Any])
    #expect(target["namespace"] as? String == "android_app")
    #expect(target["package_name"] as? String == "com.example.shop")
    #expect(target["sha256_cert_fingerprints"] as? [String] == [fingerprint])
  }

  @Test(
    "bad association arguments are usage errors",
    arguments: [
      ["aasa", "--market", "CA", "--app-id", "com.example.shop"],
      ["aasa", "--app-id", "ABCDE12345.com.example.shop"],
      ["aasa", "--market", "XX", "--app-id", "ABCDE12345.com.example.shop"],
      ["assetlinks", "--market", "CA", "--package", "com.example.shop", "--fingerprint", "1234"],
      ["assetlinks", "--market", "CA", "--package", "shop", "--fingerprint", String(repeating: "A", count: 64)],
    ])
  func usage(arguments: [String]) throws {
    let result = try ToolProcess.run(arguments)
    #expect(result.status == 64, "\(result.error)")
  }
}

import DeepLinkComposition
import Foundation
import Testing

@Suite struct RouteAndExplainTests {
  @Test("route --json prints one object with exactly the documented keys")
  func routeJSON() throws {
    let result = try ToolProcess.run(["route", "--market", "CA", "--json", "https://shop.example.ca/fr/ip/bureau/123"])
    #expect(result.status == 0)
    let object = try #require(try ToolProcess.jsonLines(result.output).first)
    #expect(
      Set(object.keys) == [
        "url", "market", "outcome", "route", "parameters", "rewrittenTo", "barriers", "reason", "destination",
        "navigation",
      ])
    let destination = try #require(object["destination"] as? [String: Any])
    #expect(destination["type"] as? String == "ProductPage")
    #expect(destination["values"] as? [String: String] == ["id": "123", "locale": "fr"])
    let navigation = try #require(object["navigation"] as? [String: Any])
    #expect(navigation["tab"] as? String == "home")
    #expect((navigation["path"] as? [[String: Any]])?.map { $0["type"] as? String } == ["ProductPage"])
    #expect(object["market"] as? String == "CA")
    #expect(object["outcome"] as? String == "routed")
    #expect(object["route"] as? String == "/product/{id:int}")
    #expect((object["parameters"] as? [String: String])?["locale"] == "fr")
    #expect(object["rewrittenTo"] as? String == "shop://product/123")
    #expect(object["reason"] is NSNull)
  }

  @Test("a chained link lists its steps; the route is the last step")
  func chainedSteps() throws {
    let result = try ToolProcess.run(["route", "--json", "shop://productlist/12/productdetail/34"])
    let object = try #require(try ToolProcess.jsonLines(result.output).first)
    #expect(object["steps"] as? [String] == ["/productlist/{id:int}", "/productdetail/{id:int}"])
    #expect(object["route"] as? String == "/productdetail/{id:int}")
  }

  @Test("a state-changing link from outside passes confirmation")
  func confirmation() throws {
    let result = try ToolProcess.run(["route", "--json", "shop://pay?order_id=5"])
    let object = try #require(try ToolProcess.jsonLines(result.output).first)
    #expect(object["barriers"] as? [String] == ["authentication", "confirmation"])
  }

  @Test(
    "route prints a reason for every outcome but routed",
    arguments: [
      ("https://www.example.org/", "external", "foreignHost"),
      ("javascript:alert(1)", "invalid", "unregisteredScheme"),
      ("shop://nowhere", "notFound", "noRoute"),
    ])
  func reasons(link: String, outcome: String, reason: String) throws {
    let result = try ToolProcess.run(["route", "--json", link])
    #expect(result.status == 0)
    let object = try #require(try ToolProcess.jsonLines(result.output).first)
    #expect(object["outcome"] as? String == outcome)
    #expect(object["reason"] as? String == reason)
  }

  @Test("token-like values never appear in route or explain output")
  func redaction() throws {
    let link = "https://shop.example.ca/en/ip/desk/123?token=s3cr3tvalue&utm_source=mail#access_token=fragm3nt"
    for arguments in [
      ["route", "--market", "CA", "--json", link], ["route", "--market", "CA", link],
      ["explain", "--market", "CA", link], ["explain", "--market", "CA", "shop://product/abc?password=s3cr3tvalue"],
      ["explain", "shop://cart?session=s3cr3tvalue%"],
    ] {
      let result = try ToolProcess.run(arguments)
      #expect(!result.output.contains("s3cr3tvalue"), "\(arguments)")
      #expect(!result.output.contains("fragm3nt"), "\(arguments)")
      #expect(!result.error.contains("s3cr3tvalue"))
    }
  }

  @Test("explain shows every stage, the rules considered and why they were rejected")
  func explain() throws {
    let result = try ToolProcess.run(["explain", "--market", "CA", "https://shop.example.ca/en/ip/desk/abc"])
    #expect(result.status == 0)
    for stage in ["parse", "admit", "rewrite", "match", "barriers", "handler", "outcome"] {
      #expect(result.output.contains("\n\(stage) "), "missing \(stage)")
    }
    #expect(result.output.contains("target `/product/{id:int}` does not accept id=`abc`"))
    #expect(result.output.contains("external (unmatchedWebPath)"))
  }

  @Test("explain names the typed capture that rejected a value")
  func typedRejection() throws {
    let result = try ToolProcess.run(["explain", "shop://product/abc"])
    #expect(result.output.contains("`{id:int}` does not accept `abc`"))
  }

  @Test(
    "usage mistakes exit 64 and say what was expected",
    arguments: [
      (["route", "--jsn", "shop://cart"], "unknown option `--jsn`"),
      (["route", "--json"], "missing URL"),
      (
        ["route", "--market", "no-such-market", "shop://cart"],
        "unknown market `no-such-market`; known markets: " + MarketCatalogue.ids.joined(separator: ", ")
      ),
      (["frobnicate"], "unknown command"),
      (["explain"], "missing URL"),
    ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try ToolProcess.run(arguments)
    #expect(result.status == 64)
    #expect(result.error.contains(message))
    #expect(result.output.isEmpty)
  }

  @Test("--help, a command's --help and --version exit 0")
  func help() throws {
    let overview = try ToolProcess.run(["--help"])
    #expect(overview.status == 0)
    #expect(overview.output.contains("COMMANDS:"))
    let route = try ToolProcess.run(["route", "--help"])
    #expect(route.output.contains("USAGE: deeplink route [--market ID] [--policy FILE] [--json] URL"))
    #expect(route.output.contains("EXAMPLES:"))
    let version = try ToolProcess.run(["--version"])
    #expect(version.status == 0 && version.output.hasPrefix("deeplink "))
  }
}

import DeepLinkComposition
import Foundation
import Testing

@Suite struct RoutesAndValidateTests {
  @Test("routes lists the table, the plugins and the market's rules with their targets")
  func routesText() throws {
    let result = try ToolProcess.run(["routes", "--market", "CA"])
    #expect(result.status == 0)
    #expect(result.output.contains("/flyer/{store_id:int}"))
    #expect(result.output.contains("https://shop.example.ca/fr/panier"))
    #expect(result.output.contains("→ /cart"))
    #expect(result.output.contains("shopca://ca"))
    #expect(result.output.contains("flyer          owner CA"))
    #expect(result.output.contains("→ /cart  locale=fr  [CA]"))
  }

  @Test("routes --json is one object with schemes, domains, routes, plugins and rules")
  func routesJSON() throws {
    let result = try ToolProcess.run(["routes", "--market", "MX", "--json"])
    let object = try #require(try ToolProcess.jsonLines(result.output).first)
    #expect(Set(object.keys) == ["market", "schemes", "domains", "routes", "plugins", "pluginOwners", "rules"])
    let routes = try #require(object["routes"] as? [[String: Any]])
    let payInStore = try #require(routes.first { $0["pattern"] as? String == "/pay-in-store/{reference}" })
    #expect(payInStore["changesState"] as? Bool == true)
    #expect(payInStore["owner"] as? String == "MX")
    #expect(routes.first { $0["pattern"] as? String == "/cart" }?["owner"] as? String == "platform")
    let rules = try #require(object["rules"] as? [[String: Any]])
    #expect(
      rules.first { ($0["pattern"] as? String)?.hasPrefix("https://shop.example.com.mx/") == true }?["owner"] as? String
        == "MX")
    #expect(
      rules.first { ($0["pattern"] as? String)?.hasPrefix("https://shop.example.com/") == true }?["owner"] as? String
        == "platform")
    #expect((object["domains"] as? [String])?.contains("shop.example.com.mx") == true)
  }

  @Test(
    "validate passes for every market, one market and the platform",
    arguments: [["validate", "--all"], ["validate"]]
      + MarketCatalogue.ids.flatMap {
        [["validate", "--market", $0], ["validate", "--market", $0.lowercased()]]
      })
  func validate(arguments: [String]) throws {
    let result = try ToolProcess.run(arguments)
    #expect(result.status == 0)
    #expect(result.output.contains("no problems"))
  }

  @Test("validate with an unknown market, or with both --market and --all, is a usage error")
  func validateUsage() throws {
    #expect(try ToolProcess.run(["validate", "--market", "no-such-market"]).status == 64)
    #expect(try ToolProcess.run(["validate", "--market", "CA", "--all"]).status == 64)
  }
}

@Suite struct SnapshotCommandTests {
  @Test(
    "snapshot finds no difference for the platform and every market",
    arguments: [["snapshot"]] + MarketCatalogue.ids.map { ["snapshot", "--market", $0] })
  func snapshot(arguments: [String]) throws {
    let result = try ToolProcess.run(arguments)
    #expect(result.status == 0, "\(result.output)\(result.error)")
    #expect(result.output.contains("no difference"))
  }
}

@Suite struct LinkCommandTests {
  @Test(
    "link prints the market's canonical web link, which route decides back",
    arguments: [
      (["link", "--market", "CA", "--locale", "fr", "product", "id=123"], "https://shop.example.ca/fr/ip/-/123"),
      (["link", "--market", "CA", "/product/{id:int}", "id=123"], "https://shop.example.ca/ip/-/123"),
      (
        ["link", "--market", "MX", "search", "query=escritorio de pie"],
        "https://shop.example.com.mx/buscar?q=escritorio%20de%20pie"
      ),
    ])
  func link(arguments: [String], expected: String) throws {
    let result = try ToolProcess.run(arguments)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output == expected + "\n")
    let market = arguments[2]
    let route = try ToolProcess.run(["route", "--market", market, "--json", expected])
    let object = try #require(try ToolProcess.jsonLines(route.output).first)
    #expect(object["outcome"] as? String == "routed")
  }

  @Test("a value the route cannot carry exits 1 saying why; a missing market or bad pair is a usage error")
  func errors() throws {
    let refused = try ToolProcess.run(["link", "--market", "CA", "product", "id=abc"])
    #expect(refused.status == 1)
    #expect(refused.error.contains("no web link for `/product/{id:int}` with id=abc"))
    #expect(try ToolProcess.run(["link", "product", "id=1"]).status == 64)
    #expect(try ToolProcess.run(["link", "--market", "CA", "product", "id"]).status == 64)
    #expect(try ToolProcess.run(["link", "--market", "CA", "nowhere"]).status == 64)
  }
}

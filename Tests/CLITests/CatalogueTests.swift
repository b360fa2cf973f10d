import AssociationMatchers
import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import DeepLinkTools
import Foundation
import PlatformLinks
import Testing

/// What `deeplink catalogue` states (Docs/Catalogue.md), checked on the built-in markets and on
/// configurations made to break it.
@Suite struct CatalogueTests {
  @Test("CA: every route, an example per rule in each of its languages (en, fr), app links per scheme")
  func canadaLanguages() throws {
    let catalogue = try CatalogueSnapshotTests.current("CA")
    let configuration = try DeepLinkAssembly.configuration(market: "CA")
    #expect(catalogue.languages == ["en", "fr"])
    #expect(catalogue.entries.map(\.pattern) == configuration.routeDescriptions.map(\.pattern.source))
    let cart = try #require(catalogue.entries.first { $0.pattern == "/cart" })
    #expect(Set(cart.examples.compactMap(\.language)) == ["en", "fr"])
    #expect(cart.examples.contains { $0.link == "https://shop.example.ca/fr/panier" && $0.language == "fr" })
    #expect(cart.examples.contains { $0.link == "shopca://ca/cart" && $0.via == "shopca://ca" })
    // One example per web rule onto the route.
    let rulesOntoCart = configuration.universalLinks.filter { $0.target == PlatformRoute.cart.id }.count
    #expect(cart.examples.filter { $0.link.hasPrefix("https://") }.count == rulesOntoCart)
    // Capture values come from the market's own links (bureau-debout), not the generic ones.
    let product = try #require(catalogue.entries.first { $0.pattern == "/product/{id:int}" })
    #expect(product.examples.contains { $0.link == "https://shop.example.ca/fr/ip/bureau-debout/123" })
  }

  @Test("each route says where it opens: its tab and parents, or its tab's root")
  func navigation() throws {
    let catalogue = try CatalogueSnapshotTests.current("CA")
    let places = Dictionary(uniqueKeysWithValues: catalogue.entries.map { ($0.pattern, $0.navigation) })
    #expect(places["/orders/{id:int}"] == "account tab, above OrderHistoryPage")
    #expect(places["/pay?order_id={order_id:int}"] == "cart tab, above CheckoutPage")
    #expect(places["/cart"] == "root of the cart tab")
    #expect(places["/flyer/{store_id:int}"] == "home tab")
    #expect(catalogue.markdown.contains("· opens in: account tab, above OrderHistoryPage"))
  }

  @Test("MX has no fixed locale: one example per rule, no language")
  func mexicoOneExample() throws {
    let catalogue = try CatalogueSnapshotTests.current("MX")
    #expect(catalogue.languages.isEmpty)
    #expect(catalogue.examples.allSatisfy { $0.language == nil })
    let payInStore = try #require(catalogue.entries.first { $0.pattern == "/pay-in-store/{reference}" })
    #expect(payInStore.owner == "MX" && payInStore.changesState)
    #expect(payInStore.examples.map(\.link).contains("https://shop.example.com.mx/pago-en-tienda/ABC1234567"))
    // A market's route is reached through its own scheme only, never through the platform's.
    #expect(!payInStore.examples.contains { $0.link.hasPrefix("shop://") })
    #expect(payInStore.examples.allSatisfy { $0.barriers.contains("confirmation") })
    // The app link takes the value of the first link of links.txt routed to the same route.
    #expect(payInStore.examples.map(\.link).contains("shopmx://mx/pay-in-store/ABC1234567"))
  }

  @Test("claims come from the package's files: a query-only rule stays off Android, the cart is claimed by both")
  func claims() throws {
    let catalogue = try CatalogueSnapshotTests.current("CA")
    let examples = catalogue.examples
    let panier = try #require(examples.first { $0.link == "https://shop.example.ca/fr/panier" })
    #expect(panier.iOS == .claimed && panier.android == .claimed)
    let search = try #require(examples.first { $0.link == "https://shop.example.ca/fr/recherche?q=bureau" })
    #expect(search.iOS == .claimed && search.android == .unclaimed)
    let app = try #require(examples.first { $0.link == "shopca://ca/cart" })
    #expect(app.iOS == .scheme && app.android == .scheme)
    // The platform's domain, judged by the same writer: the longer rule `/ip/{slug}/{id}` comes
    // before `/ip/{id}`, whose exclusion of extra segments would otherwise hide it.
    let platform = try #require(examples.first { $0.link == "https://shop.example.com/ip/standing-desk/123" })
    #expect(platform.iOS == .claimed && platform.android == .claimed)
    let configuration = try DeepLinkAssembly.configuration(market: "CA")
    let rules = configuration.universalLinks.compactMap { try? $0.compile() }
    let file = AppleAppSiteAssociation(rules: rules, host: "shop.example.com").json(appIDs: [
      "ABCDE12345.com.example.shop"
    ])
    let matcher = try AppleAppSiteAssociationMatcher(json: Data(file.utf8))
    guard case .claimed(let index) = matcher.decide(platform.link) else {
      Issue.record("not claimed: \(matcher.decide(platform.link))")
      return
    }
    #expect(matcher.components[index].comment?.contains("/ip/{slug}/{id}") == true, "\(matcher.components[index])")
  }

  @Test("tester commands quote the link for the local shell and, for adb, for the device's shell too")
  func commands() throws {
    let catalogue = try CatalogueSnapshotTests.current("CA")
    let example = try #require(catalogue.examples.first { $0.link == "https://shop.example.ca/fr/panier" })
    #expect(example.simulatorCommand == "xcrun simctl openurl booted 'https://shop.example.ca/fr/panier'")
    #expect(
      example.adbCommand
        == "adb shell am start -W -a android.intent.action.VIEW -d \"'https://shop.example.ca/fr/panier'\"")
  }

  @Test("an example that the router sends elsewhere stops the catalogue with an error naming it")
  func exampleThatDecidesElsewhere() throws {
    var specification = DeepLinkSpecification()
    specification.urlSchemes = [URLScheme("shop")]
    specification.domains = [Domain("shop.example.zz")]
    // A literal route is more specific than the typed one, so the typed route's app link opens the literal one.
    for plugin in ["/item/{id:int}", "/item/123"].map({ RecordingPlugin($0) }) {
      specification.install(plugin, owner: .platform)
    }
    let configuration = try DeepLinkConfiguration(compiling: specification)
    #expect(configuration.decide("shop://item/123").route?.description == "/item/123")
    do {
      _ = try LinkCatalogue(market: "ZZ", configuration: configuration, examples: [])
      Issue.record("the catalogue was made")
    } catch {
      #expect(error.description.contains("`shop://item/123`"))
      #expect(error.description.contains("routed /item/123") && error.description.contains("`/item/{id:int}`"))
    }
  }

  @Test("an example too long for a QR code is a clear error naming its length and the limit")
  func hugeExample() throws {
    var specification = DeepLinkSpecification()
    specification.urlSchemes = [URLScheme("shop")]
    specification.domains = [Domain("shop.example.zz")]
    let long = String(repeating: "a", count: 2_400)
    specification.universalLinks = [UniversalLink("https://shop.example.zz/\(long)", to: "/cart")]
    specification.install(RecordingPlugin("/cart"), owner: .platform)
    let configuration = try DeepLinkConfiguration(compiling: specification)
    do {
      _ = try LinkCatalogue(market: "ZZ", configuration: configuration, examples: [])
      Issue.record("the catalogue was made")
    } catch {
      #expect(error.description.contains("2424 bytes") && error.description.contains("2331 bytes"))
    }
  }

  @Test("a `*.suffix` rule's example uses the first domain it matches, else `www.`")
  func wildcardHost() throws {
    for (domains, expected) in [
      (["shop.example.zz", "*.shop.example.zz", "m.shop.example.zz"], "https://m.shop.example.zz/cart"),
      (["shop.example.zz", "*.shop.example.zz"], "https://www.shop.example.zz/cart"),
    ] {
      var specification = DeepLinkSpecification()
      specification.urlSchemes = [URLScheme("shop")]
      specification.domains = domains.map { Domain($0) }
      specification.universalLinks = [UniversalLink("https://*.shop.example.zz/cart", to: "/cart")]
      specification.install(RecordingPlugin("/cart"), owner: .platform)
      let configuration = try DeepLinkConfiguration(compiling: specification)
      let catalogue = try LinkCatalogue(market: "ZZ", configuration: configuration, examples: [])
      #expect(catalogue.examples.map(\.link).contains(expected))
    }
  }

  @Test("a custom-scheme rule gets an example in its own scheme")
  func schemeRule() throws {
    var specification = DeepLinkSpecification()
    specification.urlSchemes = [URLScheme("shop"), URLScheme("shopzz")]
    specification.universalLinks = [UniversalLink("shopzz://promo/{id}", to: "/product/{id:int}")]
    specification.install(RecordingPlugin("/product/{id:int}"), owner: .platform)
    let configuration = try DeepLinkConfiguration(compiling: specification)
    let catalogue = try LinkCatalogue(market: "ZZ", configuration: configuration, examples: [])
    let example = try #require(catalogue.examples.first { $0.via == "shopzz://promo/{id}" })
    #expect(example.link == "shopzz://promo/123" && example.iOS == .scheme)
  }

  @Test("only plain values of the market's links are taken: letters, digits, -._~, at most 64 bytes")
  func plainValues() {
    #expect(LinkCatalogue.isPlain("bureau-debout_2.0~x"))
    #expect(LinkCatalogue.isPlain(String(repeating: "a", count: 64)))
    for value in ["", String(repeating: "a", count: 65), "a b", "caf%C3%A9", "a'b", "a`b", "café", "a/b", "a|b"] {
      #expect(!LinkCatalogue.isPlain(value), "\(value)")
    }
  }

  @Test("a secret-bearing capture is redacted before the example is decided, and the redacted link is shown")
  func secretsRedacted() throws {
    var specification = DeepLinkSpecification()
    specification.urlSchemes = [URLScheme("shop")]
    specification.domains = [Domain("shop.example.zz")]
    specification.universalLinks = [UniversalLink("https://shop.example.zz/reset?token={token}", to: "/reset/{token}")]
    specification.install(RecordingPlugin("/reset/{token}"), owner: .platform)
    let configuration = try DeepLinkConfiguration(compiling: specification)
    let catalogue = try LinkCatalogue(
      market: "ZZ", configuration: configuration, examples: ["https://shop.example.zz/reset?token=s3cr3t"])
    #expect(!catalogue.markdown.contains("s3cr3t"), "\(catalogue.markdown)")
    #expect(!catalogue.html.contains("s3cr3t"))
    #expect(catalogue.examples.map(\.link).contains("https://shop.example.zz/reset?token=REDACTED"))
    #expect(catalogue.examples.map(\.link).contains("shop://reset/REDACTED"))
  }

  @Test("markup escaping: HTML characters, Markdown code with backticks and pipes, shell words with quotes")
  func escaping() {
    #expect(MarkupText.escaped("<a href=\"x\">&'") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;")
    #expect(MarkupText.code("a`b|c") == "``a`b\\|c``")
    #expect(MarkupText.shellQuoted("it's") == "'it'\\''s'")
    #expect(MarkupText.deviceShellQuoted("a&b") == "\"'a&b'\"")
  }

  /// What `sh -c "printf %s <text>"` prints: `text` read as shell words by one shell.
  static func shellReads(_ text: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "printf %s " + text]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
  }

  @Test(
    "a link quoted for adb comes back whole after the local shell and the device's shell",
    arguments: ["https://shop.example.ca/fr/recherche?q=a&b=c", "a'b", "x\"$HOME`id`\\!y;z"])
  func twoShells(word: String) throws {
    let local = try Self.shellReads(MarkupText.deviceShellQuoted(word))  // what adb sends to the device
    #expect(try Self.shellReads(local) == word)
    #expect(try Self.shellReads(MarkupText.shellQuoted(word)) == word)
  }
}

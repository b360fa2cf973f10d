import AssociationMatchers
import Foundation
import Testing

/// The assetlinks file's dynamic rules (B1-B5): the `?` dictionary, expressions and order.
extension AndroidAppLinkMatcherTests {
  // MARK: B2: the `?` dictionary

  static let webManifest = filter(#"<data android:scheme="https" android:host="www.example.com" />"#)
  static let queryFile = assetLinks(#"[{"/": "/shoes", "?": {"dl": "*", "in_app": "true"}}]"#)
  static let queryRows = [
    Row(
      url: "https://www.example.com/shoes?in_app=true&dl=abc", expected: .claimed(filter: 0, data: "any path"),
      apiLevel: 35, source: Page.configure),
    Row(
      url: "https://www.example.com/shoes?lang=en&in_app=true&tz=pst&dl=abc",
      expected: .claimed(filter: 0, data: "any path"), apiLevel: 35, source: Page.configure),
    Row(
      url: "https://www.example.com/shoes?lang=en&tz=pst&dl=abc", expected: .unclaimed, apiLevel: 35,
      source: Page.configure),
    Row(
      url: "https://www.example.com/shoes?in_app=false&dl=abc", expected: .unclaimed, apiLevel: 35,
      source: Page.configure),
    Row(url: "https://www.example.com/shoes", expected: .unclaimed, apiLevel: 35, source: Page.configure),
    // CFG: "Android 14 and lower ignore" the dynamic rules.
    Row(
      url: "https://www.example.com/shoes", expected: .claimed(filter: 0, data: "any path"), apiLevel: 34,
      source: Page.configure),
  ]

  @Test("B2: every `?` entry must match a parameter, extra ones allowed (CFG)", arguments: queryRows)
  func query(row: Row) throws {
    expect(row, try Matcher(manifest: Self.webManifest, assetLinks: Self.queryFile))
  }

  // CFG's example file: the five components of the page, verbatim.
  static let exampleFile = assetLinks(
    ##"""
    [{"?": {"dl": "*"}}, {"#": "app"}, {"/": "/products/*"},
     {"/": "/shoes", "?": {"in_app": "true"}}, {"/": "*", "exclude": true}]
    """##)
  static let exampleRows = [
    Row(
      url: "https://www.example.com/x?dl=1", expected: .claimed(filter: 0, data: "any path"), apiLevel: 35,
      source: Page.configure),
    Row(
      url: "https://www.example.com/x#app", expected: .claimed(filter: 0, data: "any path"), apiLevel: 35,
      source: Page.configure),
    Row(
      url: "https://www.example.com/x#apps", expected: .excluded(dynamicComponent: 4), apiLevel: 35,
      source: Page.configure),
    Row(
      url: "https://www.example.com/products/123", expected: .claimed(filter: 0, data: "any path"), apiLevel: 35,
      source: Page.configure),
    Row(
      url: "https://www.example.com/shoes?in_app=true", expected: .claimed(filter: 0, data: "any path"),
      apiLevel: 35, source: Page.configure),
    Row(
      url: "https://www.example.com/shoes", expected: .excluded(dynamicComponent: 4), apiLevel: 35,
      source: Page.configure),
    Row(
      url: "https://www.example.com/shoes", expected: .claimed(filter: 0, data: "any path"), apiLevel: 34,
      source: Page.configure),
  ]

  @Test("B1: CFG's example components", arguments: exampleRows)
  func example(row: Row) throws {
    expect(row, try Matcher(manifest: Self.webManifest, assetLinks: Self.exampleFile))
  }

  // B5, CFG: dynamic rules "cannot expand the scope of the URL rules that you declare statically".
  @Test("B5: dynamic rules never claim what the manifest does not")
  func onlyNarrow() throws {
    let manifest = filter(#"<data android:scheme="https" android:host="www.example.com" android:path="/a" />"#)
    let matcher = try Matcher(manifest: manifest, assetLinks: assetLinks(#"[{"/": "*"}]"#))
    #expect(matcher.decide("https://www.example.com/b", apiLevel: 35) == .unclaimed, "\(Page.configure)")
    #expect(matcher.decide("https://www.example.com/a", apiLevel: 35) == .claimed(filter: 0, data: "path=\"/a\""))
    #expect(matcher.decide("https://other.example.com/a", apiLevel: 35) == .unclaimed, "\(Page.configure)")
  }

  // MARK: B3: expressions

  /// An expression, the PatternMatcher it becomes, and texts it matches and does not match.
  struct ExpressionRow: Sendable, CustomTestStringConvertible {
    var expression: String
    var pattern: String
    var matches: [String]
    var misses: [String]
    var testDescription: String { "\(expression) -> \(pattern) [\(Page.dalTable)]" }
  }

  static let expressionRows = [
    ExpressionRow(
      expression: "foobar", pattern: "LITERAL foobar", matches: ["foobar"], misses: ["foo.bar", #"foo\.bar"#]),
    ExpressionRow(
      expression: "foo.bar", pattern: "LITERAL foo.bar", matches: ["foo.bar"],
      misses: ["foobar", #"foo\.bar"#, "foodbar"]),
    ExpressionRow(
      expression: "foo*", pattern: "PREFIX foo", matches: ["foo", "foobar", "foo.bar", #"foo\.bar"#],
      misses: ["fo", "barfoo"]),
    ExpressionRow(
      expression: "foo.*", pattern: "PREFIX foo.", matches: ["foo.", "foo.bar", "foo..."],
      misses: ["foo", "fo.", "foobar"]),
    ExpressionRow(
      expression: "*bar", pattern: "GLOB .*bar", matches: ["foobar", "foo.bar", "bar", ".bar"],
      misses: ["foo", "barfoo", "barfoobar", "abcbar"]),
    ExpressionRow(
      expression: "*.bar", pattern: #"GLOB .*\.bar"#, matches: [".bar", "foo.bar"],
      misses: ["bar", "foobar", ".bar.bar", "foo.b.bar"]),
    ExpressionRow(
      expression: "foo*bar", pattern: "GLOB foo.*bar", matches: ["foobar", "foo.bar", "foofoobar"],
      misses: ["foobarbar", "f.bar"]),
    ExpressionRow(
      expression: #"foo\*bar"#, pattern: #"GLOB foo\\.*bar"#, matches: [#"foo\bar"#, #"foo\.bar"#, #"foo\foobar"#],
      misses: ["foobarbar", "f.bar"]),
    ExpressionRow(
      expression: "foo.*bar", pattern: #"GLOB foo\..*bar"#, matches: ["foo.bar", "foo.foobar"],
      misses: ["foobar", "foo.barbar"]),
    ExpressionRow(
      expression: "foo*.bar", pattern: #"GLOB foo.*\.bar"#, matches: ["foo.bar", "foobar.bar"],
      misses: ["foobar", "foo.bar.bar"]),
    ExpressionRow(
      expression: "*foo*bar", pattern: "GLOB .*foo.*bar", matches: [".foo.bar", "xfoozbar", "foobar", "foo.bar"],
      misses: ["barfoo", "foobbar", "ffoobar"]),
    ExpressionRow(expression: "foo?bar", pattern: "GLOB foo.bar", matches: ["foo.bar", "foobbar"], misses: ["foobar"]),
    ExpressionRow(
      expression: "foo.?bar", pattern: #"GLOB foo\..bar"#, matches: ["foo..bar", "foo.bbar"],
      misses: ["foobar", "foo.bar"]),
    ExpressionRow(
      expression: "foo?.bar", pattern: #"GLOB foo.\.bar"#, matches: ["foo..bar", "fooo.bar"],
      misses: ["foobar", "foo.bar"]),
    ExpressionRow(expression: "?bar", pattern: "GLOB .bar", matches: [".bar", "fbar"], misses: ["bar", "foobar"]),
    ExpressionRow(expression: "foo?", pattern: "GLOB foo.", matches: ["foo.", "foob"], misses: ["foo", "foobar"]),
    ExpressionRow(
      expression: "fo?b*r", pattern: "GLOB fo.b.*r", matches: ["foobar", "fo.br", "fobbbbr"],
      misses: ["foobrr", "fobar"]),
    ExpressionRow(
      expression: "foo*?bar", pattern: "GLOB foo.*.bar", matches: ["foo.bar", "foofoo.bar", "foobar.bar"],
      misses: ["foobar", "foobarbar"]),
    ExpressionRow(
      expression: "^fo+b*r", pattern: "GLOB ^fo+b.*r", matches: ["^fo+bar", "^fo+br", "^fo+bbbbr"],
      misses: ["foobar", "fobr"]),
    ExpressionRow(expression: "?*bar", pattern: "GLOB ..*bar", matches: ["bbar", ".bar", "foo.bar"], misses: ["bar"]),
    ExpressionRow(
      expression: "foo?*bar", pattern: "GLOB foo..*bar", matches: ["foo.bar", "foodbar", "foofoobar", "foobarbar"],
      misses: ["foobar", "foo.bar.bar"]),
    ExpressionRow(
      expression: "foo?*bar*", pattern: "GLOB foo..*bar.*",
      matches: ["foo.bar", "foodbar", "foo..bar", "foobarbar", "foo.bar.bar.foo"], misses: ["foobar", "foo.ba.bar"]),
    ExpressionRow(
      expression: "foo?*bar.", pattern: #"GLOB foo..*bar\."#, matches: ["foo.bar.", "foo..bar."],
      misses: ["foobar.", #"foo.bar\."#]),
    ExpressionRow(
      expression: "foo?*bar.*", pattern: #"GLOB foo..*bar\..*"#, matches: ["foo.bar.", "foo..bar.", "foodbar.bar"],
      misses: ["foobar.", "foo.bar"]),
    ExpressionRow(
      expression: "bar?*", pattern: "GLOB bar..*", matches: ["barfoo", "bar."], misses: ["bar", "foobar"]),
    ExpressionRow(expression: "foo[a-z]", pattern: "LITERAL foo[a-z]", matches: ["foo[a-z]"], misses: ["fooa"]),
    ExpressionRow(
      expression: "foo[a-z]+", pattern: "LITERAL foo[a-z]+", matches: ["foo[a-z]+"], misses: ["foo[a-z]", "foozz"]),
    ExpressionRow(
      expression: "foo[a-z]*", pattern: "PREFIX foo[a-z]", matches: ["foo[a-z]", "foo[a-z]bar"],
      misses: ["foo", "fooz"]
    ),
    ExpressionRow(
      expression: "[a-z]*bar", pattern: "GLOB [a-z].*bar", matches: ["[a-z].bar", "[a-z]bar"], misses: ["abar"]),
    ExpressionRow(
      expression: "foo[a-z]?bar", pattern: "GLOB foo[a-z].bar", matches: ["foo[a-z].bar", "foo[a-z]bbar"],
      misses: ["fooz.bar"]),
    ExpressionRow(expression: "fo{2}*bar", pattern: "GLOB fo{2}.*bar", matches: ["fo{2}.bar"], misses: ["foo.bar"]),
    ExpressionRow(
      expression: "fo{2}?*", pattern: "GLOB fo{2}..*", matches: ["fo{2}.", "fo{2}bar"], misses: ["foobar"]),
  ]

  /// The expression as a `#` rule, so that the fragment (any text, decoded) is matched against it alone.
  @Test("B3: dynamic-rule expressions (CFG; AOSP DalComponentParserTest)", arguments: expressionRows)
  func expressions(row: ExpressionRow) throws {
    let expression = String(data: try JSONEncoder().encode(row.expression), encoding: .utf8)!
    let matcher = try Matcher(manifest: Self.webManifest, assetLinks: assetLinks(##"[{"#": \##(expression)}]"##))
    #expect(matcher.describe(dynamicComponent: 0) == "# \(row.pattern)")
    for text in row.matches {
      let url = "https://www.example.com/#\(text)"
      #expect(matcher.decide(url, apiLevel: 35) == .claimed(filter: 0, data: "any path"), "\(text) should match")
    }
    for text in row.misses {
      #expect(matcher.decide("https://www.example.com/#\(text)", apiLevel: 35) == .unclaimed, "\(text) should not")
    }
  }

  // MARK: B4: order

  static let orderRows: [(rules: String, row: Row)] = [
    (
      #"[{"/": "*", "exclude": true}, {"/": "/path1"}]"#,
      Row(
        url: "https://www.example.com/path1", expected: .excluded(dynamicComponent: 0), apiLevel: 35,
        source: Page.configure)
    ),
    (
      #"[{"/": "/path1"}, {"/": "*", "exclude": true}]"#,
      Row(
        url: "https://www.example.com/path1", expected: .claimed(filter: 0, data: "any path"), apiLevel: 35,
        source: Page.configure)
    ),
    (
      #"[{"/": "/path1"}, {"/": "/path2"}]"#,
      Row(url: "https://www.example.com/path3", expected: .unclaimed, apiLevel: 35, source: Page.configure)
    ),
    (
      #"[{"/": "/path1", "exclude": true}, {"/": "*"}]"#,
      Row(
        url: "https://www.example.com/path2", expected: .claimed(filter: 0, data: "any path"), apiLevel: 35,
        source: Page.configure)
    ),
    (
      #"[{"/": "/path1", "exclude": true}, {"/": "*"}]"#,
      Row(
        url: "https://www.example.com/path1", expected: .excluded(dynamicComponent: 0), apiLevel: 35,
        source: Page.configure)
    ),
    (
      #"[{"/": "/foo*", "exclude": true}, {"/": "*"}]"#,
      Row(url: "https://xyz.com/foo", expected: .excluded(dynamicComponent: 0), apiLevel: 35, source: Page.test)
    ),
    (
      #"[{"/": "/foo*", "exclude": true}, {"/": "*"}]"#,
      Row(url: "https://xyz.com/foo", expected: .claimed(filter: 0, data: "any path"), apiLevel: 34, source: Page.test)
    ),
    // CFG: the keys of one component are ANDed.
    (
      ##"[{"/": "/shoes", "#": "top", "exclude": true}, {"/": "*"}]"##,
      Row(
        url: "https://www.example.com/shoes", expected: .claimed(filter: 0, data: "any path"), apiLevel: 35,
        source: Page.configure)
    ),
    (
      ##"[{"/": "/shoes", "#": "top", "exclude": true}, {"/": "*"}]"##,
      Row(
        url: "https://www.example.com/shoes#top", expected: .excluded(dynamicComponent: 0), apiLevel: 35,
        source: Page.configure)
    ),
    // Dynamic "/" is matched against the decoded path, case-sensitively (note B6).
    (
      #"[{"/": "/shoes*"}]"#,
      Row(
        url: "https://www.example.com/%73hoes/1", expected: .claimed(filter: 0, data: "any path"), apiLevel: 35,
        source: Page.configure)
    ),
    (
      #"[{"/": "/shoes*"}]"#,
      Row(url: "https://www.example.com/Shoes/1", expected: .unclaimed, apiLevel: 35, source: Page.configure)
    ),
    // A link without a fragment fails a `#` filter whatever its pattern (`UriRelativeFilter.matchData`: a
    // PatternMatcher never matches a null string), so `*` does not exclude it and no rule matches.
    (
      ##"[{"#": "*", "exclude": true}]"##,
      Row(
        url: "https://www.example.com/shoes", expected: .unclaimed, apiLevel: 35,
        source: Page.aosp + "UriRelativeFilter.matchData")
    ),
    (
      ##"[{"#": "*", "exclude": true}, {"/": "*"}]"##,
      Row(
        url: "https://www.example.com/shoes#", expected: .excluded(dynamicComponent: 0), apiLevel: 35,
        source: Page.aosp + "UriRelativeFilter.matchData")
    ),
    // A component without keys is a group without filters, which matches nothing (`UriRelativeFilterGroup.matchData`).
    (
      #"[{}, {"/": "/shoes"}]"#,
      Row(
        url: "https://www.example.com/shoes", expected: .claimed(filter: 0, data: "any path"), apiLevel: 35,
        source: Page.aosp + "UriRelativeFilterGroup.matchData")
    ),
    (
      #"[{"exclude": true}]"#,
      Row(
        url: "https://www.example.com/shoes", expected: .unclaimed, apiLevel: 35,
        source: Page.aosp + "UriRelativeFilterGroup.matchData")
    ),
    // `*` is PREFIX "" and takes the empty path of `https://host` too.
    (
      #"[{"/": "*"}]"#,
      Row(
        url: "https://www.example.com", expected: .claimed(filter: 0, data: "any path"), apiLevel: 35,
        source: Page.configure)
    ),
  ]

  @Test("B4: the first matching rule decides; none matching keeps the link in the browser (CFG)", arguments: orderRows)
  func order(rules: String, row: Row) throws {
    let manifest = filter(
      #"<data android:scheme="https" android:host="www.example.com" /><data android:host="xyz.com" />"#)
    expect(row, try Matcher(manifest: manifest, assetLinks: assetLinks(rules)))
  }

  @Test("the first matching component can be named for messages (CFG: first match wins)")
  func matchingComponent() throws {
    let matcher = try Matcher(manifest: Self.webManifest, assetLinks: Self.exampleFile)
    #expect(matcher.dynamicComponent(matching: "https://www.example.com/products/1?dl=x") == 0, "\(Page.configure)")
    #expect(matcher.dynamicComponent(matching: "https://www.example.com/products/1") == 2, "\(Page.configure)")
    #expect(try Matcher(manifest: Self.webManifest).dynamicComponent(matching: "https://www.example.com/") == nil)
  }

  // CFG: "If any field is malformed or empty, the dynamic rules are discarded": an empty list leaves the manifest.
  @Test("B1: an empty component list leaves the manifest in charge")
  func emptyList() throws {
    let matcher = try Matcher(manifest: Self.webManifest, assetLinks: assetLinks("[]"))
    #expect(matcher.dynamicComponentCount == nil)
    #expect(matcher.decide("https://www.example.com/x", apiLevel: 35) == .claimed(filter: 0, data: "any path"))
    let plain = Data(
      #"""
      [{"relation": ["delegate_permission/common.handle_all_urls"],
        "target": {"namespace": "android_app", "package_name": "a.b", "sha256_cert_fingerprints": []}}]
      """#
      .utf8)
    #expect(try Matcher(manifest: Self.webManifest, assetLinks: plain).dynamicComponentCount == nil)
  }
}

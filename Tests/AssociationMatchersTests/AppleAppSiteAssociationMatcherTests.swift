import AssociationMatchers
import Foundation
import Testing

private typealias Matcher = AppleAppSiteAssociationMatcher
private typealias Reading = AppleAppSiteAssociationMatcher.Reading
private typealias Decision = AppleAppSiteAssociationMatcher.Decision

private enum Page {
  static let applinks = "https://developer.apple.com/documentation/bundleresources/applinks"
  static let details = "https://developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary"
  static let components = details + "/components-swift.dictionary"
  static let query = components + "/query"
  static let defaults = "https://developer.apple.com/documentation/bundleresources/applinks/defaults-swift.dictionary"
  static let variables =
    "https://developer.apple.com/documentation/bundleresources/applinks/substitutionvariables-swift.dictionary"
  static let domains = "https://developer.apple.com/documentation/xcode/supporting-associated-domains"
  static let tn3155 = "https://developer.apple.com/documentation/technotes/tn3155-debugging-universal-links"
  static let wwdc19 = "https://developer.apple.com/videos/play/wwdc2019/717/"
  static let wwdc20 = "https://developer.apple.com/videos/play/wwdc2020/10098/"
}

/// One URL and its expected decision, with the page the expectation comes from.
private struct Row: Sendable, CustomTestStringConvertible {
  var url: String
  var expected: Decision
  var source: String
  var testDescription: String { "\(url) -> \(expected) [\(source)]" }
}

/// Wraps `components` (a JSON array) in a minimal AASA file, with optional extra `applinks` and `details` keys.
private func file(_ components: String, applinks: String = "", details: String = "") -> String {
  """
  {"applinks": {\(applinks)"details": [{\(details)"appIDs": ["ABCDE12345.com.example.app", \
  "ABCDE12345.com.example.app2"], "components": \(components)}]}}
  """
}

private func makeMatcher(_ json: String, appID: String? = nil) throws -> Matcher {
  try Matcher(json: Data(json.utf8), appID: appID)
}

private func expect(_ row: Row, _ json: String, _ reading: Reading) throws {
  let matcher = try makeMatcher(json)
  let decision = matcher.decide(row.url, reading: reading)
  let detail = (0..<matcher.components.count).map(matcher.describe).joined(separator: "\n")
  #expect(decision == row.expected, "\(row.source) under \(reading)\n\(detail)")
}

@Suite struct AppleAppSiteAssociationMatcherTests {
  // E1, Components page: {"/": "abc", "?": "def", "#": "*"}. The pattern lacks a leading slash yet matches /abc;
  // the matcher always also tries the path without its leading slash, so this holds under every reading.
  fileprivate static let e1File = file(##"[{"/": "abc", "?": "def", "#": "*"}]"##)
  fileprivate static let e1Rows = [
    Row(url: "https://www.example.com/abc?def", expected: .claimed(component: 0), source: Page.components),
    Row(url: "https://www.example.com/abc", expected: .unclaimed, source: Page.components),
    Row(url: "https://www.example.com?def", expected: .unclaimed, source: Page.components),
  ]

  @Test("E1: path, query string and fragment together", arguments: e1Rows, Reading.all)
  fileprivate func e1(row: Row, reading: Reading) throws { try expect(row, Self.e1File, reading) }

  // E3, applinks page and Supporting associated domains: an ordered components array; first match wins.
  fileprivate static let e3File = file(
    """
    [{"#": "no_universal_links", "exclude": true},
     {"/": "/buy/*"},
     {"/": "/help/website/*", "exclude": true, "comment": "E2"},
     {"/": "/help/*", "?": {"articleNumber": "????"}}]
    """)
  fileprivate static let e3Rows = [
    Row(url: "https://example.com/buy/123", expected: .claimed(component: 1), source: Page.applinks),
    Row(url: "https://example.com/buy/a/b/c", expected: .claimed(component: 1), source: Page.domains),
    Row(
      url: "https://example.com/buy/123#no_universal_links", expected: .excluded(component: 0), source: Page.applinks),
    Row(url: "https://example.com/help/website/faq", expected: .excluded(component: 2), source: Page.components),
    Row(
      url: "https://example.com/help/website/faq?articleNumber=1234", expected: .excluded(component: 2),
      source: Page.applinks),
    Row(url: "https://example.com/help/x?articleNumber=1234", expected: .claimed(component: 3), source: Page.applinks),
    Row(url: "https://example.com/help/x?articleNumber=123", expected: .unclaimed, source: Page.applinks),
    Row(url: "https://example.com/help/x", expected: .unclaimed, source: Page.wwdc19),
    Row(url: "https://example.com/other", expected: .unclaimed, source: Page.applinks),
  ]

  @Test("E2/E3: ordered components, exclusions and a query item", arguments: e3Rows, Reading.all)
  fileprivate func e3(row: Row, reading: Reading) throws { try expect(row, Self.e3File, reading) }

  // E4, Details page: details-level defaults {"caseSensitive": false}.
  fileprivate static let e4File = file(
    ##"[{"/": "/buy/*", "#": "my_great_product_123"}]"##, details: #""defaults": {"caseSensitive": false}, "#)
  fileprivate static let e4Rows = [
    Row(url: "https://example.com/buy/x#my_great_product_123", expected: .claimed(component: 0), source: Page.details),
    Row(url: "https://example.com/buy/x#MY_GREAT_PRODUCT_123", expected: .claimed(component: 0), source: Page.details),
    Row(url: "https://example.com/BUY/x#My_Great_Product_123", expected: .claimed(component: 0), source: Page.details),
    Row(url: "https://example.com/buy/x#other", expected: .unclaimed, source: Page.details),
    Row(url: "https://example.com/buy/x", expected: .unclaimed, source: Page.details),
  ]

  @Test("E4: details defaults make matching case-insensitive", arguments: e4Rows, Reading.all)
  fileprivate func e4(row: Row, reading: Reading) throws { try expect(row, Self.e4File, reading) }

  // E5, Query page, and E6, WWDC19 session 717.
  fileprivate static let e5e6File = file(
    #"[{"?": {"productID": "12345"}}, {"?": {"articleNumber": "????", "articleName": "?*"}}]"#)
  fileprivate static let e5e6Rows = [
    Row(url: "https://example.com/p?productID=12345", expected: .claimed(component: 0), source: Page.query),
    Row(url: "https://example.com/p?productID=12345&x=1", expected: .claimed(component: 0), source: Page.query),
    Row(url: "https://example.com/p?productID=123456", expected: .unclaimed, source: Page.query),
    Row(url: "https://example.com/p?productid=12345", expected: .unclaimed, source: Page.query),
    Row(
      url: "https://example.com/a?articleNumber=1234&articleName=a", expected: .claimed(component: 1),
      source: Page.wwdc19),
    Row(url: "https://example.com/a?articleNumber=1234&articleName=", expected: .unclaimed, source: Page.wwdc19),
    Row(url: "https://example.com/a?articleNumber=1234&articleName", expected: .unclaimed, source: Page.wwdc19),
    Row(url: "https://example.com/a?articleNumber=1234", expected: .unclaimed, source: Page.wwdc19),
    Row(url: "https://example.com/a?articleNumber=12345&articleName=a", expected: .unclaimed, source: Page.wwdc19),
  ]

  @Test("E5/E6: query dictionaries", arguments: e5e6Rows, Reading.all)
  fileprivate func e5e6(row: Row, reading: Reading) throws { try expect(row, Self.e5e6File, reading) }

  // E7, TN3155: swcutil reports /test as matched by /test/* and /path/1 as blocked by /path/1/*. Only the
  // trailingSlashStarMatchesParent reading explains that; strict globbing leaves both unclaimed.
  fileprivate static let e7File = file(#"[{"/": "/test/*"}, {"/": "/path/1/*", "exclude": true}]"#)

  /// E7 rows: the expected decision under strict globbing and under `trailingSlashStarMatchesParent`.
  fileprivate static let e7Rows: [(url: String, strict: Decision, parent: Decision)] = [
    ("https://example.com/test", .unclaimed, .claimed(component: 0)),
    ("https://example.com/path/1", .unclaimed, .excluded(component: 1)),
    ("https://example.com/test/x", .claimed(component: 0), .claimed(component: 0)),
    ("https://example.com/path/1/2", .excluded(component: 1), .excluded(component: 1)),
    ("https://example.com/testing", .unclaimed, .unclaimed),
  ]

  @Test("E7: trailing /* and the parent path", arguments: e7Rows, Reading.all)
  fileprivate func e7(row: (url: String, strict: Decision, parent: Decision), reading: Reading) throws {
    let expected = reading.trailingSlashStarMatchesParent ? row.parent : row.strict
    try expect(Row(url: row.url, expected: expected, source: Page.tn3155), Self.e7File, reading)
  }

  // SubstitutionVariables page example, and the WWDC20 session 10098 example with a name containing a space.
  fileprivate static let variablesFile = file(
    """
    [{"/": "/$(lang)_CA/$(Canadian food)/"}, {"/": "/$(lang)_CA/$(food)/", "exclude": true},
     {"/": "/$(lang)_$(region)/$(food)/"}, {"/": "/n/$(digit)$(xdigit)$(alpha)$(upper)$(lower)$(alnum)"}]
    """,
    applinks: #""substitutionVariables": {"food": ["burrito", "pizza", "sushi", "samosa"], "#
      + #""Canadian food": ["poutine", "maple syrup"]}, "#)
  fileprivate static let variableRows = [
    Row(url: "https://example.com/en_US/pizza/", expected: .claimed(component: 2), source: Page.variables),
    Row(url: "https://example.com/zh_GB/samosa/", expected: .claimed(component: 2), source: Page.variables),
    Row(url: "https://example.com/en_US/pasta/", expected: .unclaimed, source: Page.variables),
    Row(url: "https://example.com/en_us/pizza/", expected: .unclaimed, source: Page.variables),
    Row(url: "https://example.com/english_US/pizza/", expected: .unclaimed, source: Page.variables),
    Row(url: "https://example.com/fr_CA/poutine/", expected: .claimed(component: 0), source: Page.wwdc20),
    Row(url: "https://example.com/fr_CA/maple%20syrup/", expected: .unclaimed, source: Page.wwdc20),
    Row(url: "https://example.com/fr_CA/pizza/", expected: .excluded(component: 1), source: Page.wwdc20),
    Row(url: "https://example.com/n/0fAZza", expected: .claimed(component: 3), source: Page.variables),
    Row(url: "https://example.com/n/0fAZz_", expected: .unclaimed, source: Page.variables),
    Row(url: "https://example.com/n/0gAZza", expected: .unclaimed, source: Page.variables),
    Row(url: "https://example.com/n/0fAaza", expected: .unclaimed, source: Page.variables),
  ]

  @Test("Substitution variables", arguments: variableRows, Reading.all)
  fileprivate func substitution(row: Row, reading: Reading) throws { try expect(row, Self.variablesFile, reading) }

  @Test("Variable values may hold wildcards and follow caseSensitive", arguments: Reading.all)
  fileprivate func variableValues(reading: Reading) throws {
    let vars = #""substitutionVariables": {"v": ["Pi??a", "so*"]}, "#
    let sensitive = try makeMatcher(file(#"[{"/": "/$(v)"}]"#, applinks: vars))
    let insensitive = try makeMatcher(file(#"[{"/": "/$(v)", "caseSensitive": false}]"#, applinks: vars))
    #expect(sensitive.decide("https://example.com/Pizza", reading: reading) == .claimed(component: 0))
    #expect(sensitive.decide("https://example.com/sox/y", reading: reading) == .claimed(component: 0))
    #expect(sensitive.decide("https://example.com/pizza", reading: reading) == .unclaimed)
    #expect(insensitive.decide("https://example.com/PIZZA", reading: reading) == .claimed(component: 0))
    #expect(insensitive.decide("https://example.com/SO", reading: reading) == .claimed(component: 0))
    #expect(sensitive.substitutionVariables == ["v": ["Pi??a", "so*"]])
  }

  @Test("caseSensitive: false covers path, query string, query values and fragment, not item names")
  fileprivate func caseInsensitive() throws {
    let matcher = try makeMatcher(
      file(
        ##"[{"/": "/a/*", "?": "q=X", "#": "f", "caseSensitive": false}, {"?": {"k": "v"}, "caseSensitive": false}]"##))
    #expect(matcher.decide("https://example.com/A/B?Q=x#F") == .claimed(component: 0))
    #expect(matcher.decide("https://example.com/A/B?Q=y#F") == .unclaimed)
    #expect(matcher.decide("https://example.com/z?k=V") == .claimed(component: 1))
    #expect(matcher.decide("https://example.com/z?K=v") == .unclaimed)
    let sensitive = try makeMatcher(file(#"[{"/": "/a/*"}]"#))
    #expect(sensitive.decide("https://example.com/A/b") == .unclaimed)
  }

  // Defaults page: "The more specific definition overrides the less specific."
  @Test("defaults cascade: applinks, then details, then the component")
  fileprivate func defaultsCascade() throws {
    let domain = #""defaults": {"caseSensitive": false, "percentEncoded": false}, "#
    let fromDomain = try makeMatcher(file(#"[{"/": "/a b"}]"#, applinks: domain))
    #expect(fromDomain.components[0].caseSensitive == false, "\(Page.defaults)")
    #expect(fromDomain.decide("https://example.com/A%20B") == .claimed(component: 0))
    let fromDetails = try makeMatcher(
      file(#"[{"/": "/a b"}]"#, applinks: domain, details: #""defaults": {"caseSensitive": true}, "#))
    #expect(fromDetails.decide("https://example.com/A%20B") == .unclaimed)
    #expect(fromDetails.decide("https://example.com/a%20b") == .claimed(component: 0))
    let fromComponent = try makeMatcher(
      file(
        #"[{"/": "/a b", "caseSensitive": false, "percentEncoded": true}, {"/": "/a%20b", "caseSensitive": false}]"#,
        applinks: domain, details: #""defaults": {"caseSensitive": true}, "#))
    #expect(fromComponent.components.map(\.percentEncoded) == [true, false])
    #expect(fromComponent.decide("https://example.com/A%20B") == .unclaimed)
    #expect(fromComponent.decide("https://example.com/A%2520B") == .claimed(component: 1))
  }

  @Test("Repeated query item names under each reading", arguments: Reading.all)
  fileprivate func repeatedItems(reading: Reading) throws {
    let matcher = try makeMatcher(file(#"[{"?": {"id": "?"}}]"#))
    let shortFirst = matcher.decide("https://example.com/?id=1&id=22", reading: reading)
    let longFirst = matcher.decide("https://example.com/?id=22&id=1", reading: reading)
    switch reading.repeatedQueryItems {
    case .all:
      #expect(shortFirst == .unclaimed)
      #expect(longFirst == .unclaimed)
    case .any:
      #expect(shortFirst == .claimed(component: 0))
      #expect(longFirst == .claimed(component: 0))
    case .first:
      #expect(shortFirst == .claimed(component: 0))
      #expect(longFirst == .unclaimed)
    }
    #expect(matcher.decide("https://example.com/?id=1&id=2", reading: reading) == .claimed(component: 0))
  }

  @Test("Absent items read as the empty string; names as written or decoded", arguments: Reading.all)
  fileprivate func itemNames(reading: Reading) throws {
    let optional = try makeMatcher(file(#"[{"?": {"k": "*"}}]"#))
    #expect(optional.decide("https://example.com/x", reading: reading) == .claimed(component: 0))
    let named = try makeMatcher(file(#"[{"?": {"a b": "1"}}]"#))
    let expected: Decision = reading.queryNamesDecoded ? .claimed(component: 0) : .unclaimed
    #expect(named.decide("https://example.com/x?a%20b=1", reading: reading) == expected)
  }

  @Test("percentEncoded: true compares the URL as written, or normalised", arguments: Reading.all)
  fileprivate func percentEncodedTrue(reading: Reading) throws {
    let matcher = try makeMatcher(file(##"[{"/": "/caf%C3%A9"}, {"/": "/Abc"}, {"#": "a%2Fb"}]"##))
    let normalized = reading.percentEncoding == .normalized
    #expect(matcher.decide("https://example.com/caf%C3%A9", reading: reading) == .claimed(component: 0))
    #expect(
      matcher.decide("https://example.com/caf%c3%a9", reading: reading)
        == (normalized ? .claimed(component: 0) : .unclaimed))
    #expect(
      matcher.decide("https://example.com/%41bc", reading: reading)
        == (normalized ? .claimed(component: 1) : .unclaimed))
    #expect(
      matcher.decide("https://example.com/x#a%2fb", reading: reading)
        == (normalized ? .claimed(component: 2) : .unclaimed))
    #expect(matcher.decide("https://example.com/café", reading: reading) == .unclaimed)
  }

  @Test("percentEncoded: false compares with the decoded URL", arguments: Reading.all)
  fileprivate func percentEncodedFalse(reading: Reading) throws {
    let matcher = try makeMatcher(
      file(
        #"[{"/": "/café", "percentEncoded": false}, {"/": "/哈哈/?*", "percentEncoded": false}, "#
          + #"{"/": "/a/b", "?": {"q": "x y"}, "percentEncoded": false}]"#))
    #expect(matcher.decide("https://example.com/caf%C3%A9", reading: reading) == .claimed(component: 0))
    #expect(matcher.decide("https://example.com/caf%c3%a9", reading: reading) == .claimed(component: 0))
    #expect(
      matcher.decide("https://example.com/%E5%93%88%E5%93%88/%E5%93%88", reading: reading) == .claimed(component: 1))
    #expect(matcher.decide("https://example.com/%E5%93%88%E5%93%88/", reading: reading) == .unclaimed)
    #expect(matcher.decide("https://example.com/a%2Fb?q=x%20y", reading: reading) == .claimed(component: 2))
    #expect(matcher.decide("https://example.com/a/b?q=x+y", reading: reading) == .unclaimed)
  }

  @Test(
    "Unparsable URLs are unclaimed",
    arguments: [
      "not a url", "example.com/x", "ftp://example.com/x", "https:///x", "https://example.com/%zz",
      "https://example.com/a b",
      "https://example.com/%4", "https://user@/x",
    ])
  fileprivate func unparsable(url: String) throws {
    #expect(try makeMatcher(file(#"[{"/": "*"}]"#)).decide(url) == .unclaimed)
  }

  @Test("The app ID selects the details entry")
  fileprivate func appIDSelection() throws {
    let json = """
      {"applinks": {"details": [{"appID": "A.one", "components": [{"/": "/1"}]},
       {"appIDs": ["A.two", "A.three"], "components": [{"/": "/x"}, {"/": "/2", "comment": "two"}]}]}}
      """
    #expect(try makeMatcher(json).appIDs == ["A.one"])
    let three = try makeMatcher(json, appID: "A.three")
    #expect(three.appIDs == ["A.two", "A.three"])
    #expect(three.decide("https://example.com/2") == .claimed(component: 1))
    #expect(three.describe(1) == #"#1 {"/": "/2", "caseSensitive": true, "percentEncoded": true, "comment": "two"}"#)
    #expect(three.describe(7) == "no component #7")
  }

  fileprivate static let fileErrors: [(String, Matcher.FileError)] = [
    ("{", .notJSON),
    ("[]", .wrongType(key: "the file", expected: "an object")),
    ("{}", .missingKey("applinks")),
    (#"{"applinks": []}"#, .wrongType(key: "applinks", expected: "an object")),
    (#"{"applinks": {}}"#, .missingKey("applinks.details")),
    (#"{"applinks": {"details": {}}}"#, .wrongType(key: "applinks.details", expected: "an array")),
    (#"{"applinks": {"details": []}}"#, .emptyDetails),
    (#"{"applinks": {"details": [{"components": []}]}}"#, .missingKey("applinks.details[0].appIDs")),
    (#"{"applinks": {"details": [{"appID": "A.b"}]}}"#, .missingKey("applinks.details[0].components")),
    (
      #"{"applinks": {"details": [{"appID": 5, "components": []}]}}"#,
      .wrongType(key: "applinks.details[0].appID", expected: "a string")
    ),
    (file(#"[{"exclude": 1}]"#), .wrongType(key: "applinks.details[0].components[0].exclude", expected: "a Boolean")),
    (file(#"[{"/": 5}]"#), .wrongType(key: "applinks.details[0].components[0]./", expected: "a string")),
    (
      file(#"[{"?": ["a"]}]"#),
      .wrongType(key: "applinks.details[0].components[0].?", expected: "a string or an object of strings")
    ),
    (file(#"[{"?": {"a": true}}]"#), .wrongType(key: "applinks.details[0].components[0].?.a", expected: "a string")),
    (file(##"[{"#": null}]"##), .wrongType(key: "applinks.details[0].components[0].#", expected: "a string")),
    (
      file(#"[{"caseSensitive": "no"}]"#),
      .wrongType(key: "applinks.details[0].components[0].caseSensitive", expected: "a Boolean")
    ),
    (file(#"[{"Exclude": true}]"#), .unknownKey("applinks.details[0].components[0].Exclude")),
    (file("[]", applinks: #""defaults": {"/": "*"}, "#), .unknownKey("applinks.defaults./")),
    (file(#"[{"/": "/$(nope)"}]"#), .unknownVariable(name: "nope", key: "applinks.details[0].components[0]./")),
    (file(#"[{"/": "/$(LANG)"}]"#), .unknownVariable(name: "LANG", key: "applinks.details[0].components[0]./")),
    (file(##"[{"#": "$(lang"}]"##), .malformedVariable(key: "applinks.details[0].components[0].#")),
    (
      file("[]", applinks: #""substitutionVariables": {"a": ["x$(b)"], "b": ["y"]}, "#),
      .variableValueUsesVariable(name: "a")
    ),
    (
      file("[]", applinks: #""substitutionVariables": {"a": "x"}, "#),
      .wrongType(key: "applinks.substitutionVariables.a", expected: "an array of strings")
    ),
    (file("[]", applinks: #""substitutionVariables": {"lang": ["x"]}, "#), .predefinedVariableRedefined("lang")),
    (file("[]", applinks: #""substitutionVariables": {"a(b": ["x"]}, "#), .invalidVariableName("a(b")),
  ]

  @Test("File errors", arguments: fileErrors)
  fileprivate func fileError(json: String, expected: Matcher.FileError) {
    #expect(throws: expected) { try makeMatcher(json) }
    #expect(!expected.description.isEmpty)
  }

  @Test("An app ID that no entry lists is an error")
  fileprivate func unlistedAppID() {
    #expect(throws: Matcher.FileError.appIDNotListed("Z.z")) { try makeMatcher(file("[]"), appID: "Z.z") }
  }

  @Test("Hostile patterns finish: 8 KB of a against *a*a*a*a*b, and variables after stars")
  fileprivate func hostile() throws {
    let path = String(repeating: "a", count: 8192)
    let stars = try makeMatcher(file(#"[{"/": "*a*a*a*a*b"}, {"/": "/*a*a*a*a*"}]"#))
    #expect(stars.decide("https://example.com/\(path)") == .claimed(component: 1))
    #expect(stars.decide("https://example.com/\(path)?\(path)#\(path)") == .claimed(component: 1))
    let onlyFirst = try makeMatcher(file(#"[{"/": "*a*a*a*a*b"}]"#))
    #expect(onlyFirst.decide("https://example.com/\(path)") == .unclaimed)
    let variables = try makeMatcher(file(#"[{"/": "/*$(lang)*$(region)*$(alnum)?b"}]"#))
    #expect(variables.decide("https://example.com/\(String(repeating: "a", count: 2048))") == .unclaimed)
  }
}

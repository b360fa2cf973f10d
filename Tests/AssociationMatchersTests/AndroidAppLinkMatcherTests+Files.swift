import AssociationMatchers
import Foundation
import Testing

/// The files as the tool writes them, the errors a file can hold, and resource-string escapes.
extension AndroidAppLinkMatcherTests {
  // MARK: The `deeplink intent-filters` shape

  @Test("comments, several filters without a root, an XML declaration, an <activity> wrapper")
  func manifestShapes() throws {
    let printed = """
      <!-- Generated: paste inside the <activity> that receives links. -->
      \(filter("<!-- a comment - - inside -->\n<data android:scheme=\"https\" />\n<data android:host=\"a.example\" />"))
      <intent-filter>
        <action android:name="android.intent.action.VIEW" />
        <category android:name="android.intent.category.DEFAULT" />
        <category android:name="android.intent.category.BROWSABLE" />
        <data android:scheme="shopca" />
      </intent-filter>
      """
    let matcher = try Matcher(manifest: printed)
    #expect(matcher.filterCount == 2)
    #expect(matcher.decide("https://a.example/x", apiLevel: 30) == .claimed(filter: 0, data: "any path"))
    #expect(matcher.decide("shopca://cart", apiLevel: 30) == .claimed(filter: 1, data: "any host and path"))
    let wrapped = try Matcher(
      manifest: """
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android"
                  xmlns:tools="http://schemas.android.com/tools">
          <application>
            <activity android:name=".Main" tools:ignore="AppLinkUrlError">\(Self.webManifest)</activity>
          </application>
        </manifest>
        """)
    #expect(wrapped.decide("https://www.example.com/", apiLevel: 33) == .claimed(filter: 0, data: "any path"))
  }

  // MARK: FileError

  static let manifestErrors: [(manifest: String, error: FileError, source: String)] = [
    ("<intent-filter>", .notXML(""), Page.data),
    ("<!-- nothing -->", .noIntentFilter, Page.data),
    (filter("<extra />"), .unknownElement("extra"), Page.data),
    (
      filter(#"<data android:pathRegex="/a" />"#), .unknownAttribute(element: "data", attribute: "android:pathRegex"),
      Page.data
    ),
    (filter(#"<data scheme="https" />"#), .unknownAttribute(element: "data", attribute: "scheme"), Page.data),
    (
      "<intent-filter><action /></intent-filter>", .missingAttribute(element: "action", attribute: "android:name"),
      Page.intents
    ),
    (filter(#"<data android:scheme="https" android:host="google.co.*" />"#), .invalidHost("google.co.*"), Page.data),
    (
      filter(#"<data android:scheme="https" android:host="a.b" android:port="https" />"#), .invalidPort("https"),
      Page.data
    ),
    (
      filter(#"<uri-relative-filter-group><data android:scheme="https" /></uri-relative-filter-group>"#),
      .unknownAttribute(element: "data", attribute: "android:scheme"), Page.group
    ),
    (
      filter(#"<uri-relative-filter-group><action android:name="x" /></uri-relative-filter-group>"#),
      .unknownElement("action"), Page.group
    ),
  ]

  @Test("FileError: the manifest", arguments: manifestErrors)
  func manifestError(manifest: String, error: FileError, source: String) {
    let thrown = fileError(manifest: manifest)
    if case .notXML = error {
      guard case .notXML? = thrown else {
        Issue.record("expected notXML, got \(String(describing: thrown)) for \(manifest) [\(source)]")
        return
      }
    } else {
      #expect(thrown == error, "\(source)")
    }
  }

  /// An invalid advanced pattern (PatternMatcher reference: sets, modifiers, counts) and the reason given.
  static let patternErrors: [(value: String, reason: String)] = [
    ("*a", "a modifier must follow a token"),
    ("/a**", "a modifier must follow a token"),
    ("/a+{2}", "a modifier must follow a token"),
    ("/[a-z", "the set is not terminated"),
    ("/[", "the set is not terminated"),
    ("/[]", "a set must hold characters"),
    ("/[^]", "a set must hold characters"),
    ("/a{2", "a count is not ended with }"),
    ("/a{x}", "the count {x} is not a number"),
    ("/a{,3}", "the count {,3} is not a number"),
    ("/a{3,1}", "the count {3,1} has its minimum above its maximum"),
    (#"/a\\"#, "an escape ends the pattern"),
  ]

  @Test("FileError: invalid pathAdvancedPattern (PatternMatcher)", arguments: patternErrors)
  func patternError(value: String, reason: String) {
    let manifest = filter(
      #"<data android:scheme="https" android:host="a.b" android:pathAdvancedPattern="\#(value)" />"#)
    let parsed = value.replacingOccurrences(of: #"\\"#, with: #"\"#)
    #expect(
      fileError(manifest: manifest)
        == .invalidPattern(attribute: "android:pathAdvancedPattern", value: parsed, reason: reason),
      "\(Page.patternMatcher)")
  }

  /// Advanced patterns near the size AOSP's parser has room for, with whether it accepts them: it checks, before
  /// reading each character, that at most 2,045 parsed entries are used (a literal or `.` or modifier is one entry,
  /// a set's start and end one each, a single character in a set two, a range's ends one each, a count four).
  static let patternSizes: [(value: String, accepted: Bool)] = [
    ("/" + String(repeating: "a", count: 2_045), true),
    ("/" + String(repeating: "a", count: 2_046), false),
    // `[a]+` is five entries: 409 of them fill 2,045, and a 410th set cannot take its character.
    (String(repeating: "[a]+", count: 409), true),
    (String(repeating: "[a]+", count: 410), false),
    // A range: `[`, both ends, `]`, then `+`: five entries a token.
    (String(repeating: "[a-z]+", count: 409) + "a", true),
    (String(repeating: "[a-z]+", count: 410), false),
    // A count is four entries, its `}` read on its own: `x{1,2}` five.
    (String(repeating: "x{1,2}", count: 409) + "x", true),
    (String(repeating: "x{1,2}", count: 410), false),
  ]

  @Test("an advanced pattern past 2,045 parsed entries is refused (PatternMatcher.parseAndVerifyAdvancedPattern)")
  func patternSize() {
    for (value, accepted) in Self.patternSizes {
      let manifest = filter(
        #"<data android:scheme="https" android:host="a.b" android:pathAdvancedPattern="\#(value)" />"#)
      let error = fileError(manifest: manifest)
      if accepted {
        #expect(error == nil, "\(value.count) characters: \(error.map(String.init(describing:)) ?? "")")
      } else {
        #expect(
          error
            == .invalidPattern(
              attribute: "android:pathAdvancedPattern", value: value,
              reason: "it needs more than 2045 parse entries (Android's limit)"),
          "\(value.count) characters")
      }
    }
  }

  static let assetLinksErrors: [(json: Data, error: FileError, source: String)] = [
    (Data("not json".utf8), .notJSON, Page.configure),
    (
      Data(#"{"relation": []}"#.utf8), .wrongType(key: "the assetlinks file", expected: "an array of statements"),
      Page.configure
    ),
    (
      Data(#"[{"relation": "x", "target": {}}]"#.utf8),
      .wrongType(key: "[0].relation", expected: "an array of strings"),
      Page.configure
    ),
    (
      assetLinks(#"{"/": "*"}"#),
      .wrongType(
        key: listKey,
        expected: "an array"), Page.configure
    ),
    (
      assetLinks(#"[{"/": 3}]"#),
      .wrongType(
        key:
          listKey + #"[0]["/"]"#,
        expected: "a string"), Page.configure
    ),
    (
      assetLinks(#"[{"exclude": "true"}]"#),
      .wrongType(
        key:
          listKey + #"[0]["exclude"]"#,
        expected: "true or false"), Page.configure
    ),
    (
      assetLinks(#"[{"?": "dl=1"}]"#),
      .wrongType(
        key:
          listKey + #"[0]["?"]"#,
        expected: "an object of strings"), Page.configure
    ),
    (
      assetLinks(#"[{"?": {"dl": 1}}]"#),
      .wrongType(
        key:
          listKey + #"[0]["?"]["dl"]"#,
        expected: "a string"), Page.configure
    ),
    (assetLinks(#"[{"path": "/a"}]"#), .unknownComponentKey("path"), Page.configure),
    (
      assetLinks(#"[{"/": ""}]"#),
      .emptyExpression(
        key:
          listKey + #"[0]["/"]"#),
      Page.configure
    ),
    (
      Data(
        """
        [\(String(decoding: assetLinks(#"[{"/": "*"}]"#).dropFirst().dropLast(), as: UTF8.self)),
         \(String(decoding: assetLinks(#"[{"/": "/a"}]"#).dropFirst().dropLast(), as: UTF8.self))]
        """.utf8), .duplicateDynamicComponents, Page.configure
    ),
  ]

  @Test("FileError: the assetlinks file", arguments: assetLinksErrors)
  func assetLinksError(json: Data, error: FileError, source: String) {
    #expect(fileError(manifest: Self.webManifest, assetLinks: json) == error, "\(source)")
  }

  @Test("FileError descriptions are sentences")
  func descriptions() {
    #expect(FileError.invalidHost("google.co.*").description == "host `google.co.*`: a `*` must be its first character")
    #expect(FileError.duplicateDynamicComponents.description.contains("more than once"))
    #expect(Decision.excluded(dynamicComponent: 2).description == "excluded by dynamic component 2")
  }

  // MARK: Resource-string escapes

  @Test("XML attribute values: \\t, \\u and other escapes (string resources page)")
  func resourceEscapes() throws {
    let manifest = filter(
      #"<data android:scheme="https" android:host="a.b" />"#
        + #"<data android:path="/\u0041\\" /><data android:path="/\@x" />"#
    )
    let matcher = try Matcher(manifest: manifest)
    #expect(
      matcher.decide("https://a.b/A%5C", apiLevel: 30) == .claimed(filter: 0, data: #"path="/A\""#), "\(Page.strings)")
    #expect(
      matcher.decide("https://a.b/@x", apiLevel: 30) == .claimed(filter: 0, data: #"path="/@x""#), "\(Page.strings)")
  }
}

import AssociationMatchers
import Foundation
import Testing

private typealias Matcher = AndroidAppLinkMatcher
private typealias Decision = AndroidAppLinkMatcher.Decision
private typealias FileError = AndroidAppLinkMatcher.FileError

private enum Page {
  static let site = "https://developer.android.com"
  static let data = site + "/guide/topics/manifest/data-element"
  static let intents = site + "/guide/components/intents-filters"
  static let add = site + "/training/app-links/add-applinks"
  static let verify = site + "/training/app-links/verify-applinks"
  static let test = site + "/training/app-links/test-applinks"
  static let configure = site + "/training/app-links/configure-assetlinks"
  static let deep = site + "/training/app-links/create-deeplinks"
  static let group = site + "/guide/topics/manifest/uri-relative-filter-group-element"
  static let patternMatcher = site + "/reference/android/os/PatternMatcher"
  static let strings = site + "/guide/topics/resources/string-resource"
  /// The expression table of AOSP's DalComponentParserTest, quoted by the research note (B3); the wildcard meanings
  /// are CFG's.
  static let dalTable = configure + " + AOSP DalComponentParserTest"
}

/// One URL and its expected decision at an API level, with the page the expectation comes from.
private struct Row: Sendable, CustomTestStringConvertible {
  var url: String
  var expected: Decision
  var apiLevel = 31
  var source: String
  var testDescription: String { "\(url) @\(apiLevel) -> \(expected) [\(source)]" }
}

/// An App Links intent filter (ADD): VIEW, DEFAULT, BROWSABLE and `data`.
private func filter(_ data: String, autoVerify: Bool = true) -> String {
  """
  <intent-filter\(autoVerify ? " android:autoVerify=\"true\"" : "")>
    <action android:name="android.intent.action.VIEW" />
    <category android:name="android.intent.category.DEFAULT" />
    <category android:name="android.intent.category.BROWSABLE" />
    \(data)
  </intent-filter>
  """
}

/// The assetlinks statement of CFG with `components` as its `dynamic_app_link_components`.
private func assetLinks(_ components: String) -> Data {
  Data(
    """
    [{"relation": ["delegate_permission/common.handle_all_urls"],
      "target": {"namespace": "android_app", "package_name": "com.example.app",
                 "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:\
    83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
      "relation_extensions": {"delegate_permission/common.handle_all_urls": {
        "dynamic_app_link_components": \(components)}}}]
    """.utf8)
}

private func expect(_ row: Row, _ matcher: Matcher) {
  #expect(matcher.decide(row.url, apiLevel: row.apiLevel) == row.expected, "\(row.source)")
}

private func fileError(manifest: String, assetLinks: Data? = nil) -> FileError? {
  do {
    _ = try Matcher(manifest: manifest, assetLinks: assetLinks)
    return nil
  } catch {
    return error
  }
}

/// Where the assetlinks file of ``assetLinks(_:)`` keeps its components, as `FileError` names it.
private let listKey =
  #"[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components"#

@Suite struct AndroidAppLinkMatcherTests {
  // MARK: A3: pooled <data> elements

  // DEEP: two <data> elements in one filter form a cross product of schemes and hosts.
  fileprivate static let crossProductManifest = filter(
    """
    <data android:scheme="https" android:host="www.example.com" />
    <data android:scheme="app" android:host="open.my.app" />
    """)
  fileprivate static let crossProductRows = [
    Row(url: "https://www.example.com", expected: .claimed(filter: 0, data: "any path"), source: Page.deep),
    Row(url: "app://open.my.app", expected: .claimed(filter: 0, data: "any path"), source: Page.deep),
    Row(url: "app://www.example.com", expected: .claimed(filter: 0, data: "any path"), source: Page.deep),
    Row(url: "https://open.my.app", expected: .claimed(filter: 0, data: "any path"), source: Page.deep),
    // IF: a filter with scheme and host but no path passes URIs "regardless of their paths".
    Row(
      url: "https://www.example.com/any/path?q=1#f", expected: .claimed(filter: 0, data: "any path"),
      source: Page.intents),
    Row(url: "http://www.example.com/", expected: .unclaimed, source: Page.deep),
    Row(url: "https://example.com/", expected: .unclaimed, source: Page.deep),
  ]

  @Test("A3: schemes × hosts of one filter (DEEP)", arguments: crossProductRows)
  fileprivate func crossProduct(row: Row) throws {
    expect(row, try Matcher(manifest: Self.crossProductManifest))
  }

  // DATA: (scheme something, host project1) + (scheme something-else, host project2, path /page1) equals five
  // separate <data> elements, so /page1 applies to both hosts and both schemes.
  fileprivate static let pooledManifest = filter(
    """
    <data android:scheme="something" android:host="project1.example.com" />
    <data android:scheme="something-else" android:host="project2.example.com" android:path="/page1" />
    """)
  fileprivate static let pooledRows = [
    Row(
      url: "something://project1.example.com/page1", expected: .claimed(filter: 0, data: "path=\"/page1\""),
      source: Page.data),
    Row(
      url: "something-else://project1.example.com/page1", expected: .claimed(filter: 0, data: "path=\"/page1\""),
      source: Page.data),
    Row(
      url: "something://project2.example.com/page1", expected: .claimed(filter: 0, data: "path=\"/page1\""),
      source: Page.data),
    Row(url: "something://project1.example.com/page2", expected: .unclaimed, source: Page.data),
  ]

  @Test("A3: all <data> of a filter pool into one (DATA)", arguments: pooledRows)
  fileprivate func pooled(row: Row) throws { expect(row, try Matcher(manifest: Self.pooledManifest)) }

  // DATA: without a scheme the other URI attributes are ignored (IF: such a filter takes content: and file: URIs
  // only); without a host the port and path attributes are ignored.
  fileprivate static let dependencyRows: [(manifest: String, row: Row)] = [
    (
      filter(#"<data android:host="www.example.com" android:path="/a" />"#),
      Row(url: "https://www.example.com/a", expected: .unclaimed, source: Page.data)
    ),
    (
      filter(#"<data android:scheme="https" android:path="/a" />"#),
      Row(
        url: "https://anything.example/b", expected: .claimed(filter: 0, data: "any host and path"),
        source: Page.data)
    ),
    (
      filter(#"<data android:scheme="shop" />"#),
      Row(url: "shop://whatever/x", expected: .claimed(filter: 0, data: "any host and path"), source: Page.intents)
    ),
  ]

  @Test("A3: scheme, then host, then path (DATA)", arguments: dependencyRows)
  fileprivate func dependencies(manifest: String, row: Row) throws { expect(row, try Matcher(manifest: manifest)) }

  // MARK: A1, A2, IF: the filter's shape

  fileprivate static let shapeRows: [(manifest: String, row: Row)] = [
    // TEST: map.example.com is not verified: "it does not have android.intent.category.BROWSABLE".
    (
      """
      <intent-filter android:autoVerify="true">
        <action android:name="android.intent.action.VIEW" />
        <category android:name="android.intent.category.DEFAULT" />
        <data android:scheme="https" android:host="map.example.com" />
      </intent-filter>
      """,
      Row(url: "https://map.example.com/", expected: .unclaimed, source: Page.test)
    ),
    // VER: the system considers filters with VIEW, BROWSABLE and DEFAULT.
    (
      """
      <intent-filter>
        <action android:name="android.intent.action.VIEW" />
        <category android:name="android.intent.category.BROWSABLE" />
        <data android:scheme="https" android:host="www.example.com" />
      </intent-filter>
      """,
      Row(url: "https://www.example.com/", expected: .unclaimed, source: Page.verify)
    ),
    (
      """
      <intent-filter>
        <action android:name="android.intent.action.SEND" />
        <category android:name="android.intent.category.DEFAULT" />
        <category android:name="android.intent.category.BROWSABLE" />
        <data android:scheme="https" android:host="www.example.com" />
      </intent-filter>
      """,
      Row(url: "https://www.example.com/", expected: .unclaimed, source: Page.intents)
    ),
    // IF: a URI without a MIME type passes only a filter that specifies no MIME type.
    (
      filter(#"<data android:scheme="https" android:host="www.example.com" android:mimeType="text/html" />"#),
      Row(url: "https://www.example.com/", expected: .unclaimed, source: Page.intents)
    ),
    // TEST: market://example.com is not an App Link (no http or https scheme); it matches no https filter.
    (
      filter(#"<data android:scheme="https" android:host="example.com" />"#),
      Row(url: "market://example.com", expected: .unclaimed, source: Page.test)
    ),
    // Reading: autoVerify is not modelled (ADD: Android 12+ also opens user-approved domains).
    (
      filter(#"<data android:scheme="https" android:host="www.example.com" />"#, autoVerify: false),
      Row(url: "https://www.example.com/", expected: .claimed(filter: 0, data: "any path"), source: Page.add)
    ),
    // The first filter that takes the link is named (IF: filters are tested in turn).
    (
      filter(#"<data android:scheme="https" android:host="a.example.com" />"#)
        + filter(#"<data android:scheme="https" android:host="b.example.com" />"#),
      Row(url: "https://b.example.com/x", expected: .claimed(filter: 1, data: "any path"), source: Page.intents)
    ),
  ]

  @Test("A1, A2: action VIEW, categories DEFAULT and BROWSABLE, no MIME type", arguments: shapeRows)
  fileprivate func shape(manifest: String, row: Row) throws { expect(row, try Matcher(manifest: manifest)) }

  // MARK: A4: scheme, host, port

  fileprivate static let hostManifest = filter(
    """
    <data android:scheme="https" />
    <data android:host="*.google.com" />
    <data android:host="shop.example.com" android:port="8443" />
    """)
  fileprivate static let hostRows = [
    // DATA: "*.google.com" matches www.google.com, .google.com and developer.google.com.
    Row(url: "https://www.google.com/", expected: .claimed(filter: 0, data: "any path"), source: Page.data),
    Row(url: "https://.google.com/", expected: .claimed(filter: 0, data: "any path"), source: Page.data),
    Row(url: "https://developer.google.com/x", expected: .claimed(filter: 0, data: "any path"), source: Page.data),
    // A `*` host is a suffix: the bare domain does not end in ".google.com" (ADD: a wildcard host is verified on
    // the root domain, yet the filter does not claim it).
    Row(url: "https://google.com/", expected: .unclaimed, source: Page.data),
    Row(url: "https://evilgoogle.com/", expected: .unclaimed, source: Page.data),
    // Reading: host case is ignored (DATA says case-sensitive; AOSP compares ignoring case).
    Row(url: "https://WWW.Google.COM/", expected: .claimed(filter: 0, data: "any path"), source: Page.data),
    // DATA: scheme matching is case-sensitive; the filter's lower-case scheme; the URL's scheme is lower-cased.
    Row(url: "HTTPS://www.google.com/", expected: .claimed(filter: 0, data: "any path"), source: Page.data),
    Row(url: "http://www.google.com/", expected: .unclaimed, source: Page.data),
    // DATA: the port belongs to its host.
    Row(url: "https://shop.example.com:8443/", expected: .claimed(filter: 0, data: "any path"), source: Page.data),
    Row(url: "https://shop.example.com/", expected: .unclaimed, source: Page.data),
    Row(url: "https://shop.example.com:443/", expected: .unclaimed, source: Page.data),
    // Reading: a host without a port accepts any port.
    Row(url: "https://www.google.com:8080/", expected: .claimed(filter: 0, data: "any path"), source: Page.data),
  ]

  @Test("A4: wildcard host, case and port (DATA)", arguments: hostRows)
  fileprivate func hosts(row: Row) throws { expect(row, try Matcher(manifest: Self.hostManifest)) }

  // MARK: A5, A6: path attributes

  /// One path attribute, as written in the XML, and a path.
  fileprivate struct PathRow: Sendable, CustomTestStringConvertible {
    var attribute: String
    var xml: String
    var path: String
    var matches: Bool
    var source: String
    var testDescription: String { "\(attribute)=\"\(xml)\" vs \(path): \(matches) [\(source)]" }
  }

  fileprivate static let pathRows = [
    // DATA: path is a complete path, pathPrefix its start, pathSuffix its end (API 31).
    PathRow(attribute: "path", xml: "/cart", path: "/cart", matches: true, source: Page.data),
    PathRow(attribute: "path", xml: "/cart", path: "/cart/", matches: false, source: Page.data),
    PathRow(attribute: "path", xml: "/cart", path: "/Cart", matches: false, source: Page.data),
    PathRow(attribute: "pathPrefix", xml: "/shop", path: "/shop/shoes", matches: true, source: Page.data),
    PathRow(attribute: "pathPrefix", xml: "/shop", path: "/shopping", matches: true, source: Page.data),
    PathRow(attribute: "pathPrefix", xml: "/shop", path: "/sho", matches: false, source: Page.data),
    PathRow(attribute: "pathSuffix", xml: ".pdf", path: "/a/b.pdf", matches: true, source: Page.data),
    PathRow(attribute: "pathSuffix", xml: ".pdf", path: "/a/b.pdf/x", matches: false, source: Page.data),
    // DATA pathPattern: `.` any character, `X*` zero or more X, `.*` any characters. Note A5's derived rows.
    PathRow(attribute: "pathPattern", xml: #"/.*\\.pdf"#, path: "/a.pdf", matches: true, source: Page.data),
    PathRow(attribute: "pathPattern", xml: #"/.*\\.pdf"#, path: "/a.b.pdf", matches: false, source: Page.data),
    PathRow(attribute: "pathPattern", xml: "/.*/x", path: "/a/x", matches: true, source: Page.data),
    PathRow(attribute: "pathPattern", xml: "/.*/x", path: "/a/b/x", matches: false, source: Page.data),
    PathRow(attribute: "pathPattern", xml: "/foo.*", path: "/foo", matches: true, source: Page.data),
    PathRow(attribute: "pathPattern", xml: "/a*b", path: "/b", matches: true, source: Page.data),
    PathRow(attribute: "pathPattern", xml: "/a*b", path: "/aaab", matches: true, source: Page.data),
    PathRow(attribute: "pathPattern", xml: "/a.c", path: "/abc", matches: true, source: Page.data),
    PathRow(attribute: "pathPattern", xml: "/a.c", path: "/abbc", matches: false, source: Page.data),
    // Reading: a trailing `X*` matches zero X at the end of the path (DATA: "0 or more").
    PathRow(attribute: "pathPattern", xml: "/a*", path: "/", matches: true, source: Page.data),
    // DATA: "a literal * would be written as \\* and a literal \ would be written as \\\\".
    PathRow(attribute: "pathPattern", xml: #"/a\\*b"#, path: "/a*b", matches: true, source: Page.data),
    PathRow(attribute: "pathPattern", xml: #"/a\\*b"#, path: "/aab", matches: false, source: Page.data),
    PathRow(attribute: "pathPattern", xml: #"/a\\\\b"#, path: "/a%5Cb", matches: true, source: Page.data),
    // `path` is LITERAL: after the XML reading, a backslash is not an escape any more.
    PathRow(attribute: "path", xml: #"/a\\*"#, path: "/a%5C*", matches: true, source: Page.data),
    PathRow(attribute: "path", xml: #"/a\\*"#, path: "/a*", matches: false, source: Page.data),
    // XML entities are replaced by the XML reader before the pattern sees the value.
    PathRow(attribute: "path", xml: "/a&amp;b", path: "/a&b", matches: true, source: Page.data),
    // DATA pathAdvancedPattern (API 31): `.`, `[...]` sets with ranges and `^`, `*`, `+`, `{...}`.
    PathRow(
      attribute: "pathAdvancedPattern", xml: "/[a-z]+/[0-9]{1,3}", path: "/ab/12", matches: true,
      source: Page.data),
    PathRow(
      attribute: "pathAdvancedPattern", xml: "/[a-z]+/[0-9]{1,3}", path: "/ab/1234", matches: false,
      source: Page.data),
    PathRow(
      attribute: "pathAdvancedPattern", xml: "/[a-z]+/[0-9]{1,3}", path: "/AB/12", matches: false,
      source: Page.data),
    PathRow(attribute: "pathAdvancedPattern", xml: "/[^/]+", path: "/ab", matches: true, source: Page.data),
    PathRow(attribute: "pathAdvancedPattern", xml: "/[^/]+", path: "/a/b", matches: false, source: Page.data),
    PathRow(attribute: "pathAdvancedPattern", xml: "/x{2}", path: "/xx", matches: true, source: Page.patternMatcher),
    PathRow(attribute: "pathAdvancedPattern", xml: "/x{2}", path: "/x", matches: false, source: Page.patternMatcher),
    PathRow(
      attribute: "pathAdvancedPattern", xml: "/x{2,}", path: "/xxxx", matches: true,
      source: Page.patternMatcher),
    PathRow(attribute: "pathAdvancedPattern", xml: "/x+y*", path: "/x", matches: true, source: Page.patternMatcher),
    PathRow(attribute: "pathAdvancedPattern", xml: "/[.*+]", path: "/+", matches: true, source: Page.patternMatcher),
    PathRow(attribute: "pathAdvancedPattern", xml: "/[.*+]", path: "/a", matches: false, source: Page.patternMatcher),
    PathRow(attribute: "pathAdvancedPattern", xml: #"/a\\.b"#, path: "/a.b", matches: true, source: Page.data),
    PathRow(attribute: "pathAdvancedPattern", xml: #"/a\\.b"#, path: "/axb", matches: false, source: Page.data),
    // PatternMatcher reference: "no backtracking support": `.*` takes the rest, so `/.*/x` never matches.
    PathRow(
      attribute: "pathAdvancedPattern", xml: "/.*/x", path: "/a/x", matches: false,
      source: Page.patternMatcher),
    PathRow(attribute: "pathAdvancedPattern", xml: "/.*", path: "/", matches: true, source: Page.patternMatcher),
    // A set written with character references and a doubled backslash (XML, then DATA's escaping): the set refuses
    // `/`, `\` and C1 controls; a C0 control (not writable in XML 1.0) still passes.
    PathRow(
      attribute: "pathAdvancedPattern", xml: #"/[^/\\\\&#x80;-&#x9F;]+"#, path: "/ab", matches: true, source: Page.data),
    PathRow(
      attribute: "pathAdvancedPattern", xml: #"/[^/\\\\&#x80;-&#x9F;]+"#, path: "/a%5Cb", matches: false,
      source: Page.data),
    PathRow(
      attribute: "pathAdvancedPattern", xml: #"/[^/\\\\&#x80;-&#x9F;]+"#, path: "/a%C2%85b", matches: false,
      source: Page.data),
    PathRow(
      attribute: "pathAdvancedPattern", xml: #"/[^/\\\\&#x80;-&#x9F;]+"#, path: "/a%00b", matches: true,
      source: Page.data),
    // Uri.getPath() is decoded (note A6), so an escape is matched as its character.
    PathRow(attribute: "path", xml: "/a b", path: "/a%20b", matches: true, source: Page.data),
    PathRow(attribute: "path", xml: "/en", path: "/%65n", matches: true, source: Page.data),
    PathRow(attribute: "pathAdvancedPattern", xml: "/[^/]+", path: "/a%2Fb", matches: false, source: Page.data),
    PathRow(attribute: "path", xml: "/café", path: "/caf%C3%A9", matches: true, source: Page.data),
  ]

  @Test("A5, A6: path, pathPrefix, pathSuffix, pathPattern, pathAdvancedPattern", arguments: pathRows)
  fileprivate func paths(row: PathRow) throws {
    let manifest = filter(
      """
      <data android:scheme="https" android:host="www.example.com" />
      <data android:\(row.attribute)="\(row.xml)" />
      """)
    let matcher = try Matcher(manifest: manifest)
    let decision = matcher.decide("https://www.example.com\(row.path)", apiLevel: 31)
    let unescaped = row.xml.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(
      of: "&#x80;", with: "\u{80}"
    )
    .replacingOccurrences(of: "&#x9F;", with: "\u{9F}").replacingOccurrences(of: #"\\"#, with: #"\"#)
    let expected: Decision =
      row.matches ? .claimed(filter: 0, data: "\(row.attribute)=\"\(unescaped)\"") : .unclaimed
    #expect(decision == expected, "\(row.source)")
  }

  // IF, note A6: before API 35 <data> compares scheme, authority and path only: the query and fragment play no role.
  fileprivate static let queryIgnoredRows = [
    Row(
      url: "https://www.example.com/cart?x=1", expected: .claimed(filter: 0, data: "path=\"/cart\""),
      source: Page.intents),
    Row(
      url: "https://www.example.com/cart#top", expected: .claimed(filter: 0, data: "path=\"/cart\""),
      source: Page.intents),
    Row(
      url: "https://www.example.com/cart?x=1#no_universal_links", expected: .claimed(filter: 0, data: "path=\"/cart\""),
      apiLevel: 34, source: Page.intents),
  ]

  @Test("A6: the query and the fragment are not matched by <data> paths", arguments: queryIgnoredRows)
  fileprivate func queryIgnored(row: Row) throws {
    let manifest = filter(#"<data android:scheme="https" android:host="www.example.com" android:path="/cart" />"#)
    expect(row, try Matcher(manifest: manifest))
  }

  // MARK: API levels

  // DATA: pathAdvancedPattern and pathSuffix were "Introduced in API level 31"; older versions ignore them, and a
  // filter whose path attributes are all ignored has no path restriction (IF).
  fileprivate static let apiManifest =
    filter(
      """
      <data android:scheme="https" android:host="a.example.com" />
      <data android:pathAdvancedPattern="/p/[0-9]+" />
      """)
    + filter(
      """
      <data android:scheme="https" android:host="b.example.com" />
      <data android:path="/cart" />
      <data android:pathAdvancedPattern="/p/[0-9]+" />
      <data android:pathSuffix=".pdf" />
      """)
  fileprivate static let apiRows = [
    Row(
      url: "https://a.example.com/anything", expected: .claimed(filter: 0, data: "any path"), apiLevel: 30,
      source: Page.data),
    Row(
      url: "https://a.example.com/p/12", expected: .claimed(filter: 0, data: "any path"), apiLevel: 30,
      source: Page.data),
    Row(url: "https://a.example.com/anything", expected: .unclaimed, apiLevel: 31, source: Page.data),
    Row(
      url: "https://a.example.com/p/12", expected: .claimed(filter: 0, data: "pathAdvancedPattern=\"/p/[0-9]+\""),
      apiLevel: 31, source: Page.data),
    Row(
      url: "https://b.example.com/cart", expected: .claimed(filter: 1, data: "path=\"/cart\""), apiLevel: 30,
      source: Page.data),
    Row(url: "https://b.example.com/p/12", expected: .unclaimed, apiLevel: 30, source: Page.data),
    Row(url: "https://b.example.com/x.pdf", expected: .unclaimed, apiLevel: 30, source: Page.data),
    Row(
      url: "https://b.example.com/p/12", expected: .claimed(filter: 1, data: "pathAdvancedPattern=\"/p/[0-9]+\""),
      apiLevel: 31, source: Page.data),
    Row(
      url: "https://b.example.com/x.pdf", expected: .claimed(filter: 1, data: "pathSuffix=\".pdf\""), apiLevel: 35,
      source: Page.data),
  ]

  @Test("pathAdvancedPattern and pathSuffix are read from API 31 (DATA)", arguments: apiRows)
  fileprivate func apiLevels(row: Row) throws { expect(row, try Matcher(manifest: Self.apiManifest)) }

  // MARK: A7: <uri-relative-filter-group>

  // URG: an allow group with query="param1=value1" and query="param2=value2": both parameters, in any order.
  fileprivate static let groupManifest = filter(
    """
    <data android:scheme="https" android:host="project.example.com" />
    <uri-relative-filter-group android:allow="true">
      <data android:query="param1=value1" />
      <data android:query="param2=value2" />
    </uri-relative-filter-group>
    """)
  fileprivate static let groupRows = [
    Row(
      url: "https://project.example.com/any/path/here?param1=value1&param2=value2&param3=value3",
      expected: .claimed(filter: 0, data: "uri-relative-filter-group 0"), apiLevel: 35, source: Page.group),
    Row(
      url: "https://project.example.com/any/path/here?param2=value2&param1=value1",
      expected: .claimed(filter: 0, data: "uri-relative-filter-group 0"), apiLevel: 35, source: Page.group),
    Row(
      url: "https://project.example.com/any/path/here?param1=value1", expected: .unclaimed, apiLevel: 35,
      source: Page.group),
    // URG: groups are read from API 35; before, the filter has no path restriction.
    Row(
      url: "https://project.example.com/any/path/here?param1=value1", expected: .claimed(filter: 0, data: "any path"),
      apiLevel: 34, source: Page.group),
  ]

  @Test("A7: the URG page's query group", arguments: groupRows)
  fileprivate func groups(row: Row) throws { expect(row, try Matcher(manifest: Self.groupManifest)) }

  // ADD: the fallback for Android 14 and lower: a path no link has, plus an allow group read by Android 15.
  fileprivate static let fallbackManifest = filter(
    """
    <data android:scheme="https" android:host="www.example.com" />
    <data android:path="/no_match_for_older_android_versions" />
    <uri-relative-filter-group>
      <data android:pathPattern="/.*" />
    </uri-relative-filter-group>
    <uri-relative-filter-group android:allow="false">
      <data android:path="/never" />
    </uri-relative-filter-group>
    """)
  fileprivate static let fallbackRows = [
    Row(url: "https://www.example.com/shoes", expected: .unclaimed, apiLevel: 34, source: Page.add),
    Row(
      url: "https://www.example.com/shoes", expected: .claimed(filter: 0, data: "uri-relative-filter-group 0"),
      apiLevel: 35, source: Page.add),
    // URG: groups are tried in order and the first matching one decides.
    Row(
      url: "https://www.example.com/never", expected: .claimed(filter: 0, data: "uri-relative-filter-group 0"),
      apiLevel: 35, source: Page.group),
  ]

  @Test("ADD: the Android 14 fallback with a group", arguments: fallbackRows)
  fileprivate func fallback(row: Row) throws { expect(row, try Matcher(manifest: Self.fallbackManifest)) }

  // MARK: B2: the `?` dictionary

  fileprivate static let webManifest = filter(#"<data android:scheme="https" android:host="www.example.com" />"#)
  fileprivate static let queryFile = assetLinks(#"[{"/": "/shoes", "?": {"dl": "*", "in_app": "true"}}]"#)
  fileprivate static let queryRows = [
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
  fileprivate func query(row: Row) throws {
    expect(row, try Matcher(manifest: Self.webManifest, assetLinks: Self.queryFile))
  }

  // CFG's example file: the five components of the page, verbatim.
  fileprivate static let exampleFile = assetLinks(
    ##"""
    [{"?": {"dl": "*"}}, {"#": "app"}, {"/": "/products/*"},
     {"/": "/shoes", "?": {"in_app": "true"}}, {"/": "*", "exclude": true}]
    """##)
  fileprivate static let exampleRows = [
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
  fileprivate func example(row: Row) throws {
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
  fileprivate struct ExpressionRow: Sendable, CustomTestStringConvertible {
    var expression: String
    var pattern: String
    var matches: [String]
    var misses: [String]
    var testDescription: String { "\(expression) -> \(pattern) [\(Page.dalTable)]" }
  }

  fileprivate static let expressionRows = [
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
  fileprivate func expressions(row: ExpressionRow) throws {
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

  fileprivate static let orderRows: [(rules: String, row: Row)] = [
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
    // Reading: a link without a fragment is matched as an empty one.
    (
      ##"[{"#": "*", "exclude": true}]"##,
      Row(
        url: "https://www.example.com/shoes", expected: .excluded(dynamicComponent: 0), apiLevel: 35,
        source: Page.configure)
    ),
  ]

  @Test("B4: the first matching rule decides; none matching keeps the link in the browser (CFG)", arguments: orderRows)
  fileprivate func order(rules: String, row: Row) throws {
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

  fileprivate static let manifestErrors: [(manifest: String, error: FileError, source: String)] = [
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
  fileprivate func manifestError(manifest: String, error: FileError, source: String) {
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
  fileprivate static let patternErrors: [(value: String, reason: String)] = [
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
  fileprivate func patternError(value: String, reason: String) {
    let manifest = filter(
      #"<data android:scheme="https" android:host="a.b" android:pathAdvancedPattern="\#(value)" />"#)
    let parsed = value.replacingOccurrences(of: #"\\"#, with: #"\"#)
    #expect(
      fileError(manifest: manifest)
        == .invalidPattern(attribute: "android:pathAdvancedPattern", value: parsed, reason: reason),
      "\(Page.patternMatcher)")
  }

  fileprivate static let assetLinksErrors: [(json: Data, error: FileError, source: String)] = [
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
  fileprivate func assetLinksError(json: Data, error: FileError, source: String) {
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

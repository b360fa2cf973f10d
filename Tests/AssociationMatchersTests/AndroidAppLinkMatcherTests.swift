import AssociationMatchers
import Foundation
import Testing

@Suite struct AndroidAppLinkMatcherTests {
  // MARK: A3: pooled <data> elements

  // DEEP: two <data> elements in one filter form a cross product of schemes and hosts.
  static let crossProductManifest = filter(
    """
    <data android:scheme="https" android:host="www.example.com" />
    <data android:scheme="app" android:host="open.my.app" />
    """)
  static let crossProductRows = [
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
  func crossProduct(row: Row) throws {
    expect(row, try Matcher(manifest: Self.crossProductManifest))
  }

  // DATA: (scheme something, host project1) + (scheme something-else, host project2, path /page1) equals five
  // separate <data> elements, so /page1 applies to both hosts and both schemes.
  static let pooledManifest = filter(
    """
    <data android:scheme="something" android:host="project1.example.com" />
    <data android:scheme="something-else" android:host="project2.example.com" android:path="/page1" />
    """)
  static let pooledRows = [
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
  func pooled(row: Row) throws { expect(row, try Matcher(manifest: Self.pooledManifest)) }

  // DATA: without a scheme the other URI attributes are ignored (IF: such a filter takes content: and file: URIs
  // only); without a host the port and path attributes are ignored.
  static let dependencyRows: [(manifest: String, row: Row)] = [
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
  func dependencies(manifest: String, row: Row) throws { expect(row, try Matcher(manifest: manifest)) }

  // MARK: A1, A2, IF: the filter's shape

  static let shapeRows: [(manifest: String, row: Row)] = [
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
  func shape(manifest: String, row: Row) throws { expect(row, try Matcher(manifest: manifest)) }

  // MARK: A4: scheme, host, port

  static let hostManifest = filter(
    """
    <data android:scheme="https" />
    <data android:host="*.google.com" />
    <data android:host="shop.example.com" android:port="8443" />
    """)
  static let hostRows = [
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
    // DATA: scheme matching is case-sensitive; `IntentFilter.matchData` compares `Uri.getScheme()` as written.
    Row(url: "HTTPS://www.google.com/", expected: .unclaimed, source: Page.aosp + "IntentFilter.matchData"),
    Row(url: "Https://www.google.com/", expected: .unclaimed, source: Page.aosp + "IntentFilter.matchData"),
    Row(url: "http://www.google.com/", expected: .unclaimed, source: Page.data),
    // DATA: the port belongs to its host.
    Row(url: "https://shop.example.com:8443/", expected: .claimed(filter: 0, data: "any path"), source: Page.data),
    Row(url: "https://shop.example.com/", expected: .unclaimed, source: Page.data),
    Row(url: "https://shop.example.com:443/", expected: .unclaimed, source: Page.data),
    // A host without a port accepts any port, the default written out or none.
    Row(
      url: "https://www.google.com:8080/", expected: .claimed(filter: 0, data: "any path"),
      source: Page.aosp + "IntentFilter.AuthorityEntry.match"),
    Row(
      url: "https://www.google.com:443/", expected: .claimed(filter: 0, data: "any path"),
      source: Page.aosp + "IntentFilter.AuthorityEntry.match"),
    // `Uri.getPort()`: the digits after the last `:`; none, or too large for an int, is -1.
    Row(url: "https://shop.example.com:/", expected: .unclaimed, source: Page.aosp + "Uri.parsePort"),
    Row(url: "https://shop.example.com:4294975739/", expected: .unclaimed, source: Page.aosp + "Uri.parsePort"),
    Row(
      url: "https://user@shop.example.com:8443/", expected: .claimed(filter: 0, data: "any path"),
      source: Page.aosp + "Uri.parseHost"),
    // The host is compared as `Uri.getHost()` gives it: a trailing dot is kept, so it is another host.
    Row(url: "https://www.google.com./", expected: .unclaimed, source: Page.aosp + "IntentFilter.AuthorityEntry.match"),
    // The authority ends at `\`, `?` or `#` as at `/` (`Uri.StringUri.parseAuthority`).
    Row(
      url: "https://www.google.com?q=1", expected: .claimed(filter: 0, data: "any path"),
      source: Page.aosp + "Uri.StringUri.parseAuthority"),
    Row(
      url: "https://www.google.com#top", expected: .claimed(filter: 0, data: "any path"),
      source: Page.aosp + "Uri.StringUri.parseAuthority"),
  ]

  @Test("A4: wildcard host, case and port (DATA)", arguments: hostRows)
  func hosts(row: Row) throws { expect(row, try Matcher(manifest: Self.hostManifest)) }

  // `IntentFilter.matchData` matches paths against `Uri.getPath()`: decoded, and empty (not `/`) for `https://host`.
  static let getPathManifest = filter(
    """
    <data android:scheme="https" android:host="shop.example.com" />
    <data android:path="/" />
    <data android:path="/en/ip/desk" />
    """)
  static let getPathRows = [
    Row(url: "https://shop.example.com", expected: .unclaimed, source: Page.aosp + "Uri.StringUri.parsePath"),
    Row(url: "https://shop.example.com?q=1", expected: .unclaimed, source: Page.aosp + "Uri.StringUri.parsePath"),
    Row(
      url: "https://shop.example.com/", expected: .claimed(filter: 0, data: #"path="/""#),
      source: Page.aosp + "Uri.StringUri.parsePath"),
    Row(
      url: "https://shop.example.com/en%2Fip/desk", expected: .claimed(filter: 0, data: #"path="/en/ip/desk""#),
      source: Page.aosp + "IntentFilter.matchData"),
    Row(
      url: "https://shop.example.com/%65n/ip/desk", expected: .claimed(filter: 0, data: #"path="/en/ip/desk""#),
      source: Page.aosp + "IntentFilter.matchData"),
  ]

  @Test("A4: the path is Uri.getPath(): decoded, empty without a slash (AOSP)", arguments: getPathRows)
  func getPath(row: Row) throws { expect(row, try Matcher(manifest: Self.getPathManifest)) }

  // MARK: A5, A6: path attributes

  /// One path attribute, as written in the XML, and a path.
  struct PathRow: Sendable, CustomTestStringConvertible {
    var attribute: String
    var xml: String
    var path: String
    var matches: Bool
    var source: String
    var testDescription: String { "\(attribute)=\"\(xml)\" vs \(path): \(matches) [\(source)]" }
  }

  static let pathRows = [
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
    // Once the path is used up, only a lone `.*` left in the pattern matches: a trailing `X*` does not match zero X
    // there (DATA says "0 or more"; `PatternMatcher.matchGlobPattern` does not).
    PathRow(
      attribute: "pathPattern", xml: "/a*", path: "/", matches: false, source: Page.aosp + "matchGlobPattern"),
    PathRow(
      attribute: "pathPattern", xml: "/ab*", path: "/a", matches: false, source: Page.aosp + "matchGlobPattern"),
    PathRow(
      attribute: "pathPattern", xml: "/ab*", path: "/abb", matches: true, source: Page.aosp + "matchGlobPattern"),
    PathRow(
      attribute: "pathPattern", xml: "/a.*", path: "/a", matches: true, source: Page.aosp + "matchGlobPattern"),
    PathRow(
      attribute: "pathPattern", xml: "/a.*.*", path: "/a", matches: false, source: Page.aosp + "matchGlobPattern"),
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
  func paths(row: PathRow) throws {
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
  static let queryIgnoredRows = [
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
  func queryIgnored(row: Row) throws {
    let manifest = filter(#"<data android:scheme="https" android:host="www.example.com" android:path="/cart" />"#)
    expect(row, try Matcher(manifest: manifest))
  }

  // MARK: API levels

  // DATA: pathAdvancedPattern and pathSuffix were "Introduced in API level 31"; older versions ignore them, and a
  // filter whose path attributes are all ignored has no path restriction (IF).
  static let apiManifest =
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
  static let apiRows = [
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
  func apiLevels(row: Row) throws { expect(row, try Matcher(manifest: Self.apiManifest)) }

  // MARK: A7: <uri-relative-filter-group>

  // URG: an allow group with query="param1=value1" and query="param2=value2": both parameters, in any order.
  static let groupManifest = filter(
    """
    <data android:scheme="https" android:host="project.example.com" />
    <uri-relative-filter-group android:allow="true">
      <data android:query="param1=value1" />
      <data android:query="param2=value2" />
    </uri-relative-filter-group>
    """)
  static let groupRows = [
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
  func groups(row: Row) throws { expect(row, try Matcher(manifest: Self.groupManifest)) }

  // ADD: the fallback for Android 14 and lower: a path no link has, plus an allow group read by Android 15.
  static let fallbackManifest = filter(
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
  static let fallbackRows = [
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
  func fallback(row: Row) throws { expect(row, try Matcher(manifest: Self.fallbackManifest)) }
}

import AssociationMatchers
import Foundation
import Testing

/// What the suite's files share: the matcher's types, the pages rows cite, and rows.
extension AndroidAppLinkMatcherTests {
  typealias Matcher = AndroidAppLinkMatcher
  typealias Decision = AndroidAppLinkMatcher.Decision
  typealias FileError = AndroidAppLinkMatcher.FileError

  enum Page {
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
    /// AOSP's code (platform_frameworks_base), by class and method, where the pages are silent or wrong.
    static let aosp = "AOSP "
    static let strings = site + "/guide/topics/resources/string-resource"
    /// The expression table of AOSP's DalComponentParserTest, quoted by the research note (B3); the wildcard meanings
    /// are CFG's.
    static let dalTable = configure + " + AOSP DalComponentParserTest"
  }

  /// One URL and its expected decision at an API level, with the page the expectation comes from.
  struct Row: Sendable, CustomTestStringConvertible {
    var url: String
    var expected: Decision
    var apiLevel = 31
    var source: String
    var testDescription: String { "\(url) @\(apiLevel) -> \(expected) [\(source)]" }
  }
}

/// An App Links intent filter (ADD): VIEW, DEFAULT, BROWSABLE and `data`.
func filter(_ data: String, autoVerify: Bool = true) -> String {
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
func assetLinks(_ components: String) -> Data {
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

func expect(_ row: AndroidAppLinkMatcherTests.Row, _ matcher: AndroidAppLinkMatcher) {
  #expect(matcher.decide(row.url, apiLevel: row.apiLevel) == row.expected, "\(row.source)")
}

func fileError(manifest: String, assetLinks: Data? = nil) -> AndroidAppLinkMatcher.FileError? {
  do {
    _ = try AndroidAppLinkMatcher(manifest: manifest, assetLinks: assetLinks)
    return nil
  } catch {
    return error
  }
}

/// Where the assetlinks file of ``assetLinks(_:)`` keeps its components, as `FileError` names it.
let listKey =
  #"[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components"#

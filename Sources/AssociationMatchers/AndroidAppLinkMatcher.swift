import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Decides whether Android opens an app for a web link, from the app's `<intent-filter>` elements and, on Android 15,
/// the Dynamic App Links rules of its `assetlinks.json`. It is written from Google's pages (all under
/// https://developer.android.com) and, where they are silent or differ from the device, from what AOSP's code
/// (platform_frameworks_base: `Uri`, `IntentFilter`, `PatternMatcher`, `UriRelativeFilter(Group)`) does, never from
/// the package's writers:
/// - DATA: /guide/topics/manifest/data-element
/// - IF: /guide/components/intents-filters
/// - ADD: /training/app-links/add-applinks
/// - VER: /training/app-links/verify-applinks
/// - CFG: /training/app-links/configure-assetlinks
/// - TEST: /training/app-links/test-applinks
/// - DEEP: /training/app-links/create-deeplinks
/// - URG: /guide/topics/manifest/uri-relative-filter-group-element
/// - PatternMatcher: /reference/android/os/PatternMatcher
///
/// The order of the checks:
/// 1. Intent filters are tried in document order and the first that takes the link decides which filter is named. A
///    filter takes a link when it has action `VIEW` and categories `DEFAULT` and `BROWSABLE` (IF, "Intent
///    resolution"; ADD), declares no MIME type (IF: "An intent that contains a URI but no MIME type passes the test
///    only if its URI matches the filter's URI format and the filter likewise does not specify a MIME type"), and its
///    pooled `<data>` elements accept scheme × host (+ port) × path (DATA: "all the `<data>` elements contained
///    within the same `<intent-filter>` element contribute to the same filter"; DEEP's cross-product example).
/// 2. On API 35 and later, when `assetLinks` declares `dynamic_app_link_components`, they decide which of the links
///    taken in step 1 open the app: the first component that matches decides, an `exclude` one keeps the link in the
///    browser, and a link no component matches stays in the browser too (CFG). They never add a link (CFG: they
///    "cannot expand the scope of the URL rules that you declare statically").
///
/// Where the pages are silent or disagree with the device, the matcher follows AOSP's code (platform_frameworks_base,
/// each point repeated where it is implemented):
/// - `android:autoVerify` and whether verification succeeded are not modelled: a filter that matches claims the link
///   (ADD, VER say Android 12+ opens only verified or user-approved domains; that only ever claims less).
/// - The URL is split as `Uri.parse` splits it and the scheme compared as written (`IntentFilter.matchData` looks
///   `Uri.getScheme()` up in the filter's schemes; DATA: "scheme matching ... is case sensitive"), so `HTTPS://…`
///   is not taken by an `https` filter.
/// - The host is compared ignoring case, and a filter without `android:port` accepts every port
///   (`IntentFilter.AuthorityEntry.match`; DATA documents the host as case-sensitive and gives no port rule).
/// - Paths are matched against `Uri.getPath()`, decoded (`IntentFilter.matchData` → `hasDataPath`): `%2F` is a `/`
///   there. An empty path (`https://host`) is matched as `""` only.
/// - `pathPattern`'s `X*` at the end matches zero `X` only when it is `.*` (`PatternMatcher.matchGlobPattern`), and a
///   `pathAdvancedPattern` whose parsed form would pass 2,045 entries is refused, as
///   `PatternMatcher.parseAndVerifyAdvancedPattern` refuses it (the manifest then does not install).
/// - `query*`/`fragment*` attributes outside `<uri-relative-filter-group>` are ignored (URG: they are for groups).
/// - An empty `dynamic_app_link_components` array leaves the manifest alone in charge (CFG: "If any field is
///   malformed or empty, the dynamic rules are discarded"). A component without keys matches no link, and one with
///   `#` never matches a link without a fragment (`UriRelativeFilterGroup.matchData`, `UriRelativeFilter.matchData`).
/// - A `?` entry matches a query parameter when the expression `key=value` matches the whole parameter
///   (`UriRelativeFilter.matchData` compares whole parameters; the joining of key and value is this matcher's
///   reading).
///
/// Runtime is linear in the link's length per pattern: PatternMatcher never backtracks (PatternMatcher reference:
/// ADVANCED_GLOB is "a simple evaluation implementation in which matching is done against the pattern in real time
/// with no backtracking support").
package struct AndroidAppLinkMatcher: Sendable {
  /// What Android does with a link.
  package enum Decision: Sendable, Hashable, CustomStringConvertible {
    /// The app opens: intent filter `filter` (0-based, document order) took it through the `<data>` matcher `data`
    /// (`path="/cart"`, `pathAdvancedPattern="/+x/*"`, `any path`, `uri-relative-filter-group 0`, …).
    case claimed(filter: Int, data: String)
    /// The manifest took the link but dynamic component `dynamicComponent` (0-based) has `"exclude": true` (CFG).
    case excluded(dynamicComponent: Int)
    /// No filter took the link, or (API 35+) no dynamic component matched it (CFG: "If no rule matches, the URL does
    /// not open the app").
    case unclaimed

    package var description: String {
      switch self {
      case .claimed(let filter, let data): "claimed by filter \(filter) (\(data))"
      case .excluded(let component): "excluded by dynamic component \(component)"
      case .unclaimed: "unclaimed"
      }
    }
  }

  /// Why the manifest or the assetlinks file cannot be read.
  package enum FileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The manifest is not well-formed XML (the parser's message and line).
    case notXML(String)
    /// The manifest holds no `<intent-filter>`.
    case noIntentFilter
    /// An element other than `<action>`, `<category>`, `<data>` and `<uri-relative-filter-group>` inside an
    /// `<intent-filter>`, or other than `<data>` inside a group (DATA, URG list what each may contain).
    case unknownElement(String)
    /// An attribute Android does not read on that element (`android:` attributes are listed on the DATA, URG and
    /// intent-filter element pages; `tools:` and `xmlns` attributes are allowed and ignored).
    case unknownAttribute(element: String, attribute: String)
    /// `<action>` or `<category>` without `android:name`.
    case missingAttribute(element: String, attribute: String)
    /// `android:host` with a `*` that is not its first character (DATA: "`google.co.*` is invalid").
    case invalidHost(String)
    /// `android:port` that is not a decimal number.
    case invalidPort(String)
    /// A `*AdvancedPattern` Android's PatternMatcher refuses (a modifier with nothing before it, an unterminated or
    /// empty set, a bad `{…}` count, an escape at the end).
    case invalidPattern(attribute: String, value: String, reason: String)
    /// `assetLinks` is not JSON.
    case notJSON
    /// A key of the assetlinks file holds a value of the wrong JSON type.
    case wrongType(key: String, expected: String)
    /// A dynamic component key other than `/`, `?`, `#`, `exclude` (CFG) and `comments`.
    case unknownComponentKey(String)
    /// A dynamic component expression is empty.
    case emptyExpression(key: String)
    /// More than one `dynamic_app_link_components` list (CFG: declare one per site, relation and app; with several,
    /// "we don't guarantee which" is used).
    case duplicateDynamicComponents

    package var description: String {
      switch self {
      case .notXML(let reason): "the manifest is not XML: \(reason)"
      case .noIntentFilter: "the manifest holds no <intent-filter>"
      case .unknownElement(let name): "<\(name)> is not read by Android there"
      case .unknownAttribute(let element, let attribute):
        "\(attribute) is not an attribute Android reads on <\(element)>"
      case .missingAttribute(let element, let attribute): "<\(element)> lacks \(attribute)"
      case .invalidHost(let host): "host `\(host)`: a `*` must be its first character"
      case .invalidPort(let port): "port `\(port)` is not a number"
      case .invalidPattern(let attribute, let value, let reason): "\(attribute) `\(value)` is invalid: \(reason)"
      case .notJSON: "the assetlinks file is not JSON"
      case .wrongType(let key, let expected): "\(key) must be \(expected)"
      case .unknownComponentKey(let key): "`\(key)` is not a dynamic_app_link_components key"
      case .emptyExpression(let key): "\(key) is an empty expression"
      case .duplicateDynamicComponents: "dynamic_app_link_components is declared more than once"
      }
    }
  }

  /// The relation whose `relation_extensions` entry holds the dynamic rules (CFG).
  package static let handleAllURLs = "delegate_permission/common.handle_all_urls"

  let filters: [Filter]
  let dynamicComponents: [DynamicComponent]?

  /// The number of `<intent-filter>` elements read.
  package var filterCount: Int { filters.count }
  /// The number of dynamic components, or `nil` when the manifest alone decides on every API level.
  package var dynamicComponentCount: Int? { dynamicComponents?.count }

  /// `manifest`: one or more <intent-filter> elements as `deeplink intent-filters` prints them (possibly with XML
  /// comments, possibly not wrapped in a single root: wrap them yourself). `assetLinks`: the Digital Asset Links JSON
  /// (an array of statements), optional; its
  /// `relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components` are the
  /// Android 15 dynamic rules.
  ///
  /// `<intent-filter>` elements may also sit inside `<activity>` or `<manifest>`; elements outside filters are not
  /// read.
  package init(manifest: String, assetLinks: Data? = nil) throws(FileError) {
    let root = try XMLTree.parse(manifest)
    var filters: [Filter] = []
    try Self.collectFilters(root, into: &filters)
    guard !filters.isEmpty else { throw .noIntentFilter }
    self.filters = filters
    dynamicComponents = try assetLinks.flatMap { data throws(FileError) in try Self.dynamicComponents(data) }
  }

  /// Whether Android at `apiLevel` opens the app for `url` (an absolute URL string): an intent filter with action
  /// VIEW, categories DEFAULT and BROWSABLE matches scheme (as written) × host × port × path (Uri.getPath() is the
  /// DECODED path, case-sensitive, `""` when empty; query and fragment ignored by <data> before API 35); pathAdvancedPattern/pathSuffix only at
  /// API >= 31 (below, that attribute is ignored — and a filter whose path attributes are ALL ignored has no path
  /// restriction); dynamic rules only at API >= 35 and only narrow: first matching component decides (exclude →
  /// .excluded), none matching → .unclaimed; dynamic "/" matched against the decoded path, "#" against the fragment
  /// (an absent fragment matches nothing), "?" dictionary against query parameters (every entry must match some
  /// parameter, extra parameters allowed); a component with no keys matches nothing.
  package func decide(_ url: String, apiLevel: Int) -> Decision {
    decide(URI(url), apiLevel: apiLevel)
  }

  /// A line describing dynamic component `index`: its keys and the PatternMatcher each became (CFG, B3 of the note).
  package func describe(dynamicComponent index: Int) -> String {
    guard let components = dynamicComponents, components.indices.contains(index) else { return "-" }
    return components[index].description
  }

  /// The first dynamic component that matches `url`, whatever the manifest and the API level say, or `nil` (no
  /// component matches, or the file declares none): for messages that name the rule that let a link through.
  package func dynamicComponent(matching url: String) -> Int? {
    let uri = URI(url)
    return dynamicComponents?.firstIndex { $0.matches(uri) }
  }

  private func decide(_ uri: URI, apiLevel: Int) -> Decision {
    guard
      let (index, data) = filters.enumerated().lazy.compactMap({ index, filter in
        filter.match(uri, apiLevel: apiLevel).map { (index, $0) }
      }).first
    else { return .unclaimed }
    let claimed = Decision.claimed(filter: index, data: data)
    // CFG: the dynamic rules are read by Android 15 (API 35) and later; "Android 14 and lower ignore" them. They are
    // rules for the web domain that serves the file, so they apply to http(s) links only.
    guard apiLevel >= 35, let components = dynamicComponents, uri.scheme == "http" || uri.scheme == "https" else {
      return claimed
    }
    // CFG: "rules are checked in order and the first match wins"; "If no rule matches, the URL does not open the
    // app".
    for (position, component) in components.enumerated() where component.matches(uri) {
      return component.exclude ? .excluded(dynamicComponent: position) : claimed
    }
    return .unclaimed
  }
}

// MARK: - Intent filters

import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Decides whether Android opens an app for a web link, from the app's `<intent-filter>` elements and, on Android 15,
/// the Dynamic App Links rules of its `assetlinks.json`. It is written from Google's pages only (all under
/// https://developer.android.com):
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
/// Readings taken where the pages are silent or disagree with the device (each repeated where it is implemented).
/// Where two readings exist, the one that claims more links is taken, since the caller checks that nothing claimed is
/// refused:
/// - `android:autoVerify` and whether verification succeeded are not modelled: a filter that matches claims the link
///   (ADD, VER say Android 12+ opens only verified or user-approved domains; that only ever claims less).
/// - Host comparison ignores case (DATA documents it as case-sensitive and asks for lower case; AOSP's
///   `IntentFilter.AuthorityEntry` compares with `compareToIgnoreCase`). A URL's scheme is lower-cased before it is
///   compared exactly with the filter's (DATA: "scheme matching ... is case sensitive"; browsers send it lower-case).
/// - A filter without `android:port` accepts any port, the default included (DATA gives no rule; AOSP checks a port
///   only when the filter names one).
/// - `pathPattern`'s `X*` matches zero `X` at the end of the path as DATA says, even though AOSP only accepts a final
///   `.*` there.
/// - `query*`/`fragment*` attributes outside `<uri-relative-filter-group>` are ignored (URG: they are for groups).
/// - A path that is empty (`https://host`) is tried as `""` and as `"/"`; the first that claims wins.
/// - An empty `dynamic_app_link_components` array leaves the manifest alone in charge (CFG: "If any field is
///   malformed or empty, the dynamic rules are discarded"); a component without keys matches every link (CFG: all keys
///   are optional and are ANDed, and an empty AND holds).
/// - A `?` entry matches a query parameter when its key and value expressions match the parameter's name and value,
///   or when the expression `key=value` matches the whole parameter (CFG does not say how the pair is compared).
///
/// Runtime is linear in the link's length per pattern: PatternMatcher never backtracks (PatternMatcher reference:
/// ADVANCED_GLOB is "a simple evaluation implementation in which matching is done against the pattern in real time
/// with no backtracking support").
public struct AndroidAppLinkMatcher: Sendable {
  /// What Android does with a link.
  public enum Decision: Sendable, Hashable, CustomStringConvertible {
    /// The app opens: intent filter `filter` (0-based, document order) took it through the `<data>` matcher `data`
    /// (`path="/cart"`, `pathAdvancedPattern="/+x/*"`, `any path`, `uri-relative-filter-group 0`, …).
    case claimed(filter: Int, data: String)
    /// The manifest took the link but dynamic component `dynamicComponent` (0-based) has `"exclude": true` (CFG).
    case excluded(dynamicComponent: Int)
    /// No filter took the link, or (API 35+) no dynamic component matched it (CFG: "If no rule matches, the URL does
    /// not open the app").
    case unclaimed

    public var description: String {
      switch self {
      case .claimed(let filter, let data): "claimed by filter \(filter) (\(data))"
      case .excluded(let component): "excluded by dynamic component \(component)"
      case .unclaimed: "unclaimed"
      }
    }
  }

  /// Why the manifest or the assetlinks file cannot be read.
  public enum FileError: Error, Sendable, Hashable, CustomStringConvertible {
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

    public var description: String {
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
  public static let handleAllURLs = "delegate_permission/common.handle_all_urls"

  let filters: [Filter]
  let dynamicComponents: [DynamicComponent]?

  /// The number of `<intent-filter>` elements read.
  public var filterCount: Int { filters.count }
  /// The number of dynamic components, or `nil` when the manifest alone decides on every API level.
  public var dynamicComponentCount: Int? { dynamicComponents?.count }

  /// `manifest`: one or more <intent-filter> elements as `deeplink intent-filters` prints them (possibly with XML
  /// comments, possibly not wrapped in a single root: wrap them yourself). `assetLinks`: the Digital Asset Links JSON
  /// (an array of statements), optional; its
  /// `relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components` are the
  /// Android 15 dynamic rules.
  ///
  /// `<intent-filter>` elements may also sit inside `<activity>` or `<manifest>`; elements outside filters are not
  /// read.
  public init(manifest: String, assetLinks: Data? = nil) throws(FileError) {
    let root = try XMLTree.parse(manifest)
    var filters: [Filter] = []
    try Self.collectFilters(root, into: &filters)
    guard !filters.isEmpty else { throw .noIntentFilter }
    self.filters = filters
    dynamicComponents = try assetLinks.flatMap { data throws(FileError) in try Self.dynamicComponents(data) }
  }

  /// Whether Android at `apiLevel` opens the app for `url` (an absolute URL string): an intent filter with action
  /// VIEW, categories DEFAULT and BROWSABLE matches scheme × host × path (Uri.getPath() is the DECODED path,
  /// case-sensitive; query and fragment ignored by <data> before API 35); pathAdvancedPattern/pathSuffix only at
  /// API >= 31 (below, that attribute is ignored — and a filter whose path attributes are ALL ignored has no path
  /// restriction); dynamic rules only at API >= 35 and only narrow: first matching component decides (exclude →
  /// .excluded), none matching → .unclaimed; dynamic "/" matched against the decoded path, "#" against the fragment
  /// (absent = ""), "?" dictionary against query parameters (every entry must match some parameter, extra parameters
  /// allowed).
  public func decide(_ url: String, apiLevel: Int) -> Decision {
    let uri = URI(url)
    // Reading: `Uri.getPath()` of `https://host` is empty; DATA does not say whether `path="/"` takes it, so both
    // `""` and `"/"` are tried and the first claim wins.
    guard uri.hasAuthority, let path = uri.path, path.isEmpty else { return decide(uri, apiLevel: apiLevel) }
    let bare = decide(uri, apiLevel: apiLevel)
    if case .claimed = bare { return bare }
    var slash = uri
    slash.path = [Unit.slash]
    let slashed = decide(slash, apiLevel: apiLevel)
    if case .claimed = slashed { return slashed }
    return bare
  }

  /// A line describing dynamic component `index`: its keys and the PatternMatcher each became (CFG, B3 of the note).
  public func describe(dynamicComponent index: Int) -> String {
    guard let components = dynamicComponents, components.indices.contains(index) else { return "-" }
    return components[index].description
  }

  /// The first dynamic component that matches `url`, whatever the manifest and the API level say, or `nil` (no
  /// component matches, or the file declares none): for messages that name the rule that let a link through.
  public func dynamicComponent(matching url: String) -> Int? {
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

extension AndroidAppLinkMatcher {
  /// One `<data>` matcher on a URI part (path, scheme-specific part, query or fragment).
  struct DataMatcher: Sendable {
    /// The attribute's name without `android:` (`pathAdvancedPattern`).
    var attribute: String
    /// The value the pattern sees (after XML and resource-string unescaping).
    var value: String
    var pattern: Pattern
    /// The lowest API level that reads the attribute (DATA: `pathSuffix`, `pathAdvancedPattern` "Introduced in API
    /// level 31"; the `query*`/`fragment*` attributes, API 35).
    var apiLevel: Int

    var label: String { "\(attribute)=\"\(value)\"" }
  }

  /// One `android:host` (+ `android:port`) of a filter.
  struct Authority: Sendable {
    /// The host in lower case, without its leading `*`.
    var host: [UInt16]
    /// Whether the host started with `*` (DATA: "a `*` ... matches zero or more characters" and "must be the first
    /// character").
    var wild: Bool
    var port: Int?

    /// DATA: a `*` host matches any host ending in the rest (`*.google.com` matches `www.google.com` and
    /// `.google.com`; the bare `google.com` does not end in `.google.com`). Case is ignored (see the type's readings).
    /// DATA gives no port rule without a port; a filter port must equal the URL's (none is -1).
    func matches(_ uri: URI) -> Bool {
      guard let host = uri.host else { return false }
      let lower = Array(host.lowercased().utf16)
      if wild {
        guard lower.count >= self.host.count, Array(lower.suffix(self.host.count)) == self.host else { return false }
      } else {
        guard lower == self.host else { return false }
      }
      if let port { return port == uri.port }
      return true
    }
  }

  /// A `<uri-relative-filter-group>` (URG, API 35).
  struct Group: Sendable {
    enum Part: Sendable { case path, query, fragment }
    var allow: Bool
    var matchers: [(part: Part, matcher: DataMatcher)]

    /// URG: the `<data>` elements of one group are ANDed; a `query` matcher must match one of the parameters, in any
    /// order. A group with nothing in it never matches (AOSP's `UriRelativeFilterGroup`; URG is silent).
    func matches(_ uri: URI) -> Bool {
      guard !matchers.isEmpty else { return false }
      return matchers.allSatisfy { part, matcher in
        switch part {
        case .path: uri.path.map(matcher.pattern.matches) ?? false
        case .query: uri.queryParameters.contains { matcher.pattern.matches(Array($0.utf16)) }
        case .fragment: matcher.pattern.matches(Array((uri.fragment ?? "").utf16))
        }
      }
    }
  }

  /// One `<intent-filter>`, with its `<data>` elements pooled (DATA).
  struct Filter: Sendable {
    var actions: [String] = []
    var categories: [String] = []
    var schemes: [String] = []
    var authorities: [Authority] = []
    var paths: [DataMatcher] = []
    var schemeSpecificParts: [DataMatcher] = []
    var hasMIMEType = false
    var groups: [Group] = []

    /// The `<data>` matcher that takes `uri` at `apiLevel`, or `nil`.
    func match(_ uri: URI, apiLevel: Int) -> String? {
      // IF, "Intent resolution": a web link is an implicit ACTION_VIEW intent with category BROWSABLE, and
      // startActivity adds DEFAULT; ADD lists the three for App Links.
      guard actions.contains("android.intent.action.VIEW"), categories.contains("android.intent.category.DEFAULT"),
        categories.contains("android.intent.category.BROWSABLE")
      else { return nil }
      // IF, "Data test": a URI without a MIME type passes only a filter that specifies no MIME type.
      guard !hasMIMEType else { return nil }
      // DATA: "If a scheme isn't specified for the intent filter, all the other URI attributes are ignored" — and
      // such a filter takes only content: and file: URIs (IF), so no web link.
      guard let scheme = uri.scheme, schemes.contains(scheme) else { return nil }
      let ssps = schemeSpecificParts.filter { $0.apiLevel <= apiLevel }
      if let ssp = ssps.first(where: { $0.pattern.matches(uri.schemeSpecificPart) }) { return ssp.label }
      // DATA: "If a host is not specified for the filter, the port attribute and all the path attributes are
      // ignored"; IF: a filter with only a scheme takes every URI with that scheme.
      guard !authorities.isEmpty else { return ssps.isEmpty ? "any host and path" : nil }
      guard authorities.contains(where: { $0.matches(uri) }) else { return nil }
      // DATA: an attribute introduced after `apiLevel` is not read there; a filter whose path attributes are all
      // unread has none (IF: a filter with scheme and host only passes URIs "regardless of their paths").
      // URG: groups are read from API 35 and ORed with the filter-level paths.
      let paths = self.paths.filter { $0.apiLevel <= apiLevel }
      let groups = apiLevel >= 35 ? self.groups : []
      if paths.isEmpty && groups.isEmpty { return "any path" }
      if let decoded = uri.path, let path = paths.first(where: { $0.pattern.matches(decoded) }) { return path.label }
      // URG: groups are checked in order and the first that matches decides (allow or block).
      if let index = groups.firstIndex(where: { $0.matches(uri) }), groups[index].allow {
        return "uri-relative-filter-group \(index)"
      }
      return nil
    }
  }

  /// The attributes of `<data>` (DATA; `ssp*` from the `R.attr` reference; `query*`, `fragment*` from DATA and URG,
  /// API 35), with the PatternMatcher type each builds and the API level that reads it.
  static let pathAttributes: [String: (kind: Pattern.Kind, apiLevel: Int)] = [
    "path": (.literal, 1), "pathPrefix": (.prefix, 1), "pathPattern": (.simpleGlob, 1),
    "pathAdvancedPattern": (.advancedGlob, 31), "pathSuffix": (.suffix, 31),
  ]
  static let schemeSpecificAttributes: [String: (kind: Pattern.Kind, apiLevel: Int)] = [
    "ssp": (.literal, 19), "sspPrefix": (.prefix, 19), "sspPattern": (.simpleGlob, 19),
    "sspAdvancedPattern": (.advancedGlob, 31), "sspSuffix": (.suffix, 31),
  ]
  static let relativeAttributes: [String: (part: Group.Part, kind: Pattern.Kind)] = [
    "query": (.query, .literal), "queryPrefix": (.query, .prefix), "queryPattern": (.query, .simpleGlob),
    "queryAdvancedPattern": (.query, .advancedGlob), "querySuffix": (.query, .suffix),
    "fragment": (.fragment, .literal), "fragmentPrefix": (.fragment, .prefix),
    "fragmentPattern": (.fragment, .simpleGlob), "fragmentAdvancedPattern": (.fragment, .advancedGlob),
    "fragmentSuffix": (.fragment, .suffix),
  ]
  /// A fixed order for a `<data>` element's attributes (XML attributes have none), so decisions are deterministic.
  static let attributeOrder: [String] =
    ["scheme", "host", "port", "mimeType", "mimeGroup"] + ["path", "pathPrefix", "pathPattern", "pathAdvancedPattern"]
    + ["pathSuffix", "ssp", "sspPrefix", "sspPattern", "sspAdvancedPattern", "sspSuffix"]
    + relativeAttributes.keys.sorted()

  static func collectFilters(_ node: XMLTree.Node, into filters: inout [Filter]) throws(FileError) {
    for child in node.children {
      if child.name == "intent-filter" {
        filters.append(try filter(child))
      } else {
        try collectFilters(child, into: &filters)
      }
    }
  }

  /// The `android:` attributes of `node` by local name, refusing any not in `known` (`tools:` and `xmlns` ignored).
  static func attributes(_ node: XMLTree.Node, known: Set<String>) throws(FileError) -> [String: String] {
    var result: [String: String] = [:]
    for (name, value) in node.attributes {
      if name.hasPrefix("tools:") || name == "xmlns" || name.hasPrefix("xmlns:") { continue }
      guard name.hasPrefix("android:"), case let local = String(name.dropFirst("android:".count)),
        known.contains(local)
      else { throw .unknownAttribute(element: node.name, attribute: name) }
      result[local] = resourceString(value)
    }
    return result
  }

  static func filter(_ node: XMLTree.Node) throws(FileError) -> Filter {
    // The <intent-filter> element page: icon, label, priority, order and (ADD) autoVerify.
    _ = try attributes(node, known: ["autoVerify", "icon", "label", "priority", "order"])
    var filter = Filter()
    for child in node.children {
      switch child.name {
      case "action", "category":
        guard let name = try attributes(child, known: ["name"])["name"] else {
          throw .missingAttribute(element: child.name, attribute: "android:name")
        }
        if child.name == "action" { filter.actions.append(name) } else { filter.categories.append(name) }
      case "data":
        try addData(child, to: &filter)
      case "uri-relative-filter-group":
        filter.groups.append(try group(child))
      default:
        throw .unknownElement(child.name)
      }
    }
    return filter
  }

  static func addData(_ node: XMLTree.Node, to filter: inout Filter) throws(FileError) {
    let values = try attributes(node, known: Set(attributeOrder))
    if let scheme = values["scheme"] { filter.schemes.append(scheme) }
    if values["mimeType"] != nil || values["mimeGroup"] != nil { filter.hasMIMEType = true }
    if let host = values["host"] {
      // DATA: the `*` "must be the first character in the host attribute".
      guard !host.dropFirst().contains("*") else { throw .invalidHost(host) }
      var port: Int?
      if let text = values["port"] {
        guard let number = Int(text), !text.isEmpty, text.allSatisfy(\.isASCII) else { throw .invalidPort(text) }
        port = number
      }
      let wild = host.hasPrefix("*")
      filter.authorities.append(
        Authority(host: Array((wild ? String(host.dropFirst()) : host).lowercased().utf16), wild: wild, port: port))
    }
    // DATA: a port without a host in its element is ignored (the host is "ignored" without a scheme, and a port is
    // part of the host's authority).
    for attribute in attributeOrder {
      guard let value = values[attribute] else { continue }
      if let (kind, level) = pathAttributes[attribute] {
        filter.paths.append(try matcher(attribute, value, kind, level))
      } else if let (kind, level) = schemeSpecificAttributes[attribute] {
        filter.schemeSpecificParts.append(try matcher(attribute, value, kind, level))
      } else if let (_, kind) = relativeAttributes[attribute] {
        // Reading: URG describes query and fragment matching for groups only; outside one they are not read (their
        // patterns are still checked).
        _ = try matcher(attribute, value, kind, 35)
      }
    }
  }

  static func group(_ node: XMLTree.Node) throws(FileError) -> Group {
    // URG: `android:allow`, default true.
    let allow = try attributes(node, known: ["allow"])["allow"].map { $0 != "false" } ?? true
    var group = Group(allow: allow, matchers: [])
    for child in node.children {
      guard child.name == "data" else { throw .unknownElement(child.name) }
      // URG: a group's <data> elements take path, query and fragment attributes.
      let known = Set(pathAttributes.keys).union(relativeAttributes.keys)
      let values = try attributes(child, known: known)
      for attribute in attributeOrder {
        guard let value = values[attribute] else { continue }
        if let (kind, _) = pathAttributes[attribute] {
          group.matchers.append((.path, try matcher(attribute, value, kind, 35)))
        } else if let (part, kind) = relativeAttributes[attribute] {
          group.matchers.append((part, try matcher(attribute, value, kind, 35)))
        }
      }
    }
    return group
  }

  static func matcher(_ attribute: String, _ value: String, _ kind: Pattern.Kind, _ level: Int) throws(FileError)
    -> DataMatcher
  {
    do {
      return DataMatcher(attribute: attribute, value: value, pattern: try Pattern(value, kind), apiLevel: level)
    } catch {
      throw .invalidPattern(attribute: "android:" + attribute, value: value, reason: error.reason)
    }
  }

  /// An attribute value as Android's resource compiler stores it: after the XML parser has replaced entities, `\`
  /// escapes the next character once more (DATA, `pathPattern`: "`\` is used as an escape character when the string
  /// is read from XML (before it is parsed as a pattern), you need to double-escape: for example, a literal `*`
  /// would be written as `\\*` and a literal `\` would be written as `\\\\`"). `\n`, `\t` and `\uXXXX` follow
  /// Android's string resources (/guide/topics/resources/string-resource, "Handle special characters"); any other
  /// escaped character stands for itself. Not modelled: the resource compiler's double-quote sections and whitespace
  /// collapsing, and values starting with `@` or `?` (resource references); paths rarely hold them.
  static func resourceString(_ raw: String) -> String {
    var result = ""
    var scalars = raw.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\\" else {
        result.unicodeScalars.append(scalar)
        continue
      }
      guard let next = scalars.next() else { break }
      switch next {
      case "n": result += "\n"
      case "t": result += "\t"
      case "u":
        var hex = ""
        var rest = ""
        while hex.count < 4, let digit = scalars.next() {
          guard digit.properties.isASCIIHexDigit else {
            rest.unicodeScalars.append(digit)
            break
          }
          hex.unicodeScalars.append(digit)
        }
        if let value = UInt32(hex, radix: 16), let character = Unicode.Scalar(value) {
          result.unicodeScalars.append(character)
        }
        result += rest
      default: result.unicodeScalars.append(next)
      }
    }
    return result
  }
}

// MARK: - Dynamic App Links

extension AndroidAppLinkMatcher {
  /// One entry of `dynamic_app_link_components` (CFG): its keys are ANDed.
  struct DynamicComponent: Sendable, CustomStringConvertible {
    var path: Pattern?
    var fragment: Pattern?
    var query: [(key: String, value: String, name: Pattern, content: Pattern, pair: Pattern)]
    var exclude: Bool

    /// CFG: "/" is matched against the URL path (decoded, as `Uri.getPath()`), "#" against the fragment (without
    /// `#`; a link without one is matched as empty), and "?" against the query parameters: "the dictionary ... must
    /// match", in any order, with extra parameters allowed.
    func matches(_ uri: URI) -> Bool {
      if let path, !(uri.path.map(path.matches) ?? false) { return false }
      if let fragment, !fragment.matches(Array((uri.fragment ?? "").utf16)) { return false }
      let parameters = uri.queryParameters
      return query.allSatisfy { entry in
        parameters.contains { parameter in
          // Reading: CFG does not say how a key/value pair meets a parameter; either comparison claims.
          let separator = parameter.firstIndex(of: "=")
          let name = separator.map { String(parameter[..<$0]) } ?? parameter
          let value = separator.map { String(parameter[parameter.index(after: $0)...]) } ?? ""
          return (entry.name.matches(Array(name.utf16)) && entry.content.matches(Array(value.utf16)))
            || entry.pair.matches(Array(parameter.utf16))
        }
      }
    }

    var description: String {
      var parts: [String] = []
      if let path { parts.append("/ \(path)") }
      if let fragment { parts.append("# \(fragment)") }
      for entry in query { parts.append("? \(entry.key)=\(entry.value) (\(entry.name) = \(entry.content))") }
      if exclude { parts.append("exclude") }
      return parts.isEmpty ? "(no keys: every link)" : parts.joined(separator: ", ")
    }
  }

  /// A dynamic-rule expression as a PatternMatcher (CFG: `*` "matches zero or more characters", `?` "matches any
  /// single character", `?*` one or more; "There are no other character restrictions for values"). As AOSP's
  /// `DalComponentParser` converts it (note B3, whose fixture table this passes): no `*` or `?` → LITERAL; one
  /// wildcard, a final `*` → PREFIX of the rest; otherwise SIMPLE_GLOB with `*` → `.*`, `?` → `.`, `.` → `\.` and
  /// `\` → `\\`. TEST confirms `/foo*` → PREFIX `/foo` and `*` → PREFIX ``.
  static func expression(_ text: String, key: String) throws(FileError) -> Pattern {
    let units = Array(text.utf16)
    guard !units.isEmpty else { throw .emptyExpression(key: key) }
    let wildcards = units.filter { $0 == Unit.star || $0 == Unit.question }.count
    if wildcards == 0 { return Pattern(units: units, kind: .literal) }
    if wildcards == 1, units.last == Unit.star { return Pattern(units: Array(units.dropLast()), kind: .prefix) }
    var glob: [UInt16] = []
    for unit in units {
      switch unit {
      case Unit.star: glob += [Unit.dot, Unit.star]
      case Unit.question: glob.append(Unit.dot)
      case Unit.dot: glob += [Unit.backslash, Unit.dot]
      case Unit.backslash: glob += [Unit.backslash, Unit.backslash]
      default: glob.append(unit)
      }
    }
    return Pattern(units: glob, kind: .simpleGlob)
  }

  /// The dynamic rules of `data`, or `nil` when it declares none (or an empty list: CFG, "If any field is malformed
  /// or empty, the dynamic rules are discarded").
  static func dynamicComponents(_ data: Data) throws(FileError) -> [DynamicComponent]? {
    let root: JSON
    do { root = try JSONDecoder().decode(JSON.self, from: data) } catch { throw .notJSON }
    // CFG: the file is "a JSON array" of statements, each with `relation` (an array of strings) and `target`.
    guard case .array(let statements) = root else {
      throw .wrongType(key: "the assetlinks file", expected: "an array of statements")
    }
    var lists: [(key: String, components: [JSON])] = []
    for (index, statement) in statements.enumerated() {
      let key = "[\(index)]"
      guard case .object(let fields) = statement else { throw .wrongType(key: key, expected: "an object") }
      if let relation = fields["relation"] {
        guard case .array(let relations) = relation, relations.allSatisfy({ $0.string != nil }) else {
          throw .wrongType(key: "\(key).relation", expected: "an array of strings")
        }
      }
      guard case .object(let target)? = fields["target"] else {
        throw .wrongType(key: "\(key).target", expected: "an object")
      }
      // CFG: the dynamic rules belong to an app statement (`"namespace": "android_app"`).
      guard target["namespace"]?.string == "android_app" else { continue }
      guard let extensions = fields["relation_extensions"] else { continue }
      guard case .object(let byRelation) = extensions else {
        throw .wrongType(key: "\(key).relation_extensions", expected: "an object")
      }
      let relationKey = "\(key).relation_extensions[\"\(handleAllURLs)\"]"
      guard let entry = byRelation[handleAllURLs] else { continue }
      guard case .object(let entryFields) = entry else { throw .wrongType(key: relationKey, expected: "an object") }
      guard let list = entryFields["dynamic_app_link_components"] else { continue }
      let listKey = "\(relationKey).dynamic_app_link_components"
      guard case .array(let components) = list else { throw .wrongType(key: listKey, expected: "an array") }
      lists.append((listKey, components))
    }
    guard lists.count <= 1 else { throw .duplicateDynamicComponents }
    guard let (listKey, components) = lists.first, !components.isEmpty else { return nil }
    var result: [DynamicComponent] = []
    for (index, component) in components.enumerated() {
      let key = "\(listKey)[\(index)]"
      guard case .object(let fields) = component else { throw .wrongType(key: key, expected: "an object") }
      var parsed = DynamicComponent(query: [], exclude: false)
      for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
        let field = "\(key)[\"\(name)\"]"
        switch name {
        case "/", "#":
          guard let text = value.string else { throw .wrongType(key: field, expected: "a string") }
          let pattern = try expression(text, key: field)
          if name == "/" { parsed.path = pattern } else { parsed.fragment = pattern }
        case "?":
          guard case .object(let entries) = value else {
            throw .wrongType(key: field, expected: "an object of strings")
          }
          for (entryKey, entryValue) in entries.sorted(by: { $0.key < $1.key }) {
            guard let text = entryValue.string else {
              throw .wrongType(key: "\(field)[\"\(entryKey)\"]", expected: "a string")
            }
            let name = try expression(entryKey, key: "\(field) key")
            let content =
              text.isEmpty ? Pattern(units: [], kind: .literal) : try expression(text, key: "\(field)[\"\(entryKey)\"]")
            let pair = try expression(entryKey + "=" + text, key: field)
            parsed.query.append((entryKey, text, name, content, pair))
          }
        case "exclude":
          guard case .bool(let flag) = value else { throw .wrongType(key: field, expected: "true or false") }
          parsed.exclude = flag
        case "comments":
          // Read (and ignored) by AOSP's statement parser; CFG does not list it.
          guard value.string != nil else { throw .wrongType(key: field, expected: "a string") }
        default:
          throw .unknownComponentKey(name)
        }
      }
      result.append(parsed)
    }
    return result
  }

  /// A JSON value.
  enum JSON: Decodable, Sendable {
    case null, bool(Bool), number(Double), string(String), array([JSON]), object([String: JSON])

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        self = .null
      } else if let value = try? container.decode(Bool.self) {
        self = .bool(value)
      } else if let value = try? container.decode(Double.self) {
        self = .number(value)
      } else if let value = try? container.decode(String.self) {
        self = .string(value)
      } else if let value = try? container.decode([JSON].self) {
        self = .array(value)
      } else {
        self = .object(try container.decode([String: JSON].self))
      }
    }

    var string: String? {
      if case .string(let value) = self { return value }
      return nil
    }
  }
}

// MARK: - PatternMatcher

extension AndroidAppLinkMatcher {
  /// UTF-16 code units used by the matchers (Java strings, and so PatternMatcher, compare UTF-16 units).
  enum Unit {
    static let slash = UInt16(UInt8(ascii: "/"))
    static let star = UInt16(UInt8(ascii: "*"))
    static let question = UInt16(UInt8(ascii: "?"))
    static let dot = UInt16(UInt8(ascii: "."))
    static let backslash = UInt16(UInt8(ascii: "\\"))
    static let plus = UInt16(UInt8(ascii: "+"))
    static let openBracket = UInt16(UInt8(ascii: "["))
    static let closeBracket = UInt16(UInt8(ascii: "]"))
    static let openBrace = UInt16(UInt8(ascii: "{"))
    static let closeBrace = UInt16(UInt8(ascii: "}"))
    static let caret = UInt16(UInt8(ascii: "^"))
    static let dash = UInt16(UInt8(ascii: "-"))
    static let comma = UInt16(UInt8(ascii: ","))
  }
}

extension AndroidAppLinkMatcher {
  /// Android's `android.os.PatternMatcher` (PatternMatcher reference; DATA describes each attribute's type).
  struct Pattern: Sendable, CustomStringConvertible {
    enum Kind: String, Sendable {
      /// `path`: "a complete path" (DATA), compared exactly.
      case literal = "LITERAL"
      /// `pathPrefix`: "only the initial part of the path" (DATA).
      case prefix = "PREFIX"
      /// `pathPattern` (DATA): `.` any character, `X*` zero or more of the preceding character, `.*` any
      /// characters, `\` escapes.
      case simpleGlob = "GLOB"
      /// `pathAdvancedPattern` (DATA, PatternMatcher reference): `.`, sets `[...]` with ranges and `^`, modifiers
      /// `*`, `+` and `{...}`, greedy, "no backtracking support".
      case advancedGlob = "ADVANCED"
      /// `pathSuffix`: "matched exactly against the ending part of the path" (DATA).
      case suffix = "SUFFIX"
    }

    /// One token of an advanced pattern with its repetition count.
    struct Token: Sendable {
      enum Shape: Sendable {
        case literal(UInt16)
        case any
        case set([(low: UInt16, high: UInt16)], inverted: Bool)
      }
      var shape: Shape
      var minimum = 1
      var maximum = 1

      func accepts(_ unit: UInt16) -> Bool {
        switch shape {
        case .literal(let literal): unit == literal
        case .any: true
        case .set(let ranges, let inverted): ranges.contains { $0.low <= unit && unit <= $0.high } != inverted
        }
      }
    }

    struct Invalid: Error {
      var reason: String
    }

    let kind: Kind
    let units: [UInt16]
    let tokens: [Token]

    init(units: [UInt16], kind: Kind) {
      self.kind = kind
      self.units = units
      // Only an advanced pattern has tokens; the expressions built here are never advanced.
      tokens = []
    }

    init(_ text: String, _ kind: Kind) throws(Invalid) {
      self.kind = kind
      units = Array(text.utf16)
      tokens = kind == .advancedGlob ? try Self.tokens(units) : []
    }

    var description: String { "\(kind.rawValue) \(String(decoding: units, as: Unicode.UTF16.self))" }

    func matches(_ text: [UInt16]) -> Bool {
      switch kind {
      case .literal: text == units
      case .prefix: text.starts(with: units)
      case .suffix: text.count >= units.count && Array(text.suffix(units.count)) == units
      case .simpleGlob: Self.simpleGlob(units, text)
      case .advancedGlob: Self.advancedGlob(tokens, text)
      }
    }

    /// SIMPLE_GLOB, read left to right without backtracking (note A5; DATA documents the tokens, AOSP's
    /// `matchGlobPattern` the order): `.*` followed by a character consumes the text up to the first occurrence of
    /// that character, compared literally (so a `.` after `.*` is a literal dot); `X*` consumes every `X` in a row.
    /// Reading: at the end of the text, what is left of the pattern matches when it is only `X*` pairs (DATA: `X*`
    /// is "0 or more occurrences"); AOSP accepts only a final `.*` there.
    static func simpleGlob(_ pattern: [UInt16], _ text: [UInt16]) -> Bool {
      let np = pattern.count
      let nm = text.count
      guard np > 0 else { return nm == 0 }
      var ip = 0
      var im = 0
      func at(_ index: Int) -> UInt16 { index < np ? pattern[index] : 0 }
      var next = pattern[0]
      while ip < np && im < nm {
        var c = next
        ip += 1
        next = at(ip)
        let escaped = c == Unit.backslash
        if escaped {
          c = next
          ip += 1
          next = at(ip)
        }
        if next == Unit.star {
          if !escaped && c == Unit.dot {
            if ip >= np - 1 { return true }
            ip += 1
            next = pattern[ip]
            if next == Unit.backslash {
              ip += 1
              next = at(ip)
            }
            while im < nm && text[im] != next { im += 1 }
            if im == nm { return false }
            ip += 1
            next = at(ip)
            im += 1
          } else {
            while im < nm && text[im] == c { im += 1 }
            ip += 1
            next = at(ip)
          }
        } else {
          if c != Unit.dot && text[im] != c { return false }
          im += 1
        }
      }
      if ip >= np && im >= nm { return true }
      guard im >= nm else { return false }
      // Only `X*` (or `\X*`) pairs left.
      var rest = ip
      while rest < np {
        if pattern[rest] == Unit.backslash { rest += 1 }
        guard rest + 1 < np, pattern[rest + 1] == Unit.star else { return false }
        rest += 2
      }
      return true
    }

    /// ADVANCED_GLOB: each token takes as many characters as it can, up to its maximum, and never gives any back
    /// (PatternMatcher reference: "no backtracking support"); the whole text must be used.
    static func advancedGlob(_ tokens: [Token], _ text: [UInt16]) -> Bool {
      var im = 0
      for token in tokens {
        var taken = 0
        while taken < token.maximum && im + taken < text.count && token.accepts(text[im + taken]) { taken += 1 }
        guard taken >= token.minimum else { return false }
        im += taken
      }
      return im >= text.count
    }

    /// Parses an advanced pattern as PatternMatcher does (it throws `IllegalArgumentException` for the same faults):
    /// - `[` opens a set (`[^` an inverted one); inside it every character is literal except `\` (escape), `]` (the
    ///   end) and `a-b` (a range, when the character after `-` is not `]`); an empty or unterminated set is invalid.
    /// - `.` is any character; `*`, `+` and `{n}`, `{n,}`, `{n,m}` repeat the token before them, and a modifier with
    ///   no token before it (at the start, or after another modifier) is invalid, as is a count that is not a number
    ///   or has its minimum above its maximum.
    /// - `\` escapes the next character (at the end of the pattern it is invalid); a `}` outside a count is dropped;
    ///   every other character (`]`, `^`, `$`, `?`, `(`, …) is literal.
    static func tokens(_ p: [UInt16]) throws(Invalid) -> [Token] {
      var tokens: [Token] = []
      var lastHasModifier = false
      var i = 0
      func modify(_ minimum: Int, _ maximum: Int) throws(Invalid) {
        guard !tokens.isEmpty, !lastHasModifier else { throw Invalid(reason: "a modifier must follow a token") }
        tokens[tokens.count - 1].minimum = minimum
        tokens[tokens.count - 1].maximum = maximum
        lastHasModifier = true
      }
      func append(_ shape: Token.Shape) {
        tokens.append(Token(shape: shape))
        lastHasModifier = false
      }
      while i < p.count {
        let c = p[i]
        switch c {
        case Unit.openBracket:
          guard i + 1 < p.count else { throw Invalid(reason: "the set is not terminated") }
          let inverted = p[i + 1] == Unit.caret
          i += inverted ? 2 : 1
          var ranges: [(low: UInt16, high: UInt16)] = []
          while true {
            guard i < p.count else { throw Invalid(reason: "the set is not terminated") }
            var low = p[i]
            if low == Unit.closeBracket {
              guard !ranges.isEmpty else { throw Invalid(reason: "a set must hold characters") }
              i += 1
              break
            }
            if low == Unit.backslash {
              guard i + 1 < p.count else { throw Invalid(reason: "an escape ends the pattern") }
              i += 1
              low = p[i]
            }
            if i + 2 < p.count && p[i + 1] == Unit.dash && p[i + 2] != Unit.closeBracket {
              i += 2
              var high = p[i]
              if high == Unit.backslash {
                guard i + 1 < p.count else { throw Invalid(reason: "an escape ends the pattern") }
                i += 1
                high = p[i]
              }
              ranges.append((low, high))
            } else {
              ranges.append((low, low))
            }
            i += 1
          }
          append(.set(ranges, inverted: inverted))
        case Unit.dot:
          append(.any)
          i += 1
        case Unit.star:
          try modify(0, Int.max)
          i += 1
        case Unit.plus:
          try modify(1, Int.max)
          i += 1
        case Unit.openBrace:
          guard let end = p[(i + 1)...].firstIndex(of: Unit.closeBrace) else {
            throw Invalid(reason: "a count is not ended with }")
          }
          let body = String(decoding: p[(i + 1)..<end], as: Unicode.UTF16.self)
          let bounds = body.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
          guard let minimum = Self.javaInt(bounds[0]) else {
            throw Invalid(reason: "the count {\(body)} is not a number")
          }
          var maximum = minimum
          if bounds.count == 2 {
            if bounds[1].isEmpty {
              maximum = Int.max
            } else {
              guard let value = Self.javaInt(bounds[1]) else {
                throw Invalid(reason: "the count {\(body)} is not a number")
              }
              maximum = value
            }
          }
          guard minimum <= maximum else {
            throw Invalid(reason: "the count {\(body)} has its minimum above its maximum")
          }
          try modify(minimum, maximum)
          i = end + 1
        case Unit.closeBrace:
          i += 1
        case Unit.backslash:
          guard i + 1 < p.count else { throw Invalid(reason: "an escape ends the pattern") }
          append(.literal(p[i + 1]))
          i += 2
        default:
          append(.literal(c))
          i += 1
        }
      }
      return tokens
    }

    /// `Integer.parseInt`: an optional sign and decimal digits within 32 bits.
    static func javaInt(_ text: Substring) -> Int? {
      guard let value = Int32(text), text.allSatisfy(\.isASCII) else { return nil }
      return Int(value)
    }
  }
}

// MARK: - URIs

extension AndroidAppLinkMatcher {
  /// A URI split as `android.net.Uri.parse` splits it, with the parts Android matches decoded as `Uri.getPath()`,
  /// `getHost()`, `getQuery()` and `getFragment()` decode them (`%XX` as UTF-8, malformed bytes as U+FFFD, `+` kept).
  struct URI: Sendable {
    /// Lower-cased (see the matcher's readings).
    var scheme: String?
    var hasAuthority = false
    var host: String?
    /// -1 without a port, as `Uri.getPort()`.
    var port = -1
    /// The decoded path as UTF-16, `nil` for an opaque URI (`mailto:x`).
    var path: [UInt16]?
    var query: String?
    var fragment: String?
    var schemeSpecificPart: [UInt16] = []

    init(_ text: String) {
      var rest = Substring(text)
      if let hash = rest.firstIndex(of: "#") {
        fragment = Self.decode(rest[rest.index(after: hash)...])
        rest = rest[..<hash]
      }
      if let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains(where: { "/?".contains($0) }) {
        scheme = rest[..<colon].lowercased()
        rest = rest[rest.index(after: colon)...]
      }
      schemeSpecificPart = Array(Self.decode(rest).utf16)
      guard rest.hasPrefix("/") else { return }
      if let question = rest.firstIndex(of: "?") {
        query = Self.decode(rest[rest.index(after: question)...])
        rest = rest[..<question]
      }
      if rest.hasPrefix("//") {
        hasAuthority = true
        let authorityStart = rest.index(rest.startIndex, offsetBy: 2)
        let authorityEnd = rest[authorityStart...].firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[authorityStart..<authorityEnd]
        rest = rest[authorityEnd...]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        // `Uri`'s port separator: the last `:` followed by digits only.
        let digits = authority.reversed().prefix { $0.isASCII && $0.isNumber }
        if digits.count < authority.count,
          authority[authority.index(authority.endIndex, offsetBy: -digits.count - 1)] == ":"
        {
          port = Int(String(digits.reversed())) ?? -1
          authority = authority.dropLast(digits.count + 1)
        }
        host = Self.decode(authority)
      }
      path = Array(Self.decode(rest).utf16)
    }

    /// The decoded query split into parameters at `&` (or at `;` when there is no `&`), as AOSP's
    /// `UriRelativeFilter` does; URG: "the order of the query parameters doesn't matter".
    var queryParameters: [String] {
      guard let query, !query.isEmpty else { return [] }
      let ampersand = query.split(separator: "&", omittingEmptySubsequences: true)
      let parts = ampersand.count > 1 ? ampersand : query.split(separator: ";", omittingEmptySubsequences: true)
      return parts.map(String.init)
    }

    /// `Uri.decode`: `%XX` sequences as UTF-8 (malformed bytes become U+FFFD), an invalid escape becomes U+FFFD.
    static func decode(_ text: Substring) -> String {
      var result = ""
      var bytes: [UInt8] = []
      func flush() {
        guard !bytes.isEmpty else { return }
        result += String(decoding: bytes, as: UTF8.self)
        bytes.removeAll()
      }
      var scalars = text.unicodeScalars.makeIterator()
      outer: while let scalar = scalars.next() {
        guard scalar == "%" else {
          flush()
          result.unicodeScalars.append(scalar)
          continue
        }
        var value: UInt8 = 0
        for _ in 0..<2 {
          guard let digit = scalars.next() else {
            flush()
            result += "\u{FFFD}"
            break outer
          }
          guard digit.isASCII, let number = UInt8(String(digit), radix: 16) else {
            flush()
            result += "\u{FFFD}"
            continue outer
          }
          value = value &* 16 &+ number
        }
        bytes.append(value)
      }
      flush()
      return result
    }
  }
}

// MARK: - XML

extension AndroidAppLinkMatcher {
  /// The manifest's elements as a tree, read with Foundation's `XMLParser` inside a root that declares the `android`
  /// and `tools` prefixes.
  enum XMLTree {
    final class Node {
      let name: String
      let attributes: [String: String]
      var children: [Node] = []

      init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
      }
    }

    final class Builder: NSObject, XMLParserDelegate {
      var stack: [Node] = [Node(name: "#document", attributes: [:])]

      func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
      ) {
        let node = Node(name: elementName, attributes: attributeDict)
        stack.last?.children.append(node)
        stack.append(node)
      }

      func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?)
      {
        if stack.count > 1 { stack.removeLast() }
      }

      /// The first error, with its line: on Linux `XMLParser` recovers from some errors (an unclosed element) and
      /// `parse()` still returns true, so every reported error is kept.
      var error: String?

      func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if error == nil { error = "line \(parser.lineNumber): XMLParser error \((parseError as NSError).code)" }
      }
    }

    static let rootName = "android-app-link-matcher-root"

    /// The root element (the wrapper added here) with the manifest's elements as its children.
    static func parse(_ manifest: String) throws(FileError) -> Node {
      var text = manifest.trimmingCharacters(in: .whitespacesAndNewlines)
      // An XML declaration may only open a document, so it is dropped before the elements are wrapped.
      if text.hasPrefix("<?xml"), let end = text.range(of: "?>") { text = String(text[end.upperBound...]) }
      let wrapped = """
        <\(rootName) xmlns:android="http://schemas.android.com/apk/res/android" \
        xmlns:tools="http://schemas.android.com/tools">\(text)</\(rootName)>
        """
      let parser = XMLParser(data: Data(wrapped.utf8))
      parser.shouldProcessNamespaces = false
      parser.shouldResolveExternalEntities = false
      let builder = Builder()
      parser.delegate = builder
      let parsed = parser.parse()
      if let error = builder.error { throw .notXML(error) }
      if let error = parser.parserError { throw .notXML("XMLParser error \((error as NSError).code)") }
      guard parsed else { throw .notXML("line \(parser.lineNumber)") }
      guard let document = builder.stack.first, let root = document.children.first, root.name == rootName else {
        throw .notXML("no element")
      }
      return root
    }
  }
}
